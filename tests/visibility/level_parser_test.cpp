// The indoor level format: the class level reads back as written (counts and areas worked out by
// hand from the file), and every validation error is one line naming the file and the line.
#include <gtest/gtest.h>

#include <cmath>
#include <glm/geometric.hpp>

#include "engine/visibility/level_parser.h"
#include "tests/visibility/level_test_support.h"

namespace partlab {
namespace {

double PolygonArea3(std::span<const glm::vec3> v) {
  glm::dvec3 n(0.0);
  for (size_t i = 0; i < v.size(); ++i)
    n += glm::cross(glm::dvec3(v[i]), glm::dvec3(v[(i + 1) % v.size()]));
  return 0.5 * glm::length(n);
}

TEST(LevelParser, ClassLevelCountsFromTheFile) {
  const IndoorLevel level = test::ClassLevel();
  ASSERT_EQ(level.cells.size(), 7u);
  EXPECT_EQ(level.portals.size(), 7u);
  EXPECT_EQ(level.name, "class");
  // The store: four edges, one with a door (2..3 at z = 6) under a 2.6 ceiling: the door's edge
  // is wall, lintel, wall; three plain walls; floor and ceiling: 8 polygons.
  const LevelCell& store = level.cells[2];
  EXPECT_EQ(store.name, "store");
  EXPECT_EQ(store.polygon_count, 8u);
  EXPECT_EQ(store.link_count, 1u);
  // Each portal is a link from both of its cells.
  EXPECT_EQ(level.links.size(), 14u);
}

// Wall area bookkeeping: every cell's perimeter times its height, less each portal's opening on
// both of its sides, equals the walls + sills + lintels the loader made.
TEST(LevelParser, WallAreaIsPerimeterTimesHeightLessOpenings) {
  const IndoorLevel level = test::ClassLevel();
  double expected = 0.0, floors = 0.0;
  for (const LevelCell& c : level.cells) {
    double perimeter = 0.0, area2 = 0.0;
    for (size_t i = 0; i < c.outline.size(); ++i) {
      const glm::vec2 a = c.outline[i], b = c.outline[(i + 1) % c.outline.size()];
      perimeter += glm::length(b - a);
      area2 += double(a.x) * b.y - double(b.x) * a.y;
    }
    expected += perimeter * (c.ceiling - c.floor);
    floors += std::abs(area2);  // floor + ceiling = twice the area
  }
  for (const LevelPortal& p : level.portals)
    expected -= 2.0 * glm::length(p.b - p.a) * (p.top - p.bottom);
  double walls = 0.0, flat = 0.0;
  for (size_t p = 0; p < level.polygons.size(); ++p) {
    const double a = PolygonArea3(level.PolygonVertices(p));
    const LevelPolygonKind k = level.polygons[p].kind;
    (k == LevelPolygonKind::kFloor || k == LevelPolygonKind::kCeiling ? flat : walls) += a;
  }
  EXPECT_NEAR(walls, expected, 1e-3);
  EXPECT_NEAR(flat, floors, 1e-3);
}

// Walls face into their cell: the normal points at the cell's corner mean.
TEST(LevelParser, PolygonsFaceIntoTheirCell) {
  const IndoorLevel level = test::ClassLevel();
  for (size_t p = 0; p < level.polygons.size(); ++p) {
    const auto v = level.PolygonVertices(p);
    const glm::vec3 n = glm::cross(v[1] - v[0], v[2] - v[0]);
    const glm::vec3 inside = level.cells[level.polygons[p].cell].bounds.Center();
    glm::vec2 mean(0.0f);
    const auto& o = level.cells[level.polygons[p].cell].outline;
    for (const glm::vec2& q : o) mean += q / float(o.size());
    const glm::vec3 centre(mean.x, inside.y, mean.y);
    EXPECT_GT(glm::dot(n, centre - v[0]), 0.0f) << "polygon " << p;
  }
}

TEST(LevelParser, WrittenLevelReadsBackTheSame) {
  const IndoorLevel level = test::ClassLevel();
  const LevelLoad again = ParseLevel(WriteLevel(level), "again");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again.level.polygons.size(), level.polygons.size());
  EXPECT_EQ(again.level.vertices.size(), level.vertices.size());
}

struct BadCase {
  const char* what;
  const char* text;
  int line;
  const char* problem;  // a piece of the message
};

class LevelValidation : public ::testing::TestWithParam<BadCase> {};

TEST_P(LevelValidation, OneLineNamingFileLineAndProblem) {
  const BadCase& c = GetParam();
  const LevelLoad load = ParseLevel(c.text, "bad.level");
  ASSERT_FALSE(load.ok()) << c.what;
  ASSERT_EQ(load.errors.size(), 1u) << load.errors[0];
  const std::string& e = load.errors[0];
  EXPECT_EQ(e.rfind("bad.level:" + std::to_string(c.line) + ": ", 0), 0u) << e;
  EXPECT_NE(e.find(c.problem), std::string::npos) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos);
}

