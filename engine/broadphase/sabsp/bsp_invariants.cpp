#include "engine/broadphase/sabsp/bsp_invariants.h"

#include <algorithm>
#include <sstream>
#include <vector>

namespace partlab {
namespace {

// Visits the leaves `box` reaches under n, counting reached nodes and recording leaf membership.
void Reach(const BspTree& tree, NodeId n, const Aabb& box, BoxId id,
           std::vector<uint32_t>& population, std::vector<std::vector<BoxId>>& expected) {
  ++population[n];
  const BspNode& node = tree.node(n);
  if (node.IsLeaf()) {
    expected[n].push_back(id);
    return;
  }
  const Interval iv = ProjectAabb(box, node.normal);
  if (ReachesNegative(iv, node.offset)) Reach(tree, node.child[0], box, id, population, expected);
  if (ReachesPositive(iv, node.offset)) Reach(tree, node.child[1], box, id, population, expected);
}

std::string CheckLinks(const BspTree& tree, NodeId n, size_t& reachable) {
  std::ostringstream err;
  const BspNode& node = tree.node(n);
  ++reachable;
  if (!node.alive) return "node " + std::to_string(n) + " is reachable but dead";
  if (node.IsLeaf()) {
    if (node.child[1] != kNoNode) return "leaf " + std::to_string(n) + " has one child";
    if (node.sort_dir != tree.ChildSortDir(node.parent)) {
      return "leaf " + std::to_string(n) + " is not sorted on its parent's normal";
    }
    return "";
  }
  if (!tree.leaf(n).empty()) return "internal node " + std::to_string(n) + " holds boxes";
  for (NodeId c : node.child) {
    if (c == kNoNode || tree.node(c).parent != n || tree.node(c).depth != node.depth + 1) {
      return "bad link or depth below node " + std::to_string(n);
    }
    std::string e = CheckLinks(tree, c, reachable);
    if (!e.empty()) return e;
  }
  return "";
}

}  // namespace

std::string CheckBspInvariants(const BspTree& tree) {
  const std::span<const BspNode> nodes = tree.nodes();
  if (tree.node(tree.root()).parent != kNoNode || tree.node(tree.root()).depth != 0) {
    return "root has a parent or non-zero depth";
  }
  size_t reachable = 0;
  if (std::string e = CheckLinks(tree, tree.root(), reachable); !e.empty()) return e;
  const size_t alive =
      size_t(std::count_if(nodes.begin(), nodes.end(), [](const BspNode& n) { return n.alive; }));
  if (alive != reachable) return "alive nodes not reachable from the root";

  std::vector<uint32_t> population(nodes.size(), 0);
  std::vector<std::vector<BoxId>> expected(nodes.size());
  std::vector<uint32_t> leaf_count(tree.id_capacity(), 0);
  uint32_t boxes = 0;
  for (BoxId id = 0; id < tree.id_capacity(); ++id) {
    if (!tree.present(id)) continue;
    ++boxes;
    Reach(tree, tree.root(), tree.box(id), id, population, expected);
  }
  if (boxes != tree.box_count()) return "box count mismatch";

  uint64_t entries = 0;
  std::vector<BoxId> ids;
  for (size_t n = 0; n < nodes.size(); ++n) {
    if (!nodes[n].alive) continue;
    std::ostringstream where;
    where << "node " << n << " (depth " << nodes[n].depth << "): ";
    if (nodes[n].population != population[n]) {
      return where.str() + "population " + std::to_string(nodes[n].population) + " but " +
             std::to_string(population[n]) + " boxes reach it";
    }
    if (!nodes[n].IsLeaf()) continue;
    std::span<const LeafEntry> list = tree.leaf(NodeId(n));
    entries += list.size();
    const glm::vec3 dir = tree.direction(nodes[n].sort_dir);
    ids.clear();
    for (size_t i = 0; i < list.size(); ++i) {
      const LeafEntry& e = list[i];
      if (!tree.present(e.id)) return where.str() + "holds absent box " + std::to_string(e.id);
      const Aabb& b = tree.box(e.id);
      if (e.box.min != b.min || e.box.max != b.max) return where.str() + "stale box copy";
      const Interval iv = ProjectAabb(b, dir);
      if (e.lo != iv.lo || e.hi != iv.hi) return where.str() + "stale projection";
      if (i > 0 && list[i - 1].lo > e.lo) return where.str() + "list not sorted";
      ids.push_back(e.id);
      ++leaf_count[e.id];
    }
    std::sort(ids.begin(), ids.end());
    if (std::adjacent_find(ids.begin(), ids.end()) != ids.end()) {
      return where.str() + "a box appears twice in one leaf";
    }
    std::sort(expected[n].begin(), expected[n].end());
    if (ids != expected[n]) {
      return where.str() + "holds " + std::to_string(ids.size()) + " boxes but " +
             std::to_string(expected[n].size()) + " reach it";
    }
  }
  if (entries != tree.total_entries()) return "entry total mismatch";
  for (BoxId id = 0; id < tree.id_capacity(); ++id) {
    if (tree.present(id) && leaf_count[id] != tree.leaf_count(id)) {
      return "leaf count of box " + std::to_string(id) + " is wrong";
    }
    // A remembered home leaf must be the one leaf the box reaches.
    const NodeId home = tree.present(id) ? tree.home_leaf(id) : kNoNode;
    if (home != kNoNode && (leaf_count[id] != 1 || !std::binary_search(expected[home].begin(),
                                                                       expected[home].end(), id))) {
      return "box " + std::to_string(id) + " remembers leaf " + std::to_string(home) +
             " as its only leaf, but it is not";
    }
  }
  return "";
}

}  // namespace partlab
