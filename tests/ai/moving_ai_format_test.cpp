// The Moving AI .map and .scen parsers: a good file round-trips, every bad one gets one line naming
// the file, the line and the problem; a scenario's optimal length must be the map's (octile, no
// corner cutting, to 8 decimals), and its bucket floor(length / 4) or the file is reported.
#include <gtest/gtest.h>
#include "test_paths.h"

#include <cmath>

#include "engine/ai/moving_ai_format.h"
#include "engine/ai/scenario_check.h"
#include "tests/ai/reference_dijkstra.h"
#include "tests/ai/test_maps.h"

namespace partlab::ai {
namespace {

const char* kGoodMap =
    "type octile\nheight 3\nwidth 4\nmap\n"
    ".G@O\n"
    "TSW.\n"
    "....\n";

TEST(MovingAiMap, ParsesTerrainKinds) {
  auto r = ParseMovingAiMap(kGoodMap, "good.map");
  ASSERT_TRUE(r.ok()) << r.error();
  const GridMap& m = r.value();
  EXPECT_EQ(m.width(), 4);
  EXPECT_EQ(m.height(), 3);
  EXPECT_EQ(m.TerrainAt(0, 0), Terrain::kGround);
  EXPECT_EQ(m.TerrainAt(1, 0), Terrain::kGround);   // G
  EXPECT_EQ(m.TerrainAt(2, 0), Terrain::kBlocked);  // @
  EXPECT_EQ(m.TerrainAt(3, 0), Terrain::kBlocked);  // O
  EXPECT_EQ(m.TerrainAt(0, 1), Terrain::kBlocked);  // T
  EXPECT_EQ(m.TerrainAt(1, 1), Terrain::kGround);   // S
  EXPECT_EQ(m.TerrainAt(2, 1), Terrain::kWater);    // W
  EXPECT_EQ(FormatMovingAiMap(m), kGoodMap);
}

TEST(MovingAiMap, AcceptsWindowsLineEndings) {
  auto r = ParseMovingAiMap("type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n..\r\n", "crlf.map");
  EXPECT_TRUE(r.ok()) << r.error();
}

TEST(MovingAiMap, WaterAndGroundDoNotMixAndCornersAreNotCut) {
  auto r = ParseMovingAiMap("type octile\nheight 2\nwidth 3\nmap\n.W.\n.@.\n", "m.map");
  ASSERT_TRUE(r.ok());
  const GridMap& m = r.value();
  EXPECT_FALSE(m.CanStep(0, 0, {1, 0}));  // ground to water
  EXPECT_TRUE(m.CanStep(0, 0, {0, 1}));
  EXPECT_FALSE(m.CanStep(0, 1, {1, -1}));  // diagonal past the tree at (1,1)
}

struct BadCase {
  const char* text;
  const char* expected;  // the whole message after the file name
};

TEST(MovingAiMap, EveryErrorNamesFileLineAndProblem) {
  const BadCase cases[] = {
      {"", "m.map:1: empty file, expected 'type octile'"},
      {"typ octile\n", "m.map:1: expected 'type octile', found 'typ octile'"},
      {"type tile\n", "m.map:1: map type 'tile' is not supported (only octile)"},
      {"type octile\n", "m.map:2: missing 'height N'"},
      {"type octile\nheight x\n", "m.map:2: height 'x' is not an integer in [1, 8192]"},
      {"type octile\nheight 0\n", "m.map:2: height '0' is not an integer in [1, 8192]"},
      {"type octile\nheight 9000\n", "m.map:2: height '9000' is not an integer in [1, 8192]"},
      {"type octile\nwidth 3\n", "m.map:2: expected 'height N', found 'width 3'"},
      {"type octile\nheight 2\n", "m.map:3: missing 'width N'"},
      {"type octile\nheight 2\nwidth -1\n", "m.map:3: width '-1' is not an integer in [1, 8192]"},
      {"type octile\nheight 2\nwidth 3\n", "m.map:4: missing 'map'"},
      {"type octile\nheight 2\nwidth 3\nmaps\n", "m.map:4: expected 'map', found 'maps'"},
      {"type octile\nheight 2\nwidth 3\nmap\n..\n", "m.map:5: row has 2 characters, width is 3"},
      {"type octile\nheight 2\nwidth 3\nmap\n....\n", "m.map:5: row has 4 characters, width is 3"},
      {"type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n",
       "m.map:6: column 2: character 0x78 is not one of . G @ O T S W"},
      {"type octile\nheight 2\nwidth 3\nmap\n...\n", "m.map:6: map has 1 rows, header says 2"},
      {"type octile\nheight 1\nwidth 3\nmap\n...\n...\n",
       "m.map:6: text after the last of the 1 rows"},
  };
  for (const BadCase& c : cases) {
    auto r = ParseMovingAiMap(c.text, "m.map");
    ASSERT_FALSE(r.ok()) << c.text;
    EXPECT_EQ(r.error(), c.expected);
    EXPECT_EQ(r.error().find('\n'), std::string::npos);
  }
}

TEST(MovingAiMap, MissingFileIsOneLine) {
  auto r = LoadMovingAiMap("/nonexistent/dir/x.map");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "/nonexistent/dir/x.map:0: cannot open file");
}

// On kGoodMap, (0,0) -> (3,2) goes down column 1 (the tree at (0,1) and the water at (2,1) forbid
// every diagonal on the way): 5 straight moves; (1,0) -> (0,2) is 3 (the diagonal (1,1) -> (0,2)
// would cut the tree's corner). Buckets floor(5 / 4) = 1 and floor(3 / 4) = 0.
const char* kGoodScen =
    "version 1\n"
    "1\tgood.map\t4\t3\t0\t0\t3\t2\t5.00000000\n"
    "\n"
    "0\tgood.map\t4\t3\t1\t0\t0\t2\t3.00000000\n";

TEST(MovingAiScenario, ParsesAndRoundTrips) {
  auto r = ParseScenarios(kGoodScen, "good.scen");
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r.value().size(), 2u);
  const Scenario& s = r.value()[1];
  EXPECT_EQ(s.bucket, 0);
  EXPECT_EQ(s.map_name, "good.map");
  EXPECT_EQ(s.start, (Cell{1, 0}));
  EXPECT_EQ(s.goal, (Cell{0, 2}));
  EXPECT_DOUBLE_EQ(s.optimal_length, 3.0);
  EXPECT_EQ(s.line, 4);
  auto again = ParseScenarios(FormatScenarios(r.value()), "again.scen");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again.value()[0].goal, (Cell{3, 2}));
}

