// The canonical rule's outlook (canonical_leaf.h): decided from the stored boxes, it must agree
// with the rule on the exact boxes for every exact box inside them; the recorded path must notice
// a plane that changed above a leaf; and a pile whose planes move above leaves that keep their
// lists must still report brute force's pairs, each once.
#include "engine/broadphase/sabsp/canonical_leaf.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <glm/geometric.hpp>
#include <random>
#include <vector>

#include "engine/broadphase/sabsp/bsp_operations.h"
#include "engine/broadphase/sabsp/bsp_pairs.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"

namespace partlab {
namespace {

// A random box inside `outer` (each axis a random sub-interval).
Aabb Inside(const Aabb& outer, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(0, 1);
  Aabb b;
  for (int a = 0; a < 3; ++a) {
    float x = outer.min[a] + u(rng) * (outer.max[a] - outer.min[a]);
    float y = outer.min[a] + u(rng) * (outer.max[a] - outer.min[a]);
    b.min[a] = std::min(x, y);
    b.max[a] = std::max(x, y);
  }
  return b;
}

// Overlapping clusters of boxes of mixed sizes, a third of them long bars along x or y: bars
// crossing straddle the same planes while their intersection, a corner of each, lies on one side.
std::vector<Aabb> Clusters(int n, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1, 1), size(0.3f, 1.5f);
  std::vector<Aabb> boxes;
  for (int i = 0; i < n; ++i) {
    const glm::vec3 centre(float(i % 3) * 5.0f, float(i % 2) * 4.0f, 0.0f);
    const glm::vec3 p = centre + glm::vec3(u(rng), u(rng), u(rng)) * 3.0f;
    glm::vec3 half(size(rng), size(rng), size(rng));
    if (i % 3 == 1) half[i % 2] *= 4.0f;
    boxes.push_back(Aabb::FromCenterHalf(p, half));
  }
  return boxes;
}

// A tree of `levels` levels of planes set by hand, each along a random one of the 13 directions
// through a random point of the clusters' region (most of them diagonal), with `boxes` placed
// by the tree's own descent.
void PlantRandomTree(BspTree& tree, const std::vector<Aabb>& boxes, int levels, std::mt19937& rng) {
  for (BoxId id = 0; id < boxes.size(); ++id) tree.StoreBox(id, boxes[id]);
  std::uniform_real_distribution<float> x(-2, 12), y(-3, 7);
  std::vector<NodeId> frontier{tree.root()};
  for (int level = 0; level < levels; ++level) {
    std::vector<NodeId> next;
    for (NodeId n : frontier) {
      const int dir = int(rng() % kCutDirectionCount);
      const NodeId c0 = tree.NewNode(), c1 = tree.NewNode();
      BspNode& node = tree.node_mut(n);
      node.plane_dir = uint8_t(dir);
      node.normal = tree.direction(dir);
      node.offset = glm::dot(node.normal, glm::vec3(x(rng), y(rng), 0.0f));
      node.child[0] = c0;
      node.child[1] = c1;
      for (NodeId c : {c0, c1}) {
        tree.node_mut(c).parent = n;
        tree.node_mut(c).sort_dir = uint8_t(dir);
        next.push_back(c);
      }
    }
    frontier = next;
  }
  tree.SetDepths(tree.root(), 0);
  for (BoxId id = 0; id < boxes.size(); ++id) tree.PlaceStoredBox(id);
  tree.SortLeaves();
}

std::vector<NodeId> Leaves(const BspTree& tree) {
  std::vector<NodeId> leaves;
  tree.CollectLeaves(tree.root(), leaves);
  return leaves;
}

TEST(CanonicalOutlook, AgreesWithTheExactRuleForEveryExactBoxInsideTheStoredOnes) {
  std::mt19937 rng(11);
  BspTree tree;
  PlantRandomTree(tree, Clusters(200, rng), 3, rng);
  int seen[3] = {0, 0, 0};
  for (const NodeId leaf : Leaves(tree)) {
    const auto list = tree.leaf(leaf);
    for (size_t i = 0; i < list.size(); ++i) {
      for (size_t k = i + 1; k < list.size(); ++k) {
        const Aabb &fat_a = tree.box(list[i].id), &fat_b = tree.box(list[k].id);
        if (!Overlaps(fat_a, fat_b)) continue;
        const CanonicalOutlook outlook = CanonicalOutlookOf(tree, leaf, fat_a, fat_b);
        ++seen[int(outlook)];
        if (outlook == CanonicalOutlook::kDepends) continue;
        for (int trial = 0; trial < 8; ++trial) {
          const Aabb a = Inside(fat_a, rng), b = Inside(fat_b, rng);
          if (!Overlaps(a, b)) continue;
          EXPECT_EQ(IsCanonicalLeaf(tree, leaf, a, b), outlook == CanonicalOutlook::kAlways)
              << "leaf " << leaf << ", boxes " << list[i].id << " and " << list[k].id;
        }
      }
    }
  }
  // The scene reaches all three answers, or the test would prove less than it says.
  EXPECT_GT(seen[int(CanonicalOutlook::kAlways)], 0);
  EXPECT_GT(seen[int(CanonicalOutlook::kNever)], 0);
  EXPECT_GT(seen[int(CanonicalOutlook::kDepends)], 0);
}

TEST(LeafPath, NoticesAPlaneThatMovedAbove) {
  BspTree tree;
  for (BoxId i = 0; i < 8; ++i) {
    const float x = 2.0f * float(i);
    tree.AddBox(i, Aabb{{x, 0, 0}, {x + 1, 1, 1}});
  }
  tree.SortLeaves();
  BspParams params;
  params.adaptive_split_threshold = false;
  params.split_threshold = 4;
  BspOperations ops(tree);
  const NodeId root = tree.root();
  ASSERT_TRUE(ops.Apply(BspOp::kSplit, root, params).ok);
  const NodeId leaf = tree.node(root).child[0];
  LeafPath path;
  EXPECT_FALSE(path.Unchanged(tree, leaf)) << "nothing recorded yet";
  path.Record(tree, leaf);
  EXPECT_TRUE(path.Unchanged(tree, leaf));
  const float offset = tree.node(root).offset;
  tree.node_mut(root).offset = offset + 0.25f;  // inside the gap: no list changes
  EXPECT_FALSE(path.Unchanged(tree, leaf));
  tree.node_mut(root).offset = offset;
  EXPECT_TRUE(path.Unchanged(tree, leaf));
  tree.node_mut(root).plane_dir = 1;
  EXPECT_FALSE(path.Unchanged(tree, leaf));
}

// The leaf where the descent of a ∩ b ends, going down from the root (IsCanonicalLeaf walks up).
NodeId CanonicalLeafOf(const BspTree& tree, const Aabb& a, const Aabb& b) {
  const Aabb i{glm::max(a.min, b.min), glm::min(a.max, b.max)};
  NodeId n = tree.root();
  while (!tree.node(n).IsLeaf()) {
    const BspNode& node = tree.node(n);
    n = node.child[ProjectAabb(i, node.normal).lo <= node.offset ? 0 : 1];
  }
  return n;
}

// The room a plane has to move without any box changing side: up to the nearest end of a box's
// projection on its direction, below and above its offset.
std::pair<float, float> FreeGap(const BspTree& tree, const std::vector<Aabb>& boxes, NodeId n) {
  const BspNode& node = tree.node(n);
  float below = -1e30f, above = 1e30f;
  for (const Aabb& b : boxes) {
    const Interval iv = ProjectAabb(b, node.normal);
    for (float end : {iv.lo, iv.hi}) {
      if (end <= node.offset) below = std::max(below, end);
      if (end > node.offset) above = std::min(above, end);
    }
  }
  return {below, above};
}

// Every plane moved by hand to the middle of its free room on either side: no list changes, but
// the intersections between the old and new offsets change side, and with them the leaf that
// reports their pair. The pair finder's kept pairs must follow (LeafPath): brute force's pairs,
// each once, after every move. The trees are small and sparse, so that the free room is wide
// enough for whole intersections to change side: pairs whose outlook was decided (kAlways or
// kNever), which no per-step check would catch.
TEST(CanonicalPairs, APlaneMovedAboveLeavesThatKeepTheirListsHandsPairsOn) {
  int decided_flips = 0, reclassified = 0;
  for (uint32_t seed = 1; seed <= 30; ++seed) {
    std::mt19937 rng(seed);
    const std::vector<Aabb> boxes = Clusters(40, rng);
    BspTree tree;
    PlantRandomTree(tree, boxes, 2, rng);
    std::vector<BoxPair> want;
    for (BoxId a = 0; a < boxes.size(); ++a)
      for (BoxId b = a + 1; b < boxes.size(); ++b)
        if (Overlaps(boxes[a], boxes[b])) want.push_back({a, b});
    BspPairFinder finder;
    auto found = [&] {
      std::vector<BoxPair> got;
      finder.FindPairs(tree, got, true);
      std::sort(got.begin(), got.end());
      return got;
    };
    ASSERT_EQ(found(), want);  // swept
    ASSERT_EQ(found(), want);  // reused and classified
    std::vector<NodeId> nodes;
    tree.CollectNodes(tree.root(), nodes);
    for (const NodeId n : nodes) {
      if (tree.node(n).IsLeaf()) continue;
      for (int side = 0; side < 2; ++side) {
        const auto [below, above] = FreeGap(tree, boxes, n);
        const float target = side == 0 ? below : above;
        if (std::abs(target) > 1e29f) continue;
        std::vector<std::pair<NodeId, CanonicalOutlook>> before;
        for (const BoxPair& p : want) {
          const NodeId leaf = CanonicalLeafOf(tree, boxes[p.a], boxes[p.b]);
          before.push_back({leaf, CanonicalOutlookOf(tree, leaf, boxes[p.a], boxes[p.b])});
        }
        const float offset = tree.node(n).offset;
        tree.node_mut(n).offset = 0.5f * (offset + target);
        const std::vector<BoxPair> got = found();
        reclassified += int(finder.reclassified_leaves());
        ASSERT_EQ(got, want) << "seed " << seed << ", plane " << n << " moved from " << offset;
        for (size_t k = 0; k < want.size(); ++k) {
          const BoxPair& p = want[k];
          decided_flips += before[k].first != CanonicalLeafOf(tree, boxes[p.a], boxes[p.b]) &&
                           before[k].second != CanonicalOutlook::kDepends;
        }
      }
    }
  }
  EXPECT_GT(decided_flips, 0) << "no decided pair changed leaf: the test proves too little";
  EXPECT_GT(reclassified, 0);
}

}  // namespace
}  // namespace partlab
