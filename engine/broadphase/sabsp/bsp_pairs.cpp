#include "engine/broadphase/sabsp/bsp_pairs.h"

namespace partlab {
namespace {

// The same closed-interval test as Overlaps (aabb.h), evaluated without short-circuits: most
// candidates fail on an unpredictable axis, so six compares and one branch beat six branches.
inline bool OverlapsBranchless(const Aabb& a, const Aabb& b) {
  return (a.min.x <= b.max.x) & (b.min.x <= a.max.x) & (a.min.y <= b.max.y) & (b.min.y <= a.max.y) &
         (a.min.z <= b.max.z) & (b.min.z <= a.max.z);
}

}  // namespace

bool IsCanonicalLeaf(const BspTree& tree, NodeId leaf, const Aabb& a, const Aabb& b) {
  const Aabb i{glm::max(a.min, b.min), glm::min(a.max, b.max)};
  // Walk the leaf's path bottom-up: at each ancestor the descent of I must take this side.
  for (NodeId c = leaf, p = tree.node(leaf).parent; p != kNoNode; c = p, p = tree.node(p).parent) {
    const BspNode& node = tree.node(p);
    const bool goes_negative = ReachesNegative(ProjectAabb(i, node.normal), node.offset);
    if (goes_negative != (node.child[0] == c)) return false;
  }
  return true;
}

uint64_t FindBspPairs(const BspTree& tree, std::vector<BoxPair>& out) {
  uint64_t candidates = 0;
  std::span<const BspNode> nodes = tree.nodes();
  for (size_t n = 0; n < nodes.size(); ++n) {
    if (!nodes[n].alive || !nodes[n].IsLeaf()) continue;
    std::span<const LeafEntry> list = tree.leaf(NodeId(n));
    const LeafEntry* e = list.data();
    const size_t size = list.size();
    for (size_t i = 0; i < size; ++i) {
      const float hi = e[i].hi;
      const Aabb& bi = e[i].box;
      for (size_t j = i + 1; j < size && e[j].lo <= hi; ++j) {
        ++candidates;
        if (!OverlapsBranchless(bi, e[j].box)) continue;
        const BoxId a = e[i].id, b = e[j].id;
        if (tree.leaf_count(a) > 1 && tree.leaf_count(b) > 1 &&
            !IsCanonicalLeaf(tree, NodeId(n), bi, e[j].box)) {
          continue;  // reported by the canonical leaf
        }
        out.push_back(MakePair(a, b));
      }
    }
  }
  return candidates;
}

}  // namespace partlab
