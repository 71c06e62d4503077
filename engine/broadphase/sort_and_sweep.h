// Sort-and-sweep from scratch (Baraff's sort and sweep, as in Terdiman's box pruning): sort the
// boxes by min.x and sweep, testing each box against the boxes whose x interval is still open.
// No state, no incremental tricks: the bench's reference pair set for traces too large for brute
// force (verified against brute force once per run and in the tests).
#pragma once

#include <span>
#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

class SortAndSweep {
 public:
  // Appends every overlapping pair of the non-empty boxes in `boxes` (id = index) to `out`.
  void FindPairs(std::span<const Aabb> boxes, std::vector<BoxPair>& out);
  uint64_t last_candidates() const { return last_candidates_; }

 private:
  struct Entry {
    float min_x;
    BoxId id;
  };
  std::vector<Entry> order_;  // reused between calls
  std::vector<Aabb> sorted_;
  uint64_t last_candidates_ = 0;
};

}  // namespace partlab
