// The small steps that broad phases keeping candidates between steps share (CachedBoxPruning,
// EpochBoxPruning): whether a box still lies in its fat box, dropping the candidates of renewed
// boxes, and testing the kept candidates on the exact boxes. Each is written without a branch per
// box or pair: in a busy scene which box escapes, or which candidate touches, is a coin toss, and
// mispredicting it cost more than these loops' memory accesses.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

// Whether `box` lies inside `fat` (closed).
inline bool InsideFat(const Aabb& box, const Aabb& fat) {
  return (fat.min.x <= box.min.x) & (box.max.x <= fat.max.x) & (fat.min.y <= box.min.y) &
         (box.max.y <= fat.max.y) & (fat.min.z <= box.min.z) & (box.max.z <= fat.max.z);
}

// Whether two boxes overlap (closed, touching counts).
inline bool OverlapsWithoutBranch(const Aabb& a, const Aabb& b) {
  return (a.min.x <= b.max.x) & (b.min.x <= a.max.x) & (a.min.y <= b.max.y) & (b.min.y <= a.max.y) &
         (a.min.z <= b.max.z) & (b.min.z <= a.max.z);
}

// Drops every candidate with a box whose stamp (by id) is `now`, keeping the others' order.
inline void DropStampedPairs(std::vector<BoxPair>& candidates, const std::vector<uint32_t>& stamp,
                             uint32_t now) {
  size_t kept = 0;
  for (const BoxPair& p : candidates) {
    candidates[kept] = p;
    kept += size_t((stamp[p.a] != now) & (stamp[p.b] != now));
  }
  candidates.resize(kept);
}

// Appends to `out` the candidates whose exact boxes (by id) overlap.
inline void AppendOverlappingPairs(const std::vector<BoxPair>& candidates,
                                   const std::vector<Aabb>& boxes, std::vector<BoxPair>& out) {
  size_t found = out.size();
  out.resize(found + candidates.size());
  for (const BoxPair& p : candidates) {
    out[found] = p;
    found += size_t(OverlapsWithoutBranch(boxes[p.a], boxes[p.b]));
  }
  out.resize(found);
}

}  // namespace partlab
