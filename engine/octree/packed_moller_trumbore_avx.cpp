// The eight-wide Möller–Trumbore (packed_moller_trumbore.h), compiled for AVX2 in this file only
// and chosen at run time, so the build still runs on any x86-64 CPU.
#include "engine/octree/packed_moller_trumbore.h"

#if defined(PARTLAB_HAVE_EIGHT_WIDE_MT)
#include <immintrin.h>

namespace partlab {
namespace {

#define PARTLAB_AVX2 __attribute__((target("avx2")))

// The same sums as glm::dot on vec3: (x + y) + z.
PARTLAB_AVX2 inline __m256 Dot8(__m256 ax, __m256 ay, __m256 az, __m256 bx, __m256 by, __m256 bz) {
  return _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(ax, bx), _mm256_mul_ps(ay, by)),
                       _mm256_mul_ps(az, bz));
}
// One component of glm::cross: a1 * b2 - b1 * a2.
PARTLAB_AVX2 inline __m256 CrossPart8(__m256 a1, __m256 b2, __m256 b1, __m256 a2) {
  return _mm256_sub_ps(_mm256_mul_ps(a1, b2), _mm256_mul_ps(b1, a2));
}

const bool kCpuHasAvx2 = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}();

}  // namespace

bool HaveEightWideLanes() {
  return kCpuHasAvx2;
}

PARTLAB_AVX2 unsigned IntersectEightLanes(const glm::vec3& origin, const glm::vec3& dir,
                                          const TriangleLanes8& block, int count,
                                          const RayTriangleOptions& opt, EightHits* out) {
  // Each component's eight lanes are one aligned load (the block is 64-byte aligned).
  const __m256 v0x = _mm256_load_ps(block.v0[0]), v0y = _mm256_load_ps(block.v0[1]),
               v0z = _mm256_load_ps(block.v0[2]);
  const __m256 e1x = _mm256_load_ps(block.e1[0]), e1y = _mm256_load_ps(block.e1[1]),
               e1z = _mm256_load_ps(block.e1[2]);
  const __m256 e2x = _mm256_load_ps(block.e2[0]), e2y = _mm256_load_ps(block.e2[1]),
               e2z = _mm256_load_ps(block.e2[2]);
  const __m256 dx = _mm256_set1_ps(dir.x), dy = _mm256_set1_ps(dir.y), dz = _mm256_set1_ps(dir.z);

  // P = D × E2 (9) and det = P · E1.
  const __m256 px = CrossPart8(dy, e2z, e2y, dz);
  const __m256 py = CrossPart8(dz, e2x, e2z, dx);
  const __m256 pz = CrossPart8(dx, e2y, e2x, dy);
  const __m256 det = Dot8(px, py, pz, e1x, e1y, e1z);
  const __m256 eps = _mm256_set1_ps(kParallelDeterminant);
  const __m256 abs_det = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), det);
  __m256 ok = opt.cull_backfaces ? _mm256_cmp_ps(det, eps, _CMP_GT_OQ)
                                 : _mm256_cmp_ps(abs_det, eps, _CMP_GT_OQ);
  const __m256 inv_det = _mm256_div_ps(_mm256_set1_ps(1.0f), det);
  // R = O − V0 (10), u.
  const __m256 rx = _mm256_sub_ps(_mm256_set1_ps(origin.x), v0x);
  const __m256 ry = _mm256_sub_ps(_mm256_set1_ps(origin.y), v0y);
  const __m256 rz = _mm256_sub_ps(_mm256_set1_ps(origin.z), v0z);
  const __m256 u = _mm256_mul_ps(Dot8(rx, ry, rz, px, py, pz), inv_det);
  const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f);
  ok = _mm256_andnot_ps(
      _mm256_or_ps(_mm256_cmp_ps(u, zero, _CMP_LT_OQ), _mm256_cmp_ps(u, one, _CMP_GT_OQ)), ok);
  // Q = R × E1 (11), v and t.
  const __m256 qx = CrossPart8(ry, e1z, e1y, rz);
  const __m256 qy = CrossPart8(rz, e1x, e1z, rx);
  const __m256 qz = CrossPart8(rx, e1y, e1x, ry);
  const __m256 v = _mm256_mul_ps(Dot8(dx, dy, dz, qx, qy, qz), inv_det);
  ok = _mm256_andnot_ps(_mm256_or_ps(_mm256_cmp_ps(v, zero, _CMP_LT_OQ),
                                     _mm256_cmp_ps(_mm256_add_ps(u, v), one, _CMP_GT_OQ)),
                        ok);
  const __m256 t = _mm256_mul_ps(Dot8(e2x, e2y, e2z, qx, qy, qz), inv_det);
  ok = _mm256_and_ps(ok, _mm256_and_ps(_mm256_cmp_ps(t, _mm256_set1_ps(opt.t_min), _CMP_GT_OQ),
                                       _mm256_cmp_ps(t, _mm256_set1_ps(opt.t_max), _CMP_LT_OQ)));
  _mm256_store_ps(out->t, t);
  _mm256_store_ps(out->u, u);
  _mm256_store_ps(out->v, v);
  return unsigned(_mm256_movemask_ps(ok)) & ((1u << count) - 1u);
}

}  // namespace partlab
#endif
