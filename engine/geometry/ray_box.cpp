#include "engine/geometry/ray_box.h"

#include <cmath>
#include <glm/common.hpp>

namespace partlab {

bool IntersectRayBox(const Ray& ray, const Aabb& box, float t_min, float t_max,
                     RayBoxInterval* interval) {
  if (!IsUsableRay(ray) || box.IsEmpty()) return false;
  float lo = t_min, hi = t_max;
  for (int a = 0; a < 3; ++a) {
    const float o = ray.origin[a], d = ray.direction[a];
    if (d == 0.0f) {
      // Parallel to this slab: inside it for all t or for none.
      if (o < box.min[a] || o > box.max[a]) return false;
      continue;
    }
    float t0 = (box.min[a] - o) / d, t1 = (box.max[a] - o) / d;
    if (t0 > t1) std::swap(t0, t1);
    lo = std::fmax(lo, t0);
    hi = std::fmin(hi, t1);
    if (lo > hi) return false;
  }
  interval->t_enter = lo;
  interval->t_exit = hi;
  return true;
}

SlabRay MakeSlabRay(const Ray& ray) {
  // Plain comparisons: std::fmax is a library call without -ffast-math, and this runs once per
  // query ray. The direction is finite here (IsUsableRay), so no NaN needs fmax's care.
  const glm::vec3 d = ray.direction;
  const glm::vec3 a = glm::abs(d);
  const float largest = a.x > a.y ? (a.x > a.z ? a.x : a.z) : (a.y > a.z ? a.y : a.z);
  const float tiny = largest * 1e-9f;
  SlabRay s;
  s.origin = ray.origin;
  s.sign_mask = 0;
  for (int axis = 0; axis < 3; ++axis) {
    const float da = a[axis] > tiny ? d[axis] : tiny;  // zero (or -0) becomes +tiny
    s.inv_dir[axis] = 1.0f / da;
    if (da < 0.0f) s.sign_mask |= 1 << axis;
  }
  s.origin_times_inv = s.origin * s.inv_dir;
  return s;
}

}  // namespace partlab
