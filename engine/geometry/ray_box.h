// Ray–box intersection by the slab method (Owen 1998, cited by the octree paper's traversal:
// "se for constatada colisão raio-cubo, como discutido em Owen (1998)"). The ray's parameter range
// inside the box is the intersection of its ranges between each pair of parallel planes (slabs).
#pragma once

#include <glm/common.hpp>
#include <glm/vec3.hpp>
#if defined(__SSE2__)
#include <emmintrin.h>  // SSE2: part of every x86-64 CPU
#endif

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
// The per-component version, and the reference the SSE one above must match bit for bit.
inline SlabRay MakeSlabRayScalar(const Ray& ray) {
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

// Requires IsUsableRay(ray). Inline: it runs once per query ray, and the call showed in the
// octree's profile.
inline SlabRay MakeSlabRay(const Ray& ray) {
#if defined(__SSE2__)
  // The three components at once: one division instead of three (each lane is the IEEE quotient,
  // so the result is bit for bit the scalar one below, which tests/geometry compares it with).
  // Lane w is 1 so that it divides harmlessly.
  const __m128 d = _mm_setr_ps(ray.direction.x, ray.direction.y, ray.direction.z, 1.0f);
  const __m128 a = _mm_andnot_ps(_mm_set1_ps(-0.0f), d);
  const __m128 a_yzx = _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 0, 2, 1));
  const __m128 a_zxy = _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 1, 0, 2));
  const __m128 largest = _mm_max_ps(_mm_max_ps(a, a_yzx), a_zxy);  // in x, y and z alike
  const __m128 tiny = _mm_mul_ps(largest, _mm_set1_ps(1e-9f));
  // a > tiny ? d : tiny, per lane (zero or -0 becomes +tiny).
  const __m128 keep = _mm_cmpgt_ps(a, tiny);
  const __m128 da = _mm_or_ps(_mm_and_ps(keep, d), _mm_andnot_ps(keep, tiny));
  const __m128 inv = _mm_div_ps(_mm_set1_ps(1.0f), da);
  alignas(16) float inv_lanes[4];
  _mm_store_ps(inv_lanes, inv);
  SlabRay s;
  s.origin = ray.origin;
  s.inv_dir = glm::vec3(inv_lanes[0], inv_lanes[1], inv_lanes[2]);
  s.sign_mask = _mm_movemask_ps(_mm_cmplt_ps(da, _mm_setzero_ps())) & 7;
  s.origin_times_inv = s.origin * s.inv_dir;
  return s;
#else
  return MakeSlabRayScalar(ray);
#endif
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
