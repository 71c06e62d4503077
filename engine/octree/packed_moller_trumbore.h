// Möller–Trumbore (1997; the octree paper's "Formulação matemática", equations 5–11) on the lanes
// of one block of packed triangle records (triangle_lanes.h), for the ordered traversal's cells:
// four lanes with SSE here, eight with AVX2 in packed_moller_trumbore_avx.cpp. Each lane runs the
// operations of IntersectMollerTrumbore (moller_trumbore.h) in the same order, with the same
// rejections written as the same comparisons and no fused multiply-adds, so a lane hits exactly
// when the scalar test does and its t, u, v are the same floats: the traversal's answers stay
// bit-identical to brute force's. One division serves the group, and there is no branch per
// triangle to mispredict. The block stores each component's lanes contiguously, so the nine
// vectors are nine aligned loads. Without SSE2 the scalar test runs lane by lane.
#pragma once

#include <cstdint>

#include "engine/geometry/moller_trumbore.h"
#include "engine/octree/triangle_lanes.h"

#if defined(__SSE2__) && !defined(PARTLAB_OCTREE_SCALAR_LANES)
#define PARTLAB_HAVE_FOUR_WIDE_MT 1
#include <emmintrin.h>
#endif

namespace partlab {

// The hits of one call: bit k of the result says lane k hit, at t[k] with barycentrics u[k], v[k].
struct FourHits {
  alignas(16) float t[4];
  alignas(16) float u[4];
  alignas(16) float v[4];
};
struct EightHits {
  alignas(32) float t[8];
  alignas(32) float u[8];
  alignas(32) float v[8];
};

// The scalar fallback: lanes [first, first + count) one at a time with the scalar test.
template <class Hits>
inline unsigned IntersectLanesOneByOne(const glm::vec3& origin, const glm::vec3& dir,
                                       const TriangleLanes8& block, int first, int count,
                                       const RayTriangleOptions& opt, Hits* out) {
  unsigned mask = 0;
  for (int k = 0; k < count; ++k) {
    const PackedTriangle p = block.Get(first + k);
    RayTriangleHit h;
    if (IntersectMollerTrumbore(origin, dir, p.v0, p.e1, p.e2, opt, &h)) {
      out->t[k] = h.t;
      out->u[k] = h.u;
      out->v[k] = h.v;
      mask |= 1u << k;
    }
  }
  return mask;
}

#if defined(PARTLAB_HAVE_FOUR_WIDE_MT)
namespace packed_mt {

// The same sums as glm::dot on vec3: (x + y) + z.
inline __m128 Dot(__m128 ax, __m128 ay, __m128 az, __m128 bx, __m128 by, __m128 bz) {
  return _mm_add_ps(_mm_add_ps(_mm_mul_ps(ax, bx), _mm_mul_ps(ay, by)), _mm_mul_ps(az, bz));
}
// One component of glm::cross: a1 * b2 - b1 * a2.
inline __m128 CrossPart(__m128 a1, __m128 b2, __m128 b1, __m128 a2) {
  return _mm_sub_ps(_mm_mul_ps(a1, b2), _mm_mul_ps(b1, a2));
}

}  // namespace packed_mt
#endif

// Tests lanes [4·half, 4·half + count) of `block`, 1 <= count <= 4, half 0 or 1. The lanes beyond
// count are computed on whatever they hold and masked out of the result. Returns the mask of hits
// (t in (t_min, t_max)), bit k for lane 4·half + k.
inline unsigned IntersectFourLanes(const glm::vec3& origin, const glm::vec3& dir,
                                   const TriangleLanes8& block, int half, int count,
                                   const RayTriangleOptions& opt, FourHits* out) {
#if defined(PARTLAB_HAVE_FOUR_WIDE_MT)
  using namespace packed_mt;
  const int at = 4 * half;
  const __m128 v0x = _mm_load_ps(block.v0[0] + at), v0y = _mm_load_ps(block.v0[1] + at),
               v0z = _mm_load_ps(block.v0[2] + at);
  const __m128 e1x = _mm_load_ps(block.e1[0] + at), e1y = _mm_load_ps(block.e1[1] + at),
               e1z = _mm_load_ps(block.e1[2] + at);
  const __m128 e2x = _mm_load_ps(block.e2[0] + at), e2y = _mm_load_ps(block.e2[1] + at),
               e2z = _mm_load_ps(block.e2[2] + at);
  const __m128 dx = _mm_set1_ps(dir.x), dy = _mm_set1_ps(dir.y), dz = _mm_set1_ps(dir.z);

  // P = D × E2 (9) and det = P · E1.
  const __m128 px = CrossPart(dy, e2z, e2y, dz);
  const __m128 py = CrossPart(dz, e2x, e2z, dx);
  const __m128 pz = CrossPart(dx, e2y, e2x, dy);
  const __m128 det = Dot(px, py, pz, e1x, e1y, e1z);
  const __m128 eps = _mm_set1_ps(kParallelDeterminant);
  const __m128 abs_det = _mm_andnot_ps(_mm_set1_ps(-0.0f), det);
  __m128 ok = opt.cull_backfaces ? _mm_cmpgt_ps(det, eps) : _mm_cmpgt_ps(abs_det, eps);
  const __m128 inv_det = _mm_div_ps(_mm_set1_ps(1.0f), det);
  // R = O − V0 (10), u.
  const __m128 rx = _mm_sub_ps(_mm_set1_ps(origin.x), v0x);
  const __m128 ry = _mm_sub_ps(_mm_set1_ps(origin.y), v0y);
  const __m128 rz = _mm_sub_ps(_mm_set1_ps(origin.z), v0z);
  const __m128 u = _mm_mul_ps(Dot(rx, ry, rz, px, py, pz), inv_det);
  const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f);
  ok = _mm_andnot_ps(_mm_or_ps(_mm_cmplt_ps(u, zero), _mm_cmpgt_ps(u, one)), ok);
  // Q = R × E1 (11), v and t.
  const __m128 qx = CrossPart(ry, e1z, e1y, rz);
  const __m128 qy = CrossPart(rz, e1x, e1z, rx);
  const __m128 qz = CrossPart(rx, e1y, e1x, ry);
  const __m128 v = _mm_mul_ps(Dot(dx, dy, dz, qx, qy, qz), inv_det);
  ok = _mm_andnot_ps(_mm_or_ps(_mm_cmplt_ps(v, zero), _mm_cmpgt_ps(_mm_add_ps(u, v), one)), ok);
  const __m128 t = _mm_mul_ps(Dot(e2x, e2y, e2z, qx, qy, qz), inv_det);
  ok = _mm_and_ps(ok, _mm_and_ps(_mm_cmpgt_ps(t, _mm_set1_ps(opt.t_min)),
                                 _mm_cmplt_ps(t, _mm_set1_ps(opt.t_max))));
  _mm_store_ps(out->t, t);
  _mm_store_ps(out->u, u);
  _mm_store_ps(out->v, v);
  return unsigned(_mm_movemask_ps(ok)) & ((1u << count) - 1u);
#else
  return IntersectLanesOneByOne(origin, dir, block, 4 * half, count, opt, out);
#endif
}

// All eight lanes at once on AVX2, for CPUs that have it (the build targets plain x86-64, so the
// caller checks HaveEightWideLanes() at run time): the same operations in the same order as
// IntersectFourLanes, on eight lanes. Tests lanes [0, count), 1 <= count <= 8.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(PARTLAB_OCTREE_SCALAR_LANES)
#define PARTLAB_HAVE_EIGHT_WIDE_MT 1
bool HaveEightWideLanes();  // the CPU runs AVX2 (checked once)
unsigned IntersectEightLanes(const glm::vec3& origin, const glm::vec3& dir,
                             const TriangleLanes8& block, int count, const RayTriangleOptions& opt,
                             EightHits* out);
#else
inline bool HaveEightWideLanes() {
  return false;
}
#endif

}  // namespace partlab
