// The ordered traversal's eight-box test: the SSE lanes must give exactly what the plain float
// lanes give (the same crossed children, bit-identical entry distances), so the one traversal loop
// visits the same cells whichever the machine compiles; and both must follow the slab rule,
// checked against the exact ray-box test.
#include "engine/octree/octree_lanes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

namespace partlab::octree_lanes {
namespace {

bool SameBits(float a, float b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// Eight random boxes (some flat, some sharing faces with the next), each box's corners in
// lane k.
ChildBoxes RandomBoxes(std::mt19937& rng) {
  std::uniform_real_distribution<float> pos(-60.0f, 60.0f), size(0.0f, 20.0f);
  ChildBoxes b{};
  for (int k = 0; k < 8; ++k)
    for (int a = 0; a < 3; ++a) {
      b.plane[a][k] = k > 0 && rng() % 4 == 0 ? b.plane[3 + a][k - 1] : pos(rng);
      b.plane[3 + a][k] = b.plane[a][k] + (rng() % 7 == 0 ? 0.0f : size(rng));
    }
  return b;
}

// A usable ray: half of them aimed at the centre of one of the boxes, a third with a zero
// direction component.
Ray RandomRay(std::mt19937& rng, int trial, const ChildBoxes& b) {
  std::uniform_real_distribution<float> pos(-80.0f, 80.0f), dir(-1.0f, 1.0f);
  Ray r{{pos(rng), pos(rng), pos(rng)}, {dir(rng), dir(rng), dir(rng)}};
  if (trial % 2 == 0) {
    const int k = trial / 2 % 8;
    for (int a = 0; a < 3; ++a)
      r.direction[a] = 0.5f * (b.plane[a][k] + b.plane[3 + a][k]) - r.origin[a];
  }
  if (trial % 3 == 0) r.direction[trial % 9 / 3] = 0.0f;
  if (!IsUsableRay(r)) r.direction = {1.0f, 0.5f, 0.25f};
  return r;
}

#if defined(PARTLAB_OCTREE_SSE_LANES)
TEST(OctreeLanes, SseMatchesThePlainLanesBitForBit) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> t(-50.0f, 150.0f), width(0.0f, 200.0f);
  int crossed = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const ChildBoxes boxes = RandomBoxes(rng);
    const SlabRay s = MakeSlabRay(RandomRay(rng, trial, boxes));
    const float margin = trial % 4 == 0 ? 0.0f : 0.01f;
    const float t_min = trial % 2 == 0 ? 0.0f : t(rng), limit = t_min + width(rng);
    float s_enter[8], v_enter[8];
    const unsigned s_mask =
        scalar::CrossedBoxes(boxes, scalar::MakeBoxRay(s, margin), t_min, limit, s_enter);
    const unsigned v_mask =
        sse::CrossedBoxes(boxes, sse::MakeBoxRay(s, margin), t_min, limit, v_enter);
    ASSERT_EQ(s_mask, v_mask) << "trial " << trial;
    for (int k = 0; k < 8; ++k)
      ASSERT_TRUE(SameBits(s_enter[k], v_enter[k])) << "trial " << trial << " child " << k;
    crossed += __builtin_popcount(v_mask);
  }
  EXPECT_GT(crossed, 5000);  // both outcomes are exercised
  EXPECT_LT(crossed, 150000);
}
#endif

#if defined(PARTLAB_OCTREE_SSE_LANES)
// The blocks' boxes (block_boxes.h) through the same lanes, four at a time: SSE and plain floats
// agree bit for bit, and a lane holding the no-block box is never crossed, whatever the ray.
TEST(OctreeLanes, BlockBoxesSseMatchesThePlainLanesAndNoBlockIsNeverCrossed) {
  std::mt19937 rng(13);
  std::uniform_real_distribution<float> t(-50.0f, 150.0f), width(0.0f, 1e30f);
  int crossed = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const ChildBoxes eight = RandomBoxes(rng);
    BlockBoxes boxes;
    const int blocks = 1 + trial % 4;  // lanes past these hold no block
    for (int row = 0; row < 6; ++row)
      for (int k = 0; k < 4; ++k)
        boxes.plane[row][k] = k < blocks ? eight.plane[row][k]
                              : row < 3  ? kNoBlockMin
                                         : kNoBlockMax;
    const SlabRay s = MakeSlabRay(RandomRay(rng, trial, eight));
    const float margin = trial % 4 == 0 ? 0.0f : 0.01f;
    const float t_min = trial % 2 == 0 ? 0.0f : t(rng), limit = t_min + width(rng);
    float s_enter[4], v_enter[4];
    const unsigned s_mask =
        scalar::CrossedBlockBoxes(boxes, scalar::MakeBoxRay(s, margin), t_min, limit, s_enter);
    const unsigned v_mask =
        sse::CrossedBlockBoxes(boxes, sse::MakeBoxRay(s, margin), t_min, limit, v_enter);
    ASSERT_EQ(s_mask, v_mask) << "trial " << trial;
    ASSERT_EQ(v_mask >> blocks, 0u) << "trial " << trial;
    for (int k = 0; k < blocks; ++k)
      ASSERT_TRUE(SameBits(s_enter[k], v_enter[k])) << "trial " << trial << " block " << k;
    crossed += __builtin_popcount(v_mask);
  }
  EXPECT_GT(crossed, 1000);  // both outcomes are exercised
}
#endif

