// The generic search of section 3.4.1 against an independent Dijkstra and breadth-first count.
#include <gtest/gtest.h>

#include <random>

#include "engine/ai/grid_search.h"
#include "engine/ai/path_check.h"
#include "tests/ai/test_maps.h"

namespace partlab::ai {
namespace {
using testing::CharGrid;
using testing::DijkstraDistance;
using testing::FewestMoves;

// Every step legal by the reference's own move rules.
bool ReferenceValid(const CharGrid& g, const std::vector<Cell>& path) {
  for (size_t i = 1; i < path.size(); ++i) {
    bool ok = false;
    testing::ForEachMove(g, path[i - 1].x, path[i - 1].y, [&](int x, int y, double) {
      ok = ok || (x == path[i].x && y == path[i].y);
    });
    if (!ok) return false;
  }
  return true;
}

struct Pair {
  Cell s, g;
};

std::vector<Pair> RandomPairs(const CharGrid& grid, int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<Pair> out;
  while (static_cast<int>(out.size()) < count) {
    Cell s{static_cast<int>(rng() % grid.w), static_cast<int>(rng() % grid.h)};
    Cell g{static_cast<int>(rng() % grid.w), static_cast<int>(rng() % grid.h)};
    if (grid.Kind(s.x, s.y) == 0 && grid.Kind(g.x, g.y) == 0) out.push_back({s, g});
  }
  return out;
}

TEST(GridSearch, AStarLengthEqualsDijkstraOnRandomMaps) {
  GridSearch search;
  std::vector<Cell> path;
  int found = 0, unreachable = 0;
  for (unsigned seed = 1; seed <= 30; ++seed) {
    const auto rows = testing::RandomRows(40, 28, 0.1 + 0.01 * seed, seed);
    const GridMap map = testing::MapFromRows(rows);
    const CharGrid grid = testing::GridFromRows(rows);
    for (const Pair& p : RandomPairs(grid, 15, seed * 7)) {
      const double reference = DijkstraDistance(grid, p.s.x, p.s.y, p.g.x, p.g.y);
      search.Begin(map, p.s, p.g, {});
      const SearchStatus status = search.Run();
      if (std::isinf(reference)) {
        EXPECT_EQ(status, SearchStatus::kNoPath) << "seed " << seed;
        ++unreachable;
        continue;
      }
      ASSERT_EQ(status, SearchStatus::kFound) << "seed " << seed;
      search.Path(path);
      ASSERT_TRUE(ReferenceValid(grid, path)) << "seed " << seed;
      EXPECT_NEAR(PathLength(path), reference, 1e-9) << "seed " << seed;
      EXPECT_TRUE(CheckPath(map, path, p.s, p.g).valid);
      ++found;
    }
  }
  EXPECT_GT(found, 300);      // the maps are not all walls
  EXPECT_GT(unreachable, 0);  // and some pairs are cut apart, so kNoPath is exercised
}

TEST(GridSearch, TiesBrokenTheSameWayEveryRun) {
  const auto rows = testing::RandomRows(30, 30, 0.2, 99);
  const GridMap map = testing::MapFromRows(rows);
  GridSearch a, b;
  std::vector<Cell> pa, pb;
  a.Begin(map, {0, 0}, {29, 29}, {});
  b.Begin(map, {0, 0}, {29, 29}, {});
  // A fresh object and a reused one (stale stamps) must agree expansion for expansion.
  GridSearch warm;
  warm.Begin(map, {5, 5}, {20, 3}, {});
  warm.Run();
  warm.Begin(map, {0, 0}, {29, 29}, {});
  while (a.Step() == SearchStatus::kRunning) {
    b.Step();
    warm.Step();
    ASSERT_EQ(a.LastExpanded(), b.LastExpanded());
    ASSERT_EQ(a.LastExpanded(), warm.LastExpanded());
  }
  b.Run();
  warm.Run();
  ASSERT_EQ(a.status(), SearchStatus::kFound);
  ASSERT_EQ(warm.status(), SearchStatus::kFound);
  a.Path(pa);
  warm.Path(pb);
  EXPECT_EQ(pa, pb);
}

TEST(GridSearch, BreadthFirstFindsTheFewestMoves) {
  for (unsigned seed = 1; seed <= 10; ++seed) {
    const auto rows = testing::RandomRows(30, 20, 0.25, seed);
    const GridMap map = testing::MapFromRows(rows);
    const CharGrid grid = testing::GridFromRows(rows);
    GridSearch search;
    std::vector<Cell> path;
    for (const Pair& p : RandomPairs(grid, 10, seed)) {
      const int moves = FewestMoves(grid, p.s.x, p.s.y, p.g.x, p.g.y);
      search.Begin(map, p.s, p.g, testing::Using(Queueing::kBreadthFirst));
      if (search.Run() != SearchStatus::kFound) {
        EXPECT_EQ(moves, -1);
        continue;
      }
      search.Path(path);
      EXPECT_EQ(static_cast<int>(path.size()) - 1, moves);
      EXPECT_TRUE(ReferenceValid(grid, path));
    }
  }
}

TEST(GridSearch, EveryQueueingFindsAValidPathNoShorterThanOptimal) {
  const auto rows = testing::RandomRows(40, 30, 0.25, 5);
  const GridMap map = testing::MapFromRows(rows);
  const CharGrid grid = testing::GridFromRows(rows);
  GridSearch search;
  std::vector<Cell> path;
  for (Queueing q : {Queueing::kBreadthFirst, Queueing::kDepthFirst, Queueing::kBestFirst}) {
    for (const Pair& p : RandomPairs(grid, 10, 3)) {
      const double reference = DijkstraDistance(grid, p.s.x, p.s.y, p.g.x, p.g.y);
      search.Begin(map, p.s, p.g, testing::Using(q));
      const SearchStatus status = search.Run();
      ASSERT_EQ(status == SearchStatus::kFound, !std::isinf(reference)) << QueueingName(q);
      if (status != SearchStatus::kFound) continue;
      search.Path(path);
      EXPECT_TRUE(ReferenceValid(grid, path)) << QueueingName(q);
      EXPECT_GE(PathLength(path), reference - 1e-9) << QueueingName(q);
    }
  }
}

// On an empty map best-first walks straight at the goal: it expands only the cells of the path,
// where breadth-first floods a disc (the heuristic's whole point, section 3.4.1).
TEST(GridSearch, BestFirstExpandsFarFewerNodesThanBreadthFirstInTheOpen) {
  const GridMap map(40, 40);
  GridSearch bfs, best;
  bfs.Begin(map, {2, 20}, {37, 20}, testing::Using(Queueing::kBreadthFirst));
  best.Begin(map, {2, 20}, {37, 20}, testing::Using(Queueing::kBestFirst));
  bfs.Run();
  best.Run();
  EXPECT_EQ(best.stats().expansions, 35);  // exactly the cells before the goal
  EXPECT_GT(bfs.stats().expansions, 35 * 30);
}

}  // namespace
}  // namespace partlab::ai
