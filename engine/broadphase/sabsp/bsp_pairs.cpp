#include "engine/broadphase/sabsp/bsp_pairs.h"

#include <algorithm>
#include <cmath>

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

namespace {

inline bool ExactOverlap(const Aabb& x, const Aabb& y) {
  return (x.min.x <= y.max.x) & (y.min.x <= x.max.x) & (x.min.y <= y.max.y) & (y.min.y <= x.max.y) &
         (x.min.z <= y.max.z) & (y.min.z <= x.max.z);
}

}  // namespace

// The sweep of 5.1.2 along the leaf's sorted list, on the stored boxes.
void BspPairFinder::Sweep(const BspTree& tree, NodeId leaf) {
  std::vector<BoxPair>& cand = candidates_[leaf];
  cand.clear();
  std::span<const LeafEntry> list = tree.leaf(leaf);
  const LeafEntry* e = list.data();
  const size_t size = list.size();
  for (size_t i = 0; i < size; ++i) {
    const float hi = e[i].hi;
    for (size_t j = i + 1; j < size && e[j].lo <= hi; ++j) {
      if (EntriesOverlap(e[i], e[j])) cand.push_back(MakePair(e[i].id, e[j].id));
    }
  }
}

// Drops the candidates of the touched boxes and finds them again, each touched box against its
// neighbours in the sorted list: forward while the next entry starts before it ends (as in the
// sweep), backward as far as the widest interval of the leaf can reach. A pair of two touched
// boxes is found once, from the earlier entry.
void BspPairFinder::Repair(const BspTree& tree, NodeId leaf) {
  if (stamp_.size() < tree.id_capacity()) stamp_.resize(tree.id_capacity(), 0);
  if (++epoch_ == 0) {
    std::fill(stamp_.begin(), stamp_.end(), 0);
    epoch_ = 1;
  }
  for (BoxId id : tree.touched(leaf)) stamp_[id] = epoch_;
  std::vector<BoxPair>& cand = candidates_[leaf];
  std::erase_if(cand,
                [&](const BoxPair& p) { return stamp_[p.a] == epoch_ || stamp_[p.b] == epoch_; });
  std::span<const LeafEntry> list = tree.leaf(leaf);
  const LeafEntry* e = list.data();
  const size_t size = list.size();
  float widest = 0;
  for (size_t i = 0; i < size; ++i) widest = std::max(widest, e[i].hi - e[i].lo);
  for (size_t i = 0; i < size; ++i) {
    if (stamp_[e[i].id] != epoch_) continue;
    for (size_t j = i + 1; j < size && e[j].lo <= e[i].hi; ++j) {
      if (EntriesOverlap(e[i], e[j])) cand.push_back(MakePair(e[i].id, e[j].id));
    }
    // An earlier entry j reaches e[i].lo only if e[j].lo >= e[i].lo - widest; the slack covers
    // the rounding of that subtraction.
    const float reach = e[i].lo - widest - 1e-4f * (std::abs(e[i].lo) + widest);
    for (size_t j = i; j-- > 0 && e[j].lo >= reach;) {
      if (stamp_[e[j].id] == epoch_) continue;  // found from e[j] itself
      if (EntriesOverlap(e[i], e[j])) cand.push_back(MakePair(e[i].id, e[j].id));
    }
  }
}

uint64_t BspPairFinder::FindPairs(BspTree& tree, std::vector<BoxPair>& out, bool reuse_candidates) {
  std::span<const BspNode> nodes = tree.nodes();
  if (candidates_.size() < nodes.size()) candidates_.resize(nodes.size());
  uint64_t tested = 0;
  swept_ = 0;
  for (size_t n = 0; n < nodes.size(); ++n) {
    if (!nodes[n].alive || !nodes[n].IsLeaf()) continue;
    const NodeId leaf = NodeId(n);
    if (!reuse_candidates || tree.pairs_stale(leaf)) {
      Sweep(tree, leaf);
      ++swept_;
    } else if (!tree.touched(leaf).empty()) {
      Repair(tree, leaf);
    }
    tree.PairsRefreshed(leaf);
    tested += candidates_[n].size();
    for (const BoxPair& p : candidates_[n]) {
      const Aabb &a = tree.exact_box(p.a), &b = tree.exact_box(p.b);
      if (!ExactOverlap(a, b)) continue;
      // Both boxes in several leaves: only the canonical leaf reports it. The canonical leaf of
      // the exact intersection is reached by both exact boxes, hence by both fat ones.
      if (tree.leaf_count(p.a) > 1 && tree.leaf_count(p.b) > 1 &&
          !IsCanonicalLeaf(tree, leaf, a, b)) {
        continue;
      }
      out.push_back(p);
    }
  }
  return tested;
}

size_t BspPairFinder::MemoryBytes() const {
  size_t bytes = candidates_.capacity() * sizeof(candidates_[0]);
  for (const auto& c : candidates_) bytes += c.capacity() * sizeof(BoxPair);
  return bytes;
}

}  // namespace partlab
