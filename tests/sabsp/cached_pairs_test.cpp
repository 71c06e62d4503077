// The BSP's incremental paths (fat boxes and per-leaf cached candidates; BspParams::fat_margin,
// bsp_pairs.h): resting boxes reuse their leaves' candidates, and every way a cached candidate
// list can go out of date is checked against brute force after every step: boxes jittering or
// approaching inside their fat boxes, a box that moves after resting, boxes added and removed
// among resting ones, and operations rebuilding leaves that hold cached candidates.
#include <random>
#include <vector>

#include "tests/sabsp/bsp_against_brute.h"

namespace partlab {
namespace {

BspParams SmallLeaves() {
  BspParams p;
  p.adaptive_split_threshold = false;
  p.split_threshold = 12;      // many leaves for few boxes
  p.exact_leaf_sweep = false;  // these tests are about the cached candidates' path
  return p;
}

class CachedPairs : public BspAgainstBrute {
 protected:
  CachedPairs() : BspAgainstBrute(SmallLeaves()) {}

  // Steps until the scheduler has nothing left to do for resting boxes.
  void Settle(const std::vector<Aabb>& frame) {
    for (int i = 0; i < 200; ++i) Step(frame);
    bsp.Rebuild();
    Step(frame);
  }
};

TEST_F(CachedPairs, RestingBoxesReuseEveryLeafsCandidates) {
  std::mt19937 rng(7);
  std::vector<Aabb> frame = HeapsOfFour(600, rng);
  Settle(frame);
  ASSERT_GT(bsp.last_stats().leaves, 8u);
  ASSERT_GT(want.size(), 400u);
  // Jitter far below the fat margin (3 % of the box): nothing stored changes.
  std::uniform_real_distribution<float> jitter(-0.002f, 0.002f);
  const std::vector<Aabb> rest = frame;
  int quiet_steps = 0;
  for (int s = 0; s < 60; ++s) {
    for (size_t i = 0; i < frame.size(); ++i) {
      frame[i] = Shifted(rest[i], glm::vec3(jitter(rng), jitter(rng), jitter(rng)));
    }
    if (s == 10) bsp.Rebuild();  // boxes added at rest are stored exact until their first move
    Step(frame);
    if (s <= 10) continue;
    EXPECT_EQ(bsp.last_stats().migrations, 0u) << "step " << step;
    uint32_t ops = 0;  // a scheduled operation rebuilds the leaves it touches
    for (uint32_t a : bsp.last_stats().ops.applied) ops += a;
    if (ops == 0) {
      EXPECT_EQ(bsp.last_stats().swept_leaves, 0u) << "step " << step;
    }
    quiet_steps += ops == 0;
    EXPECT_GT(bsp.last_stats().candidates, 0u);
  }
  EXPECT_GT(quiet_steps, 40);
}

// Two boxes closing a gap smaller than their fat margin: the pair appears and disappears with no
// sweep at all, from the cached candidate's exact test.
TEST_F(CachedPairs, PairAppearsAndVanishesInsideFatBoxes) {
  BspParams p = SmallLeaves();
  p.fat_margin = 0.1f;
  bsp.SetParams(p);
  std::vector<Aabb> frame = {Aabb{glm::vec3(0), glm::vec3(1)},
                             Aabb{glm::vec3(1.06f, 0, 0), glm::vec3(2.06f, 1, 1)}};
  Step(frame);
  Step(frame);
  // First moves grow the stored boxes by the margin (0.1); after that the gap closes inside them.
  frame[1] = Shifted(frame[1], glm::vec3(-0.01f, 0, 0));
  Step(frame);
  bool saw_pair = false;
  for (int s = 0; s < 12; ++s) {
    frame[1] = Shifted(frame[1], glm::vec3(-0.01f, 0, 0));
    Step(frame);
    saw_pair |= !got.empty();
  }
  EXPECT_TRUE(saw_pair);
  for (int s = 0; s < 12; ++s) {
    frame[1] = Shifted(frame[1], glm::vec3(0.01f, 0, 0));
    Step(frame);
  }
  EXPECT_TRUE(got.empty());
}

TEST_F(CachedPairs, BoxMovingAfterRestingCrossesCachedLeaves) {
  std::mt19937 rng(11);
  std::vector<Aabb> frame = HeapsOfFour(600, rng);
  Settle(frame);
  // One box leaves the pile and flies through it diagonally, then comes to rest again.
  uint64_t repaired_steps = 0;
  for (int s = 0; s < 120; ++s) {
    frame[17] = Shifted(frame[17], glm::vec3(0.2f, 0.05f, 0.18f));
    Step(frame);
    repaired_steps += bsp.last_stats().migrations > 0;
  }
  EXPECT_GT(repaired_steps, 0u);
  for (int s = 0; s < 20; ++s) Step(frame);
  EXPECT_EQ(bsp.last_stats().swept_leaves, 0u);
}

TEST_F(CachedPairs, AddAndRemoveAmongRestingBoxes) {
  std::mt19937 rng(5);
  std::vector<Aabb> frame = HeapsOfFour(600, rng);
  Settle(frame);
  std::uniform_int_distribution<size_t> pick(0, frame.size() - 1);
  const std::vector<Aabb> rest = frame;
  for (int s = 0; s < 300; ++s) {
    for (int k = 0; k < 3; ++k) {  // absent boxes come back where they were
      const size_t i = pick(rng);
      frame[i] = frame[i].IsEmpty() ? rest[i] : Aabb{};
    }
    if (s % 50 == 0) frame.push_back(Aabb::FromCenterHalf(glm::vec3(5, 2, 5), glm::vec3(0.7f)));
    Step(frame);
  }
}

// Operations replace leaves wholesale (split, merge, swap, balance): leaves holding cached
// candidates are rebuilt, and the next step's pairs must still be exact.
TEST_F(CachedPairs, OperationsOnLeavesWithCachedCandidates) {
  std::mt19937 rng(3);
  std::vector<Aabb> frame = HeapsOfFour(600, rng);
  Settle(frame);
  int applied = 0;
  for (int round = 0; round < 40; ++round) {
    // Merge the parent of some leaf, then let the scheduler split it again.
    const std::span<const BspNode> nodes = bsp.nodes();
    NodeId target = kNoNode;
    for (size_t n = 0; n < nodes.size() && target == kNoNode; ++n) {
      if (nodes[n].alive && !nodes[n].IsLeaf() && nodes[nodes[n].child[0]].IsLeaf() &&
          nodes[nodes[n].child[1]].IsLeaf() && (n + round) % 3 == 0) {
        target = NodeId(n);
      }
    }
    if (target == kNoNode) continue;
    const BspOp op = round % 2 ? BspOp::kMerge : BspOp::kBalance;
    applied += bsp.ApplyOp(op, target).ok;
    Step(frame);
    Step(frame);
  }
  EXPECT_GT(applied, 0);
}

// One large leaf where a tenth of the boxes move every step: the repair copies the leaf as
// columns and finds the touched boxes' neighbours a group of lanes at a time, forward and
// backward, a pair of two touched boxes once. Every step against brute force, on the wide lanes
// and the narrow ones.
TEST(CandidateRepair, LargeLeafRepairsManyTouchedBoxesByLanes) {
  for (bool wide : {true, false}) {
    std::mt19937 rng(41);
    std::vector<Aabb> boxes = HeapsOfFour(1200, rng);  // a leaf large enough for the columns
    for (size_t i = 0; i < boxes.size(); i += 9) boxes[i].max.x += 6.0f;  // long windows
    BspTree tree;
    for (BoxId id = 0; id < boxes.size(); ++id) tree.AddBox(id, boxes[id]);
    BspPairFinder finder;
    finder.set_wide_lanes(wide);
    std::uniform_int_distribution<BoxId> pick(0, BoxId(boxes.size() - 1));
    std::uniform_real_distribution<float> move(-1.5f, 1.5f);
    uint32_t repaired_steps = 0;
    for (int s = 0; s < 40; ++s) {
      if (s > 0) {
        for (int k = 0; k < 120; ++k) {
          const BoxId id = pick(rng);
          boxes[id] = Shifted(boxes[id], glm::vec3(move(rng), move(rng), move(rng)));
          tree.MoveBox(id, boxes[id]);
        }
      }
      tree.SortLeaves();
      std::vector<BoxPair> got, want;
      finder.FindPairs(tree, got);
      repaired_steps += finder.swept_leaves() == 0;
      BruteForce brute;
      FrameDriver(brute).Step(boxes, want);
      std::sort(got.begin(), got.end());
      std::sort(want.begin(), want.end());
      ASSERT_EQ(got, want) << "step " << s << (wide ? " (wide lanes)" : " (narrow lanes)");
      ASSERT_GT(want.size(), 400u);
    }
    EXPECT_GT(repaired_steps, 30u);  // the leaf was repaired, not swept again
  }
}

// The candidate sweep at AVX2's eight lanes (where the processor has them) and held to four finds
// the same candidates in the same order, whatever a leaf's length (sentinels past the end): two
// finders over two equal trees give the same pairs in the same order and the same candidate
// count, and the pairs are brute force's. The trees are single leaves of heaps and long boxes.
TEST(CandidateSweep, EveryLaneWidthGivesTheSameCandidatesInTheSameOrder) {
  std::mt19937 rng(5);
  for (int n : {1, 7, 9, 17, 300, 1001}) {
    std::vector<Aabb> boxes = HeapsOfFour(n, rng);
    for (int i = 0; i < n; i += 10) boxes[size_t(i)].max.x += 20.0f;  // long boxes: long windows
    BspTree wide_tree, narrow_tree;
    for (BoxId id = 0; id < boxes.size(); ++id) {
      wide_tree.AddBox(id, boxes[id]);
      narrow_tree.AddBox(id, boxes[id]);
    }
    wide_tree.SortLeaves();
    narrow_tree.SortLeaves();
    BspPairFinder wide, narrow;
    narrow.set_wide_lanes(false);
    std::vector<BoxPair> wide_pairs, narrow_pairs, want;
    const uint64_t wide_candidates = wide.FindPairs(wide_tree, wide_pairs, false);
    const uint64_t narrow_candidates = narrow.FindPairs(narrow_tree, narrow_pairs, false);
    EXPECT_EQ(wide_pairs, narrow_pairs) << n << " boxes";
    EXPECT_EQ(wide_candidates, narrow_candidates) << n << " boxes";
    BruteForce brute;
    FrameDriver(brute).Step(boxes, want);
    std::sort(want.begin(), want.end());
    std::sort(wide_pairs.begin(), wide_pairs.end());
    EXPECT_EQ(wide_pairs, want) << n << " boxes";
  }
}

}  // namespace
}  // namespace partlab
