#include "engine/broadphase/radix_sort.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

namespace partlab {

void RadixSortByKey(std::vector<KeyedIndex>& items, std::vector<KeyedIndex>& scratch) {
  const size_t n = items.size();
  scratch.resize(n);
  if (n < 2) return;
  // One histogram per byte, all four counted in a single read of the keys.
  std::array<std::array<uint32_t, 256>, 4> counts{};
  for (const KeyedIndex& item : items)
    for (int b = 0; b < 4; ++b) ++counts[b][(item.key >> (8 * b)) & 0xff];

  KeyedIndex* from = items.data();
  KeyedIndex* to = scratch.data();
  for (int b = 0; b < 4; ++b) {
    // A byte that is the same in every key moves nothing: skip its pass.
    if (counts[b][(from[0].key >> (8 * b)) & 0xff] == n) continue;
    uint32_t offset = 0;
    for (uint32_t& c : counts[b]) {
      const uint32_t here = c;
      c = offset;
      offset += here;
    }
    for (size_t i = 0; i < n; ++i) to[counts[b][(from[i].key >> (8 * b)) & 0xff]++] = from[i];
    std::swap(from, to);
  }
  if (from != items.data()) items.swap(scratch);
}

namespace {

// The inverse of SortableFloatBits.
float FloatFromSortableBits(uint32_t key) {
  const uint32_t u = (key & 0x80000000u) ? (key ^ 0x80000000u) : ~key;
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

// Random floats, cycles per value (std::sort against the four passes, skipped bytes included):
// about even at 64, the radix sort 3 times faster from 100 on; below 48 std::sort wins (its
// insertion sort). Measured on the node lists the BSP's cut searches sort (64 to 4,000 values).
constexpr size_t kRadixFromCount = 64;

}  // namespace

void SortFloats(std::vector<float>& values, FloatSortScratch& scratch) {
  const size_t n = values.size();
  if (n < kRadixFromCount) {
    std::sort(values.begin(), values.end());
    return;
  }
  scratch.keys.resize(n);
  scratch.swap.resize(n);
  for (size_t i = 0; i < n; ++i) scratch.keys[i] = SortableFloatBits(values[i]);
  std::array<std::array<uint32_t, 256>, 4> counts{};
  for (const uint32_t key : scratch.keys)
    for (int b = 0; b < 4; ++b) ++counts[b][(key >> (8 * b)) & 0xff];
  uint32_t* from = scratch.keys.data();
  uint32_t* to = scratch.swap.data();
  for (int b = 0; b < 4; ++b) {
    if (counts[b][(from[0] >> (8 * b)) & 0xff] == n) continue;  // one value: nothing moves
    uint32_t offset = 0;
    for (uint32_t& c : counts[b]) {
      const uint32_t here = c;
      c = offset;
      offset += here;
    }
    for (size_t i = 0; i < n; ++i) to[counts[b][(from[i] >> (8 * b)) & 0xff]++] = from[i];
    std::swap(from, to);
  }
  for (size_t i = 0; i < n; ++i) values[i] = FloatFromSortableBits(from[i]);
}

}  // namespace partlab
