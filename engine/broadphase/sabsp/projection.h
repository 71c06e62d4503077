// Projection of an AABB on an arbitrary normal (semi-adjusting-bsp.txt, 3.1–3.2): the two extreme
// points are the support vertices — per axis the max corner when the normal's component is
// non-negative, else the min corner — so one dot product gives each end of the interval.
//
// Every part of the BSP (leaf lists, plane sides, cut selection, the pair rule) uses this one
// function, written out component by component: floating-point rounding is monotone, so a box
// inside another always projects inside it, which the pair rule relies on.
#pragma once

#include <glm/vec3.hpp>

#include "engine/geometry/aabb.h"

namespace partlab {

struct Interval {
  float lo, hi;
};

inline float Dot3(const glm::vec3& n, float x, float y, float z) {
  return n.x * x + n.y * y + n.z * z;
}

inline Interval ProjectAabb(const Aabb& b, const glm::vec3& n) {
  const float lx = n.x >= 0 ? b.min.x : b.max.x, hx = n.x >= 0 ? b.max.x : b.min.x;
  const float ly = n.y >= 0 ? b.min.y : b.max.y, hy = n.y >= 0 ? b.max.y : b.min.y;
  const float lz = n.z >= 0 ? b.min.z : b.max.z, hz = n.z >= 0 ? b.max.z : b.min.z;
  return {Dot3(n, lx, ly, lz), Dot3(n, hx, hy, hz)};
}

// ProjectAabb(b, n).lo alone, computed the same way (so the same float).
inline float ProjectLow(const Aabb& b, const glm::vec3& n) {
  return Dot3(n, n.x >= 0 ? b.min.x : b.max.x, n.y >= 0 ? b.min.y : b.max.y,
              n.z >= 0 ? b.min.z : b.max.z);
}

// Which sides of the plane {x : n·x = offset} a projected box reaches. A box reaches the negative
// side when lo <= offset and the positive side when hi > offset: every box reaches at least one
// side, a flat box lying on the plane goes to the negative side only, and a box with
// lo <= offset < hi straddles the plane and lives in both subtrees (3.4).
inline bool ReachesNegative(const Interval& iv, float offset) {
  return iv.lo <= offset;
}
inline bool ReachesPositive(const Interval& iv, float offset) {
  return iv.hi > offset;
}

}  // namespace partlab
