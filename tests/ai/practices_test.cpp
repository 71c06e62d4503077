// Each practice of section 3.4.1 switched on alone, its effect asserted against the plain search
// and against the independent Dijkstra.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "engine/ai/path_check.h"
#include "engine/ai/pathfinder.h"
#include "engine/ai/straight_line.h"
#include "tests/ai/test_maps.h"

namespace partlab::ai {
namespace {
using testing::DijkstraDistance;
using testing::GridFromRows;
using testing::MapFromRows;

// A goal shut inside a ring of trees: every search for it fails.
const std::vector<std::string> kWalledGoal = {
    "....................", "....................", "..............TTT...",
    "..............T.T...", "..............TTT...", "....................",
};

// A wall across the map with one gap near the bottom (figure 3.14b: the straight line is blocked).
const std::vector<std::string> kWallWithGap = {
    "..........@.........", "..........@.........", "..........@.........", "..........@.........",
    "..........@.........", "..........@.........", "....................", "..........@.........",
};

// (1) OPEN and CLOSED lists. Here, without CLOSED an expanded node is reopened when a cheaper path
// to it turns up (the search still remembers every node's g, and OPEN never holds a node twice).
// What CLOSED saves depends on the heuristic. With the chapter's consistent octile h, A* expands
// every node at its optimal g, so a reopening can only come from rounding (1 + √2 + 1 and
// 1 + 1 + √2 differ in the last bit): CLOSED saves those re-expansions (a few per cent of the
// expansions on these maps: the test prints the count), each gaining less than 1e-9, none
// changing a path.
TEST(Practices, ClosedListWithTheConsistentHeuristicSavesOnlyRoundingReopenings) {
  GridSearch search;
  std::vector<Cell> with, without;
  int reexpansions = 0, expansions = 0;
  for (unsigned seed = 1; seed <= 40; ++seed) {
    const GridMap map = MapFromRows(testing::RandomRows(40, 30, 0.2, seed));
    SearchOptions o = testing::Using(Queueing::kAStar);
    search.Begin(map, {0, 0}, {39, 29}, o);
    if (search.Run() != SearchStatus::kFound) continue;
    EXPECT_EQ(search.stats().reexpansions, 0);
    search.Path(with);
    o.closed_list = false;
    search.Begin(map, {0, 0}, {39, 29}, o);
    ASSERT_EQ(search.Run(), SearchStatus::kFound);
    search.Path(without);
    EXPECT_LT(search.stats().largest_reopen_gain, 1e-9) << seed;  // rounding, never a real gain
    EXPECT_NEAR(PathLength(with), PathLength(without), 1e-9) << seed;
    reexpansions += search.stats().reexpansions;
    expansions += search.stats().expansions;
  }
  EXPECT_GT(expansions, 5000);  // the maps were searched
  std::printf("A*, consistent h, without CLOSED: %d re-expansions in %d expansions, all rounding\n",
              reexpansions, expansions);
}

// With an inconsistent heuristic (weighted A*, f = g + 2h: outside the chapter), expanded nodes are
// reached again by really cheaper paths. Without CLOSED they are reopened and expanded again: more
// expansions in all. The paths change on a few maps, either way (reopening also changes the order
// in which weighted A* meets the goal). On these maps the saving is small: the test prints it.
TEST(Practices, ClosedListSavesRealReexpansionsWithAnInconsistentHeuristic) {
  GridSearch search;
  std::vector<Cell> with, without;
  int searched = 0, changed = 0, expansions_with = 0, expansions_without = 0;
  double largest_gain = 0;
  for (unsigned seed = 1; seed <= 40; ++seed) {
    const GridMap map = MapFromRows(testing::RandomRows(40, 30, 0.2, seed));
    SearchOptions o = testing::Using(Queueing::kAStar);
    o.heuristic_weight = 2.0;
    search.Begin(map, {0, 0}, {39, 29}, o);
    if (search.Run() != SearchStatus::kFound) continue;
    ++searched;
    EXPECT_EQ(search.stats().reexpansions, 0);
    expansions_with += search.stats().expansions;
    search.Path(with);
    o.closed_list = false;
    search.Begin(map, {0, 0}, {39, 29}, o);
    ASSERT_EQ(search.Run(), SearchStatus::kFound);
    search.Path(without);
    EXPECT_TRUE(CheckPath(map, without, {0, 0}, {39, 29}).valid);
    largest_gain = std::max(largest_gain, search.stats().largest_reopen_gain);
    expansions_without += search.stats().expansions;
    changed += std::abs(PathLength(without) - PathLength(with)) > 1e-9;
  }
  ASSERT_GT(searched, 10);
  std::printf(
      "weighted A* (w = 2) on %d maps: %d expansions with CLOSED, %d without; the path "
      "changed on %d maps; largest reopening gain %.3f\n",
      searched, expansions_with, expansions_without, changed, largest_gain);
  EXPECT_GT(largest_gain, 0.3);                    // a real gain, not rounding
  EXPECT_GT(expansions_without, expansions_with);  // CLOSED saved expansions overall
  EXPECT_GT(changed, 0);                           // the reopenings mattered to some path
}

// (2) Cutoff on g + h: the search stops short and the partial path is no longer than the cutoff.
TEST(Practices, CostCutoffGivesPartialPathNoLongerThanTheCutoff) {
  const GridMap map = MapFromRows(kWallWithGap);
  Pathfinder finder;
  PracticeOptions o;
  o.partial_paths = true;
  // The goal is 4 cells away across the wall; the way round through the gap is about 12.
  const double around = DijkstraDistance(GridFromRows(kWallWithGap), 8, 1, 12, 1);
  ASSERT_GT(around, 11.0);
  for (double cutoff : {5.0, 6.5, 9.0, 11.0}) {
    o.search.cutoffs.max_f = cutoff;
    finder.SetOptions(o);
    PathResult r;
    finder.Plan(map, {.start = {8, 1}, .goal = {12, 1}}, r);
    ASSERT_EQ(r.outcome, PathOutcome::kPartial) << cutoff;
    EXPECT_EQ(r.cutoff, CutoffReason::kCost);
    EXPECT_GT(r.path.size(), 1u);  // it did move towards the goal
    EXPECT_LE(r.length, cutoff + 1e-12);
    EXPECT_EQ(r.path.front(), (Cell{8, 1}));
    for (size_t i = 1; i < r.path.size(); ++i)
      EXPECT_TRUE(StraightLineClear(map, r.path[i - 1], r.path[i]));
  }
}

TEST(Practices, IterationAndMemoryCutoffsStopTheSearch) {
  const GridMap map(50, 50);
  GridSearch search;
  SearchOptions o = testing::Using(Queueing::kBreadthFirst);
  o.cutoffs.max_expansions = 37;
  search.Begin(map, {0, 0}, {49, 49}, o);
  EXPECT_EQ(search.Run(), SearchStatus::kCutOff);
  EXPECT_EQ(search.cutoff_reason(), CutoffReason::kIterations);
  EXPECT_EQ(search.stats().expansions, 37);

  SearchOptions m = testing::Using(Queueing::kBreadthFirst);
  m.cutoffs.max_nodes = 200;
  search.Begin(map, {0, 0}, {49, 49}, m);
  EXPECT_EQ(search.Run(), SearchStatus::kCutOff);
  EXPECT_EQ(search.cutoff_reason(), CutoffReason::kMemory);
  EXPECT_LE(search.stats().peak_nodes, 200 + 8);  // one expansion adds at most eight nodes
  EXPECT_GT(search.stats().peak_nodes, 200);
}

// (3) A low starting cutoff: for the almost straight path of figure 3.14a it holds fewer nodes
// and still finds the optimal path; when a detour is needed it searches again with a raised cutoff.
TEST(Practices, LowStartingCutoffKeepsFewerNodesAndStaysOptimal) {
  std::vector<std::string> rows(30, std::string(40, '.'));
  rows[15][20] = rows[14][20] = rows[16][20] = 'T';  // a small bump on the straight line
  const GridMap map = MapFromRows(rows);
  const double reference = DijkstraDistance(GridFromRows(rows), 2, 15, 37, 15);
  Pathfinder plain, low;
  PracticeOptions o;
  o.low_start_cutoff = true;
  low.SetOptions(o);
  PathResult a, b;
  plain.Plan(map, {.start = {2, 15}, .goal = {37, 15}}, a);
  low.Plan(map, {.start = {2, 15}, .goal = {37, 15}}, b);
  ASSERT_EQ(a.outcome, PathOutcome::kFound);
  ASSERT_EQ(b.outcome, PathOutcome::kFound);
  EXPECT_NEAR(b.length, reference, 1e-9);
  EXPECT_EQ(b.searches, 1);
  EXPECT_LT(b.stats.peak_nodes, a.stats.peak_nodes);

  const GridMap wall = MapFromRows(kWallWithGap);
  low.Plan(wall, {.start = {2, 0}, .goal = {18, 0}}, b);
  ASSERT_EQ(b.outcome, PathOutcome::kFound);
  EXPECT_GT(b.searches, 1);
  EXPECT_NEAR(b.length, DijkstraDistance(GridFromRows(kWallWithGap), 2, 0, 18, 0), 1e-9);
}

// (4) A delay before retrying: the same failed request is not searched again until the delay has
// passed, and by then the world may have changed (the bridge is rebuilt).
TEST(Practices, RetryDelayWaitsThenSearchesTheChangedMap) {
  GridMap map = MapFromRows(kWalledGoal);
  Pathfinder finder;
  PracticeOptions o;
  o.retry_delay = 0.5;
  finder.SetOptions(o);
  PathResult r;
  const PathRequest at0{.start = {1, 1}, .goal = {15, 3}, .now = 0.0};
  finder.Plan(map, at0, r);
  EXPECT_EQ(r.outcome, PathOutcome::kNoPath);
  EXPECT_GT(r.stats.expansions, 0);
  PathRequest soon = at0;
  soon.now = 0.3;
  map.Set(15, 4, '.');  // the bridge is back, but the NPC waits
  finder.Plan(map, soon, r);
  EXPECT_EQ(r.outcome, PathOutcome::kRetryLater);
  EXPECT_EQ(r.stats.expansions, 0);
  PathRequest later = at0;
  later.now = 0.6;
  finder.Plan(map, later, r);
  EXPECT_EQ(r.outcome, PathOutcome::kFound);
}

// (5) Partial paths: a series of low-cutoff searches, each leg within its cutoff, reaches the goal.
TEST(Practices, SeriesOfPartialPathsReachesTheGoal) {
  const auto rows = testing::RandomRows(60, 40, 0.12, 21);
  std::vector<std::string> clear = rows;
  clear[2][2] = '.';
  clear[37][57] = '.';
  const GridMap map = MapFromRows(clear);
  const double reference = DijkstraDistance(GridFromRows(clear), 2, 2, 57, 37);
  ASSERT_FALSE(std::isinf(reference));
  Pathfinder finder;
  PracticeOptions o;
  o.partial_paths = true;
  o.search.cutoffs.max_expansions = 40;  // a low cutoff on the iterations of the A* loop
  finder.SetOptions(o);
  Cell at{2, 2};
  double walked = 0;
  PathResult r;
  int legs = 0;
  for (; legs < 60 && !(at == Cell{57, 37}); ++legs) {
    finder.Plan(map, {.start = at, .goal = {57, 37}}, r);
    ASSERT_TRUE(r.outcome == PathOutcome::kPartial || r.outcome == PathOutcome::kFound);
    EXPECT_LE(r.stats.expansions, 40);
    ASSERT_GT(r.path.size(), 1u);  // every leg makes progress
    walked += r.length;
    at = r.path.back();
  }
  EXPECT_EQ(at, (Cell{57, 37}));
  EXPECT_GE(legs, 2);  // the first searches were cut off, not the whole way
  EXPECT_GE(walked, reference - 1e-9);
}

// (6) Blocked neighbours closed at once: each blocked cell is looked at once per search, instead
// of once per neighbour that meets it; the path is the same.
TEST(Practices, ClosingBlockedNodesAtOnceTestsEachBlockedCellOnce) {
  const auto rows = testing::RandomRows(40, 30, 0.3, 4);
  const GridMap map = MapFromRows(rows);
  int blocked_cells = 0;
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x) blocked_cells += map.TerrainAt(x, y) != Terrain::kGround;
  GridSearch plain, closing;
  std::vector<Cell> a, b;
  Cell s{0, 0}, g{39, 29};
  plain.Begin(map, s, g, {});
  closing.Begin(map, s, g, testing::Using(Queueing::kAStar, true));
  ASSERT_EQ(plain.Run(), closing.Run());
  plain.Path(a);
  closing.Path(b);
  EXPECT_NEAR(PathLength(a), PathLength(b), 1e-9);
  EXPECT_LE(closing.stats().blocked_tests, blocked_cells);
  EXPECT_GT(plain.stats().blocked_tests, closing.stats().blocked_tests);
}

// (7) The failed-path cache: the repeated failing request costs nothing, and painting an
// obstacle clears it.
TEST(Practices, FailedPathCacheSkipsTheRepeatedSearchUntilTheMapChanges) {
  GridMap map = MapFromRows(kWalledGoal);
  Pathfinder finder;
  PracticeOptions o;
  o.failed_path_cache = true;
  finder.SetOptions(o);
  PathResult r;
  const PathRequest req{.start = {1, 1}, .goal = {15, 3}};
  finder.Plan(map, req, r);
  EXPECT_EQ(r.outcome, PathOutcome::kNoPath);
  EXPECT_EQ(finder.FailedPathsCached(map), 1);
  finder.Plan(map, req, r);
  EXPECT_EQ(r.outcome, PathOutcome::kCachedFailure);
  EXPECT_EQ(r.searches, 0);
  EXPECT_EQ(r.stats.expansions, 0);
  map.Set(0, 5, 'T');  // an obstacle moved somewhere: the cache no longer holds
  EXPECT_EQ(finder.FailedPathsCached(map), 0);
  finder.Plan(map, req, r);
  EXPECT_EQ(r.outcome, PathOutcome::kNoPath);
  EXPECT_EQ(r.searches, 1);

  Pathfinder uncached;
  uncached.Plan(map, req, r);
  uncached.Plan(map, req, r);
  EXPECT_EQ(r.searches, 1);  // without the cache the failure is searched every time
}

// (8) The straight-line test: a free line is taken with no search and is optimal; a blocked one
// falls through to A*.
TEST(Practices, StraightLineTestSkipsTheSearchWhenTheLineIsFree) {
  const auto rows = kWallWithGap;
  const GridMap map = MapFromRows(rows);
  Pathfinder finder;
  PracticeOptions o;
  o.straight_line_first = true;
  finder.SetOptions(o);
  PathResult r;
  finder.Plan(map, {.start = {0, 0}, .goal = {9, 7}}, r);
  EXPECT_EQ(r.outcome, PathOutcome::kStraightLine);
  EXPECT_EQ(r.searches, 0);
  EXPECT_NEAR(r.length, DijkstraDistance(GridFromRows(rows), 0, 0, 9, 7), 1e-9);
  EXPECT_TRUE(CheckPath(map, r.path, {0, 0}, {9, 7}).valid);
  finder.Plan(map, {.start = {2, 1}, .goal = {18, 1}}, r);
  EXPECT_EQ(r.outcome, PathOutcome::kFound);
  EXPECT_EQ(r.searches, 1);
}

// (9) Waypoints: behind the wall the straight line fails, but the lines through the waypoint in
// the gap are free (figure 3.14c), so no grid search runs.
TEST(Practices, WaypointsReplaceTheSearchWithStraightLines) {
  const GridMap map = MapFromRows(kWallWithGap);
  Pathfinder finder;
  PracticeOptions o;
  o.waypoints = true;
  finder.SetOptions(o);
  finder.SetWaypoints({{9, 6}, {11, 6}, {3, 3}});
  PathResult r;
  finder.Plan(map, {.start = {2, 1}, .goal = {18, 1}}, r);
  ASSERT_EQ(r.outcome, PathOutcome::kWaypoints);
  EXPECT_EQ(r.searches, 0);
  const PathCheck check = CheckPath(map, r.path, {2, 1}, {18, 1});
  EXPECT_TRUE(check.valid) << check.problem;
  EXPECT_GE(r.length, DijkstraDistance(GridFromRows(kWallWithGap), 2, 1, 18, 1) - 1e-9);
  // Without a waypoint that sees both sides, A* is needed (figure 3.14b).
  finder.SetWaypoints({{3, 3}});
  finder.Plan(map, {.start = {2, 1}, .goal = {18, 1}}, r);
  EXPECT_EQ(r.outcome, PathOutcome::kFound);
}

// (10) Nobody sees: no search, the NPC is moved to the goal.
TEST(Practices, NoSearchWhenNoPlayerSees) {
  const GridMap map = MapFromRows(kWallWithGap);
  Pathfinder finder;
  PracticeOptions o;
  o.skip_when_unseen = true;
  finder.SetOptions(o);
  PathResult r;
  finder.Plan(map, {.start = {2, 1}, .goal = {18, 1}, .seen_by_player = false}, r);
  EXPECT_EQ(r.outcome, PathOutcome::kTeleport);
  EXPECT_EQ(r.searches, 0);
  EXPECT_EQ(r.path.back(), (Cell{18, 1}));
  finder.Plan(map, {.start = {2, 1}, .goal = {18, 1}, .seen_by_player = true}, r);
  EXPECT_EQ(r.outcome, PathOutcome::kFound);
  finder.Plan(map, {.start = {2, 1}, .goal = {10, 0}, .seen_by_player = false}, r);
  EXPECT_EQ(r.outcome, PathOutcome::kNoPath);  // a blocked goal is not a place to go
  GridMap pond = MapFromRows({"....WW", "....WW"});
  finder.Plan(pond, {.start = {0, 0}, .goal = {5, 1}, .seen_by_player = false}, r);
  EXPECT_EQ(r.outcome, PathOutcome::kNoPath);  // nor is water for a walker
}

}  // namespace
}  // namespace partlab::ai