#define TWO_ROOMS "cell a 0 3  0 0 4 0 4 4 0 4\ncell b 0 3  4 0 8 0 8 4 4 4\n"
const BadCase kBad[] = {
    {"a dent", "cell a 0 3  0 0 4 0 2 1 4 4 0 4\n", 1, "is not convex"},
    {"a bow tie", "\ncell a 0 3  0 0 4 4 4 0 0 4\n", 2, "intersects itself"},
    {"a pentagram", "cell s 0 3  0 3 2 -3 -3 1 3 1 -2 -3\n", 1, "intersects itself"},
    {"portal off the boundary", TWO_ROOMS "portal a b  4 1 5 2  0 2\n", 3,
     "does not lie on the boundary of cell 'a'"},
    {"portal on one cell only",
     "cell a 0 3  0 0 4 0 4 4 0 4\ncell b 0 3  5 0 8 0 8 4 5 4\n"
     "portal a b  4 1 4 2  0 2\n",
     3, "does not lie on the boundary of cell 'b'"},
    {"unreachable", TWO_ROOMS "cell c 0 3  8 0 9 0 9 4 8 4\nportal a b  4 1 4 2  0 2\n", 3,
     "cell 'c' cannot be reached from cell 'a'"},
    {"unknown word", "room a 0 3  0 0 1 0 1 1\n", 1, "unknown word 'room'"},
    {"not a number", "cell a 0 3  0 0 4 0 4 x\n", 1, "'x' is not a finite number"},
    {"nan", "cell a 0 nan  0 0 4 0 4 4 0 4\n", 1, "'nan' is not a finite number"},
    {"two corners", "cell a 0 3  0 0 4 0\n", 1, "at least three"},
    {"repeated corner", "cell a 0 3  0 0 4 0 4 0 0 4\n", 1, "repeats the next one"},
    {"upside down", "cell a 3 0  0 0 4 0 4 4\n", 1, "ceiling is not above the floor"},
    {"declared twice", "cell a 0 3  0 0 4 0 4 4\ncell a 0 3  0 0 4 0 4 4\n", 2, "declared twice"},
    {"unknown cell", TWO_ROOMS "portal a z  4 1 4 2  0 2\n", 3, "cell 'z', which is not declared"},
    {"to itself", TWO_ROOMS "portal a a  4 1 4 2  0 2\n", 3, "to itself"},
    {"opening above the ceiling", TWO_ROOMS "portal a b  4 1 4 2  0 3.5\n", 3, "leaves cell 'a'"},
    {"overlapping portals", TWO_ROOMS "portal a b  4 1 4 2  0 2\nportal a b  4 1.5 4 3  0 2\n", 4,
     "overlaps the one on line 3"},
    {"same side",
     "cell a 0 3  0 0 4 0 4 4 0 4\ncell b 0 3  0 0 4 0 4 2 0 2\n"
     "portal a b  1 0 2 0  0 2\n",
     3, "same side"},
    {"empty", "# nothing\n", 1, "no cell"},
};
INSTANTIATE_TEST_SUITE_P(EveryProblem, LevelValidation, ::testing::ValuesIn(kBad));

TEST(LevelParser, MissingFileIsOneLine) {
  const LevelLoad load = LoadLevelFile("/nonexistent/level.level");
  ASSERT_EQ(load.errors.size(), 1u);
  EXPECT_EQ(load.errors[0], "/nonexistent/level.level: cannot open (No such file or directory)");
}

TEST(LevelParser, EveryErrorOfAFileIsListed) {
  const LevelLoad load = ParseLevel("cell a 0 3 0 0 1 0\nbogus\n", "two.level");
  ASSERT_EQ(load.errors.size(), 2u);
  EXPECT_EQ(load.errors[0].rfind("two.level:1: ", 0), 0u);
  EXPECT_EQ(load.errors[1].rfind("two.level:2: ", 0), 0u);
}

TEST(LevelParser, GeneratedGridIsLargeAndValid) {
  const IndoorLevel level = test::GridLevel(20, 20, 7);
  EXPECT_EQ(level.cells.size(), 400u);
  EXPECT_GT(level.polygons.size(), 3000u);
  // A spanning tree needs cells - 1 doors; the loader's reachability check passed.
  EXPECT_GE(level.portals.size(), 399u);
}

}  // namespace
}  // namespace partlab
