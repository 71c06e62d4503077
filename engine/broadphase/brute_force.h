// The reference broad phase: every pair of present boxes, tested exactly. O(n²), obviously right;
// every other implementation is checked against it.
#pragma once

#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

class BruteForce final : public BroadPhase {
 public:
  std::string_view Name() const override { return "brute"; }
  void Add(BoxId id, const Aabb& box) override;
  void Remove(BoxId id) override;
  void Move(BoxId id, const Aabb& box) override;
  void FindPairs(std::vector<BoxPair>& out) override;
  size_t MemoryBytes() const override;
  uint64_t LastCandidateCount() const override { return last_candidates_; }

 private:
  std::vector<Aabb> boxes_;  // indexed by id
  std::vector<uint8_t> present_;
  uint64_t last_candidates_ = 0;
};

}  // namespace partlab
