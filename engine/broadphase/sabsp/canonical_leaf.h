// The canonical rule of the BSP's pair finder (bsp_pairs.h): a pair whose two boxes share several
// leaves is reported only by the leaf where the descent of their intersection ends, going to the
// negative side of every plane that the intersection's low end reaches (3.4's side rule).
//
// Checking the rule walks the leaf's path to the root for every such pair, every step; in resting
// piles, where many boxes straddle planes, that walk was a quarter of the step. But the exact
// boxes move inside their stored (fat) boxes, so the exact intersection I stays inside the fat
// one F, and by the monotone projection (projection.h) I's low end stays inside F's projected
// interval [lo, hi] on every plane: a plane with hi <= offset sends I negative whatever the
// exact boxes do, one with lo > offset positive. While the two stored boxes and the leaf's path
// keep still, the rule's answer for the pair is therefore known at the sweep for every pair but
// those whose F straddles a plane of the path: CanonicalOutlookOf sorts pairs into the three
// cases, and LeafPath tells when the path changed (an operation moved, removed or added a plane
// above the leaf).
#pragma once

#include <vector>

#include "engine/broadphase/sabsp/bsp_tree.h"

namespace partlab {

// True when `leaf` is where the canonical descent of a ∩ b ends.
bool IsCanonicalLeaf(const BspTree& tree, NodeId leaf, const Aabb& a, const Aabb& b);

enum class CanonicalOutlook : uint8_t {
  kAlways,   // the leaf reports the pair whenever the exact boxes overlap
  kNever,    // another leaf reports it
  kDepends,  // the exact intersection decides: IsCanonicalLeaf each step
};

// The rule's answer for a pair of boxes that lie in `leaf`, for any exact boxes inside the stored
// (fat) boxes `fat_a` and `fat_b`, while the leaf's path stays as it is now.
CanonicalOutlook CanonicalOutlookOf(const BspTree& tree, NodeId leaf, const Aabb& fat_a,
                                    const Aabb& fat_b);

// The planes above a leaf, recorded when its pairs were classified: node, slot generation, plane
// and side at each level. Unchanged() compares them with the tree's now (one walk per leaf and
// step, not per pair).
class LeafPath {
 public:
  void Record(const BspTree& tree, NodeId leaf);
  bool Unchanged(const BspTree& tree, NodeId leaf) const;

 private:
  struct Step {
    NodeId node;
    uint32_t generation;
    float offset;
    uint8_t plane_dir;
    bool negative_side;
    bool operator==(const Step&) const = default;
  };
  static Step StepAt(const BspTree& tree, NodeId child, NodeId parent);
  std::vector<Step> steps_;
  bool recorded_ = false;
};

}  // namespace partlab
