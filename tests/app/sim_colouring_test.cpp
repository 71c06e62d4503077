// The simulation view's colouring: boxes mapped to the BSP leaf that holds them,
// straddling boxes told apart, paired boxes marked, colours distinct and in range.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "app/render/instanced_body_instance.h"
#include "app/views/simulation/sim_colouring.h"
#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"

namespace partlab {
namespace {

std::vector<Aabb> RandomBoxes(uint32_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> pos(-50.0f, 50.0f), size(0.2f, 2.0f);
  std::vector<Aabb> boxes(n);
  for (Aabb& b : boxes) {
    const glm::vec3 c(pos(rng), pos(rng), pos(rng));
    const glm::vec3 h(size(rng), size(rng), size(rng));
    b = Aabb{c - h, c + h};
  }
  return boxes;
}

TEST(SimColouring, EveryBoxMapsToTheLeafThatHoldsItOrIsMarkedStraddling) {
  SemiAdjustingBsp bsp;
  const std::vector<Aabb> boxes = RandomBoxes(3000, 7);
  for (BoxId id = 0; id < boxes.size(); ++id)
    if (id % 10 != 3) bsp.Add(id, boxes[id]);  // every tenth id absent
  bsp.Update();
  ASSERT_GT(bsp.last_stats().leaves, 4u) << "the tree should have split";

  std::vector<int32_t> leaf_of;
  MapBoxesToLeaves(bsp.tree(), uint32_t(boxes.size()) + 5, leaf_of);
  ASSERT_EQ(leaf_of.size(), boxes.size() + 5);
  size_t straddling = 0;
  for (BoxId id = 0; id < leaf_of.size(); ++id) {
    if (id >= boxes.size() || id % 10 == 3) {
      EXPECT_EQ(leaf_of[id], kAbsentFromTree) << id;
      continue;
    }
    const uint32_t leaves = bsp.tree().leaf_count(id);
    if (leaves > 1) {
      EXPECT_EQ(leaf_of[id], kStraddling) << id;
      ++straddling;
      continue;
    }
    ASSERT_GE(leaf_of[id], 0) << id;
    const BspNode& leaf = bsp.tree().node(leaf_of[id]);
    EXPECT_TRUE(leaf.alive && leaf.IsLeaf());
    bool found = false;
    for (const LeafEntry& e : bsp.tree().leaf(leaf_of[id])) found |= e.id == id;
    EXPECT_TRUE(found) << "box " << id << " is not in leaf " << leaf_of[id];
  }
  EXPECT_GT(straddling, 0u) << "3000 random boxes: some straddle a plane";
}

TEST(SimColouring, PairedBoxesAreExactlyThoseInABruteForcePair) {
  const std::vector<Aabb> boxes = RandomBoxes(600, 11);
  BruteForce brute;
  for (BoxId id = 0; id < boxes.size(); ++id) brute.Add(id, boxes[id]);
  std::vector<BoxPair> pairs;
  brute.FindPairs(pairs);
  ASSERT_FALSE(pairs.empty());
  std::vector<uint8_t> paired;
  MarkPairedBoxes(pairs, uint32_t(boxes.size()), paired);
  for (BoxId id = 0; id < boxes.size(); ++id) {
    bool overlaps_another = false;
    for (BoxId other = 0; other < boxes.size(); ++other)
      overlaps_another |= other != id && Overlaps(boxes[id], boxes[other]);
    EXPECT_EQ(paired[id] != 0, overlaps_another) << id;
  }
}

TEST(SimColouring, LeafColoursAreDistinctForNeighbouringLeavesAndSpecialForStraddling) {
  std::set<uint32_t> seen;
  for (int32_t leaf = 0; leaf < 24; ++leaf) {
    const Color c = LeafColour(leaf);
    for (int k = 0; k < 4; ++k) {
      EXPECT_GE(c[k], 0.0f);
      EXPECT_LE(c[k], 1.0f);
    }
    EXPECT_TRUE(seen.insert(PackRgba8(c)).second) << "leaf " << leaf << " repeats a colour";
    EXPECT_NE(PackRgba8(c), PackRgba8(LeafColour(kStraddling)));
  }
  EXPECT_EQ(PackRgba8(LeafColour(kStraddling)), PackRgba8(LeafColour(kStraddling)));
  EXPECT_NE(PackRgba8(PairColour(true)), PackRgba8(PairColour(false)));
}

TEST(SimColouring, SpeedRampGoesFromBlueToRedAndClamps) {
  const Color rest = SpeedColour(0.0f, 10.0f), fast = SpeedColour(10.0f, 10.0f);
  EXPECT_GT(rest.b, rest.r);
  EXPECT_GT(fast.r, fast.b);
  EXPECT_EQ(PackRgba8(SpeedColour(50.0f, 10.0f)), PackRgba8(fast));
  EXPECT_EQ(PackRgba8(SpeedColour(-1.0f, 10.0f)), PackRgba8(rest));
}

TEST(SimColouring, PackRgba8PutsRedInTheLowestByte) {
  EXPECT_EQ(PackRgba8({1, 0, 0, 0}), 0x000000ffu);
  EXPECT_EQ(PackRgba8({0, 0, 0, 1}), 0xff000000u);
  EXPECT_EQ(PackRgba8({0, 2, -1, 0}), 0x0000ff00u);  // clamped
}

}  // namespace
}  // namespace partlab
