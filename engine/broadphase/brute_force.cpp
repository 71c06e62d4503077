#include "engine/broadphase/brute_force.h"

namespace partlab {

void BruteForce::Add(BoxId id, const Aabb& box) {
  if (id >= boxes_.size()) {
    boxes_.resize(id + 1);
    present_.resize(id + 1, 0);
  }
  boxes_[id] = box;
  present_[id] = 1;
}

void BruteForce::Remove(BoxId id) {
  if (id < present_.size()) present_[id] = 0;
}

void BruteForce::Move(BoxId id, const Aabb& box) {
  boxes_[id] = box;
}

void BruteForce::FindPairs(std::vector<BoxPair>& out) {
  const BoxId n = static_cast<BoxId>(boxes_.size());
  uint64_t candidates = 0;
  for (BoxId i = 0; i < n; ++i) {
    if (!present_[i]) continue;
    for (BoxId j = i + 1; j < n; ++j) {
      if (!present_[j]) continue;
      ++candidates;
      if (Overlaps(boxes_[i], boxes_[j])) out.push_back({i, j});
    }
  }
  last_candidates_ = candidates;
}

size_t BruteForce::MemoryBytes() const {
  return boxes_.capacity() * sizeof(Aabb) + present_.capacity();
}

}  // namespace partlab
