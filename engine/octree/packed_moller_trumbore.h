// Möller–Trumbore (1997; the octree paper's "Formulação matemática", equations 5–11) on up to four
// packed triangle records at once, for the ordered traversal's cells. Each SSE lane runs the
// operations of IntersectMollerTrumbore (moller_trumbore.h) in the same order, with the same
// rejections written as the same comparisons, so a lane hits exactly when the scalar test does and
// its t, u, v are the same floats: the traversal's answers stay bit-identical to brute force's.
// One division serves four triangles, and there is no branch per triangle to mispredict. Without
// SSE2 the scalar test runs lane by lane.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "engine/geometry/moller_trumbore.h"
#include "engine/octree/prepared_triangles.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace partlab {

// The hits of one call: bit k of the result says record k hit, at t[k] with barycentrics u[k],
// v[k].
struct FourHits {
  alignas(16) float t[4];
  alignas(16) float u[4];
  alignas(16) float v[4];
};

#if defined(__SSE2__)
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

// Tests records[0, count), 1 <= count <= 4, READING all four records records[0, 4): the caller
// guarantees they exist (the octree keeps padding records after its last one, so a cell's short
// run is read together with whatever follows it). The lanes beyond count compute on those records
// and are masked out of the result; no copy is made, which the profile showed costing a tenth of
// the ordered traversal's time when every small leaf ends in a partial group (a memset and a
// memcpy per call). Returns the mask of hits (t in (t_min, t_max)).
inline unsigned IntersectFourReadingFour(const glm::vec3& origin, const glm::vec3& dir,
                                         const PackedTriangle* records, int count,
                                         const RayTriangleOptions& opt, FourHits* out) {
#if defined(__SSE2__)
  using namespace packed_mt;
  // Lanes by transposing each record's first eight floats; the ninth (e2.z) gathered.
  static_assert(sizeof(PackedTriangle) == 10 * sizeof(float), "nine floats and the id, unpadded");
  const float* f[4];
  for (int k = 0; k < 4; ++k) f[k] = reinterpret_cast<const float*>(&records[k]);
  __m128 a0 = _mm_loadu_ps(f[0]), a1 = _mm_loadu_ps(f[1]), a2 = _mm_loadu_ps(f[2]),
         a3 = _mm_loadu_ps(f[3]);
  _MM_TRANSPOSE4_PS(a0, a1, a2, a3);  // v0.x, v0.y, v0.z, e1.x
  __m128 b0 = _mm_loadu_ps(f[0] + 4), b1 = _mm_loadu_ps(f[1] + 4), b2 = _mm_loadu_ps(f[2] + 4),
         b3 = _mm_loadu_ps(f[3] + 4);
  _MM_TRANSPOSE4_PS(b0, b1, b2, b3);  // e1.y, e1.z, e2.x, e2.y
  const __m128 v0x = a0, v0y = a1, v0z = a2, e1x = a3, e1y = b0, e1z = b1, e2x = b2, e2y = b3;
  const __m128 e2z = _mm_setr_ps(f[0][8], f[1][8], f[2][8], f[3][8]);
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
  unsigned mask = 0;
  for (int k = 0; k < count; ++k) {
    const PackedTriangle& p = records[k];
    RayTriangleHit h;
    if (IntersectMollerTrumbore(origin, dir, p.v0, p.e1, p.e2, opt, &h)) {
      out->t[k] = h.t;
      out->u[k] = h.u;
      out->v[k] = h.v;
      mask |= 1u << k;
    }
  }
  return mask;
#endif
}

// Eight records at once on AVX lanes, for CPUs that have them (the build targets plain x86-64,
// so the caller checks HaveEightWideLanes() at run time). The same operations in the same order as
// IntersectFourReadingFour, on eight lanes: AVX without fused multiply-adds (the "avx2" target does
// not enable FMA, and the intrinsics are separate multiplies and adds), so each lane's t, u, v are
// the scalar test's floats. Reads records[0, 8); lanes beyond count are masked out.
struct EightHits {
  alignas(32) float t[8];
  alignas(32) float u[8];
  alignas(32) float v[8];
};

#if defined(__x86_64__) && defined(__GNUC__) && !defined(PARTLAB_OCTREE_SCALAR_LANES)
#define PARTLAB_HAVE_EIGHT_WIDE_MT 1
bool HaveEightWideLanes();  // the CPU runs AVX2 (checked once)
unsigned IntersectEightReadingEight(const glm::vec3& origin, const glm::vec3& dir,
                                    const PackedTriangle* records, int count,
                                    const RayTriangleOptions& opt, EightHits* out);
#else
inline bool HaveEightWideLanes() {
  return false;
}
#endif

// Tests records[0, count), 1 <= count <= 4, reading only those; returns the mask of hits.
inline unsigned IntersectFour(const glm::vec3& origin, const glm::vec3& dir,
                              const PackedTriangle* records, int count,
                              const RayTriangleOptions& opt, FourHits* out) {
  // Four whole records to read from: a short run is copied next to zeroed ones (det = 0, never a
  // hit), so no read goes past the caller's records.
  PackedTriangle padded[4];
  if (count < 4) {
    std::memset(static_cast<void*>(padded), 0, sizeof padded);
    std::memcpy(static_cast<void*>(padded), records, sizeof(PackedTriangle) * size_t(count));
    records = padded;
  }
  return IntersectFourReadingFour(origin, dir, records, count, opt, out);
}

}  // namespace partlab
