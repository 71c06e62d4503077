// Each operation of chapter 4 on a small hand-made tree, with the expected tree after it.
#include "engine/broadphase/sabsp/bsp_operations.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/broadphase/sabsp/bsp_pairs.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"

namespace partlab {
namespace {

// Unit boxes along x: box i spans [x, x+1] × [0,1] × [0,1].
Aabb UnitAt(float x, float y = 0) {
  return {{x, y, 0}, {x + 1, y + 1, 1}};
}

// A BSP that never repairs itself on its own: the tests apply operations by hand.
struct HandTree {
  SemiAdjustingBsp bsp;
  HandTree() {
    BspParams p;
    p.adaptive_split_threshold = false;
    p.split_threshold = 4;
    bsp.SetParams(p);
    bsp.SetOperationStepping(true);
  }
  const BspNode& Node(NodeId n) const { return bsp.nodes()[n]; }
  std::vector<BoxId> Ids(NodeId leaf) const {
    std::vector<BoxId> ids;
    for (const LeafEntry& e : bsp.tree().leaf(leaf)) ids.push_back(e.id);
    return ids;
  }
  size_t AliveNodes() const {
    size_t n = 0;
    for (const BspNode& node : bsp.nodes()) n += node.alive;
    return n;
  }
};

// Eight unit boxes at x = 0, 2, ..., 14 in one root leaf.
void AddRow(HandTree& t) {
  for (BoxId i = 0; i < 8; ++i) t.bsp.Add(i, UnitAt(2.0f * float(i)));
  t.bsp.Update();
}

TEST(SabspOperations, SplitChoosesTheOnlyCleanDirectionAndTheMedianGap) {
  HandTree t;
  AddRow(t);
  const NodeId root = t.bsp.root();
  const OpRecord r = t.bsp.ApplyOp(BspOp::kSplit, root);
  ASSERT_TRUE(r.ok) << r.outcome;
  // Only the x axis separates the row without cutting a box (diagonals make touching intervals,
  // which count as straddling); the gap between [6,7] and [8,9] is mid 7.5.
  const BspNode& n = t.Node(root);
  ASSERT_FALSE(n.IsLeaf());
  EXPECT_EQ(n.plane_dir, 0);
  EXPECT_FLOAT_EQ(n.offset, 7.5f);
  EXPECT_EQ(t.Ids(n.child[0]), (std::vector<BoxId>{0, 1, 2, 3}));
  EXPECT_EQ(t.Ids(n.child[1]), (std::vector<BoxId>{4, 5, 6, 7}));
  EXPECT_EQ(t.Node(n.child[0]).population, 4u);
  EXPECT_EQ(t.Node(n.child[1]).sort_dir, 0);  // children sorted on the parent's normal
  EXPECT_EQ(r.before[0], 8u);
  EXPECT_EQ(r.after[1], 4u);
  EXPECT_EQ(r.after[2], 4u);
  EXPECT_EQ(t.bsp.CheckInvariants(), "");
}

TEST(SabspOperations, SplitFailsOnIdenticalBoxesAndSaysWhy) {
  HandTree t;
  for (BoxId i = 0; i < 6; ++i) t.bsp.Add(i, UnitAt(0));
  t.bsp.Update();
  const OpRecord r = t.bsp.ApplyOp(BspOp::kSplit, t.bsp.root());
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.outcome.find("no direction"), std::string::npos) << r.outcome;
  EXPECT_TRUE(t.Node(t.bsp.root()).IsLeaf());
  EXPECT_EQ(t.bsp.CheckInvariants(), "");
}

TEST(SabspOperations, ShiftSplitCutsAlongTheParentNormalAndFailsAcrossIt) {
  HandTree t;
  AddRow(t);
  // The root leaf's list is sorted on x, so shift-split cuts along x like split did.
  const NodeId root = t.bsp.root();
  OpRecord r = t.bsp.ApplyOp(BspOp::kShiftSplit, root);
  ASSERT_TRUE(r.ok) << r.outcome;
  EXPECT_EQ(t.Node(root).plane_dir, 0);
  EXPECT_FLOAT_EQ(t.Node(root).offset, 7.5f);
  // Stack eight more boxes above box 0 (same x, y = 2, 4, ..., 16): along x, the left leaf's sort
  // direction, 9 boxes now share [0,1], so every cut is 9 | 3 or worse (balance < 0.5)...
  for (BoxId i = 8; i < 16; ++i) t.bsp.Add(i, UnitAt(0, 2.0f * float(i - 7)));
  t.bsp.Update();
  const NodeId left = t.Node(root).child[0];
  ASSERT_EQ(t.Node(left).population, 12u);
  r = t.bsp.ApplyOp(BspOp::kShiftSplit, left);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.outcome.find("parent's normal"), std::string::npos) << r.outcome;
  // ...while split finds the y axis.
  r = t.bsp.ApplyOp(BspOp::kSplit, left);
  ASSERT_TRUE(r.ok) << r.outcome;
  EXPECT_EQ(t.Node(left).plane_dir, 1);
  EXPECT_EQ(t.bsp.CheckInvariants(), "");
}

