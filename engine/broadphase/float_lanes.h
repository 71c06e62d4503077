// Several floats compared at once: the small lane types behind the box pruning sweep, which is
// written once against them, never twice under #if (madmann91/bvh keeps its SIMD the same way,
// inside small vector types). Three widths of the same operations:
//   ScalarLanes4  plain loops, on every compiler and processor (the fallback);
//   FloatLanes4   SSE2, four floats (every x86-64 processor has it);
//   FloatLanes8   AVX2, eight floats, compiled with a target attribute so the rest of the program
//                 keeps the default target; only call it once __builtin_cpu_supports("avx2") said
//                 yes (BoxPruning's dispatch does).
// Each type has kWidth, Load (unaligned), Splat, operator<= giving a mask, mask & mask, and
// Bits(): bit k set when lane k is true.
#pragma once

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define PARTLAB_X86_LANES 1
#endif

namespace partlab {

struct ScalarLanes4 {
  static constexpr unsigned kWidth = 4;
  struct Mask {
    unsigned bits;
    friend Mask operator&(Mask a, Mask b) { return {a.bits & b.bits}; }
    unsigned Bits() const { return bits; }
  };
  float v[4];
  static ScalarLanes4 Load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
  static ScalarLanes4 Splat(float f) { return {{f, f, f, f}}; }
  friend Mask operator<=(ScalarLanes4 a, ScalarLanes4 b) {
    unsigned bits = 0;
    for (int k = 0; k < 4; ++k) bits |= static_cast<unsigned>(a.v[k] <= b.v[k]) << k;
    return {bits};
  }
};

#if defined(PARTLAB_X86_LANES) && defined(__SSE2__)
struct FloatLanes4 {
  static constexpr unsigned kWidth = 4;
  struct Mask {
    __m128 v;
    friend Mask operator&(Mask a, Mask b) { return {_mm_and_ps(a.v, b.v)}; }
    unsigned Bits() const { return static_cast<unsigned>(_mm_movemask_ps(v)); }
  };
  __m128 v;
  static FloatLanes4 Load(const float* p) { return {_mm_loadu_ps(p)}; }
  static FloatLanes4 Splat(float f) { return {_mm_set1_ps(f)}; }
  friend Mask operator<=(FloatLanes4 a, FloatLanes4 b) { return {_mm_cmple_ps(a.v, b.v)}; }
};
#define PARTLAB_HAS_SSE2_LANES 1
#else
using FloatLanes4 = ScalarLanes4;
#endif

#if defined(PARTLAB_X86_LANES) && (defined(__GNUC__) || defined(__clang__))
// Every member carries the avx2 target. Callers must be compiled for AVX2 too (a function with
// the same target attribute, or always inlined into one): a 256-bit value passed to or from code
// compiled without AVX changes the calling convention.
#define PARTLAB_AVX2 [[gnu::target("avx2")]] inline
struct FloatLanes8 {
  static constexpr unsigned kWidth = 8;
  struct Mask {
    __m256 v;
    PARTLAB_AVX2 friend Mask operator&(Mask a, Mask b) { return {_mm256_and_ps(a.v, b.v)}; }
    PARTLAB_AVX2 unsigned Bits() const { return static_cast<unsigned>(_mm256_movemask_ps(v)); }
  };
  __m256 v;
  PARTLAB_AVX2 static FloatLanes8 Load(const float* p) { return {_mm256_loadu_ps(p)}; }
  PARTLAB_AVX2 static FloatLanes8 Splat(float f) { return {_mm256_set1_ps(f)}; }
  PARTLAB_AVX2 friend Mask operator<=(FloatLanes8 a, FloatLanes8 b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_LE_OQ)};
  }
};
#define PARTLAB_HAS_AVX2_LANES 1
#endif

}  // namespace partlab
