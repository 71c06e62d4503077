// The ordered traversal's box test: a ray against the content boxes of a node's eight children
// (child_boxes.h) at once, behind one small interface so that the traversal loop (octree_query.cpp)
// is written once. On x86-64 the lanes are SSE registers, four children each; elsewhere plain
// floats. Both do the same operations in the same order (multiplications, subtractions, and
// selections by max and min; no NaN can occur, see MakeSlabRay), so they stack the same children
// with bit-identical entry distances.
//
// The slab test (Owen 1998, as the paper's "colisão raio-cubo"): along axis a a box's slab is
// entered at t = near_a · (1/D_a) − O_a/D_a and left at the far plane's t, where near is the
// box's minimum when D_a > 0 and its maximum when D_a < 0; the ray crosses the box where all three
// slabs overlap. Each slab is grown by the octree's margin in t (margin · |1/D_a|) on both sides,
// so rounding can never lose a hit on a box's face, and the overlap is clipped to [t_min, limit].
#pragma once

#include <cmath>
#include <cstdint>
#include <glm/vec3.hpp>

#include "engine/geometry/ray_box.h"
#include "engine/octree/block_boxes.h"
#include "engine/octree/child_boxes.h"

// PARTLAB_OCTREE_SCALAR_LANES forces the float lanes (the tests build both and compare).
#if defined(__SSE2__) && !defined(PARTLAB_OCTREE_SCALAR_LANES)
#define PARTLAB_OCTREE_SSE_LANES 1
#include <emmintrin.h>  // SSE2: part of every x86-64 CPU
#endif

namespace partlab::octree_lanes {

// What every box test of one ray needs, worked out once per ray: per axis the plane row
// (ChildBoxes::plane) the ray meets first and last, 1/D, and O/D moved by the margin (subtracted
// from a near plane's t, added to a far plane's).
struct BoxRayAxes {
  int near_row[3], far_row[3];
  float inv[3], near_offset[3], far_offset[3];
};
// Arithmetic rather than choices on the sign: a random direction's signs would mispredict them.
inline BoxRayAxes MakeBoxRayAxes(const SlabRay& s, float margin) {
  BoxRayAxes r;
  for (int a = 0; a < 3; ++a) {
    const int negative = (s.sign_mask >> a) & 1;
    r.near_row[a] = a + 3 * negative;
    r.far_row[a] = a + 3 - 3 * negative;
    r.inv[a] = s.inv_dir[a];
    const float grow = margin * std::fabs(s.inv_dir[a]);
    r.near_offset[a] = s.origin_times_inv[a] + grow;
    r.far_offset[a] = s.origin_times_inv[a] - grow;
  }
  return r;
}

// The plain version: the reference the SSE one must match lane for lane.
namespace scalar {

struct BoxRay {
  BoxRayAxes axes;
};
inline BoxRay MakeBoxRay(const SlabRay& s, float margin) {
  return {MakeBoxRayAxes(s, margin)};
}

// Plain comparisons, in the order the SSE version's max and min select.
inline float Max(float a, float b) {
  return a > b ? a : b;
}
inline float Min(float a, float b) {
  return a < b ? a : b;
}

// Lanes [first, first + count) of a row-major box array (plane[row][lane]): bit k of the result
// and enter[k] are lane first + k's.
template <int kLanes>
inline unsigned CrossedLanes(const float (&plane)[6][kLanes], int first, int count,
                             const BoxRay& ray, float t_min, float limit, float* enter) {
  const BoxRayAxes& r = ray.axes;
  unsigned mask = 0;
  for (int k = 0; k < count; ++k) {
    float in = t_min, out = limit;
    for (int a = 0; a < 3; ++a) {
      in = Max(plane[r.near_row[a]][first + k] * r.inv[a] - r.near_offset[a], in);
      out = Min(plane[r.far_row[a]][first + k] * r.inv[a] - r.far_offset[a], out);
    }
    enter[k] = in;
    mask |= unsigned(in <= out) << k;
  }
  return mask;
}

// The mask of children k whose (grown) boxes the ray crosses within [t_min, limit], lanes that
// hold no child included (the caller masks them); enter[k]: where the ray enters child k's box,
// at least t_min.
inline unsigned CrossedBoxes(const ChildBoxes& b, const BoxRay& ray, float t_min, float limit,
                             float (&enter)[8]) {
  return CrossedLanes(b.plane, 0, 8, ray, t_min, limit, enter);
}

// The same for a group of four record blocks' boxes (block_boxes.h); lanes with no block are
// never crossed.
inline unsigned CrossedBlockBoxes(const BlockBoxes& b, const BoxRay& ray, float t_min, float limit,
                                  float (&enter)[4]) {
  return CrossedLanes(b.plane, 0, 4, ray, t_min, limit, enter);
}

}  // namespace scalar

#if defined(PARTLAB_OCTREE_SSE_LANES)
namespace sse {

struct BoxRay {
  BoxRayAxes axes;
  __m128 inv[3], near_offset[3], far_offset[3];  // each splat over the four lanes
};
inline BoxRay MakeBoxRay(const SlabRay& s, float margin) {
  BoxRay r{MakeBoxRayAxes(s, margin), {}, {}, {}};
  for (int a = 0; a < 3; ++a) {
    r.inv[a] = _mm_set1_ps(r.axes.inv[a]);
    r.near_offset[a] = _mm_set1_ps(r.axes.near_offset[a]);
    r.far_offset[a] = _mm_set1_ps(r.axes.far_offset[a]);
  }
  return r;
}

// As scalar::CrossedLanes, four lanes per register: lanes [first, first + 4) of a row-major box
// array, first a multiple of 4 (aligned loads). _mm_max_ps(a, b) is a > b ? a : b and
// _mm_min_ps(a, b) is a < b ? a : b, the scalar version's selections in the same order.
template <int kLanes>
inline unsigned CrossedFourLanes(const float (&plane)[6][kLanes], int first, const BoxRay& r,
                                 __m128 t_min4, __m128 limit4, float* enter) {
  __m128 in = t_min4, out = limit4;
  for (int a = 0; a < 3; ++a) {
    const __m128 near = _mm_load_ps(&plane[r.axes.near_row[a]][first]);
    const __m128 far = _mm_load_ps(&plane[r.axes.far_row[a]][first]);
    in = _mm_max_ps(_mm_sub_ps(_mm_mul_ps(near, r.inv[a]), r.near_offset[a]), in);
    out = _mm_min_ps(_mm_sub_ps(_mm_mul_ps(far, r.inv[a]), r.far_offset[a]), out);
  }
  _mm_storeu_ps(enter, in);
  return unsigned(_mm_movemask_ps(_mm_cmple_ps(in, out)));
}

inline unsigned CrossedBoxes(const ChildBoxes& b, const BoxRay& r, float t_min, float limit,
                             float (&enter)[8]) {
  const __m128 t_min4 = _mm_set1_ps(t_min), limit4 = _mm_set1_ps(limit);
  return CrossedFourLanes(b.plane, 0, r, t_min4, limit4, enter) |
         CrossedFourLanes(b.plane, 4, r, t_min4, limit4, enter + 4) << 4;
}

inline unsigned CrossedBlockBoxes(const BlockBoxes& b, const BoxRay& r, float t_min, float limit,
                                  float (&enter)[4]) {
  return CrossedFourLanes(b.plane, 0, r, _mm_set1_ps(t_min), _mm_set1_ps(limit), enter);
}

}  // namespace sse
using namespace sse;
#else
using namespace scalar;
#endif

}  // namespace partlab::octree_lanes
