#include "engine/broadphase/sabsp/bsp_pairs.h"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace partlab {
namespace {

// The same closed-interval test as Overlaps (aabb.h), without branches. With SSE, each corner is
// one 4-float load (lane 3 is the next field of LeafEntry and is masked out): the boxes are
// disjoint when some min exceeds the other's max.
inline bool EntriesOverlap(const LeafEntry& a, const LeafEntry& b) {
#if defined(__SSE2__)
  const __m128 a_min = _mm_loadu_ps(&a.box.min.x), a_max = _mm_loadu_ps(&a.box.max.x);
  const __m128 b_min = _mm_loadu_ps(&b.box.min.x), b_max = _mm_loadu_ps(&b.box.max.x);
  const __m128 apart = _mm_or_ps(_mm_cmpgt_ps(a_min, b_max), _mm_cmpgt_ps(b_min, a_max));
  return (_mm_movemask_ps(apart) & 7) == 0;
#else
  const Aabb &x = a.box, &y = b.box;
  return (x.min.x <= y.max.x) & (y.min.x <= x.max.x) & (x.min.y <= y.max.y) & (y.min.y <= x.max.y) &
         (x.min.z <= y.max.z) & (y.min.z <= x.max.z);
#endif
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
      for (size_t j = i + 1; j < size && e[j].lo <= hi; ++j) {
        ++candidates;
        if (!EntriesOverlap(e[i], e[j])) continue;
        const BoxId a = e[i].id, b = e[j].id;
        if (tree.leaf_count(a) > 1 && tree.leaf_count(b) > 1 &&
            !IsCanonicalLeaf(tree, NodeId(n), e[i].box, e[j].box)) {
          continue;  // reported by the canonical leaf
        }
        out.push_back(MakePair(a, b));
      }
    }
  }
  return candidates;
}

}  // namespace partlab
