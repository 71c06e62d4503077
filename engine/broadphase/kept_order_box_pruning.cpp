#include "engine/broadphase/kept_order_box_pruning.h"

#include <algorithm>

#include "engine/broadphase/lane_sweep.h"

namespace partlab {

void KeptOrderBoxPruning::Add(BoxId id, const Aabb& box) {
  held_.Add(id, box);
  added_.push_back(id);
}

void KeptOrderBoxPruning::Remove(BoxId id) {
  held_.Remove(id);
}

void KeptOrderBoxPruning::Move(BoxId id, const Aabb& box) {
  held_.Move(id, box);
}

// Last step's order without the boxes removed since, each place given its box's minimum X now. A
// box removed and added again in one step stays where it was.
void KeptOrderBoxPruning::DropRemovedAndReadKeys() {
  size_t kept = 0;
  for (const Keyed& k : order_) {
    if (held_.present[k.id]) {
      order_[kept++] = {held_.boxes[k.id].min.x, k.id};
    } else {
      in_order_[k.id] = 0;
    }
  }
  order_.resize(kept);
}

// Each box moves down past the boxes before it that now start after it: one move per inversion.
void KeptOrderBoxPruning::InsertionSortKept() {
  uint64_t moves = 0;
  Keyed* a = order_.data();
  for (size_t i = 1; i < order_.size(); ++i) {
    const Keyed k = a[i];
    size_t j = i;
    for (; j > 0 && a[j - 1].min_x > k.min_x; --j) a[j] = a[j - 1];
    a[j] = k;
    moves += i - j;
  }
  last_sort_moves_ = moves;
}

// The boxes added since the last step (not already in the order), sorted apart and merged in: an
// insertion sort would move each of them across the whole list.
void KeptOrderBoxPruning::MergeAdded() {
  added_sorted_.clear();
  in_order_.resize(held_.id_capacity(), 0);
  for (BoxId id : added_) {
    if (!held_.present[id] || in_order_[id]) continue;
    in_order_[id] = 1;
    added_sorted_.push_back({held_.boxes[id].min.x, id});
  }
  added_.clear();
  if (added_sorted_.empty()) return;
  auto by_min_x = [](const Keyed& a, const Keyed& b) { return a.min_x < b.min_x; };
  std::sort(added_sorted_.begin(), added_sorted_.end(), by_min_x);
  merged_.resize(order_.size() + added_sorted_.size());
  std::merge(order_.begin(), order_.end(), added_sorted_.begin(), added_sorted_.end(),
             merged_.begin(), by_min_x);
  std::swap(order_, merged_);
}

void KeptOrderBoxPruning::FillRows() {
  rows_.Clear();
  for (const Keyed& k : order_) rows_.Append(k.id, held_.boxes[k.id]);
  rows_.Pad();
}

void KeptOrderBoxPruning::Sweep(std::vector<BoxPair>& out) {
  const SweepColumns columns = rows_.Columns();
  const std::vector<BoxId>& ids = rows_.ids;
  const size_t n = order_.size();
  uint64_t lanes = 0;
  WithLanes(
      path_.get(), [&]<typename Lanes>() __attribute__((always_inline)) {
        for (size_t i = 0; i < n; ++i)
          lanes += SweepFrom<Lanes>(columns, i, columns, i + 1, n,
                                    [&](size_t j) { out.push_back(MakePair(ids[i], ids[j])); });
      });
  last_candidates_ = lanes;
}

void KeptOrderBoxPruning::FindPairs(std::vector<BoxPair>& out) {
  DropRemovedAndReadKeys();
  InsertionSortKept();
  MergeAdded();
  FillRows();
  Sweep(out);
}

size_t KeptOrderBoxPruning::MemoryBytes() const {
  return held_.MemoryBytes() + in_order_.capacity() + added_.capacity() * sizeof(BoxId) +
         (order_.capacity() + added_sorted_.capacity() + merged_.capacity()) * sizeof(Keyed) +
         rows_.MemoryBytes();
}

}  // namespace partlab
