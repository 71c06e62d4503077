#include "engine/visibility/painter_order_check.h"

#include <cmath>
#include <glm/geometric.hpp>

#include "engine/visibility/convex_clip.h"

namespace partlab {

namespace {

// Where the segment a -> b meets the triangle (p, q, r) strictly between its ends, by the
// segment's parameter and the point's barycentric coordinates (Möller–Trumbore).
bool SegmentHitsTriangle(const glm::vec3& a, const glm::vec3& b, const glm::vec3& p,
                         const glm::vec3& q, const glm::vec3& r) {
  const glm::vec3 dir = b - a, e1 = q - p, e2 = r - p;
  const glm::vec3 h = glm::cross(dir, e2);
  const float det = glm::dot(e1, h);
  if (std::abs(det) < 1e-9f) return false;  // the segment runs along the triangle's plane
  const glm::vec3 s = a - p;
  const float u = glm::dot(s, h) / det;
  if (u < 0.0f || u > 1.0f) return false;
  const glm::vec3 k = glm::cross(s, e1);
  const float v = glm::dot(dir, k) / det;
  if (v < 0.0f || u + v > 1.0f) return false;
  const float t = glm::dot(e2, k) / det;
  return t > 1e-3f && t < 1.0f - 1e-3f;  // touching at an end is not hiding
}

bool SegmentHitsPolygon(const glm::vec3& a, const glm::vec3& b,
                        std::span<const glm::vec3> polygon) {
  for (size_t i = 1; i + 1 < polygon.size(); ++i)
    if (SegmentHitsTriangle(a, b, polygon[0], polygon[i], polygon[i + 1])) return true;
  return false;
}

// The centroid and points 90% of the way from it to each corner: inside the polygon, off its
// edges, where neighbouring walls meet.
std::vector<glm::vec3> SamplePoints(std::span<const glm::vec3> polygon) {
  glm::vec3 centre(0.0f);
  for (const glm::vec3& v : polygon) centre += v / float(polygon.size());
  std::vector<glm::vec3> points{centre};
  for (const glm::vec3& v : polygon) points.push_back(centre + 0.9f * (v - centre));
  return points;
}

}  // namespace

std::vector<uint32_t> BackToFrontByStack(const PolygonBsp& bsp, const glm::vec3& eye) {
  // Each entry is a node still to open, or (emit = true) a polygon whose far side is done.
  struct Entry {
    int32_t node;
    bool emit;
  };
  std::vector<uint32_t> order;
  std::vector<Entry> stack;
  if (bsp.root() >= 0) stack.push_back({bsp.root(), false});
  while (!stack.empty()) {
    const Entry e = stack.back();
    stack.pop_back();
    if (e.node < 0) continue;
    const PolygonBspNode& node = bsp.nodes()[size_t(e.node)];
    if (e.emit) {
      order.push_back(node.polygon);
      continue;
    }
    const bool eye_in_front = node.plane.Distance(eye) >= 0.0f;
    const int32_t near_side = eye_in_front ? node.front : node.back;
    const int32_t far_side = eye_in_front ? node.back : node.front;
    // A stack: pushed in the reverse of the order they are done.
    stack.push_back({near_side, false});
    stack.push_back({e.node, true});
    stack.push_back({far_side, false});
  }
  return order;
}

std::optional<std::pair<size_t, size_t>> FirstPainterViolation(std::span<const BspPolygon> polygons,
                                                               std::span<const uint32_t> order,
                                                               const glm::vec3& eye) {
  for (size_t later = 0; later < order.size(); ++later) {
    const std::vector<glm::vec3> targets = SamplePoints(polygons[order[later]].vertices);
    for (size_t earlier = 0; earlier < later; ++earlier)
      for (const glm::vec3& target : targets)
        if (SegmentHitsPolygon(eye, target, polygons[order[earlier]].vertices))
          return std::make_pair(earlier, later);
  }
  return std::nullopt;
}

bool PolygonOutsideFrustum(std::span<const glm::vec3> polygon, const Frustum& frustum) {
  Polygon3 a, b;
  for (const glm::vec3& v : polygon) a.push_back(v);
  for (const Plane& plane : frustum.planes()) {
    ClipByPlane(a, plane, &b);
    if (b.n == 0) return true;
    a = b;
  }
  return false;
}

}  // namespace partlab
