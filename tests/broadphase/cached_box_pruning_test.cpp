// Box pruning with candidates kept between steps, against brute force: boxes that stay inside
// their fat boxes, boxes that leave them, boxes added and removed between steps, every margin.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/cached_box_pruning.h"
#include "tests/broadphase/kept_candidates_check.h"
#include "tests/broadphase/random_boxes.h"
#include "tests/broadphase/sorted_pairs.h"

namespace partlab {
namespace {

// Random walkers that come and go (WalkAndChurn): with a margin some stay inside their fat boxes
// and some leave them. The pairs must equal brute force's as a sorted list (no pair twice).
void WalkAndCompare(const FatBoxRule& rule, float step, uint32_t seed) {
  const float margin = rule.margin;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> pos(-30, 30), half(0.1f, 2.5f);
  std::vector<Aabb> boxes(800);
  for (Aabb& b : boxes)
    b = Aabb::FromCenterHalf({pos(rng), pos(rng), pos(rng)}, {half(rng), half(rng), half(rng)});
  std::vector<uint8_t> present(boxes.size(), 1);
  CachedBoxPruning cached(rule);
  BruteForce brute;
  for (BoxId id = 0; id < boxes.size(); ++id) cached.Add(id, boxes[id]), brute.Add(id, boxes[id]);
  size_t escaped = 0, kept = 0;
  for (int s = 0; s < 40; ++s) {
    WalkAndChurn(rng, boxes, present, step, {&cached, &brute});
    std::vector<BoxPair> got, want;
    cached.FindPairs(got);
    brute.FindPairs(want);
    ASSERT_EQ(Sorted(got), Sorted(want)) << "margin " << margin << ", step " << s;
    escaped += cached.last_escaped();
    kept += boxes.size() - cached.last_escaped();
  }
  // The walk exercises both paths: boxes that keep their fat boxes and boxes that leave them.
  if (margin > 0) {
    EXPECT_GT(kept, 0u) << "margin " << margin;
  }
  EXPECT_GT(escaped, 0u) << "margin " << margin;
}

TEST(CachedBoxPruning, EqualsBruteForceWhileBoxesWalk) {
  for (float margin : {0.0f, 0.1f, 0.5f, 2.0f}) WalkAndCompare({margin, 0, 0}, 0.3f, 21);
  WalkAndCompare({}, 0.3f, 22);  // the semi-adjusting BSP's rule: margin and predictive stretch
}

TEST(CachedBoxPruning, EqualsBruteForceWhenEveryBoxJumps) {
  WalkAndCompare({}, 20.0f, 4);  // nearly every box leaves its fat box every step
}

TEST(CachedBoxPruning, KeptCandidatesAreTestedOnTheExactBoxes) {
  CachedBoxPruning cached({1.0f, 0, 0});
  ExpectKeptCandidatesTestedOnTheExactBoxes(cached, [&] { return cached.last_escaped(); });
}

// A box removed and added again between two steps, where it was: it keeps its pair, and loses it
// once removed for good.
TEST(CachedBoxPruning, RemovedAndAddedAgainInOneStep) {
  CachedBoxPruning cached({0.5f, 0, 0});
  cached.Add(0, {{0, 0, 0}, {1, 1, 1}});
  cached.Add(1, {{0.5f, 0.5f, 0.5f}, {2, 2, 2}});
  std::vector<BoxPair> pairs;
  cached.FindPairs(pairs);
  ASSERT_EQ(pairs, (std::vector<BoxPair>{{0, 1}}));
  cached.Remove(1);
  cached.Add(1, {{0.5f, 0.5f, 0.5f}, {2, 2, 2}});
  pairs.clear();
  cached.FindPairs(pairs);
  EXPECT_EQ(pairs, (std::vector<BoxPair>{{0, 1}}));
  cached.Remove(1);
  pairs.clear();
  cached.FindPairs(pairs);
  EXPECT_TRUE(pairs.empty());
  EXPECT_EQ(cached.LastCandidateCount(), 0u);
}

// Extreme boxes: a fat box whose growth overflows to infinity, and points.
TEST(CachedBoxPruning, ExtremeBoxes) {
  const std::vector<Aabb> boxes = OverflowingAndPointBoxes();
  for (float margin : {0.0f, 0.5f, FatBoxRule::kMost}) {
    CachedBoxPruning cached({margin, 8, 6});
    BruteForce brute;
    for (BoxId id = 0; id < boxes.size(); ++id) cached.Add(id, boxes[id]), brute.Add(id, boxes[id]);
    for (int s = 0; s < 2; ++s) {
      std::vector<BoxPair> got, want;
      cached.FindPairs(got);
      brute.FindPairs(want);
      EXPECT_EQ(Sorted(got), Sorted(want)) << "margin " << margin << ", step " << s;
    }
  }
}

// A box that moved is stretched toward where it went, by the steps times its displacement, at
// most the cap times its largest side (the semi-adjusting BSP's rule, worked by hand).
TEST(CachedBoxPruning, FatBoxesStretchTowardTheMotion) {
  CachedBoxPruning cached({0.5f, 4, 3});
  std::vector<BoxPair> pairs;
  cached.Add(0, {{0, 0, 0}, {2, 1, 1}});  // largest side 2: fat box grown by 1, [-1, 3] on X
  cached.FindPairs(pairs);
  EXPECT_EQ(cached.last_escaped(), 1u);
  // Centre moved +1.5 on X and -0.5 on Z; max X 3.5 > 3, a new fat box: grown by 1, then
  // stretched by min(4 * 1.5, 3 * 2) = 6 on X's high side and by 4 * 0.5 = 2 on Z's low side:
  // X [0.5, 10.5], Z [-3.5, 1.5].
  cached.Move(0, {{1.5f, 0, -0.5f}, {3.5f, 1, 0.5f}});
  cached.FindPairs(pairs);
  EXPECT_EQ(cached.last_escaped(), 1u);
  cached.Move(0, {{8, 0, -3.5f}, {10, 1, -2.5f}});  // inside the stretched fat box
  cached.FindPairs(pairs);
  EXPECT_EQ(cached.last_escaped(), 0u);
  cached.Move(0, {{8.6f, 0, -3}, {10.6f, 1, -2}});  // max X 10.6 > 10.5
  cached.FindPairs(pairs);
  EXPECT_EQ(cached.last_escaped(), 1u);
}

TEST(CachedBoxPruning, RuleClamped) {
  const FatBoxRule r = FatBoxRule{-1.0f, std::nanf(""), 1000.0f}.Clamped();
  EXPECT_EQ(r.margin, 0.0f);
  EXPECT_EQ(r.predictive_steps, 0.0f);
  EXPECT_EQ(r.predictive_cap, FatBoxRule::kMost);
}

}  // namespace
}  // namespace partlab
