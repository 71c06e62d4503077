#include "engine/broadphase/sort_and_sweep.h"

#include <algorithm>

namespace partlab {

void SortAndSweep::FindPairs(std::span<const Aabb> boxes, std::vector<BoxPair>& out) {
  order_.clear();
  for (size_t i = 0; i < boxes.size(); ++i)
    if (!boxes[i].IsEmpty()) order_.push_back({boxes[i].min.x, BoxId(i)});
  std::sort(order_.begin(), order_.end(), [](const Entry& a, const Entry& b) {
    return a.min_x < b.min_x || (a.min_x == b.min_x && a.id < b.id);
  });
  // The boxes in sweep order, contiguous, so the inner loop streams through memory.
  sorted_.resize(order_.size());
  for (size_t i = 0; i < order_.size(); ++i) sorted_[i] = boxes[order_[i].id];
  uint64_t candidates = 0;
  for (size_t i = 0; i < sorted_.size(); ++i) {
    const Aabb& a = sorted_[i];
    // Every later box starts at or after a.min.x; it overlaps a on x while it starts <= a.max.x.
    for (size_t j = i + 1; j < sorted_.size() && sorted_[j].min.x <= a.max.x; ++j) {
      ++candidates;
      if (Overlaps(a, sorted_[j])) out.push_back(MakePair(order_[i].id, order_[j].id));
    }
  }
  last_candidates_ = candidates;
}

}  // namespace partlab
