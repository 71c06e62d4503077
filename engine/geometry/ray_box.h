// Ray–box intersection by the slab method (Owen 1998, cited by the octree paper's traversal:
// "se for constatada colisão raio-cubo, como discutido em Owen (1998)"). The ray's parameter range
// inside the box is the intersection of its ranges between each pair of parallel planes (slabs).
#pragma once

#include <glm/common.hpp>
#include <glm/vec3.hpp>

#include "engine/geometry/aabb.h"
#include "engine/geometry/ray.h"

namespace partlab {

// The parameter interval [t_enter, t_exit] of the ray inside a closed box, clipped to [t_min,
// t_max].
struct RayBoxInterval {
  float t_enter = 0.0f;
  float t_exit = 0.0f;
};

// Exact slab test, with zero direction components handled explicitly: a ray parallel to a slab is
// inside it for every t when its origin lies between the planes (inclusive) and never otherwise.
// Used by tests and by one-off queries; false also for rays IsUsableRay rejects.
bool IntersectRayBox(const Ray& ray, const Aabb& box, float t_min, float t_max,
                     RayBoxInterval* interval);

// What the hot traversal loops precompute once per ray: 1/D with every component that is zero (or
// tiny next to the largest) replaced by a tiny one of positive sign, so that no 0·∞ = NaN can occur
// and no branch is needed per slab. The replacement tilts the ray by at most 1e-9 of its length,
// far below the margin the octree adds around its cells.
struct SlabRay {
  glm::vec3 origin;
  glm::vec3 inv_dir;
  glm::vec3 origin_times_inv;  // O / D, so that a plane's t is plane·(1/D) − O/D
  int sign_mask;               // bit a set when the (tilted) direction is negative along axis a
};
// Requires IsUsableRay(ray). Inline: it runs once per query ray, and the call showed in the
// octree's profile.
inline SlabRay MakeSlabRay(const Ray& ray) {
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

// The fast slab test on a SlabRay; same interval as IntersectRayBox up to rounding.
inline bool SlabTest(const SlabRay& r, const glm::vec3& box_min, const glm::vec3& box_max,
                     float t_min, float t_max, float* t_enter) {
  // Plain comparisons rather than std::fmin/fmax, which are library calls without -ffast-math.
  auto lo = [](float a, float b) { return a < b ? a : b; };
  auto hi = [](float a, float b) { return a > b ? a : b; };
  const glm::vec3 ta = box_min * r.inv_dir - r.origin_times_inv;
  const glm::vec3 tb = box_max * r.inv_dir - r.origin_times_inv;
  const float enter = hi(hi(lo(ta.x, tb.x), lo(ta.y, tb.y)), hi(lo(ta.z, tb.z), t_min));
  const float exit = lo(lo(hi(ta.x, tb.x), hi(ta.y, tb.y)), lo(hi(ta.z, tb.z), t_max));
  *t_enter = enter;
  return enter <= exit;
}

}  // namespace partlab
