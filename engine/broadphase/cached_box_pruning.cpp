#include "engine/broadphase/cached_box_pruning.h"

#include <algorithm>
#include <bit>
#include <limits>

#include "engine/broadphase/box_pruning.h"
#include "engine/broadphase/float_lanes.h"
#include "engine/broadphase/lane_sweep.h"

namespace partlab {

FatBoxRule FatBoxRule::Clamped() const {
  auto clamp = [](float v) { return v > 0.0f ? std::min(v, kMost) : 0.0f; };  // NaN: 0
  return {clamp(margin), clamp(predictive_steps), clamp(predictive_cap)};
}

CachedBoxPruning::CachedBoxPruning(const FatBoxRule& rule) : rule_(rule.Clamped()) {}

void CachedBoxPruning::Add(BoxId id, const Aabb& box) {
  if (id >= held_.id_capacity()) {
    const size_t n = id + 1;
    fat_.resize(n), sorted_.resize(n, 0), stamp_.resize(n, 0);
  }
  held_.Add(id, box);
}

void CachedBoxPruning::Remove(BoxId id) {
  if (id >= held_.id_capacity() || !held_.present[id]) return;
  held_.Remove(id);
  if (sorted_[id]) removed_.push_back(id);
}

void CachedBoxPruning::Move(BoxId id, const Aabb& box) {
  held_.Move(id, box);
}

// BspTree::Fatten's rule (FatBoxRule). The products are written so that an infinite side times a
// zero factor, which is NaN, grows nothing (a comparison with NaN is false). A side that overflows
// is held at the largest float: the boxes are finite, so it still holds its box, and the sweeps'
// sentinels (minimum X +infinity) stay past every fat box's reach.
Aabb FattenByRule(const FatBoxRule& rule, const Aabb& box, const Aabb& previous) {
  const glm::vec3 extent = box.max - box.min;
  const float largest = std::max({extent.x, extent.y, extent.z});
  const float grown = largest * rule.margin;
  const float margin = grown > 0.0f ? grown : 0.0f;
  Aabb fat{box.min - margin, box.max + margin};
  const float cap = largest * rule.predictive_cap;
  const glm::vec3 moved = ((box.min + box.max) - (previous.min + previous.max)) * 0.5f;
  for (int a = 0; a < 3; ++a) {
    const float stretch = std::min(std::abs(moved[a]) * rule.predictive_steps, cap);
    if (!(stretch > 0.0f)) continue;
    if (moved[a] > 0.0f) {
      fat.max[a] += stretch;
    } else {
      fat.min[a] -= stretch;
    }
  }
  constexpr float kLargest = std::numeric_limits<float>::max();
  fat.min = glm::max(fat.min, glm::vec3(-kLargest));
  fat.max = glm::min(fat.max, glm::vec3(kLargest));
  return fat;
}

// The removed boxes leave the array, stamped with this step's epoch; every present box outside its
// fat box, or not in the array (added, or removed and added again since the last step), gets a new
// fat box and is stamped too.
void CachedBoxPruning::FindEscaped() {
  ++epoch_;
  for (BoxId id : removed_) stamp_[id] = epoch_, sorted_[id] = 0;
  removed_.clear();
  escaped_.clear();
  for (BoxId id = 0; id < held_.id_capacity(); ++id) {
    if (!held_.present[id] || (sorted_[id] && InsideFat(held_.boxes[id], fat_[id]))) continue;
    fat_[id] = FattenByRule(rule_, held_.boxes[id], held_.previous[id]);
    stamp_[id] = epoch_;
    escaped_.push_back(id);
  }
}

// The unstamped rows keep their order; the escaped boxes, sorted by their new fat minimum X, are
// merged in; the stamped rows (their old places, and the removed boxes) are dropped. One pass.
void CachedBoxPruning::MergeEscaped() {
  keys_.clear();
  for (BoxId id : escaped_) keys_.push_back({SortableFloatBits(fat_[id].min.x), id});
  RadixSortByKey(keys_, key_scratch_);
  merged_.Clear();
  renewed_.Clear();
  renewed_rows_.clear();
  size_t row = 0, next = 0;
  auto take_row = [&] {
    if (stamp_[sorted_fat_.ids[row]] != epoch_) merged_.AppendRow(sorted_fat_, row);
    ++row;
  };
  while (row < sorted_count_ || next < keys_.size()) {
    if (next == keys_.size()) {
      take_row();
    } else if (row < sorted_count_ && sorted_fat_.min_x[row] <= fat_[keys_[next].payload].min.x) {
      take_row();
    } else {
      const BoxId id = keys_[next++].payload;
      renewed_rows_.push_back(uint32_t(merged_.size()));
      merged_.Append(id, fat_[id]);
      renewed_.Append(id, fat_[id]);
    }
  }
  sorted_count_ = merged_.size();
  merged_.Pad();
  renewed_.Pad();
  std::swap(sorted_fat_, merged_);
  for (BoxId id : escaped_) sorted_[id] = 1;
}

// The pairs box pruning's sweep over the sorted list would find with a renewed box in them, in two
// passes that split them by which box comes first in the list: a renewed box sweeps the whole list
// forward from its own row (every pair it starts); every other box sweeps forward over the renewed
// rows after it only (the pairs it starts with a renewed box). Each pair is found once: it starts
// at its earlier row. Always inlined for the same reason as BoxPruning::SweepWith.
template <typename Lanes>
[[gnu::always_inline]] inline void CachedBoxPruning::SweepRenewedWith() {
  const SweepColumns list = sorted_fat_.Columns(), renewed = renewed_.Columns();
  const std::vector<BoxId>& list_ids = sorted_fat_.ids;
  const std::vector<BoxId>& renewed_ids = renewed_.ids;
  for (const uint32_t row : renewed_rows_) {
    SweepFrom<Lanes>(list, row, list, row + 1, sorted_count_, [&](size_t j) {
      candidates_.push_back(MakePair(list_ids[row], list_ids[j]));
    });
  }
  size_t next_renewed = 0;  // the first renewed row after the current one
  for (size_t i = 0; i < sorted_count_; ++i) {
    if (next_renewed < renewed_rows_.size() && renewed_rows_[next_renewed] == i) {
      ++next_renewed;  // a renewed row: its pairs were found above
      continue;
    }
    SweepFrom<Lanes>(list, i, renewed, next_renewed, renewed_rows_.size(), [&](size_t j) {
      candidates_.push_back(MakePair(list_ids[i], renewed_ids[j]));
    });
  }
}

void CachedBoxPruning::FindNewCandidates() {
  WithLanes(
      path_.get(), [&]<typename Lanes>()
                       __attribute__((always_inline)) { SweepRenewedWith<Lanes>(); });
}

void CachedBoxPruning::FindPairs(std::vector<BoxPair>& out) {
  const bool removed = !removed_.empty();
  FindEscaped();
  if (removed || !escaped_.empty()) {
    MergeEscaped();
    DropStampedPairs(candidates_, stamp_, epoch_);
    FindNewCandidates();
  }
  AppendOverlappingPairs(candidates_, held_.boxes, out);
}

size_t CachedBoxPruning::MemoryBytes() const {
  size_t bytes = held_.MemoryBytes() + fat_.capacity() * sizeof(Aabb) + sorted_.capacity() +
                 stamp_.capacity() * sizeof(uint32_t) +
                 (escaped_.capacity() + removed_.capacity()) * sizeof(BoxId) +
                 (keys_.capacity() + key_scratch_.capacity()) * sizeof(KeyedIndex) +
                 candidates_.capacity() * sizeof(BoxPair);
  bytes += renewed_rows_.capacity() * sizeof(uint32_t);
  for (const SortedRows* s : {&sorted_fat_, &merged_, &renewed_}) bytes += s->MemoryBytes();
  return bytes;
}

}  // namespace partlab
