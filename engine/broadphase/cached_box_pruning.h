// Box pruning that keeps its candidates between steps: a broad phase that skips the boxes that stay
// put, with no upkeep but its fat boxes and one sorted list. Every box has a fat box (its box grown
// as the semi-adjusting BSP grows it); the fat boxes are kept sorted by minimum X, and every pair
// whose fat boxes overlap is kept as a candidate. A step tests every box against its fat box; only
// the boxes that left theirs (the renewed ones) get a new fat box and are merged back into the
// sorted list in one pass. Their new candidates are the pairs box pruning's sweep over that list
// would find with a renewed box in them: each renewed box sweeps the list forward from its own row,
// and each other box sweeps forward over the renewed boxes alone. Then every candidate is tested
// on the exact boxes. No tree, no cells, no leaves.
//
// It is not one of the registered broad phases: with GridBoxPruning and KeptOrderBoxPruning it
// answers a question about the semi-adjusting BSP (semi-adjusting-bsp.txt, 6.1, the attractor
// clouds): how fast could a structure that keeps cached candidates, as the BSP's leaves do, find
// the pairs of a scene where every box moves every step, if its upkeep were nothing but its fat
// boxes and its sorted list? `partlab-bench partition-floor` measures it.
#pragma once

#include <string_view>
#include <vector>

#include "engine/broadphase/box_pruning.h"
#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/cached_candidates.h"
#include "engine/broadphase/lane_sweep.h"
#include "engine/broadphase/present_boxes.h"
#include "engine/broadphase/radix_sort.h"
#include "engine/broadphase/sorted_rows.h"

namespace partlab {

// How a box is fattened: the semi-adjusting BSP's rule and defaults (BspTree::Fatten,
// BspParams::fat_margin, predictive_steps, predictive_cap), so that the two keep the same
// candidates and differ only in their upkeep: grown by `margin` times its largest side on every
// side, and stretched along each axis, on the side it moved to, by `predictive_steps` times its
// last displacement on that axis, at most `predictive_cap` times its largest side.
struct FatBoxRule {
  static constexpr float kMost = 64.0f;  // every field is clamped to 0..kMost (NaN: 0)
  float margin = 0.03f;
  float predictive_steps = 8.0f;
  float predictive_cap = 6.0f;
  FatBoxRule Clamped() const;
};

// `box` grown by `rule` (already clamped), `previous` being where it was a step before.
Aabb FattenByRule(const FatBoxRule& rule, const Aabb& box, const Aabb& previous);

class CachedBoxPruning final : public BroadPhase {
 public:
  explicit CachedBoxPruning(const FatBoxRule& rule = {});
  const FatBoxRule& rule() const { return rule_; }

  std::string_view Name() const override { return "cached_box_pruning"; }
  void Add(BoxId id, const Aabb& box) override;
  void Remove(BoxId id) override;
  void Move(BoxId id, const Aabb& box) override;
  void FindPairs(std::vector<BoxPair>& out) override;
  size_t MemoryBytes() const override;
  // The candidates tested on the exact boxes in the last FindPairs.
  uint64_t LastCandidateCount() const override { return candidates_.size(); }
  // Boxes that got a new fat box in the last FindPairs (added ones included).
  size_t last_escaped() const { return escaped_.size(); }

 private:
  void FindEscaped();
  void MergeEscaped();
  void FindNewCandidates();
  template <typename Lanes>
  void SweepRenewedWith();

  FatBoxRule rule_;
  MovingBoxes held_;             // the boxes, by id, and each one's box before its last Move
  std::vector<Aabb> fat_;        // by id
  std::vector<uint8_t> sorted_;  // by id: 1 while the box is in the sorted array
  std::vector<uint32_t> stamp_;  // by id: == epoch_ when its fat box changed (or it left) this step
  uint32_t epoch_ = 0;
  std::vector<BoxId> escaped_;      // this step's boxes with a new fat box
  std::vector<BoxId> removed_;      // removed since the last step, still in the sorted array
  SortedRows sorted_fat_, merged_;  // the fat boxes, and the merge's output (swapped)
  size_t sorted_count_ = 0;         // rows before the sentinels
  SortedRows renewed_;              // the renewed boxes' rows, in the list's order, then sentinels
  std::vector<uint32_t> renewed_rows_;  // their rows in sorted_fat_, increasing
  SimdPathChoice path_;                 // the widest lanes this processor runs (box_pruning.h)
  std::vector<KeyedIndex> keys_, key_scratch_;  // the escaped boxes' sort, scratch
  std::vector<BoxPair> candidates_;
};

}  // namespace partlab
