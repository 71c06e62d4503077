// The static boxes' caps: a column shows from above only what rises over its neighbours.
#include "app/views/simulation/sim_static_caps.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace partlab {
namespace {

constexpr float kBottom = -6.0f;
constexpr float kInset = 0.001f;  // as the terrain scene: 2 mm between neighbouring tiles

// An n x n terrain of 2 m columns from kBottom up to `tops`, row-major (x along a row).
std::vector<Aabb> Terrain(int n, const std::vector<float>& tops) {
  std::vector<Aabb> boxes;
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k)
      boxes.push_back(
          {{i * 2.0f + kInset, kBottom, k * 2.0f + kInset},
           {i * 2.0f + 2.0f - kInset, tops[size_t(i * n + k)], k * 2.0f + 2.0f - kInset}});
  return boxes;
}

// Random heights on a 6 x 6 grid: an inner column's floor is the lowest top among its four
// neighbours (or its own top, if it is the lowest); a column on the edge has an open side, so it
// is drawn whole.
TEST(SimStaticCaps, InnerColumnsStartAtTheirLowestNeighbour) {
  constexpr int n = 6;
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> quarter(-8, 8);
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<float> tops(n * n);
    for (float& t : tops) t = 0.25f * float(quarter(rng));
    const std::vector<Aabb> boxes = Terrain(n, tops);
    const std::vector<float> floors = VisibleSideFloors(boxes, 3 * kInset);
    ASSERT_EQ(floors.size(), boxes.size());
    for (int i = 0; i < n; ++i) {
      for (int k = 0; k < n; ++k) {
        const size_t at = size_t(i * n + k);
        if (i == 0 || k == 0 || i == n - 1 || k == n - 1) {
          EXPECT_EQ(floors[at], kBottom) << "edge column " << i << "," << k;
          continue;
        }
        const float lowest = std::min({tops[at - n], tops[at + n], tops[at - 1], tops[at + 1]});
        EXPECT_EQ(floors[at], std::min(lowest, tops[at])) << "column " << i << "," << k;
      }
    }
  }
}

// Walls standing round the terrain cover its edge columns' outer sides, as in scene 1.
TEST(SimStaticCaps, WallsCoverTheEdgeColumns) {
  const std::vector<float> tops = {1.0f, 2.0f, 3.0f, 0.5f};  // 2 x 2
  std::vector<Aabb> boxes = Terrain(2, tops);
  const float rim = 10.0f, side = 4.0f;
  boxes.push_back({{-1.0f, kBottom, -1.0f}, {side + 1.0f, rim, 0.0f}});        // -z
  boxes.push_back({{-1.0f, kBottom, side}, {side + 1.0f, rim, side + 1.0f}});  // +z
  boxes.push_back({{-1.0f, kBottom, 0.0f}, {0.0f, rim, side}});                // -x
  boxes.push_back({{side, kBottom, 0.0f}, {side + 1.0f, rim, side}});          // +x
  const std::vector<float> floors = VisibleSideFloors(boxes, 3 * kInset);
  // Column (0,0) has neighbours (1,0) top 3 and (0,1) top 2, and walls: floor min(2, 3) = 2,
  // clamped to its own top 1. (1,1) (top 0.5) is the lowest: its floor is its top.
  EXPECT_EQ(floors[0], 1.0f);
  EXPECT_EQ(floors[1], std::min(2.0f, std::min(1.0f, 0.5f)));  // (0,1): neighbours (0,0), (1,1)
  EXPECT_EQ(floors[2], std::min(3.0f, std::min(1.0f, 0.5f)));  // (1,0): neighbours (0,0), (1,1)
  EXPECT_EQ(floors[3], 0.5f);
  for (size_t w = 4; w < 8; ++w) EXPECT_EQ(floors[w], kBottom) << "walls have open sides";
}

// A neighbour that does not reach down as far, or does not span the whole side, covers nothing.
TEST(SimStaticCaps, PartialNeighboursLeaveTheSideOpen) {
  const Aabb column{{0, kBottom, 0}, {2, 3, 2}};
  const Aabb short_left{{-2, -1, 0}, {0, 5, 2}};           // starts above the column's bottom
  const Aabb narrow_right{{2, kBottom, 0.5f}, {4, 5, 2}};  // spans only part of the side
  const Aabb full_front{{0, kBottom, 2}, {2, 5, 4}};
  const Aabb full_back{{0, kBottom, -2}, {2, 5, 0}};
  const std::vector<Aabb> boxes = {column, short_left, narrow_right, full_front, full_back};
  EXPECT_EQ(VisibleSideFloors(boxes, 0.01f)[0], kBottom);
  const std::vector<Aabb> closed = {
      column, {{-2, kBottom, 0}, {0, 1, 2}}, {{2, kBottom, -1}, {4, 2, 3}}, full_front, full_back};
  EXPECT_EQ(VisibleSideFloors(closed, 0.01f)[0], 1.0f);  // the lowest of 1, 2, 5, 5
  EXPECT_EQ(CapFrom(column, 1.0f).min, glm::vec3(0, 1, 0));
  EXPECT_EQ(CapFrom(column, 1.0f).max, column.max);
}

}  // namespace
}  // namespace partlab