// Against the exact slab test (IntersectRayBox, zero components handled explicitly), on rays away
// from grazing: a box is crossed within [t_min, limit] exactly when the exact test says so for
// the box both grown and shrunk by a little more than the margin, and the entry distance is where
// the exact test enters it (or t_min).
TEST(OctreeLanes, CrossedBoxesFollowsTheExactSlabTest) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> t(0.0f, 100.0f), width(0.0f, 200.0f);
  const float margin = 1e-3f, clear = 1e-2f;
  int decided = 0, crossed = 0;
  for (int trial = 0; trial < 5000; ++trial) {
    const ChildBoxes boxes = RandomBoxes(rng);
    const Ray r = RandomRay(rng, trial, boxes);
    const float t_min = trial % 2 == 0 ? 0.0f : t(rng), limit = t_min + width(rng);
    float enter[8];
    const unsigned mask =
        CrossedBoxes(boxes, MakeBoxRay(MakeSlabRay(r), margin), t_min, limit, enter);
    for (int k = 0; k < 8; ++k) {
      const glm::vec3 lo(boxes.plane[0][k], boxes.plane[1][k], boxes.plane[2][k]);
      const glm::vec3 hi(boxes.plane[3][k], boxes.plane[4][k], boxes.plane[5][k]);
      RayBoxInterval grown, shrunk;
      const bool in_grown = IntersectRayBox(r, {lo - clear, hi + clear}, t_min, limit, &grown);
      const bool in_shrunk = IntersectRayBox(r, {lo + clear, hi - clear}, t_min, limit, &shrunk);
      if (in_grown != in_shrunk) continue;  // grazing: the margin may decide either way
      ASSERT_EQ(bool(mask >> k & 1), in_grown) << "trial " << trial << " box " << k;
      if (in_grown) {
        RayBoxInterval exact;
        ASSERT_TRUE(IntersectRayBox(r, {lo, hi}, t_min, limit, &exact));
        EXPECT_LE(enter[k], exact.t_enter) << "trial " << trial << " box " << k;
        EXPECT_NEAR(enter[k], exact.t_enter, 1e-2f * (1.0f + exact.t_enter));
        ++crossed;
      }
      ++decided;
    }
  }
  EXPECT_GT(decided, 30000);
  EXPECT_GT(crossed, 800);
}

// Worked by hand: the ray from (0, 0, 0) along (1, 0.5, 0.25) passes (4, 2, 1) at t = 4.
TEST(OctreeLanes, CrossedBoxesFollowsTheSlabRuleByHand) {
  const SlabRay s = MakeSlabRay(Ray{{0, 0, 0}, {1.0f, 0.5f, 0.25f}});
  ChildBoxes b{};
  auto put = [&](int k, glm::vec3 lo, glm::vec3 hi) {
    for (int a = 0; a < 3; ++a) {
      b.plane[a][k] = lo[a];
      b.plane[3 + a][k] = hi[a];
    }
  };
  put(0, {3, 1.5f, 0.75f}, {5, 2.5f, 1.25f});        // around (4, 2, 1): entered at 3, left at 5
  put(1, {3, 3, 0}, {5, 4, 10});                     // x crossed in [3, 5], y in [6, 8]: missed
  put(2, {3, 2.5f, 0}, {5, 3, 10});                  // y in [5, 6] starts where x's [3, 5] ends
  put(3, {-5, -2.5f, -1.25f}, {-3, -1.5f, -0.75f});  // behind the origin
  float enter[8];
  const unsigned mask = CrossedBoxes(b, MakeBoxRay(s, 0.0f), 0.0f, 100.0f, enter);
  EXPECT_EQ(mask & 0xF, 0b0101u);
  EXPECT_EQ(enter[0], 3.0f);
  EXPECT_EQ(enter[2], 5.0f);
  // Beyond the limit, or entered before t_min but left after it.
  EXPECT_FALSE(CrossedBoxes(b, MakeBoxRay(s, 0.0f), 0.0f, 2.5f, enter) & 1);
  EXPECT_TRUE(CrossedBoxes(b, MakeBoxRay(s, 0.0f), 4.0f, 100.0f, enter) & 1);
  EXPECT_EQ(enter[0], 4.0f);
  // Grown by one unit along each axis (a margin of 1 moves x's slab by 1, y's by 2 in t): box 1's
  // x slab [2, 6] and y slab [4, 10] now overlap.
  EXPECT_TRUE(CrossedBoxes(b, MakeBoxRay(s, 1.0f), 0.0f, 100.0f, enter) & 2);
  EXPECT_EQ(enter[1], 4.0f);
}

}  // namespace
}  // namespace partlab::octree_lanes
