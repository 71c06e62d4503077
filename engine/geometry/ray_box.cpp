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

}  // namespace partlab
