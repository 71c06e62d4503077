// Box pruning that keeps last step's sorted order: the floor of a broad phase that keeps its boxes
// in order between steps and nothing else. Box pruning sorts every box by minimum X from scratch
// each step (a radix sort); this one starts from last step's order and mends it with an insertion
// sort, which costs one move per pair of boxes that swapped places along X since the last step (an
// inversion). That is how sweep-and-prune keeps its axis sorted, and how the semi-adjusting BSP
// keeps its leaf lists (semi-adjusting-bsp.txt, 5.1.2, which expects that sort to need "only a few
// swaps of position, or probably none"); the sweep is box pruning's (lane_sweep.h). Boxes added
// since the last step are sorted apart and merged in.
//
// It is not one of the registered broad phases: with GridBoxPruning and CachedBoxPruning it
// answers a question about the semi-adjusting BSP on the thesis's attractor clouds (6.1): does
// keeping the order pay where every box moves every step? `partlab-bench partition-floor`
// measures it, and counts the moves.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/broadphase/box_pruning.h"
#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/present_boxes.h"
#include "engine/broadphase/sorted_rows.h"

namespace partlab {

class KeptOrderBoxPruning final : public BroadPhase {
 public:
  bool SetSimdPath(SimdPath path) { return path_.Set(path); }  // as BoxPruning::SetSimdPath

  std::string_view Name() const override { return "kept_order_box_pruning"; }
  void Add(BoxId id, const Aabb& box) override;
  void Remove(BoxId id) override;
  void Move(BoxId id, const Aabb& box) override;
  void FindPairs(std::vector<BoxPair>& out) override;
  size_t MemoryBytes() const override;
  uint64_t LastCandidateCount() const override { return last_candidates_; }
  // Places the last FindPairs' insertion sort moved a box by, summed: the inversions between last
  // step's order and this step's minimum X among the boxes kept from last step.
  uint64_t last_sort_moves() const { return last_sort_moves_; }

 private:
  // A place in the order: the box's minimum X at this step, beside its id, so that the insertion
  // sort reads and moves one small array.
  struct Keyed {
    float min_x;
    BoxId id;
  };

  void DropRemovedAndReadKeys();
  void InsertionSortKept();
  void MergeAdded();
  void FillRows();
  void Sweep(std::vector<BoxPair>& out);

  SimdPathChoice path_;
  PresentBoxes held_;
  std::vector<uint8_t> in_order_;  // by id: 1 while the box is in order_ (grown at each step)
  std::vector<BoxId> added_;       // added since the last step (an id may repeat)
  std::vector<Keyed> order_;       // last step's order, then this step's
  // Per-step scratch, kept so that a warm step allocates nothing.
  std::vector<Keyed> added_sorted_, merged_;
  SortedRows rows_;
  uint64_t last_candidates_ = 0;
  uint64_t last_sort_moves_ = 0;
};

}  // namespace partlab
