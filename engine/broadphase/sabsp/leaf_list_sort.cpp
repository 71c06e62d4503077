#include "engine/broadphase/sabsp/leaf_list_sort.h"

#include <algorithm>

namespace partlab {
namespace {

// Below this many entries a comparison sort beats four histogram passes.
constexpr size_t kRadixFromCount = 256;

}  // namespace

void LeafListSorter::StableSortByLo(std::span<LeafEntry> entries) {
  if (entries.size() < kRadixFromCount) {
    std::stable_sort(entries.begin(), entries.end(), ByLo);
    return;
  }
  RadixSortByLo(entries);
}

uint64_t LeafListSorter::RadixSortByLo(std::span<LeafEntry> entries) {
  const size_t n = entries.size();
  keys_.resize(n);
  // lo + 0.0f turns -0 into +0: the two compare equal under ByLo, so they must share a key.
  for (size_t i = 0; i < n; ++i)
    keys_[i] = KeyedIndex{SortableFloatBits(entries[i].lo + 0.0f), uint32_t(i)};
  RadixSortByKey(keys_, scratch_);
  sorted_.resize(n);
  uint64_t displacement = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t from = keys_[i].payload;
    sorted_[i] = entries[from];
    displacement += from > i ? from - i : i - from;
  }
  std::copy(sorted_.begin(), sorted_.end(), entries.begin());
  return displacement;
}

uint64_t LeafListSorter::SortFarFromSorted(std::span<LeafEntry> entries) {
  if (entries.size() < kRadixFromCount) return InsertionSort(entries);
  return RadixSortByLo(entries) / 2;
}

uint64_t LeafListSorter::InsertionSort(std::span<LeafEntry> entries) {
  const size_t size = entries.size();
  uint64_t moves = 0;
  if (InsertionSortWithin(
          entries.data(), size, [](const LeafEntry& e) { return e.lo; }, 8 * uint64_t(size) + 64,
          moves))
    return moves;
  StableSortByLo(entries);  // far from sorted: the full sort finishes it in O(n log n)
  return moves + size;
}

size_t LeafListSorter::MemoryBytes() const {
  return (keys_.capacity() + scratch_.capacity()) * sizeof(KeyedIndex) +
         sorted_.capacity() * sizeof(LeafEntry);
}

}  // namespace partlab
