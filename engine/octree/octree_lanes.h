// The ordered traversal's arithmetic on three lanes (x, y, z), behind one small type so that the
// traversal loop (octree_query.cpp) is written once: on x86-64 the lanes are an SSE register, else
// a glm::vec3. Both implementations do the same operations in the same order (selections by max
// and min, comparisons; no NaN can occur, see MakeSlabRay), so they visit the same cells and give
// the same entry distances.
//
// A cell's range along the ray is kept per axis, [near_a, far_a]; its eight children's ranges
// follow from it and from the t of the three mid-planes alone (Revelles et al. 2000). Children are
// numbered in the ray's mirrored order m (bit a of m set: the far half along axis a).
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>

// PARTLAB_OCTREE_SCALAR_LANES forces the float lanes (the tests build both and compare).
#if defined(__SSE2__) && !defined(PARTLAB_OCTREE_SCALAR_LANES)
#define PARTLAB_OCTREE_SSE_LANES 1
#include <emmintrin.h>  // SSE2: part of every x86-64 CPU
#endif

namespace partlab::octree_lanes {

// The plain version: the reference the SSE one must match lane for lane.
namespace scalar {

struct Lanes {
  glm::vec3 v;
};
inline Lanes MakeLanes(const glm::vec3& a) {
  return {a};
}
// x, y, z from p[0..2]; p[3] exists and is not used.
inline Lanes LoadCenterLanes(const float* p) {
  return {{p[0], p[1], p[2]}};
}
inline Lanes operator+(Lanes a, Lanes b) {
  return {a.v + b.v};
}
inline Lanes operator-(Lanes a, Lanes b) {
  return {a.v - b.v};
}
inline Lanes operator*(Lanes a, Lanes b) {
  return {a.v * b.v};
}

inline Lanes Pick(int m, Lanes near_half, Lanes far_half) {
  return {{(m & 1 ? far_half : near_half).v.x, (m & 2 ? far_half : near_half).v.y,
           (m & 4 ? far_half : near_half).v.z}};
}

// Plain comparisons: std::fmax is a library call without -ffast-math, and std::max({...}) a loop.
inline float Max3(float a, float b, float c) {
  const float m = a > b ? a : b;
  return m > c ? m : c;
}
inline float Min3(float a, float b, float c) {
  const float m = a < b ? a : b;
  return m < c ? m : c;
}

inline unsigned CrossedChildren(const Lanes (&near_of)[2], const Lanes (&far_of)[2], float t_min,
                                float limit, float (&enter)[8]) {
  unsigned mask = 0;
  for (int m = 0; m < 8; ++m) {
    const glm::vec3 in = Pick(m, near_of[0], near_of[1]).v;
    const glm::vec3 out = Pick(m, far_of[0], far_of[1]).v;
    enter[m] = Max3(in.x, in.y, in.z);
    const float leave = Min3(out.x, out.y, out.z);
    mask |= unsigned(enter[m] <= leave && leave >= t_min && enter[m] <= limit) << m;
  }
  return mask;
}

// The ray's entry and exit through the box [lo, hi] (x, y, z from p[0..2] as LoadCenterLanes
// reads them), its slabs moved outwards by `grow` in t, the same arithmetic as a cell's; true when
// the ray crosses it within [t_min, limit]. Per lane min and max written as _mm_min_ps and
// _mm_max_ps select, so both versions pick the same zero when they tie.
inline bool CrossesBox(const float* lo, const float* hi, Lanes inv, Lanes oti, Lanes grow,
                       float t_min, float limit) {
  const glm::vec3 a = (LoadCenterLanes(lo) * inv - oti).v, b = (LoadCenterLanes(hi) * inv - oti).v;
  const glm::vec3 g = grow.v;
  auto lower = [](float x, float y) { return x < y ? x : y; };
  auto upper = [](float x, float y) { return x > y ? x : y; };
  const float enter = Max3(lower(a.x, b.x) - g.x, lower(a.y, b.y) - g.y, lower(a.z, b.z) - g.z);
  const float leave = Min3(upper(a.x, b.x) + g.x, upper(a.y, b.y) + g.y, upper(a.z, b.z) + g.z);
  return enter <= leave && leave >= t_min && enter <= limit;
}

}  // namespace scalar

#if defined(PARTLAB_OCTREE_SSE_LANES)
namespace sse {

struct Lanes {
  __m128 v;  // x, y, z; w unused, always 0
};
inline Lanes MakeLanes(const glm::vec3& a) {
  return {_mm_setr_ps(a.x, a.y, a.z, 0.0f)};
}
// x, y, z from p[0..2] with one unaligned load; p[3] must exist and lands in w, so w is NOT 0
// here: multiplied by lanes whose w is 0 (MakeLanes' inverse direction) it becomes 0 again, as
// long as p[3] is finite (the octree's half edge).
inline Lanes LoadCenterLanes(const float* p) {
  return {_mm_loadu_ps(p)};
}
inline Lanes operator+(Lanes a, Lanes b) {
  return {_mm_add_ps(a.v, b.v)};
}
inline Lanes operator-(Lanes a, Lanes b) {
  return {_mm_sub_ps(a.v, b.v)};
}
inline Lanes operator*(Lanes a, Lanes b) {
  return {_mm_mul_ps(a.v, b.v)};
}

// kFarHalfLanes[m]: all ones in lane a when child m lies in the far half along axis a.
alignas(16) inline constexpr uint32_t kFarHalfLanes[8][4] = {
    {0, 0, 0, 0},   {~0u, 0, 0, 0},   {0, ~0u, 0, 0},   {~0u, ~0u, 0, 0},
    {0, 0, ~0u, 0}, {~0u, 0, ~0u, 0}, {0, ~0u, ~0u, 0}, {~0u, ~0u, ~0u, 0}};

// Per lane: `far_half` where child m is in the far half along that axis, else `near_half`.
inline Lanes Pick(int m, Lanes near_half, Lanes far_half) {
  const __m128 mask =
      _mm_castsi128_ps(_mm_load_si128(reinterpret_cast<const __m128i*>(kFarHalfLanes[m])));
  return {_mm_or_ps(_mm_and_ps(mask, far_half.v), _mm_andnot_ps(mask, near_half.v))};
}

// Entry and exit t of the eight children, lanes m = 0..3 (z near half) and 4..7 (z far half),
// from a few shuffles, max and min; the mask of those crossed within [t_min, limit].
inline unsigned CrossedChildren(const Lanes (&near_of)[2], const Lanes (&far_of)[2], float t_min,
                                float limit, float (&enter)[8]) {
  auto splat_z = [](__m128 v) { return _mm_shuffle_ps(v, v, _MM_SHUFFLE(2, 2, 2, 2)); };
  // Lanes m = 0..3: x from bit 0 of m, y from bit 1.
  const __m128 n_xy = _mm_unpacklo_ps(near_of[0].v, near_of[1].v);
  const __m128 f_xy = _mm_unpacklo_ps(far_of[0].v, far_of[1].v);
  const __m128 enter_xy =
      _mm_max_ps(_mm_movelh_ps(n_xy, n_xy), _mm_shuffle_ps(n_xy, n_xy, _MM_SHUFFLE(3, 3, 2, 2)));
  const __m128 leave_xy =
      _mm_min_ps(_mm_movelh_ps(f_xy, f_xy), _mm_shuffle_ps(f_xy, f_xy, _MM_SHUFFLE(3, 3, 2, 2)));
  const __m128 enter_lo = _mm_max_ps(enter_xy, splat_z(near_of[0].v));
  const __m128 enter_hi = _mm_max_ps(enter_xy, splat_z(near_of[1].v));
  const __m128 leave_lo = _mm_min_ps(leave_xy, splat_z(far_of[0].v));
  const __m128 leave_hi = _mm_min_ps(leave_xy, splat_z(far_of[1].v));
  const __m128 t_min4 = _mm_set1_ps(t_min), limit4 = _mm_set1_ps(limit);
  auto crossed_of = [&](__m128 in, __m128 out) {
    return unsigned(_mm_movemask_ps(_mm_and_ps(
        _mm_and_ps(_mm_cmple_ps(in, out), _mm_cmpge_ps(out, t_min4)), _mm_cmple_ps(in, limit4))));
  };
  _mm_storeu_ps(enter, enter_lo);
  _mm_storeu_ps(enter + 4, enter_hi);
  return crossed_of(enter_lo, leave_lo) | crossed_of(enter_hi, leave_hi) << 4;
}

// As scalar::CrossesBox, the three axes in one register (w: 0 · p[3] − 0, left out of the max
// and min).
inline bool CrossesBox(const float* lo, const float* hi, Lanes inv, Lanes oti, Lanes grow,
                       float t_min, float limit) {
  const __m128 a = (LoadCenterLanes(lo) * inv - oti).v, b = (LoadCenterLanes(hi) * inv - oti).v;
  const __m128 near = _mm_sub_ps(_mm_min_ps(a, b), grow.v);
  const __m128 far = _mm_add_ps(_mm_max_ps(a, b), grow.v);
  auto lane = [](__m128 v, int k) {
    return k == 1 ? _mm_shuffle_ps(v, v, _MM_SHUFFLE(1, 1, 1, 1))
                  : _mm_shuffle_ps(v, v, _MM_SHUFFLE(2, 2, 2, 2));
  };
  const float enter = _mm_cvtss_f32(_mm_max_ss(_mm_max_ss(near, lane(near, 1)), lane(near, 2)));
  const float leave = _mm_cvtss_f32(_mm_min_ss(_mm_min_ss(far, lane(far, 1)), lane(far, 2)));
  return enter <= leave && leave >= t_min && enter <= limit;
}

}  // namespace sse
using namespace sse;
#else
using namespace scalar;
#endif

}  // namespace partlab::octree_lanes
