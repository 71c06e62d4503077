// TrackedBoxes, the per-box table the quadtree and the loose octree share: what Add, Remove, Move
// and the dirty list promise, including ids never added and repeated changes in one frame.
#include "engine/broadphase/tracked_boxes.h"

#include <gtest/gtest.h>

#include <vector>

namespace partlab {
namespace {

Aabb Box(float x) {
  return {glm::vec3(x, 0, 0), glm::vec3(x + 1, 1, 1)};
}

std::vector<BoxId> Dirty(const TrackedBoxes& t) {
  return {t.dirty().begin(), t.dirty().end()};
}

TEST(TrackedBoxes, AddGrowsToTheLargestIdAndMarksDirtyOnce) {
  TrackedBoxes t;
  EXPECT_TRUE(t.Add(3, Box(3)));   // grew: 0..3
  EXPECT_FALSE(t.Add(1, Box(1)));  // inside the table already
  EXPECT_EQ(t.size(), 4u);
  EXPECT_EQ(t.live(), 2u);
  EXPECT_TRUE(t.present(3));
  EXPECT_TRUE(t.present(1));
  EXPECT_FALSE(t.present(0));
  EXPECT_FALSE(t.present(2));
  EXPECT_EQ(t.box(3).min.x, 3.0f);
  t.Move(3, Box(7));  // already dirty: listed once, in first-change order
  EXPECT_EQ(Dirty(t), (std::vector<BoxId>{3, 1}));
  EXPECT_EQ(t.box(3).min.x, 7.0f);
}

TEST(TrackedBoxes, AddingAPresentIdAgainReplacesItsBoxWithoutCountingTwice) {
  TrackedBoxes t;
  t.Add(0, Box(0));
  t.ClearDirty();
  t.Add(0, Box(5));
  EXPECT_EQ(t.live(), 1u);
  EXPECT_EQ(t.box(0).min.x, 5.0f);
  EXPECT_EQ(Dirty(t), (std::vector<BoxId>{0}));
}

TEST(TrackedBoxes, RemoveKeepsTheIdDirtySoTheStructureCanUnlinkIt) {
  TrackedBoxes t;
  t.Add(0, Box(0));
  t.Add(1, Box(1));
  t.ClearDirty();
  EXPECT_TRUE(t.Remove(1));
  EXPECT_FALSE(t.present(1));
  EXPECT_EQ(t.live(), 1u);
  EXPECT_TRUE(t.is_dirty(1));
  EXPECT_FALSE(t.is_dirty(0));
  EXPECT_FALSE(t.Remove(1));  // twice: nothing more
  EXPECT_EQ(t.live(), 1u);
  EXPECT_EQ(Dirty(t), (std::vector<BoxId>{1}));
  t.Add(1, Box(2));  // re-added in the same frame: present again, still listed once
  EXPECT_TRUE(t.present(1));
  EXPECT_EQ(t.live(), 2u);
  EXPECT_EQ(Dirty(t), (std::vector<BoxId>{1}));
}

TEST(TrackedBoxes, MoveMarksDirtyAndDrainVisitsEachChangedIdOnceThenClears) {
  TrackedBoxes t;
  for (BoxId id = 0; id < 5; ++id) t.Add(id, Box(float(id)));
  t.ClearDirty();
  EXPECT_TRUE(t.dirty().empty());
  t.Move(4, Box(40));
  t.Move(2, Box(20));
  t.Move(4, Box(41));
  std::vector<BoxId> seen;
  t.DrainDirty([&](BoxId id) {
    EXPECT_FALSE(t.is_dirty(id));  // cleared before the visit
    seen.push_back(id);
  });
  EXPECT_EQ(seen, (std::vector<BoxId>{4, 2}));
  EXPECT_TRUE(t.dirty().empty());
  EXPECT_EQ(t.box(4).min.x, 41.0f);
  t.Move(4, Box(42));  // dirty again after a drain
  EXPECT_EQ(Dirty(t), (std::vector<BoxId>{4}));
}

TEST(TrackedBoxes, IdsNeverAddedAreIgnored) {
  TrackedBoxes t;
  EXPECT_FALSE(t.Remove(0));  // empty table
  t.Move(0, Box(0));
  EXPECT_EQ(t.size(), 0u);
  t.Add(2, Box(2));
  t.ClearDirty();
  EXPECT_FALSE(t.Remove(9));  // past the end
  t.Move(9, Box(9));
  EXPECT_FALSE(t.Remove(0));  // inside the table but never added
  EXPECT_EQ(t.size(), 3u);
  EXPECT_EQ(t.live(), 1u);
  EXPECT_FALSE(t.present(9));
  EXPECT_FALSE(t.is_dirty(9));
  EXPECT_TRUE(t.dirty().empty());
}

TEST(TrackedBoxes, MemoryGrowsWithTheTable) {
  TrackedBoxes t;
  const size_t empty = t.MemoryBytes();
  t.Add(999, Box(0));
  EXPECT_GE(t.MemoryBytes(), empty + 1000 * sizeof(Aabb));
}

}  // namespace
}  // namespace partlab
