#include "engine/broadphase/sabsp/bsp_pairs.h"

#include <algorithm>

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

// Sweeps candidates (i, j) for j in [i + 1, end) and writes the reported pairs at dst[found...].
// Two forms of the same loop: with a branch on the overlap test, best when few candidates overlap
// (sparse leaves: the branch is predictable), and branch-free, best in dense leaves where the test
// is a coin toss that a branch would keep mispredicting. The caller picks by the hit rate so far.
template <bool kBranchFree>
size_t SweepRow(const BspTree& tree, NodeId leaf, const LeafEntry* e, size_t i, size_t end,
                BoxPair* dst, size_t found) {
  const BoxId a = e[i].id;
  const bool a_multi = tree.leaf_count(a) > 1;
  for (size_t j = i + 1; j < end; ++j) {
    bool report = EntriesOverlap(e[i], e[j]);
    if constexpr (!kBranchFree) {
      if (!report) continue;
    }
    if (report && a_multi && tree.leaf_count(e[j].id) > 1) {
      report = IsCanonicalLeaf(tree, leaf, e[i].box, e[j].box);  // else reported elsewhere
    }
    const BoxId b = e[j].id;
    dst[found] = BoxPair{std::min(a, b), std::max(a, b)};
    found += report;
  }
  return found;
}

}  // namespace

uint64_t FindBspPairs(const BspTree& tree, std::vector<BoxPair>& out,
                      std::vector<BoxPair>& scratch) {
  uint64_t candidates = 0;
  size_t found = 0;  // pairs written to scratch
  std::span<const BspNode> nodes = tree.nodes();
  for (size_t n = 0; n < nodes.size(); ++n) {
    if (!nodes[n].alive || !nodes[n].IsLeaf()) continue;
    std::span<const LeafEntry> list = tree.leaf(NodeId(n));
    const LeafEntry* e = list.data();
    const size_t size = list.size();
    uint64_t leaf_candidates = 0, leaf_found = 0;
    for (size_t i = 0; i < size; ++i) {
      const float hi = e[i].hi;
      size_t end = i + 1;
      while (end < size && e[end].lo <= hi) ++end;
      // Room for every candidate of this row: the sweep writes with no capacity checks.
      if (found + (end - i) > scratch.size()) scratch.resize(2 * (found + (end - i)) + 1024);
      const size_t before = found;
      const bool dense = leaf_found * 8 > leaf_candidates;  // more than 1 in 8 overlap
      found = dense ? SweepRow<true>(tree, NodeId(n), e, i, end, scratch.data(), found)
                    : SweepRow<false>(tree, NodeId(n), e, i, end, scratch.data(), found);
      leaf_candidates += end - i - 1;
      leaf_found += found - before;
    }
    candidates += leaf_candidates;
  }
  out.insert(out.end(), scratch.begin(), scratch.begin() + ptrdiff_t(found));
  return candidates;
}

}  // namespace partlab
