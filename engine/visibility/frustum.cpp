#include "engine/visibility/frustum.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

namespace partlab {

const char* BoxClassName(BoxClass c) {
  switch (c) {
    case BoxClass::kOutside:
      return "outside";
    case BoxClass::kInside:
      return "inside";
    case BoxClass::kIntersecting:
      return "intersecting";
  }
  return "?";
}

namespace {

Plane Normalised(const glm::vec4& p) {
  const float len = glm::length(glm::vec3(p));
  return {glm::vec3(p) / len, p.w / len};
}

// The box's vertex furthest along n (the "p-vertex") and the one furthest against it.
glm::vec3 PositiveVertex(const Aabb& b, const glm::vec3& n) {
  return {n.x >= 0 ? b.max.x : b.min.x, n.y >= 0 ? b.max.y : b.min.y, n.z >= 0 ? b.max.z : b.min.z};
}
glm::vec3 NegativeVertex(const Aabb& b, const glm::vec3& n) {
  return {n.x >= 0 ? b.min.x : b.max.x, n.y >= 0 ? b.min.y : b.max.y, n.z >= 0 ? b.min.z : b.max.z};
}

}  // namespace

Frustum::Frustum(const glm::mat4& m) {
  // Gribb–Hartmann: with row i of the matrix r_i, a clip-space point is inside when
  // -w <= x <= w etc., i.e. (r3 ± r0)·p >= 0, (r3 ± r1)·p >= 0, (r3 ± r2)·p >= 0.
  const glm::mat4 t = glm::transpose(m);  // columns of t are the rows of m
  planes_[kLeft] = Normalised(t[3] + t[0]);
  planes_[kRight] = Normalised(t[3] - t[0]);
  planes_[kBottom] = Normalised(t[3] + t[1]);
  planes_[kTop] = Normalised(t[3] - t[1]);
  planes_[kNear] = Normalised(t[3] + t[2]);
  planes_[kFar] = Normalised(t[3] - t[2]);
  // Corners: the NDC cube's corners taken back through the inverse.
  const glm::mat4 inv = glm::inverse(m);
  const float zs[2] = {-1.0f, 1.0f};
  const glm::vec2 xy[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  for (int f = 0; f < 2; ++f)
    for (int k = 0; k < 4; ++k) {
      const glm::vec4 p = inv * glm::vec4(xy[k], zs[f], 1.0f);
      corners_[4 * f + k] = glm::vec3(p) / p.w;
    }
  // Edge directions: the near face's two (its edges are parallel in pairs) and the four sides.
  edge_dirs_[0] = corners_[1] - corners_[0];
  edge_dirs_[1] = corners_[3] - corners_[0];
  for (int k = 0; k < 4; ++k) edge_dirs_[2 + k] = corners_[4 + k] - corners_[k];
}

bool Frustum::Contains(const glm::vec3& p) const {
  for (const Plane& pl : planes_)
    if (pl.Distance(p) < 0.0f) return false;
  return true;
}

BoxClass Frustum::ClassifyPlanesOnly(const Aabb& box) const {
  bool inside = true;
  for (const Plane& pl : planes_) {
    if (pl.Distance(PositiveVertex(box, pl.n)) < 0.0f) return BoxClass::kOutside;
    if (pl.Distance(NegativeVertex(box, pl.n)) < 0.0f) inside = false;
  }
  return inside ? BoxClass::kInside : BoxClass::kIntersecting;
}

BoxClass Frustum::Classify(const Aabb& box) const {
  const BoxClass c = ClassifyPlanesOnly(box);
  if (c != BoxClass::kIntersecting) return c;
  return SeparatedByOtherAxes(box) ? BoxClass::kOutside : BoxClass::kIntersecting;
}

// The separating axis theorem for two convex polyhedra: disjoint iff their projections are
// disjoint on some face normal of either or on some cross product of an edge of each. The
// frustum's face normals were the plane tests; here the box's three face normals, then the
// 3 x 6 edge-edge axes.
bool Frustum::SeparatedByOtherAxes(const Aabb& box) const {
  const glm::vec3 centre = box.Center();
  const glm::vec3 half = box.Extent() * 0.5f;
  auto separated_on = [&](const glm::vec3& axis) {
    const float box_mid = glm::dot(axis, centre);
    const float box_r =
        half.x * std::abs(axis.x) + half.y * std::abs(axis.y) + half.z * std::abs(axis.z);
    float lo = glm::dot(axis, corners_[0]), hi = lo;
    for (int k = 1; k < 8; ++k) {
      const float s = glm::dot(axis, corners_[k]);
      lo = std::min(lo, s);
      hi = std::max(hi, s);
    }
    return hi < box_mid - box_r || lo > box_mid + box_r;
  };
  const glm::vec3 box_axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (const glm::vec3& a : box_axes)
    if (separated_on(a)) return true;
  for (const glm::vec3& a : box_axes)
    for (const glm::vec3& e : edge_dirs_) {
      const glm::vec3 axis = glm::cross(a, e);
      if (glm::dot(axis, axis) < 1e-12f * glm::dot(e, e)) continue;  // parallel: no new axis
      if (separated_on(axis)) return true;
    }
  return false;
}

}  // namespace partlab