TEST(MovingAiScenario, EveryErrorNamesFileLineAndProblem) {
  const BadCase cases[] = {
      {"", "s.scen:1: empty file, expected 'version 1'"},
      {"0 a.map 4 3 0 0 1 1 1.4\n",
       "s.scen:1: expected 'version 1', found '0 a.map 4 3 0 0 1 1 1.4'"},
      {"version 2\n", "s.scen:1: scenario version '2' is not supported (only 1)"},
      {"version 1\n0 a.map 4 3 0 0 1 1\n",
       "s.scen:2: expected 9 fields (bucket map width height sx sy gx gy optimal), found 8"},
      {"version 1\nx a.map 4 3 0 0 1 1 1.4\n",
       "s.scen:2: bucket 'x' is not a non-negative integer"},
      {"version 1\n0 a.map 4 3 -1 0 1 1 1.4\n",
       "s.scen:2: start x '-1' is not a non-negative integer"},
      {"version 1\n0 a.map 4 3 0 0 1 1.5 1.4\n",
       "s.scen:2: goal y '1.5' is not a non-negative integer"},
      {"version 1\n0 a.map 4 3 0 0 1 1 nan\n",
       "s.scen:2: optimal length 'nan' is not a number in [0, 1e9]"},
      {"version 1\n0 a.map 4 3 0 0 1 1 -2\n",
       "s.scen:2: optimal length '-2' is not a number in [0, 1e9]"},
      {"version 1\n0 a.map 0 3 0 0 1 1 1\n", "s.scen:2: map size 0x3 is outside [1, 8192]"},
      {"version 1\n0 a.map 4 3 4 0 1 1 1\n", "s.scen:2: start outside the declared map size"},
      {"version 1\n0 a.map 4 3 0 0 1 3 1\n", "s.scen:2: goal outside the declared map size"},
      {"version 1\n0 a\x01.map 4 3 0 0 1 1 1\n", "s.scen:2: control character 0x01 in the line"},
  };
  for (const BadCase& c : cases) {
    auto r = ParseScenarios(c.text, "s.scen");
    ASSERT_FALSE(r.ok()) << c.text;
    EXPECT_EQ(r.error(), c.expected);
  }
}

TEST(MovingAiScenario, ScenariosThatDoNotFitTheMapAreNamed) {
  const GridMap map = ParseMovingAiMap(kGoodMap, "good.map").value();
  auto check = [&](const char* text) {
    return CheckScenariosAgainstMap(ParseScenarios(text, "s.scen").value(), map, "s.scen");
  };
  EXPECT_EQ(check(kGoodScen), "");
  EXPECT_EQ(check("version 1\n0 a 5 3 0 0 1 1 1\n"),
            "s.scen:2: declares a 5x3 map, the map is 4x3");
  EXPECT_EQ(check("version 1\n0 a 4 3 2 0 1 1 1\n"), "s.scen:2: start is blocked");
  EXPECT_EQ(check("version 1\n0 a 4 3 0 0 0 1 1\n"), "s.scen:2: goal is blocked");
}

