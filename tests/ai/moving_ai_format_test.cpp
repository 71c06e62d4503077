// The Moving AI .map and .scen parsers: a good file round-trips, every bad one gets one line naming
// the file, the line and the problem.
#include <gtest/gtest.h>

#include "engine/ai/moving_ai_format.h"

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

const char* kGoodScen =
    "version 1\n"
    "0\tgood.map\t4\t3\t0\t0\t3\t2\t3.82842712\n"
    "\n"
    "1\tgood.map\t4\t3\t1\t0\t0\t2\t2.41421356\n";

TEST(MovingAiScenario, ParsesAndRoundTrips) {
  auto r = ParseScenarios(kGoodScen, "good.scen");
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r.value().size(), 2u);
  const Scenario& s = r.value()[1];
  EXPECT_EQ(s.bucket, 1);
  EXPECT_EQ(s.map_name, "good.map");
  EXPECT_EQ(s.start, (Cell{1, 0}));
  EXPECT_EQ(s.goal, (Cell{0, 2}));
  EXPECT_DOUBLE_EQ(s.optimal_length, 2.41421356);
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

}  // namespace
}  // namespace partlab::ai
