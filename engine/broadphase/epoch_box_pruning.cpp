#include "engine/broadphase/epoch_box_pruning.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/broadphase/cached_candidates.h"
#include "engine/broadphase/lane_sweep.h"

namespace partlab {

EpochRule EpochRule::Clamped() const {
  EpochRule r = *this;
  r.steps = std::clamp(steps, 1u, kMostSteps);
  r.fat = fat.Clamped();
  r.lateral_slack = lateral_slack > 0.0f ? std::min(lateral_slack, FatBoxRule::kMost) : 0.0f;
  r.most_escaped = most_escaped > 0.0f ? std::min(most_escaped, 1.0f) : 0.0f;  // NaN: 0
  return r;
}

// FatBoxRule's fat box for `steps` steps, then grown on every side by lateral_slack times the
// distance those steps cover at the box's last speed, capped as the stretch is: a box keeps to its
// fat box for a whole epoch only if its path may also bend. The products are written so that NaN
// grows nothing, and a side that overflows is held at the largest float (as FattenByRule's).
Aabb FattenForEpoch(const EpochRule& rule, const Aabb& box, const Aabb& previous, uint32_t steps) {
  FatBoxRule fat_rule = rule.fat;
  fat_rule.predictive_steps = float(steps);
  Aabb fat = FattenByRule(fat_rule, box, previous);
  const glm::vec3 moved = ((box.min + box.max) - (previous.min + previous.max)) * 0.5f;
  const glm::vec3 extent = box.max - box.min;
  const float speed = std::sqrt(moved.x * moved.x + moved.y * moved.y + moved.z * moved.z);
  const float slack = std::min(speed * float(steps) * rule.lateral_slack,
                               std::max({extent.x, extent.y, extent.z}) * rule.fat.predictive_cap);
  if (!(slack > 0.0f)) return fat;
  constexpr float kLargest = std::numeric_limits<float>::max();
  fat.min = glm::max(fat.min - slack, glm::vec3(-kLargest));
  fat.max = glm::min(fat.max + slack, glm::vec3(kLargest));
  return fat;
}

EpochBoxPruning::EpochBoxPruning(const EpochRule& rule) : rule_(rule.Clamped()) {}

void EpochBoxPruning::Add(BoxId id, const Aabb& box) {
  if (id >= held_.id_capacity()) {
    const size_t n = id + 1;
    fat_.resize(n), late_.resize(n, 0), stamp_.resize(n, 0), escaped_.resize(n);
  }
  held_.Add(id, box);
  changed_ = true;
}

void EpochBoxPruning::Remove(BoxId id) {
  if (id >= held_.id_capacity() || !held_.present[id]) return;
  held_.Remove(id);
  changed_ = true;
}

void EpochBoxPruning::Move(BoxId id, const Aabb& box) {
  held_.Move(id, box);
}

// Every present box outside its fat box, without a branch per box (whether one escapes is a coin
// toss in a busy scene).
void EpochBoxPruning::FindEscaped() {
  size_t n = 0;
  for (BoxId id = 0; id < held_.id_capacity(); ++id) {
    escaped_[n] = id;
    n += size_t(held_.present[id] & !InsideFat(held_.boxes[id], fat_[id]));
  }
  escaped_count_ = n;
}

// Box pruning over the epoch's fat boxes: every pair whose fat boxes overlap, each found once from
// its earlier row. Always inlined for the same reason as BoxPruning::SweepWith.
template <typename Lanes>
[[gnu::always_inline]] inline void EpochBoxPruning::SweepAllWith() {
  const SweepColumns rows = rows_.Columns();
  const std::vector<BoxId>& ids = rows_.ids;
  for (size_t i = 0; i < row_count_; ++i) {
    SweepFrom<Lanes>(rows, i, rows, i + 1, row_count_,
                     [&](size_t j) { candidates_.push_back(MakePair(ids[i], ids[j])); });
  }
}

// Every present box gets a fat box stretched for the whole epoch; they are sorted by minimum X and
// swept once.
void EpochBoxPruning::BeginEpoch() {
  keys_.clear();
  for (BoxId id = 0; id < held_.id_capacity(); ++id) {
    if (!held_.present[id]) continue;
    fat_[id] = FattenForEpoch(rule_, held_.boxes[id], held_.previous[id], rule_.steps);
    keys_.push_back({SortableFloatBits(fat_[id].min.x), id});
  }
  RadixSortByKey(keys_, key_scratch_);
  rows_.Clear();
  widest_x_ = 0;
  for (const KeyedIndex& k : keys_) {
    const Aabb& fat = fat_[k.payload];
    rows_.Append(k.payload, fat);
    widest_x_ = std::max(widest_x_, fat.max.x - fat.min.x);
  }
  row_count_ = rows_.size();
  rows_.Pad();
  for (BoxId id : late_ids_) late_[id] = 0;
  late_ids_.clear();
  candidates_.clear();
  WithLanes(
      path_.get(), [&]<typename Lanes>() __attribute__((always_inline)) { SweepAllWith<Lanes>(); });
  age_ = 0;
  changed_ = false;
  last_renewed_ = keys_.size();
}

// An escaped box's partners among the rows of boxes not renewed alone: the rows whose minimum X
// lies within the widest fat box's width before its own (a binary search) up to its maximum X.
// A late box's row is stale; its pairs with the escaped ones are FindLatePartners'.
template <typename Lanes>
[[gnu::always_inline]] inline void EpochBoxPruning::FindEscapedPartnersWith() {
  const SweepColumns rows = rows_.Columns();
  const float* row_min_x = rows_.min_x.data();
  for (size_t k = 0; k < escaped_count_; ++k) {
    const BoxId e = escaped_[k];
    const Aabb& fat = fat_[e];
    // SweepFrom reads only row 0 of the querying columns: the fat box's own fields will do.
    const SweepColumns query{&fat.min.x, &fat.max.x, &fat.min.y,
                             &fat.max.y, &fat.min.z, &fat.max.z};
    const size_t from =
        std::lower_bound(row_min_x, row_min_x + row_count_, fat.min.x - widest_x_) - row_min_x;
    SweepFrom<Lanes>(query, 0, rows, from, row_count_, [&](size_t j) {
      const BoxId other = rows_.ids[j];
      if ((rows_.max_x[j] >= fat.min.x) & !late_[other])  // e is late too: its own row is skipped
        candidates_.push_back(MakePair(e, other));
    });
    FindLatePartners(e);
  }
}

// An escaped box's partners among the boxes renewed alone in this epoch, itself excepted; a pair of
// two boxes escaped in this same step is found once, from its lower id.
void EpochBoxPruning::FindLatePartners(BoxId e) {
  const Aabb& fat = fat_[e];
  for (BoxId other : late_ids_) {
    if (other == e || (stamp_[other] == stamp_now_ && other < e)) continue;
    if (OverlapsWithoutBranch(fat, fat_[other])) candidates_.push_back(MakePair(e, other));
  }
}

// The escaped boxes get fat boxes for the steps left in the epoch; their old candidates go, and
// their new ones are found.
void EpochBoxPruning::RenewEscaped() {
  ++stamp_now_;
  const uint32_t steps_left = rule_.steps - age_;  // 1 or more: FindPairs begins an epoch first
  for (size_t k = 0; k < escaped_count_; ++k) {
    const BoxId e = escaped_[k];
    fat_[e] = FattenForEpoch(rule_, held_.boxes[e], held_.previous[e], steps_left);
    stamp_[e] = stamp_now_;
    if (!late_[e]) late_[e] = 1, late_ids_.push_back(e);
  }
  DropStampedPairs(candidates_, stamp_, stamp_now_);
  WithLanes(
      path_.get(), [&]<typename Lanes>()
                       __attribute__((always_inline)) { FindEscapedPartnersWith<Lanes>(); });
  last_renewed_ = escaped_count_;
}

void EpochBoxPruning::FindPairs(std::vector<BoxPair>& out) {
  last_renewed_ = 0;
  if (changed_ || ++age_ >= rule_.steps) {
    BeginEpoch();
  } else {
    FindEscaped();
    if (float(escaped_count_) > rule_.most_escaped * float(row_count_)) {
      BeginEpoch();
    } else if (escaped_count_ > 0) {
      RenewEscaped();
    }
  }
  AppendOverlappingPairs(candidates_, held_.boxes, out);
}

size_t EpochBoxPruning::MemoryBytes() const {
  return held_.MemoryBytes() + fat_.capacity() * sizeof(Aabb) + late_.capacity() +
         stamp_.capacity() * sizeof(uint32_t) +
         (late_ids_.capacity() + escaped_.capacity()) * sizeof(BoxId) +
         (keys_.capacity() + key_scratch_.capacity()) * sizeof(KeyedIndex) +
         candidates_.capacity() * sizeof(BoxPair) + rows_.MemoryBytes();
}

}  // namespace partlab
