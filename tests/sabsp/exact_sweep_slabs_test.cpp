// Slabs inside a large leaf's exact sweep (BspParams::exact_sweep_slabs, exact_sweep_slabs.h): the
// plan (which axis, how many slabs, where a coordinate falls) and the pairs a slabbed sweep gives,
// against brute force: every pair once, also for boxes that reach several slabs or all of them,
// for boxes that moved past the span the plan was made for, and for a rain of boxes stepped
// through the whole BSP.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/sabsp/bsp_pairs.h"
#include "engine/broadphase/sabsp/exact_sweep_slabs.h"
#include "engine/broadphase/synthetic_motion.h"
#include "tests/sabsp/bsp_against_brute.h"

namespace partlab {
namespace {

// n boxes of width 1 on every axis whose centres span [0, span] per axis.
SlabPlan PlanFor(size_t n, const glm::vec3& span, int sweep_axis) {
  return SlabPlan::Of(glm::vec3(float(n)), glm::vec3(0.0f), span, sweep_axis, n);
}

TEST(SlabPlan, CutsAcrossTheMostSpreadAxisOtherThanTheSweeps) {
  // Swept along x: z (span 50, 12 slabs of four widths) beats y (span 10, 2 slabs).
  SlabPlan plan = PlanFor(4000, glm::vec3(100, 10, 50), 0);
  EXPECT_EQ(plan.axis, 2);
  EXPECT_EQ(plan.count, 12);
  // Swept along z: x, with 25 slabs of four widths, capped at kMaxSlabs.
  plan = PlanFor(4000, glm::vec3(100, 10, 50), 2);
  EXPECT_EQ(plan.axis, 0);
  EXPECT_EQ(plan.count, SlabPlan::kMaxSlabs);
  // Along a direction off the axes (-1) every axis may take the slabs.
  EXPECT_EQ(PlanFor(4000, glm::vec3(100, 10, 50), -1).axis, 0);
  // At least kEntriesPerSlab boxes per slab: 600 boxes make 4 slabs, not 12.
  EXPECT_EQ(PlanFor(600, glm::vec3(100, 10, 50), 0).count, 600 / SlabPlan::kEntriesPerSlab);
}

TEST(SlabPlan, SmallOrDegenerateLeavesAreSweptWhole) {
  EXPECT_EQ(PlanFor(2 * SlabPlan::kEntriesPerSlab - 1, glm::vec3(100), 0).count, 0);
  // Boxes as wide as their spread: fewer than two slabs of four widths.
  EXPECT_EQ(PlanFor(4000, glm::vec3(7), 0).count, 0);
  // No spread, infinite spread, points (zero width) and NaN: no slabs, never a division by zero
  // carried into SlabOf.
  EXPECT_EQ(PlanFor(4000, glm::vec3(0), 0).count, 0);
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(PlanFor(4000, glm::vec3(inf), 0).count, 0);
  EXPECT_EQ(SlabPlan::Of(glm::vec3(0), glm::vec3(0), glm::vec3(100), 0, 4000).count, 0);
  EXPECT_EQ(PlanFor(4000, glm::vec3(nan), 0).count, 0);
}

TEST(SlabPlan, SlabOfIsMonotoneAndClampedToTheSlabs) {
  const SlabPlan plan = PlanFor(4000, glm::vec3(100, 10, 50), 0);  // 12 slabs across z in [0, 50]
  ASSERT_EQ(plan.count, 12);
  EXPECT_EQ(plan.SlabOf(-1e30f), 0u);
  EXPECT_EQ(plan.SlabOf(0.0f), 0u);
  EXPECT_EQ(plan.SlabOf(25.0f), 6u);
  EXPECT_EQ(plan.SlabOf(1e30f), 11u);
  EXPECT_EQ(plan.SlabOf(std::numeric_limits<float>::infinity()), 11u);
  EXPECT_EQ(plan.SlabOf(std::numeric_limits<float>::quiet_NaN()), 0u);
  EXPECT_EQ(SlabPlan{}.SlabOf(42.0f), 0u);  // no plan: one slab
  uint32_t last = 0;
  for (float v = -3e38f; v < 3e38f; v = v < -100 ? v / 8 : (v < 100 ? v + 0.37f : v * 8)) {
    const uint32_t s = plan.SlabOf(v);
    ASSERT_GE(s, last) << "at " << v;
    ASSERT_LT(s, 12u);
    last = s;
  }
}

std::vector<BoxPair> BrutePairs(const std::vector<Aabb>& boxes) {
  std::vector<BoxPair> pairs;
  BruteForce brute;
  FrameDriver(brute).Step(boxes, pairs);
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

// An even scatter of boxes in a cube (about one neighbour each), plus long boxes that reach
// several slabs or every one: a pair of two long boxes lies in many slabs at once.
std::vector<Aabb> EvenScatterWithLongBoxes(int n, std::mt19937& rng) {
  const float side = std::cbrt(64.0f * float(n));
  std::uniform_real_distribution<float> at(0.0f, side), half(0.5f, 1.5f);
  std::vector<Aabb> boxes;
  for (int i = 0; i < n; ++i)
    boxes.push_back(Aabb::FromCenterHalf(glm::vec3(at(rng), at(rng), at(rng)),
                                         glm::vec3(half(rng), half(rng), half(rng))));
  for (int i = 0; i < 24; ++i) {
    const float reach = side * float(1 + i % 4) / 4;  // a quarter of the cube up to all of it
    const glm::vec3 c(at(rng), at(rng), at(rng));
    boxes.push_back(Aabb{c - glm::vec3(reach / 2), c + glm::vec3(reach / 2)});
  }
  return boxes;
}

// One leaf (no operations run on a bare BspTree) holding the whole scatter: swept in slabs with
// the departure on, whole without it; both give brute force's pairs, each once.
TEST(ExactSweepSlabs, LargeLeafGivesBruteForcesPairsOnce) {
  std::mt19937 rng(11);
  const std::vector<Aabb> boxes = EvenScatterWithLongBoxes(2000, rng);
  const std::vector<BoxPair> want = BrutePairs(boxes);
  ASSERT_GT(want.size(), 2000u);
  for (bool slabs : {true, false}) {
    BspTree tree;
    for (BoxId id = 0; id < boxes.size(); ++id) tree.AddBox(id, boxes[id]);
    tree.SortLeaves();
    BspPairFinder finder;
    finder.set_slabs(slabs);
    std::vector<BoxPair> got;
    finder.FindExactPairs(tree, got, 0, 0, true);
    EXPECT_EQ(finder.slab_count(tree.root()) >= 2, slabs);
    EXPECT_EQ(finder.slabbed_leaves(), slabs ? 1u : 0u);
    std::sort(got.begin(), got.end());
    EXPECT_TRUE(std::adjacent_find(got.begin(), got.end()) == got.end()) << "a pair twice";
    EXPECT_EQ(got, want) << (slabs ? "in slabs" : "whole");
  }
}

// The plan is made every few sweeps: meanwhile boxes may leave the span it was made for. Every box
// is moved by most of the span, half one way and half the other, so that many fall past its ends
// (into the end slabs, with the long boxes that still reach across several) while the rest stay
// spread over the middle slabs, and the leaf is swept again under the same plan.
TEST(ExactSweepSlabs, BoxesPastThePlannedSpanFallIntoTheEndSlabs) {
  std::mt19937 rng(13);
  std::vector<Aabb> boxes = EvenScatterWithLongBoxes(1500, rng);
  BspTree tree;
  for (BoxId id = 0; id < boxes.size(); ++id) tree.AddBox(id, boxes[id]);
  tree.SortLeaves();
  BspPairFinder finder;
  std::vector<BoxPair> got;
  finder.FindExactPairs(tree, got, 0, 0, true);
  const uint8_t slabs = finder.slab_count(tree.root());
  ASSERT_GE(slabs, 2);
  // The plan's axis is not exposed: every box moves along all three, so whichever axis the slabs
  // cut.
  for (BoxId id = 0; id < boxes.size(); ++id) {
    const float shift = id % 2 ? 20.0f : -20.0f;  // the cube is about 50 wide
    boxes[id] = Aabb{boxes[id].min + glm::vec3(shift), boxes[id].max + glm::vec3(shift)};
    tree.MoveBox(id, boxes[id]);
  }
  tree.SortLeaves();
  got.clear();
  finder.FindExactPairs(tree, got, 0, 0, true);
  ASSERT_EQ(finder.slab_count(tree.root()), slabs) << "the plan was made again";
  std::sort(got.begin(), got.end());
  EXPECT_TRUE(std::adjacent_find(got.begin(), got.end()) == got.end()) << "a pair twice";
  EXPECT_EQ(got, BrutePairs(boxes));
}

// The whole BSP, our profile, stepped through generated motion: brute force's pairs and a valid
// tree after every step (BspAgainstBrute::Step).
class SlabsThroughTheBsp : public BspAgainstBrute {
 protected:
  SlabsThroughTheBsp() : BspAgainstBrute(BspParams::Ours()) {}

  // Steps `steps` frames of `kind` with `boxes` boxes; returns the steps that swept a leaf in
  // slabs.
  uint32_t StepThrough(SyntheticKind kind, uint32_t boxes, int steps) {
    SyntheticParams params;
    params.kind = kind;
    params.boxes = boxes;
    SyntheticMotion motion(params);
    uint32_t slabbed_steps = 0;
    for (int s = 0; s < steps && !HasFatalFailure(); ++s) {
      const std::span<const Aabb> frame = motion.frame();
      Step(std::vector<Aabb>(frame.begin(), frame.end()));
      slabbed_steps += bsp.last_stats().slabbed_leaves > 0;
      motion.Advance();
    }
    return slabbed_steps;
  }
};

// Rain: boxes fall, pile up and fall again, and no plane straddles few enough of them for the
// tree to split, so the root's sweep runs in slabs.
TEST_F(SlabsThroughTheBsp, RainGivesBruteForcesPairsEveryStep) {
  EXPECT_GT(StepThrough(SyntheticKind::kRaining, 1500, 80), 20u);
  EXPECT_GT(want.size(), 300u);
}

// Boxes moving steadily in one sparse leaf (too few pairs per entry for the exact sweep): the
// leaf keeps cached candidates, and the steps where most of its boxes leave their predicted fat
// boxes at once re-sweep its stored boxes in slabs instead of repairing every box's window.
TEST_F(SlabsThroughTheBsp, BurstsOfEscapesInASparseLeafAreSweptInSlabs) {
  EXPECT_GT(StepThrough(SyntheticKind::kMoving, 1500, 60), 5u);
  EXPECT_GT(want.size(), 200u);
}

}  // namespace
}  // namespace partlab
