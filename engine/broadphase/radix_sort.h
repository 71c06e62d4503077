// Least-significant-digit radix sort of float keys carrying a 32-bit payload: four passes of one
// byte each over (key bits, payload) pairs. The box pruning comparator sorts every box by its
// minimum X every step; for thousands of keys four linear passes beat a comparison sort, and the
// buffers are kept by the caller so a warm sort allocates nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace partlab {

// The float's bits remapped so that unsigned integer order equals float order (negatives
// reversed, the sign bit flipped for positives). NaN is never a key: boxes are finite.
inline uint32_t SortableFloatBits(float f) {
  uint32_t u;
  static_assert(sizeof u == sizeof f);
  __builtin_memcpy(&u, &f, sizeof u);
  return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

struct KeyedIndex {
  uint32_t key;      // SortableFloatBits of the value sorted on
  uint32_t payload;  // what travels with it (a box's slot)
};

// Sorts `items` by key, stable; `scratch` is resized to match and holds garbage afterwards.
void RadixSortByKey(std::vector<KeyedIndex>& items, std::vector<KeyedIndex>& scratch);

// The buffers SortFloats works in, kept by the caller so that a warm sort allocates nothing.
struct FloatSortScratch {
  std::vector<uint32_t> keys, swap;
};

// Sorts finite floats ascending: the radix passes above from 64 values on, std::sort below, where
// four histogram passes cost more than they save.
void SortFloats(std::vector<float>& values, FloatSortScratch& scratch);

}  // namespace partlab
