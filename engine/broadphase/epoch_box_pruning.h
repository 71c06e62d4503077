// Box pruning whose candidates are renewed together: fat boxes made for a whole epoch of steps at
// once, and box pruning's sweep run over them once per epoch. Every box gets, at the start of an
// epoch, a fat box stretched along its motion for the epoch's length; box pruning's sort and sweep
// over these fat boxes gives the epoch's candidates, and each step tests only those on the exact
// boxes. A box that leaves its fat box before the epoch ends is renewed alone, for the steps left:
// its old candidates are dropped, and its new ones are found from the sorted rows (a binary search
// and a short scan) and among the other boxes renewed alone. Too many of them in one step, or the
// epoch's end, starts a new epoch.
//
// It is not one of the registered broad phases: with GridBoxPruning, KeptOrderBoxPruning and
// CachedBoxPruning it answers a question about the semi-adjusting BSP (semi-adjusting-bsp.txt,
// 6.1, the attractor clouds), measured by `partlab-bench partition-floor`: CachedBoxPruning renews
// each box as it escapes, one by one, and pays box pruning's per-box sweep every step to find the
// renewed boxes' partners; renewing them together pays it once per epoch. What it found (a median
// step far below box pruning's, a mean step no better): docs/broad-phases.md, "Scene 2 against
// box pruning".
#pragma once

#include <string_view>
#include <vector>

#include "engine/broadphase/box_pruning.h"
#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/cached_box_pruning.h"
#include "engine/broadphase/present_boxes.h"
#include "engine/broadphase/radix_sort.h"
#include "engine/broadphase/sorted_rows.h"

namespace partlab {

// How an epoch's fat boxes are made, and when an epoch ends.
struct EpochRule {
  static constexpr uint32_t kMostSteps = 64;
  uint32_t steps = 4;  // an epoch's length, in steps (1..kMostSteps)
  // FatBoxRule's margin and cap; its predictive_steps is replaced by the steps left in the epoch.
  FatBoxRule fat;
  // Every side also grown by this share of the distance the epoch's steps cover at the box's last
  // speed (0..FatBoxRule::kMost): paths bend, and a straight stretch alone is left within a few
  // steps by most boxes of a busy scene.
  float lateral_slack = 0.2f;
  float most_escaped = 1.0f / 32;  // a larger share of the boxes escaping in a step renews them all
  EpochRule Clamped() const;
};

// The fat box of a box renewed for `steps` steps (EpochRule).
Aabb FattenForEpoch(const EpochRule& rule, const Aabb& box, const Aabb& previous, uint32_t steps);

class EpochBoxPruning final : public BroadPhase {
 public:
  explicit EpochBoxPruning(const EpochRule& rule = {});
  const EpochRule& rule() const { return rule_; }

  std::string_view Name() const override { return "epoch_box_pruning"; }
  void Add(BoxId id, const Aabb& box) override;
  void Remove(BoxId id) override;
  void Move(BoxId id, const Aabb& box) override;
  void FindPairs(std::vector<BoxPair>& out) override;
  size_t MemoryBytes() const override;
  // The candidates tested on the exact boxes in the last FindPairs.
  uint64_t LastCandidateCount() const override { return candidates_.size(); }
  // Boxes that got a new fat box in the last FindPairs (all of them when an epoch began).
  size_t last_renewed() const { return last_renewed_; }

 private:
  void FindEscaped();
  void BeginEpoch();
  void RenewEscaped();
  template <typename Lanes>
  void SweepAllWith();
  template <typename Lanes>
  void FindEscapedPartnersWith();
  void FindLatePartners(BoxId e);

  EpochRule rule_;
  MovingBoxes held_;             // the boxes, by id, and each one's box before its last Move
  std::vector<Aabb> fat_;        // by id
  std::vector<uint8_t> late_;    // by id: 1 once renewed alone in this epoch (its row is stale)
  std::vector<uint32_t> stamp_;  // by id: == stamp_now_ when renewed alone this step
  uint32_t stamp_now_ = 0;
  std::vector<BoxId> late_ids_;  // the boxes renewed alone in this epoch
  std::vector<BoxId> escaped_;   // this step's boxes outside their fat boxes
  size_t escaped_count_ = 0;
  bool changed_ = true;  // a box was added or removed since the last step
  uint32_t age_ = 0;     // steps since the epoch began
  size_t last_renewed_ = 0;
  SortedRows rows_;  // the epoch's fat boxes by minimum X, then sentinels
  size_t row_count_ = 0;
  float widest_x_ = 0;  // the widest fat box along X at the epoch's start
  SimdPathChoice path_;
  std::vector<KeyedIndex> keys_, key_scratch_;
  std::vector<BoxPair> candidates_;
};

}  // namespace partlab
