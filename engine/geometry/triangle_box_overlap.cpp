#include "engine/geometry/triangle_box_overlap.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace partlab {
namespace {

// True when [min, max] of the three projections and [-r, r] (the box's) are disjoint.
bool Disjoint(float p0, float p1, float p2, float r) {
  const float lo = p0 < p1 ? (p0 < p2 ? p0 : p2) : (p1 < p2 ? p1 : p2);
  const float hi = p0 > p1 ? (p0 > p2 ? p0 : p2) : (p1 > p2 ? p1 : p2);
  return lo > r || hi < -r;
}

// Projects the triangle (relative to the box centre) and the box (half sizes h) on `axis`; true
// when the projections are disjoint, i.e. `axis` separates them.
bool Separates(const glm::vec3& axis, const glm::vec3 (&v)[3], const glm::vec3& h) {
  const float r = h.x * std::fabs(axis.x) + h.y * std::fabs(axis.y) + h.z * std::fabs(axis.z);
  return Disjoint(glm::dot(axis, v[0]), glm::dot(axis, v[1]), glm::dot(axis, v[2]), r);
}

// The nine axes box axis × edge have two non-zero components: (0, −e.z, e.y), (e.z, 0, −e.x) and
// (−e.y, e.x, 0). The products with the zero component are left out; they only ever added ±0, so
// every projection and radius is the same float as the full dot products would give.
bool SeparatesAlongEdge(const glm::vec3& e, const glm::vec3 (&v)[3], const glm::vec3& h) {
  const float ax = std::fabs(e.x), ay = std::fabs(e.y), az = std::fabs(e.z);
  auto x_axis = [&](const glm::vec3& p) { return -e.z * p.y + e.y * p.z; };
  auto y_axis = [&](const glm::vec3& p) { return e.z * p.x + -e.x * p.z; };
  auto z_axis = [&](const glm::vec3& p) { return -e.y * p.x + e.x * p.y; };
  return Disjoint(x_axis(v[0]), x_axis(v[1]), x_axis(v[2]), h.y * az + h.z * ay) ||
         Disjoint(y_axis(v[0]), y_axis(v[1]), y_axis(v[2]), h.x * az + h.z * ax) ||
         Disjoint(z_axis(v[0]), z_axis(v[1]), z_axis(v[2]), h.x * ay + h.y * ax);
}

}  // namespace

bool TriangleOverlapsBox(const Triangle& tri, const Aabb& box) {
  const glm::vec3 c = box.Center(), h = box.Extent() * 0.5f;
  const glm::vec3 v[3] = {tri.v0 - c, tri.v1 - c, tri.v2 - c};
  // The box's face normals: the triangle's bounding box against the box.
  for (int a = 0; a < 3; ++a)
    if (Disjoint(v[0][a], v[1][a], v[2][a], h[a])) return false;
  const glm::vec3 e[3] = {v[1] - v[0], v[2] - v[1], v[0] - v[2]};
  // The triangle's normal.
  if (Separates(glm::cross(e[0], e[1]), v, h)) return false;
  // The nine edge–axis cross products (a zero axis separates nothing: r = 0 and all p = 0).
  for (const glm::vec3& edge : e)
    if (SeparatesAlongEdge(edge, v, h)) return false;
  return true;
}

}  // namespace partlab