// The old fixture's lengths cut corners: 1 + 2√2 and 1 + √2, where the rules give 5 and 3. The
// message names the scenario file the user gave and the line, never the map name inside it.
TEST(MovingAiScenario, OptimalLengthMustBeTheMapsOctileLengthWithoutCornerCutting) {
  const GridMap map = ParseMovingAiMap(kGoodMap, "good.map").value();
  auto check = [&](const char* text) {
    return CheckScenarios(ParseScenarios(text, "dir/my.scen").value(), map, "dir/my.scen");
  };
  const ScenarioCheck good = check(kGoodScen);
  EXPECT_EQ(good.error, "");
  EXPECT_EQ(good.buckets_by_length, 2);
  EXPECT_EQ(good.bucket_note, "");
  EXPECT_EQ(check("version 1\n0 x.map 4 3 0 0 3 2 3.82842712\n").error,
            "dir/my.scen:2: optimal length 3.82842712 is not the map's 5.00000000 (octile, no "
            "corner cutting)");
  EXPECT_EQ(check("version 1\n\n0 x.map 4 3 1 0 0 2 2.41421356\n").error,
            "dir/my.scen:3: optimal length 2.41421356 is not the map's 3.00000000 (octile, no "
            "corner cutting)");
  // The format's precision: 8 decimals. Off by 4e-9 is rounding; off by 3e-8 is wrong.
  EXPECT_EQ(check("version 1\n1 x.map 4 3 0 0 3 2 5.000000004\n").error, "");
  EXPECT_NE(check("version 1\n1 x.map 4 3 0 0 3 2 5.00000003\n").error, "");
  // Water (2,1) is passable but not from ground.
  EXPECT_EQ(check("version 1\n0 x.map 4 3 0 0 2 1 1.41421356\n").error,
            "dir/my.scen:2: the goal cannot be reached from the start on the map");
}

TEST(MovingAiScenario, BucketsOtherThanLengthOverFourAreReportedNotRefused) {
  const GridMap map = ParseMovingAiMap(kGoodMap, "good.map").value();
  const ScenarioCheck c = CheckScenarios(
      ParseScenarios("version 1\n1 x.map 4 3 0 0 3 2 5\n7 x.map 4 3 1 0 0 2 3\n", "b.scen").value(),
      map, "b.scen");
  EXPECT_EQ(c.error, "");
  EXPECT_EQ(c.buckets_by_length, 1);
  EXPECT_EQ(c.buckets_otherwise, 1);
  EXPECT_EQ(c.bucket_note,
            "b.scen:3: bucket 7, floor(length / 4) is 0: the file does not bucket by length / 4; "
            "its buckets are used as written");
}

// The reference of the check against the tests' own Dijkstra on random maps with water.
TEST(MovingAiScenario, ShortestOctileLengthMatchesDijkstra) {
  int compared = 0, unreachable = 0;
  for (unsigned seed = 1; seed <= 20; ++seed) {
    std::vector<std::string> rows = testing::RandomRows(30, 20, 0.3, seed);
    for (int y = 5; y < 9; ++y) rows[y].replace(10, 6, "WWWWWW");  // a pond
    const GridMap map = testing::MapFromRows(rows);
    const testing::CharGrid grid = testing::GridFromRows(rows);
    for (int k = 0; k < 20; ++k) {
      const Cell a{int((seed * 7 + k * 13) % 30), int((seed * 3 + k * 5) % 20)};
      const Cell b{int((seed * 11 + k * 17) % 30), int((seed * 5 + k * 7) % 20)};
      if (!map.Passable(a.x, a.y) || !map.Passable(b.x, b.y)) continue;
      const double expected = testing::DijkstraDistance(grid, a.x, a.y, b.x, b.y);
      const double got = ShortestOctileLength(map, a, b);
      if (std::isinf(expected)) {
        EXPECT_EQ(got, -1.0);
        ++unreachable;
      } else {
        EXPECT_NEAR(got, expected, 1e-9);
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 100);
  EXPECT_GT(unreachable, 0);
}

// The shipped scenario files conform: every length is the map's, every bucket floor(length / 4).
TEST(MovingAiScenario, ShippedScenarioFilesConform) {
  for (const char* stem : {"partlab_rooms", "partlab_forest", "partlab_maze"}) {
    const std::string base = std::string(PARTLAB_ASSET_DIR) + "/maps/" + stem;
    auto map = LoadMovingAiMap(base + ".map");
    auto scen = LoadScenarios(base + ".scen");
    ASSERT_TRUE(map.ok() && scen.ok());
    const ScenarioCheck c = CheckScenarios(scen.value(), map.value(), base + ".scen");
    EXPECT_EQ(c.error, "") << stem;
    EXPECT_EQ(c.buckets_otherwise, 0) << c.bucket_note;
    EXPECT_EQ(c.buckets_by_length, int(scen.value().size()));
  }
}

}  // namespace
}  // namespace partlab::ai
