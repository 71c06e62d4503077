#include "engine/broadphase/sabsp/canonical_leaf.h"

#include <glm/common.hpp>

#include "engine/broadphase/sabsp/projection.h"

namespace partlab {

bool IsCanonicalLeaf(const BspTree& tree, NodeId leaf, const Aabb& a, const Aabb& b) {
  const Aabb i{glm::max(a.min, b.min), glm::min(a.max, b.max)};
  // Walk the leaf's path bottom-up: at each ancestor the descent of I must take this side. Only
  // the low end of I's projection decides it (ReachesNegative).
  for (NodeId c = leaf, p = tree.node(leaf).parent; p != kNoNode; c = p, p = tree.node(p).parent) {
    const BspNode& node = tree.node(p);
    const bool goes_negative = ProjectLow(i, node.normal) <= node.offset;
    if (goes_negative != (node.child[0] == c)) return false;
  }
  return true;
}

// At each ancestor, F's projected interval [lo, hi] bounds I's low end (see the header): hi <=
// offset decides negative, lo > offset positive, anything else leaves it to the exact boxes. One
// decided level against the leaf's side is enough to rule the leaf out.
CanonicalOutlook CanonicalOutlookOf(const BspTree& tree, NodeId leaf, const Aabb& fat_a,
                                    const Aabb& fat_b) {
  const Aabb f{glm::max(fat_a.min, fat_b.min), glm::min(fat_a.max, fat_b.max)};
  CanonicalOutlook outlook = CanonicalOutlook::kAlways;
  for (NodeId c = leaf, p = tree.node(leaf).parent; p != kNoNode; c = p, p = tree.node(p).parent) {
    const BspNode& node = tree.node(p);
    const Interval iv = ProjectAabb(f, node.normal);
    const bool leaf_negative = node.child[0] == c;
    if (iv.hi <= node.offset) {
      if (!leaf_negative) return CanonicalOutlook::kNever;
    } else if (iv.lo > node.offset) {
      if (leaf_negative) return CanonicalOutlook::kNever;
    } else {
      outlook = CanonicalOutlook::kDepends;
    }
  }
  return outlook;
}

LeafPath::Step LeafPath::StepAt(const BspTree& tree, NodeId child, NodeId parent) {
  const BspNode& node = tree.node(parent);
  return {parent, node.generation, node.offset, node.plane_dir, node.child[0] == child};
}

void LeafPath::Record(const BspTree& tree, NodeId leaf) {
  steps_.clear();
  for (NodeId c = leaf, p = tree.node(leaf).parent; p != kNoNode; c = p, p = tree.node(p).parent)
    steps_.push_back(StepAt(tree, c, p));
  recorded_ = true;
}

bool LeafPath::Unchanged(const BspTree& tree, NodeId leaf) const {
  if (!recorded_) return false;
  size_t k = 0;
  for (NodeId c = leaf, p = tree.node(leaf).parent; p != kNoNode; c = p, p = tree.node(p).parent) {
    if (k == steps_.size() || !(steps_[k++] == StepAt(tree, c, p))) return false;
  }
  return k == steps_.size();
}

}  // namespace partlab
