#include "app/views/simulation/sim_merge_lists.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "app/i18n/translate.h"

namespace partlab {

namespace {

// The boxes of the leaves below `n`, by walking the tree (not through the merge's procedure).
void LeafBoxesBelow(const BspTree& tree, NodeId n, std::vector<BoxId>& out) {
  const BspNode& node = tree.node(n);
  if (node.IsLeaf()) {
    for (const LeafEntry& e : tree.leaf(n)) out.push_back(e.id);
    return;
  }
  LeafBoxesBelow(tree, node.child[0], out);
  LeafBoxesBelow(tree, node.child[1], out);
}

// A box's lower end on n: the least of its eight corners' dot products (3.1, by brute force).
float LowerEnd(const Aabb& b, const glm::vec3& n) {
  float lo = INFINITY;
  for (int corner = 0; corner < 8; ++corner) {
    const glm::vec3 p((corner & 1) ? b.max.x : b.min.x, (corner & 2) ? b.max.y : b.min.y,
                      (corner & 4) ? b.max.z : b.min.z);
    lo = std::min(lo, p.x * n.x + p.y * n.y + p.z * n.z);
  }
  return lo;
}

}  // namespace

std::string CheckMergeLists(SemiAdjustingBsp& bsp, NodeId node, std::span<const Aabb> boxes) {
  const BspTree& tree = bsp.tree();
  if (node < 0 || size_t(node) >= tree.nodes().size() || !tree.node(node).alive ||
      tree.node(node).IsLeaf())
    return Formatted(_("node %u is not an internal node: nothing to merge"), unsigned(node));
  const std::vector<MergeStage> stages = bsp.TraceMerge(node);
  if (stages.empty() || stages.back().node != node)
    return Formatted(_("the merge of node %u recorded no list for the node itself"),
                     unsigned(node));
  std::vector<BoxId> expected, got;
  for (const MergeStage& s : stages) {
    const glm::vec3 n = tree.direction(s.sort_dir);
    expected.clear();
    LeafBoxesBelow(tree, s.node, expected);
    got.clear();
    for (const LeafEntry& e : s.list) got.push_back(e.id);
    std::vector<BoxId> expected_set = expected, got_set = got;
    std::sort(expected_set.begin(), expected_set.end());
    std::sort(got_set.begin(), got_set.end());
    if (expected_set != got_set)
      return Formatted(_("node %u: its list holds %zu boxes; the leaves below it hold %zu"),
                       unsigned(s.node), got.size(), expected.size());
    // The answer: the same boxes sorted afresh by their lower ends; ties may come in any order,
    // so the lists are compared by their lower ends, place by place.
    std::vector<float> fresh;
    for (BoxId id : expected) fresh.push_back(LowerEnd(boxes[id], n));
    std::sort(fresh.begin(), fresh.end());
    for (size_t i = 0; i < got.size(); ++i) {
      const float lo = LowerEnd(boxes[got[i]], n);
      if (std::fabs(lo - fresh[i]) > 1e-4f * (1.0f + std::fabs(fresh[i])))
        return Formatted(_("node %u: place %zu holds box %u starting at %g; a fresh sort puts "
                           "a box starting at %g there"),
                         unsigned(s.node), i, unsigned(got[i]), double(lo), double(fresh[i]));
    }
  }
  return "";
}

}  // namespace partlab
