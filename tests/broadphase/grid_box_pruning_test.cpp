// Box pruning per grid cell against brute force: every pair reported exactly once, whatever the
// cells a box reaches, after moves that leave last step's grid, and with extreme coordinates.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/grid_box_pruning.h"
#include "tests/broadphase/random_boxes.h"
#include "tests/broadphase/sorted_pairs.h"

namespace partlab {
namespace {

// Steps both broad phases through the same frames; each frame's pairs must be equal as sets and
// the grid's must hold no pair twice (a sorted list with a duplicate differs from brute force's).
void ExpectSameAsBruteForce(GridBoxPruning& grid, const std::vector<std::vector<Aabb>>& frames) {
  BruteForce brute;
  for (size_t f = 0; f < frames.size(); ++f) {
    for (BoxId id = 0; id < frames[f].size(); ++id) {
      if (f == 0) {
        grid.Add(id, frames[f][id]), brute.Add(id, frames[f][id]);
      } else {
        grid.Move(id, frames[f][id]), brute.Move(id, frames[f][id]);
      }
    }
    std::vector<BoxPair> got, want;
    grid.FindPairs(got);
    brute.FindPairs(want);
    ASSERT_EQ(Sorted(got), Sorted(want))
        << "frame " << f << ", " << grid.cells_per_axis() << " cells per axis";
  }
}

TEST(GridBoxPruning, EveryGridSizeGivesBruteForcesPairsOnce) {
  std::mt19937 rng(5);
  std::vector<std::vector<Aabb>> frames;
  for (int f = 0; f < 6; ++f) frames.push_back(RandomBoxes(rng, 900, 40, 6));
  for (int cells : {1, 2, 3, 4, 8, 16, GridBoxPruning::kMostCellsPerAxis}) {
    GridBoxPruning grid(cells);
    ExpectSameAsBruteForce(grid, frames);
  }
}

// The grid of each step spans the previous step's boxes: boxes that jump far outside it, or
// that all gather into one corner of it, land in the border cells and still pair correctly.
TEST(GridBoxPruning, BoxesOutsideLastStepsGrid) {
  std::mt19937 rng(9);
  std::vector<std::vector<Aabb>> frames;
  frames.push_back(RandomBoxes(rng, 500, 10, 2));
  frames.push_back(RandomBoxes(rng, 500, 1000, 300));  // far outside the first grid
  frames.push_back(RandomBoxes(rng, 500, 1, 0.5f));    // all inside one cell of the second
  frames.push_back(RandomBoxes(rng, 500, 50, 5));
  for (int cells : {2, 4, 8}) {
    GridBoxPruning grid(cells);
    ExpectSameAsBruteForce(grid, frames);
  }
}

// Every box on one plane of Y (the grid's extent on Y is zero), identical boxes, boxes touching
// at the cells' borders, and coordinates whose extent overflows a float.
TEST(GridBoxPruning, DegenerateAndExtremeExtents) {
  std::vector<Aabb> flat;
  for (int k = 0; k < 40; ++k)
    flat.push_back({{float(k), 2, float(k % 5)}, {float(k) + 1.5f, 2, float(k % 5) + 1}});
  std::vector<Aabb> same(30, Aabb{{1, 1, 1}, {2, 2, 2}});
  std::vector<Aabb> lattice;
  for (int y = 0; y < 8; ++y)
    for (int z = 0; z < 8; ++z)
      lattice.push_back({{0, float(y), float(z)}, {1, float(y + 1), float(z + 1)}});
  const float big = 3e38f;
  std::vector<Aabb> extreme = {
      {{-big, -big, -big}, {big, big, big}},
      {{0, -big, 0}, {1, -big, 1}},
      {{0, big, 0}, {1, big, 1}},
      {{-1, -1, -1}, {1, 1, 1}},
      {{0.5f, 0.5f, 0.5f}, {0.5f, 0.5f, 0.5f}},
  };
  for (int cells : {1, 4, 8}) {
    for (const std::vector<Aabb>& boxes : {flat, same, lattice, extreme}) {
      GridBoxPruning grid(cells);
      // Twice: the second step classifies in the grid the first one's boxes span.
      ExpectSameAsBruteForce(grid, {boxes, boxes});
    }
  }
}

TEST(GridBoxPruning, EveryLaneWidthGivesTheSamePairs) {
  std::mt19937 rng(13);
  const std::vector<Aabb> boxes = RandomBoxes(rng, 1237, 20, 3);
  for (SimdPath path : {SimdPath::kScalar, SimdPath::kSse2, SimdPath::kAvx2}) {
    if (!SimdPathAvailable(path)) {
      std::printf("lane width %s not available here: skipped\n", SimdPathName(path).data());
      continue;
    }
    GridBoxPruning grid(4);
    ASSERT_TRUE(grid.SetSimdPath(path));
    ExpectSameAsBruteForce(grid, {boxes, boxes});
  }
}

TEST(GridBoxPruning, RemovedBoxesLeaveNoPairs) {
  std::mt19937 rng(3);
  std::vector<Aabb> boxes = RandomBoxes(rng, 300, 10, 3);
  GridBoxPruning grid(4);
  BruteForce brute;
  for (BoxId id = 0; id < boxes.size(); ++id) grid.Add(id, boxes[id]), brute.Add(id, boxes[id]);
  for (int step = 0; step < 5; ++step) {
    for (BoxId id = step; id < boxes.size(); id += 7) grid.Remove(id), brute.Remove(id);
    std::vector<BoxPair> got, want;
    grid.FindPairs(got);
    brute.FindPairs(want);
    ASSERT_EQ(Sorted(got), Sorted(want)) << "step " << step;
  }
}

// The parameter is clamped to what the grid holds (cell numbers are kept in a byte).
TEST(GridBoxPruning, CellsPerAxisClamped) {
  EXPECT_EQ(GridBoxPruning(0).cells_per_axis(), 1);
  EXPECT_EQ(GridBoxPruning(-3).cells_per_axis(), 1);
  EXPECT_EQ(GridBoxPruning(1000).cells_per_axis(), GridBoxPruning::kMostCellsPerAxis);
}

}  // namespace
}  // namespace partlab
