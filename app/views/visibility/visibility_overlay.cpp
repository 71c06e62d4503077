#include "app/views/visibility/visibility_overlay.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace partlab {

Color CellClassColor(BoxClass c) {
  switch (c) {
    case BoxClass::kOutside:
      return {0.90f, 0.30f, 0.28f, 0.35f};
    case BoxClass::kInside:
      return {0.35f, 0.85f, 0.40f, 0.95f};
    case BoxClass::kIntersecting:
      return {1.00f, 0.80f, 0.25f, 0.95f};
  }
  return {1, 1, 1, 1};
}

Color OrderRamp(float t) {
  // Piecewise-linear through five stops of a viridis-like ramp.
  static constexpr glm::vec3 kStops[] = {{0.27f, 0.00f, 0.33f},
                                         {0.23f, 0.32f, 0.55f},
                                         {0.13f, 0.57f, 0.55f},
                                         {0.37f, 0.79f, 0.38f},
                                         {0.99f, 0.91f, 0.14f}};
  t = std::clamp(t, 0.0f, 1.0f) * 4.0f;
  const int i = std::min(int(t), 3);
  const glm::vec3 c = glm::mix(kStops[i], kStops[i + 1], t - float(i));
  return {c, 1.0f};
}

void DrawFrustum(DebugDraw& draw, const Frustum& frustum, const glm::vec3& eye) {
  const auto& c = frustum.corners();
  const Color edge{1.0f, 1.0f, 1.0f, 0.95f};
  const Color apex{1.0f, 1.0f, 1.0f, 0.45f};
  for (int k = 0; k < 4; ++k) {
    draw.Line(c[k], c[(k + 1) % 4], edge);          // near face
    draw.Line(c[4 + k], c[4 + (k + 1) % 4], edge);  // far face
    draw.Line(c[k], c[4 + k], edge);                // sides
    draw.Line(eye, c[k], apex);                     // back to the eye
  }
  const glm::vec3 near_face[4] = {c[0], c[1], c[2], c[3]};
  const glm::vec3 far_face[4] = {c[4], c[5], c[6], c[7]};
  draw.Polygon(near_face, {0.6f, 0.85f, 1.0f, 0.25f});
  draw.Polygon(far_face, {0.6f, 0.85f, 1.0f, 0.10f});
  draw.Point(eye, 9.0f, {1.0f, 1.0f, 1.0f, 1.0f});
}

namespace {

void DrawCells(DebugDraw& draw, const Octree& octree, const OctreeCullResult& result,
               const CellOverlayOptions& options, uint32_t index) {
  const OctreeNode& node = octree.nodes()[index];
  const uint8_t cls = result.cell_class[index];
  if (cls == OctreeCullResult::kNotVisited) return;
  const BoxClass c = BoxClass(cls);
  bool has_visited_child = false;
  for (int o = 0; o < 8; ++o)
    if (node.HasChild(o) && result.cell_class[node.Child(o)] != OctreeCullResult::kNotVisited) {
      has_visited_child = true;
      DrawCells(draw, octree, result, options, node.Child(o));
    }
  if (options.leaves_only && has_visited_child) return;
  if (c == BoxClass::kOutside && !options.show_outside) return;
  if (octree.SubtreeReferences(index) == 0) return;  // empty cells say nothing
  draw.BoxEdges(node.Bounds(), CellClassColor(c));
}

}  // namespace

void DrawCellClasses(DebugDraw& draw, const Octree& octree, const OctreeCullResult& result,
                     const CellOverlayOptions& options) {
  if (octree.empty() || result.cell_class.size() != octree.nodes().size()) return;
  DrawCells(draw, octree, result, options, 0);
}

void DrawPaintersOrder(DebugDraw& draw, const PolygonBsp& bsp,
                       std::span<const uint32_t> paint_order,
                       std::span<const int> observer_position, size_t observer_drawn,
                       const glm::vec3& light_dir) {
  const auto polygons = bsp.polygons();
  const float last = float(std::max<size_t>(observer_drawn, 2) - 1);
  for (uint32_t p : paint_order) {
    const auto& v = polygons[p].vertices;
    const int pos = p < observer_position.size() ? observer_position[p] : -1;
    const float shade = 0.72f + 0.28f * std::abs(glm::dot(PolygonPlane(v).n, light_dir));
    if (pos < 0) {
      draw.Polygon(v, {glm::vec3(0.62f, 0.64f, 0.70f) * shade, 0.22f});
    } else {
      draw.Polygon(v, {glm::vec3(OrderRamp(float(pos) / last)) * shade, 1.0f});
    }
  }
}

glm::vec3 Centroid(std::span<const glm::vec3> polygon) {
  glm::vec3 c(0.0f);
  for (const glm::vec3& p : polygon) c += p;
  return c / float(std::max<size_t>(polygon.size(), 1));
}

bool SegmentCrossesPolygon(const glm::vec3& a, const glm::vec3& b,
                           std::span<const glm::vec3> polygon) {
  const Plane pl = PolygonPlane(polygon);
  const float da = pl.Distance(a), db = pl.Distance(b);
  if ((da > 0) == (db > 0) || da == db) return false;
  const float t = da / (da - db);
  if (t <= 1e-3f || t >= 1.0f - 1e-3f) return false;  // touching at an end is not hiding
  const glm::vec3 x = a + t * (b - a);
  for (size_t i = 0; i < polygon.size(); ++i) {
    const glm::vec3& p = polygon[i];
    const glm::vec3& q = polygon[(i + 1) % polygon.size()];
    if (glm::dot(glm::cross(q - p, x - p), pl.n) < 0.0f) return false;
  }
  return true;
}

}  // namespace partlab
