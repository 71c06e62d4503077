// A leaf's list entry and how a list is kept sorted (semi-adjusting-bsp.txt, 3.4 and 5.1.2): each
// leaf holds its boxes sorted by the low end of their projection on the leaf's sort direction.
//
// Two sorts, both stable, so that every path orders equal lows the same way:
//   InsertionSort, 5.1.2's per-step sort: near-linear when little moved since the last step; a
//     list far from sorted (a bulk load appends every box unsorted to one leaf) would make it
//     quadratic, so past a few moves per entry it hands the list to StableSortByLo.
//   StableSortByLo, for lists rebuilt wholesale (splits, merges, re-projections): an LSD radix
//     sort of the lows (radix_sort.h) for long lists, std::stable_sort for short ones.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/radix_sort.h"

namespace partlab {

// The box comes first so that the sweep may load each of its corners as four floats (the fourth
// lane reads the next field, still inside the entry).
struct LeafEntry {
  Aabb box;
  float lo, hi;  // projection of `box` on the leaf's sort direction
  BoxId id;
};

inline bool ByLo(const LeafEntry& a, const LeafEntry& b) {
  return a.lo < b.lo;
}

// The insertion sort of 5.1.2 on e[0, n) by key(e[i]), stable, counting the element moves into
// `moves`. It gives up once more than `budget` moves were made before an insertion (the list is
// then partly sorted) and returns false; true once sorted.
template <typename T, typename Key>
bool InsertionSortWithin(T* e, size_t n, Key key, uint64_t budget, uint64_t& moves) {
  for (size_t i = 1; i < n; ++i) {
    if (!(key(e[i]) < key(e[i - 1]))) continue;
    if (moves > budget) return false;
    const T moving = e[i];
    size_t j = i;
    do {
      e[j] = e[j - 1];
      --j;
    } while (j > 0 && key(moving) < key(e[j - 1]));
    e[j] = moving;
    moves += i - j;
  }
  return true;
}

class LeafListSorter {
 public:
  // The same order as std::stable_sort(entries, ByLo).
  void StableSortByLo(std::span<LeafEntry> entries);
  // 5.1.2. Returns the element moves made (plus the list's size when it fell back to the full
  // sort).
  uint64_t InsertionSort(std::span<LeafEntry> entries);
  // For a list known to be far from sorted (its last sort moved entries more than twice its size):
  // the radix sort straight away, with no insertion moves first. Returns about the moves an
  // insertion sort would have made (half the entries' total displacement), so that the caller
  // can tell when the list has come close to sorted again; a short list takes the insertion sort.
  uint64_t SortFarFromSorted(std::span<LeafEntry> entries);
  size_t MemoryBytes() const;

 private:
  uint64_t RadixSortByLo(std::span<LeafEntry> entries);  // returns the total displacement

  std::vector<KeyedIndex> keys_, scratch_;  // kept: a warm sort allocates nothing
  std::vector<LeafEntry> sorted_;
};

}  // namespace partlab
