// The scripted figures of chapter 4 (engine/broadphase/sabsp/bsp_figures.h): each one, played
// frame by frame, makes its named operation happen with the reason and outcome the thesis's rules
// give, found in the op log; the tree stays valid and its pairs are brute force's on every frame.
#include "engine/broadphase/sabsp/bsp_figures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "engine/broadphase/sabsp/bsp_invariants.h"

namespace partlab {
namespace {

bool StartsWith(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

// All pairs of present boxes that overlap, closed intervals on the three axes, written here
// without any broad phase.
std::vector<BoxPair> AllPairs(const std::vector<Aabb>& boxes) {
  std::vector<BoxPair> pairs;
  for (BoxId a = 0; a < boxes.size(); ++a)
    for (BoxId b = a + 1; b < boxes.size(); ++b) {
      if (boxes[a].IsEmpty() || boxes[b].IsEmpty()) continue;
      bool overlap = true;
      for (int k = 0; k < 3; ++k)
        overlap =
            overlap && boxes[a].min[k] <= boxes[b].max[k] && boxes[b].min[k] <= boxes[a].max[k];
      if (overlap) pairs.push_back({a, b});
    }
  return pairs;
}

// Plays `frames` frames, checking the tree and the pairs after each; returns the run.
void Play(BspFigureRun& run, int frames) {
  for (int f = 0; f < frames; ++f) {
    run.Step();
    ASSERT_EQ(CheckBspInvariants(run.bsp().tree()), "") << "frame " << f;
    std::vector<BoxPair> got = run.pairs();
    std::sort(got.begin(), got.end());
    ASSERT_EQ(got, AllPairs(run.boxes())) << "frame " << f;
  }
}

// The first log entry of `op` with `status`, or null.
const OpRecord* Find(const SemiAdjustingBsp& bsp, BspOp op, OpStatus status) {
  for (const OpRecord& r : bsp.op_log())
    if (r.op == op && r.status == status) return &r;
  return nullptr;
}

BspFigureRun ThesisRun(std::string_view key) {
  const BspFigure* figure = FindBspFigure(key);
  EXPECT_NE(figure, nullptr) << key;
  return BspFigureRun(*figure, /*thesis=*/true);
}

TEST(BspFigures, KeysAreUniqueAndEachFigureCitesTheThesis) {
  for (const BspFigure& a : BspFigures()) {
    EXPECT_EQ(FindBspFigure(a.key), &a);
    EXPECT_FALSE(a.section.empty());
  }
  EXPECT_EQ(FindBspFigure("no-such-figure"), nullptr);
}

TEST(BspFigures, ShiftSplitCutsTheRowInItsMiddleGap) {
  BspFigureRun run = ThesisRun("shift-split");
  Play(run, 2);
  const OpRecord* r = Find(run.bsp(), BspOp::kShiftSplit, OpStatus::kApplied);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->reason, "split: 8 > t = 4");
  EXPECT_EQ(Find(run.bsp(), BspOp::kSplit, OpStatus::kApplied), nullptr);
  // Boxes at x = 0, 2, ..., 14: the gap between the 4th and 5th is (7, 8).
  const BspNode& root = run.bsp().nodes()[run.bsp().root()];
  EXPECT_GT(root.offset, 7.0f);
  EXPECT_LT(root.offset, 8.0f);
}

TEST(BspFigures, SplitFollowsAFailedShiftSplit) {
  BspFigureRun run = ThesisRun("split");
  Play(run, 3);
  const OpRecord* failed = Find(run.bsp(), BspOp::kShiftSplit, OpStatus::kFailed);
  const OpRecord* split = Find(run.bsp(), BspOp::kSplit, OpStatus::kApplied);
  ASSERT_NE(failed, nullptr);
  ASSERT_NE(split, nullptr);
  EXPECT_EQ(split->chained_from, failed->seq);
  EXPECT_EQ(split->after[1], 4u);
  EXPECT_EQ(split->after[2], 4u);
}

TEST(BspFigures, DiagonalRowsAreCutByADiagonalDirection) {
  BspFigureRun run = ThesisRun("directions");
  Play(run, 3);
  ASSERT_NE(Find(run.bsp(), BspOp::kSplit, OpStatus::kApplied), nullptr);
  const BspNode& root = run.bsp().nodes()[run.bsp().root()];
  ASSERT_FALSE(root.IsLeaf());
  // Row 0's boxes have x + y in [0, 4], row 1's in [7, 11], and both rows overlap along x and
  // along y: the plane must be a diagonal with equal x and y parts.
  EXPECT_GT(std::abs(root.normal.x), 0.5f);
  EXPECT_FLOAT_EQ(root.normal.x, root.normal.y);
  EXPECT_EQ(run.bsp().NodeRedundancy(run.bsp().root()), 0u);
}

TEST(BspFigures, MergeWaitsForSpareTime) {
  BspFigureRun run = ThesisRun("merge");
  const int spare = run.figure().spare_time_from;
  Play(run, spare);
  EXPECT_EQ(Find(run.bsp(), BspOp::kMerge, OpStatus::kApplied), nullptr);
  EXPECT_EQ(run.bsp().PendingOps(), 1u);  // scheduled, waiting
  Play(run, 1);
  const OpRecord* merge = Find(run.bsp(), BspOp::kMerge, OpStatus::kApplied);
  ASSERT_NE(merge, nullptr);
  EXPECT_EQ(merge->reason, "merge: 2 < 4");
  EXPECT_TRUE(run.bsp().nodes()[run.bsp().root()].IsLeaf());
}

// Figure 4.4: the merge of a four-leaf subtree combines the leaves' lists bottom-up. The traced
// lists are checked against the answer by hand: the kept boxes sit at x = 2 i, and the row was
// cut at x = 15.5, 31.5, 47.5 (after boxes 7, 15, 23), so the leaves hold {2, 5}, {9, 13},
// {18, 21}, {28}, the two nodes {2, 5, 9, 13} and {18, 21, 28}, the root all seven in order.
TEST(BspFigures, MergeOfASubtreeCombinesTheListsBottomUp) {
  BspFigureRun run = ThesisRun("merge-subtree");
  Play(run, run.figure().spare_time_from - 1);
  ASSERT_EQ(Find(run.bsp(), BspOp::kMerge, OpStatus::kApplied), nullptr);
  EXPECT_EQ(run.bsp().PendingOps(), 1u);  // the root's merge, queued, waiting for spare time
  const std::vector<MergeStage> stages = run.bsp().TraceMerge(run.bsp().root());
  std::vector<std::pair<int, std::vector<BoxId>>> got;
  for (const MergeStage& s : stages) {
    got.push_back({s.depth, {}});
    for (const LeafEntry& e : s.list) got.back().second.push_back(e.id);
  }
  const std::vector<std::pair<int, std::vector<BoxId>>> expected = {{2, {2, 5}},
                                                                    {2, {9, 13}},
                                                                    {1, {2, 5, 9, 13}},
                                                                    {2, {18, 21}},
                                                                    {2, {28}},
                                                                    {1, {18, 21, 28}},
                                                                    {0, {2, 5, 9, 13, 18, 21, 28}}};
  EXPECT_EQ(got, expected);
  Play(run, 2);
  const OpRecord* merge = Find(run.bsp(), BspOp::kMerge, OpStatus::kApplied);
  ASSERT_NE(merge, nullptr);
  EXPECT_EQ(merge->reason, "merge: 7 < 8");
  EXPECT_TRUE(run.bsp().nodes()[run.bsp().root()].IsLeaf());
}

TEST(BspFigures, BalanceByUnbalanceMovesThePlaneLeft) {
  BspFigureRun run = ThesisRun("balance");
  Play(run, 20);
  const OpRecord* r = Find(run.bsp(), BspOp::kBalance, OpStatus::kApplied);
  ASSERT_NE(r, nullptr);
  EXPECT_TRUE(StartsWith(r->reason, "balance: unbalanced: 0.33 < 0.50")) << r->reason;
  // x: -4 -2 0 2 | 4 6 12 14 : the new middle gap is (3, 4).
  const float offset = run.bsp().nodes()[run.bsp().root()].offset;
  EXPECT_GT(offset, 3.0f);
  EXPECT_LT(offset, 4.0f);
  EXPECT_EQ(run.bsp().NodeBalance(run.bsp().root()), 1.0f);
}

TEST(BspFigures, BalanceByRedundancyLeavesNoStraddler) {
  BspFigureRun run = ThesisRun("balance-redundancy");
  Play(run, 20);
  const OpRecord* r = Find(run.bsp(), BspOp::kBalance, OpStatus::kApplied);
  ASSERT_NE(r, nullptr);
  EXPECT_TRUE(StartsWith(r->reason, "balance: redundant: 1 straddle")) << r->reason;
  EXPECT_EQ(run.bsp().NodeRedundancy(run.bsp().root()), 0u);
}

TEST(BspFigures, FailedBalanceChainsASwap) {
  BspFigureRun run = ThesisRun("swap");
  Play(run, 20);
  const OpRecord* balance = Find(run.bsp(), BspOp::kBalance, OpStatus::kFailed);
  const OpRecord* swap = Find(run.bsp(), BspOp::kSwap, OpStatus::kApplied);
  ASSERT_NE(balance, nullptr);
  ASSERT_NE(swap, nullptr);
  EXPECT_EQ(swap->chained_from, balance->seq);
  EXPECT_TRUE(run.bsp().nodes()[run.bsp().root()].IsLeaf());  // the heavier side was a leaf
}

TEST(BspFigures, SwapMakesTheQueuedMergeStale) {
  BspFigureRun run = ThesisRun("stale");
  const int spare = run.figure().spare_time_from;
  Play(run, spare);
  const OpRecord* swap = Find(run.bsp(), BspOp::kSwap, OpStatus::kApplied);
  ASSERT_NE(swap, nullptr);
  EXPECT_EQ(Find(run.bsp(), BspOp::kMerge, OpStatus::kDropped), nullptr);  // still waiting
  Play(run, 1);
  const OpRecord* dropped = Find(run.bsp(), BspOp::kMerge, OpStatus::kDropped);
  ASSERT_NE(dropped, nullptr);
  EXPECT_EQ(dropped->stale_by, swap->seq);
  EXPECT_TRUE(StartsWith(dropped->outcome, "dropped: stale after swap")) << dropped->outcome;
}

}  // namespace
}  // namespace partlab