TEST(SabspOperations, MergeRebuildsOneSortedLeaf) {
  HandTree t;
  AddRow(t);
  const NodeId root = t.bsp.root();
  ASSERT_TRUE(t.bsp.ApplyOp(BspOp::kSplit, root).ok);
  ASSERT_TRUE(t.bsp.ApplyOp(BspOp::kSplit, t.Node(root).child[1]).ok);
  ASSERT_EQ(t.AliveNodes(), 5u);
  const OpRecord r = t.bsp.ApplyOp(BspOp::kMerge, root);
  ASSERT_TRUE(r.ok) << r.outcome;
  EXPECT_TRUE(t.Node(root).IsLeaf());
  EXPECT_EQ(t.AliveNodes(), 1u);
  EXPECT_EQ(t.Ids(root), (std::vector<BoxId>{0, 1, 2, 3, 4, 5, 6, 7}));  // sorted on x
  EXPECT_EQ(t.Node(root).population, 8u);
  EXPECT_EQ(t.bsp.CheckInvariants(), "");
}

TEST(SabspOperations, MergeDropsTheDuplicatesOfStraddlingBoxes) {
  HandTree t;
  AddRow(t);
  const NodeId root = t.bsp.root();
  ASSERT_TRUE(t.bsp.ApplyOp(BspOp::kSplit, root).ok);
  t.bsp.Move(3, UnitAt(7.0f));  // [7,8] straddles the plane at 7.5
  t.bsp.Update();
  ASSERT_EQ(t.bsp.tree().leaf_count(3), 2u);
  ASSERT_TRUE(t.bsp.ApplyOp(BspOp::kMerge, root).ok);
  EXPECT_EQ(t.Ids(root), (std::vector<BoxId>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(t.bsp.tree().leaf_count(3), 1u);
  EXPECT_EQ(t.bsp.CheckInvariants(), "");
}

TEST(SabspOperations, BalanceMovesThePlaneAndMigratesTheRegionsBoxes) {
  HandTree t;
  AddRow(t);
  const NodeId root = t.bsp.root();
  ASSERT_TRUE(t.bsp.ApplyOp(BspOp::kSplit, root).ok);
  // Boxes 6 and 7 jump to x = -4 and -2: 6 | 2, balance 0.33.
  t.bsp.Move(6, UnitAt(-4));
  t.bsp.Move(7, UnitAt(-2));
  t.bsp.Update();
  ASSERT_FLOAT_EQ(t.bsp.NodeBalance(root), 2.0f / 6.0f);
  const OpRecord r = t.bsp.ApplyOp(BspOp::kBalance, root);
  ASSERT_TRUE(r.ok) << r.outcome;
  // Sweeping the heavy side's intervals with the 2 right-only boxes counted: 4 | 4 after [2,3],
  // plane mid-gap at 3.5; boxes 2 and 3 (x = 4, 6) move to the right leaf.
  EXPECT_FLOAT_EQ(t.Node(root).offset, 3.5f);
  EXPECT_EQ(t.Ids(t.Node(root).child[0]), (std::vector<BoxId>{6, 7, 0, 1}));
  EXPECT_EQ(t.Ids(t.Node(root).child[1]), (std::vector<BoxId>{2, 3, 4, 5}));
  EXPECT_FLOAT_EQ(t.bsp.NodeBalance(root), 1.0f);
  EXPECT_EQ(t.bsp.CheckInvariants(), "");
}

TEST(SabspOperations, BalanceFailsWhenTheHeavySideCannotBeCutThenSwapRemovesThePlane) {
  HandTree t;
  AddRow(t);
  const NodeId root = t.bsp.root();
  ASSERT_TRUE(t.bsp.ApplyOp(BspOp::kSplit, root).ok);
  const NodeId left = t.Node(root).child[0];
  // Everything but box 7 piles up on box 0: 7 | 1, and no plane position separates the pile.
  for (BoxId i = 1; i < 7; ++i) t.bsp.Move(i, UnitAt(0));
  t.bsp.Update();
  const OpRecord b = t.bsp.ApplyOp(BspOp::kBalance, root);
  EXPECT_FALSE(b.ok);
  EXPECT_NE(b.outcome.find("balance failed"), std::string::npos) << b.outcome;
  const OpRecord s = t.bsp.ApplyOp(BspOp::kSwap, root);
  ASSERT_TRUE(s.ok) << s.outcome;
  // The more populated subtree (the left leaf) is now the root; box 7 migrated into it.
  EXPECT_EQ(t.bsp.root(), left);
  EXPECT_EQ(s.result_node, left);
  EXPECT_TRUE(t.Node(left).IsLeaf());
  EXPECT_EQ(t.Node(left).population, 8u);
  EXPECT_EQ(t.Node(left).depth, 0);
  EXPECT_EQ(t.AliveNodes(), 1u);
  EXPECT_EQ(t.Ids(left).back(), 7u);
  EXPECT_EQ(t.bsp.CheckInvariants(), "");
}

TEST(SabspOperations, SwapKeepsAnInternalSubtreeAndRaisesIt) {
  HandTree t;
  AddRow(t);
  const NodeId root = t.bsp.root();
  ASSERT_TRUE(t.bsp.ApplyOp(BspOp::kSplit, root).ok);
  const NodeId right = t.Node(root).child[1];
  ASSERT_TRUE(t.bsp.ApplyOp(BspOp::kSplit, right).ok);
  t.bsp.Move(0, UnitAt(20));  // the right side now holds 5 boxes, the left 3
  t.bsp.Update();
  const OpRecord s = t.bsp.ApplyOp(BspOp::kSwap, root);
  ASSERT_TRUE(s.ok) << s.outcome;
  EXPECT_EQ(t.bsp.root(), right);
  EXPECT_EQ(t.Node(right).depth, 0);
  EXPECT_EQ(t.Node(t.Node(right).child[0]).depth, 1);
  EXPECT_EQ(t.Node(right).population, 8u);  // boxes 1, 2, 3 migrated in
  EXPECT_EQ(t.AliveNodes(), 3u);
  EXPECT_EQ(t.bsp.CheckInvariants(), "");
}

TEST(SabspPairs, APairSharedByManyLeavesIsReportedOnceByItsCanonicalLeaf) {
  HandTree t;
  AddRow(t);
  const NodeId root = t.bsp.root();
  ASSERT_TRUE(t.bsp.ApplyOp(BspOp::kSplit, root).ok);
  ASSERT_TRUE(t.bsp.ApplyOp(BspOp::kSplit, t.Node(root).child[0]).ok);
  ASSERT_TRUE(t.bsp.ApplyOp(BspOp::kSplit, t.Node(root).child[1]).ok);
  // Two long boxes spanning the whole row share all four leaves.
  t.bsp.Add(8, Aabb{{-1, 0.2f, 0.2f}, {16, 0.8f, 0.8f}});
  t.bsp.Add(9, Aabb{{-1, 0.1f, 0.1f}, {16, 0.9f, 0.9f}});
  t.bsp.Update();
  ASSERT_EQ(t.bsp.tree().leaf_count(8), 4u);
  std::vector<BoxPair> pairs;
  t.bsp.FindPairs(pairs);
  EXPECT_EQ(std::count(pairs.begin(), pairs.end(), BoxPair{8, 9}), 1);
  EXPECT_EQ(pairs.size(), 8u * 2u + 1u);  // each long box with every row box, and each other
  int canonical = 0;
  for (const BspNode& n : t.bsp.nodes()) {
    if (!n.alive || !n.IsLeaf()) continue;
    const NodeId id = NodeId(&n - t.bsp.nodes().data());
    canonical += IsCanonicalLeaf(t.bsp.tree(), id, t.bsp.tree().box(8), t.bsp.tree().box(9));
  }
  EXPECT_EQ(canonical, 1);
}

}  // namespace
}  // namespace partlab
