// Four floats compared at once: the small lane type behind the box pruning sweep. SSE2 (every
// x86-64 processor has it) when the compiler targets it, plain loops otherwise; the sweep is
// written once against this type, never twice under #if (madmann91/bvh keeps its SIMD the same
// way, inside small vector types).
#pragma once

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace partlab {

#if defined(__SSE2__)
struct FloatLanes4 {
  __m128 v;
  static FloatLanes4 Load(const float* p) { return {_mm_loadu_ps(p)}; }
  static FloatLanes4 Splat(float f) { return {_mm_set1_ps(f)}; }
};
struct LaneMask4 {
  __m128 v;
  friend LaneMask4 operator&(LaneMask4 a, LaneMask4 b) { return {_mm_and_ps(a.v, b.v)}; }
  // Bit k set when lane k is true.
  unsigned Bits() const { return static_cast<unsigned>(_mm_movemask_ps(v)); }
};
inline LaneMask4 operator<=(FloatLanes4 a, FloatLanes4 b) { return {_mm_cmple_ps(a.v, b.v)}; }
#else
struct FloatLanes4 {
  float v[4];
  static FloatLanes4 Load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
  static FloatLanes4 Splat(float f) { return {{f, f, f, f}}; }
};
struct LaneMask4 {
  unsigned bits;
  friend LaneMask4 operator&(LaneMask4 a, LaneMask4 b) { return {a.bits & b.bits}; }
  unsigned Bits() const { return bits; }
};
inline LaneMask4 operator<=(FloatLanes4 a, FloatLanes4 b) {
  unsigned bits = 0;
  for (int k = 0; k < 4; ++k) bits |= static_cast<unsigned>(a.v[k] <= b.v[k]) << k;
  return {bits};
}
#endif

}  // namespace partlab
