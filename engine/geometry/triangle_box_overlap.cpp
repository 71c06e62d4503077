#include "engine/geometry/triangle_box_overlap.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace partlab {
namespace {

// Projects the triangle (relative to the box centre) and the box (half sizes h) on `axis`; true
// when the projections are disjoint, i.e. `axis` separates them.
bool Separates(const glm::vec3& axis, const glm::vec3 (&v)[3], const glm::vec3& h) {
  const float p0 = glm::dot(axis, v[0]), p1 = glm::dot(axis, v[1]), p2 = glm::dot(axis, v[2]);
  const float r = h.x * std::fabs(axis.x) + h.y * std::fabs(axis.y) + h.z * std::fabs(axis.z);
  return std::min({p0, p1, p2}) > r || std::max({p0, p1, p2}) < -r;
}

}  // namespace

bool TriangleOverlapsBox(const Triangle& tri, const Aabb& box) {
  const glm::vec3 c = box.Center(), h = box.Extent() * 0.5f;
  const glm::vec3 v[3] = {tri.v0 - c, tri.v1 - c, tri.v2 - c};
  // The box's face normals: the triangle's bounding box against the box.
  for (int a = 0; a < 3; ++a) {
    if (std::min({v[0][a], v[1][a], v[2][a]}) > h[a]) return false;
    if (std::max({v[0][a], v[1][a], v[2][a]}) < -h[a]) return false;
  }
  const glm::vec3 e[3] = {v[1] - v[0], v[2] - v[1], v[0] - v[2]};
  // The triangle's normal.
  if (Separates(glm::cross(e[0], e[1]), v, h)) return false;
  // The nine edge–axis cross products (a zero axis separates nothing: r = 0 and all p = 0).
  static const glm::vec3 kAxes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (const glm::vec3& edge : e)
    for (const glm::vec3& axis : kAxes)
      if (Separates(glm::cross(axis, edge), v, h)) return false;
  return true;
}

}  // namespace partlab
