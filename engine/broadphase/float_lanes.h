// Several floats compared at once: the small lane types behind the box pruning sweep, which is
// written once against them, never twice under #if (madmann91/bvh keeps its SIMD the same way,
// inside small vector types). Three widths of the same operations:
//   ScalarLanes4  plain loops, on every compiler and processor (the fallback);
//   FloatLanes4   SSE2, four floats (every x86-64 processor has it);
//   FloatLanes8   AVX2, eight floats, compiled with a target attribute so the rest of the program
//                 keeps the default target; only call it once __builtin_cpu_supports("avx2") said
//                 yes (BoxPruning's dispatch does).
// Each type has kWidth, Load (unaligned), Splat, operator<= giving a mask, mask & mask, and
// Bits(): bit k set when lane k is true; and PackIndices(bits, first, out), which writes
// first + k for each set bit k, in order, to out (room for kWidth values) and returns how many;
// StoreSplat(value, out) writes kWidth copies of value to out.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define PARTLAB_X86_LANES 1
#endif

namespace partlab {

// The set bits' positions, written one by one (the narrow lanes' PackIndices).
inline unsigned PackSetBitIndices(unsigned bits, uint32_t first, uint32_t* out) {
  unsigned n = 0;
  for (; bits != 0; bits &= bits - 1) out[n++] = first + uint32_t(std::countr_zero(bits));
  return n;
}

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
  static unsigned PackIndices(unsigned bits, uint32_t first, uint32_t* out) {
    return PackSetBitIndices(bits, first, out);
  }
  static void StoreSplat(uint32_t value, uint32_t* out) {
    for (int k = 0; k < 4; ++k) out[k] = value;
  }
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
  static unsigned PackIndices(unsigned bits, uint32_t first, uint32_t* out) {
    return PackSetBitIndices(bits, first, out);
  }
  static void StoreSplat(uint32_t value, uint32_t* out) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_set1_epi32(int(value)));
  }
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
  // Without a branch per set bit: a table gives, for each 8-bit mask, its set lanes' numbers as
  // nibbles in order; they are spread into 8 lanes by shifts, offset by `first` and stored whole
  // (the lanes past the count are garbage the caller overwrites next).
  PARTLAB_AVX2 static unsigned PackIndices(unsigned bits, uint32_t first, uint32_t* out) {
    const __m256i nibbles = _mm256_srlv_epi32(_mm256_set1_epi32(int(kSetLaneNibbles[bits])),
                                              _mm256_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28));
    const __m256i lanes = _mm256_and_si256(nibbles, _mm256_set1_epi32(15));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out),
                        _mm256_add_epi32(lanes, _mm256_set1_epi32(int(first))));
    return unsigned(std::popcount(bits));
  }
  PARTLAB_AVX2 static void StoreSplat(uint32_t value, uint32_t* out) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm256_set1_epi32(int(value)));
  }

 private:
  // kSetLaneNibbles[m]: the positions of m's set bits, lowest first, one per nibble.
  static constexpr std::array<uint32_t, 256> kSetLaneNibbles = [] {
    std::array<uint32_t, 256> table{};
    for (unsigned m = 0; m < 256; ++m) {
      unsigned shift = 0;
      for (unsigned k = 0; k < 8; ++k)
        if (m & (1u << k)) table[m] |= k << shift, shift += 4;
    }
    return table;
  }();
  PARTLAB_AVX2 friend Mask operator<=(FloatLanes8 a, FloatLanes8 b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_LE_OQ)};
  }
};
#define PARTLAB_HAS_AVX2_LANES 1
#endif

}  // namespace partlab
