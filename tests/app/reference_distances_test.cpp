// The path-finding lessons' independent answer (app/views/pathfinding/reference_distances.h):
// Dijkstra checked against hand-worked maps (octile distances on open ground, no corner cutting,
// ground and water kept apart) and against Bellman-Ford's repeated relaxation on random maps.
#include "app/views/pathfinding/reference_distances.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace partlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

ai::GridMap MapOf(const std::vector<std::string>& rows) {
  ai::GridMap map(int(rows[0].size()), int(rows.size()));
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x) map.Set(x, y, rows[size_t(y)][size_t(x)]);
  return map;
}

double At(const ai::GridMap& map, const std::vector<double>& d, int x, int y) {
  return d[size_t(map.Index(x, y))];
}

TEST(ReferenceDistances, OpenGroundIsOctile) {
  const ai::GridMap map(6, 4);
  const auto d = ReferenceDistances(map, {0, 0});
  EXPECT_DOUBLE_EQ(At(map, d, 3, 3), 3 * std::sqrt(2.0));
  EXPECT_DOUBLE_EQ(At(map, d, 5, 1), 4 + std::sqrt(2.0));
  EXPECT_DOUBLE_EQ(At(map, d, 0, 0), 0.0);
}

TEST(ReferenceDistances, NoCornerCutting) {
  const ai::GridMap map = MapOf({".T",  //
                                 ".."});
  EXPECT_DOUBLE_EQ(At(map, ReferenceDistances(map, {0, 0}), 1, 1), 2.0);  // not sqrt 2
}

TEST(ReferenceDistances, AWallForcesTheWayRound) {
  const ai::GridMap map = MapOf({"..T..",  //
                                 "..T..",  //
                                 "....."});
  // Down two, through the gap, up two: (0,0) -> (1,1) -> (2,2) -> (3,1) -> (4,0) would cut the
  // wall's corners twice, so the diagonals must wait until the row below it.
  const auto d = ReferenceDistances(map, {0, 0});
  EXPECT_DOUBLE_EQ(At(map, d, 4, 0), 2 + 2 * std::sqrt(2.0) + 2);
}

TEST(ReferenceDistances, GroundAndWaterNeverMixAndBlockedStartsReachNothing) {
  const ai::GridMap map = MapOf({"..WW",  //
                                 "..WW"});
  const auto d = ReferenceDistances(map, {0, 0});
  EXPECT_EQ(At(map, d, 2, 0), kInf);
  EXPECT_DOUBLE_EQ(At(map, ReferenceDistances(map, {3, 1}), 2, 0), std::sqrt(2.0));
  const ai::GridMap blocked = MapOf({"T."});
  EXPECT_EQ(At(blocked, ReferenceDistances(blocked, {0, 0}), 1, 0), kInf);
}

// Bellman-Ford: relax every legal move until nothing changes.
std::vector<double> BellmanFord(const ai::GridMap& map, ai::Cell start) {
  std::vector<double> d(size_t(map.CellCount()), kInf);
  if (!map.Passable(start.x, start.y)) return d;
  d[size_t(map.Index(start.x, start.y))] = 0.0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int y = 0; y < map.height(); ++y)
      for (int x = 0; x < map.width(); ++x)
        for (const ai::Move& m : ai::kMoves) {
          if (!ReferenceMoveAllowed(map, x, y, m.dx, m.dy)) continue;
          const double via = d[size_t(map.Index(x, y))] + (m.dx && m.dy ? ai::kSqrt2 : 1.0);
          double& next = d[size_t(map.Index(x + m.dx, y + m.dy))];
          if (via < next - 1e-12) next = via, changed = true;
        }
  }
  return d;
}

TEST(ReferenceDistances, AgreesWithBellmanFordOnRandomMaps) {
  std::mt19937 rng(7);
  const char kinds[] = {'.', '.', '.', 'T', 'W', 'S'};
  for (int trial = 0; trial < 30; ++trial) {
    ai::GridMap map(12, 9);
    for (int y = 0; y < map.height(); ++y)
      for (int x = 0; x < map.width(); ++x) map.Set(x, y, kinds[rng() % 6]);
    const ai::Cell start{int(rng() % 12), int(rng() % 9)};
    const auto a = ReferenceDistances(map, start), b = BellmanFord(map, start);
    for (size_t i = 0; i < a.size(); ++i)
      if (std::isinf(b[i]))
        EXPECT_TRUE(std::isinf(a[i])) << trial << " " << i;
      else
        EXPECT_NEAR(a[i], b[i], 1e-9) << trial << " " << i;
  }
}

}  // namespace
}  // namespace partlab
