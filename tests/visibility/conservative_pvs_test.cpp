// The conservative PVS (portal sequences, section 3.2.3.4's "se é possível ou não ver cada uma
// das outra células") checked against answers found without it: random lines for the stabbing
// test, point sampling at a high density (whatever a segment between two points sees, the
// conservative table must hold), and the portal recursion from random viewpoints (whatever it
// reaches must be in the conservative row). Then the point-sampled table's misses at the app's
// default density, bounded on the shipped levels.
#include <gtest/gtest.h>

#include <cstdio>
#include <glm/gtc/constants.hpp>

#include "engine/visibility/portal_sequence_pvs.h"
#include "engine/visibility/potentially_visible_set.h"
#include "tests/visibility/level_test_support.h"

namespace partlab {
namespace {

double Cross(const glm::dvec2& a, const glm::dvec2& b) {
  return a.x * b.y - a.y * b.x;
}

// Brute force: many random lines through random points of the first and last segments.
bool SomeRandomLineStabs(const std::vector<glm::dvec2>& left, const std::vector<glm::dvec2>& right,
                         std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int k = 0; k < 4000; ++k) {
    const glm::dvec2 p = left[0] + (right[0] - left[0]) * unit(rng);
    const glm::dvec2 q = left.back() + (right.back() - left.back()) * unit(rng);
    if (glm::length(q - p) < 1e-9) continue;
    bool ok = true;
    for (size_t i = 0; i < left.size() && ok; ++i)
      ok = Cross(q - p, left[i] - p) >= 0.0 && Cross(q - p, right[i] - p) <= 0.0;
    if (ok) return true;
  }
  return false;
}

// Parallel "doors" across a corridor along +x: left ends at larger z.
TEST(PortalSequencePvs, StabbingLineByHand) {
  using V = std::vector<glm::dvec2>;
  // Three aligned doors: the corridor's axis stabs them.
  EXPECT_TRUE(StabbingLineExists(V{{0, 1}, {2, 1}, {4, 1}}, V{{0, 0}, {2, 0}, {4, 0}}));
  // A zigzag no line passes: low, high, low, far apart.
  EXPECT_FALSE(StabbingLineExists(V{{0, 1}, {1, 3}, {2, 1}}, V{{0, 0}, {1, 2}, {2, 0}}));
  // A diagonal through staggered doors.
  EXPECT_TRUE(StabbingLineExists(V{{0, 1}, {1, 2}, {2, 3}}, V{{0, 0}, {1, 1}, {2, 2}}));
  // Left and right swapped on every door: the same line taken the other way still stabs them.
  EXPECT_TRUE(StabbingLineExists(V{{2, 2}, {1, 1}, {0, 0}}, V{{2, 3}, {1, 2}, {0, 1}}));
  // Left and right swapped on one door only: it would be crossed backwards.
  EXPECT_FALSE(StabbingLineExists(V{{0, 1}, {2, 0}, {4, 1}}, V{{0, 0}, {2, 1}, {4, 0}}));
}

// Random sequences of parallel-ish doors: whenever a random line stabs them, so does the test;
// and the test says no on some (the brute force can only find yes).
TEST(PortalSequencePvs, StabbingLineAgainstRandomLines) {
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int yes = 0, no = 0;
  for (int trial = 0; trial < 400; ++trial) {
    std::vector<glm::dvec2> left, right;
    const int doors = 2 + int(rng() % 5);
    for (int i = 0; i < doors; ++i) {
      const double x = 2.0 * i + unit(rng), lo = 3.0 * unit(rng), w = 0.3 + unit(rng);
      const double tilt = 0.4 * (unit(rng) - 0.5);
      left.push_back({x + tilt, lo + w});
      right.push_back({x, lo});
    }
    const bool exact = StabbingLineExists(left, right, 1e-9);
    if (SomeRandomLineStabs(left, right, rng)) EXPECT_TRUE(exact) << "trial " << trial;
    (exact ? yes : no) += 1;
  }
  EXPECT_GT(yes, 20);
  EXPECT_GT(no, 20);
}

// Conservative means: every pair point sampling finds at a high density is held.
void ExpectHoldsSampled(const IndoorLevel& level, float density) {
  PortalSequenceBuild build(level);
  build.RunToEnd();
  EXPECT_EQ(build.chains_cut(), 0u)
      << level.name << ": the exact test ran to the end of every chain";
  const PotentiallyVisibleSet conservative = build.Take();
  PvsOptions options;
  options.points_per_area = density;
  const PotentiallyVisibleSet sampled(level, options);
  size_t sampled_pairs = 0, conservative_pairs = 0;
  for (size_t a = 0; a < level.cells.size(); ++a)
    for (size_t b = 0; b < level.cells.size(); ++b) {
      sampled_pairs += sampled.Visible(a, b);
      conservative_pairs += conservative.Visible(a, b);
      EXPECT_TRUE(!sampled.Visible(a, b) || conservative.Visible(a, b))
          << level.name << ": " << level.cells[a].name << " sees " << level.cells[b].name
          << " (a sampled segment), the conservative PVS says not";
      EXPECT_EQ(conservative.Visible(a, b), conservative.Visible(b, a));  // a line runs both ways
    }
  std::printf("%s: conservative PVS %zu pairs (%.3f s), sampled at %.1f points/unit² %zu\n",
              level.name.c_str(), conservative_pairs, conservative.seconds(), density,
              sampled_pairs);
  EXPECT_LT(conservative_pairs, level.cells.size() * level.cells.size());  // it does exclude
}

// On the class level no sill hides a cell the floor plan shows: the conservative table is exact
// there, the very pairs dense sampling finds.
TEST(PortalSequencePvs, ExactOnTheClassLevel) {
  const IndoorLevel level = test::ClassLevel();
  const PotentiallyVisibleSet conservative = PortalSequencePvs(level);
  PvsOptions options;
  options.points_per_area = 16.0f;
  const PotentiallyVisibleSet sampled(level, options);
  for (size_t a = 0; a < level.cells.size(); ++a)
    for (size_t b = 0; b < level.cells.size(); ++b)
      EXPECT_EQ(conservative.Visible(a, b), sampled.Visible(a, b))
          << level.cells[a].name << " -> " << level.cells[b].name;
}

TEST(PortalSequencePvs, HoldsEveryPairDenseSamplingFinds) {
  ExpectHoldsSampled(test::ClassLevel(), 16.0f);
  ExpectHoldsSampled(test::GridLevel(8, 8, 3), 4.0f);
  ExpectHoldsSampled(test::CorridorLevel(240), 2.0f);
}

// Whatever the portal recursion reaches from an eye in cell A is in A's conservative row; and
// limited to that row the recursion draws exactly what it draws alone.
TEST(PortalSequencePvs, PortalRendererDrawsNoCellItExcludes) {
  for (const IndoorLevel& level : {test::ClassLevel(), test::LargeLevel()}) {
    const PotentiallyVisibleSet conservative = PortalSequencePvs(level);
    std::mt19937 rng(31);
    PortalRenderResult alone, limited;
    std::vector<uint8_t> row(level.cells.size());
    size_t reached = 0;
    for (int v = 0; v < 400; ++v) {
      const test::Observer o = test::RandomObserver(level, rng, 0.05f);
      for (PortalVariant variant : {PortalVariant::kScreenPolygon, PortalVariant::kFrustum}) {
        RenderPortals(level, o.camera, variant, &alone);
        for (size_t c = 0; c < level.cells.size(); ++c) {
          row[c] = conservative.Visible(o.cell, c);
          reached += alone.cell_visited[c];
          EXPECT_TRUE(!alone.cell_visited[c] || row[c])
              << level.name << ": from " << level.cells[o.cell].name << " the recursion reached "
              << level.cells[c].name << ", which the conservative PVS excludes";
        }
        RenderPortalsWithPvs(level, o.camera, variant, row.data(), &limited);
        EXPECT_EQ(limited.drawn, alone.drawn);
      }
    }
    EXPECT_GT(reached, 800u);  // the recursion does go through portals
  }
}

// Portals "em conjunto com a técnica de PVS": the recursion limited to a sparse sampled row visits
// only cells of that row, never more than it visits alone, and somewhere less (what the sparse
// sampling missed).
TEST(PortalSequencePvs, PortalsWithAPvsRowStayInTheRow) {
  const IndoorLevel level = test::LargeLevel();
  PvsOptions sparse;
  sparse.points_per_area = 0.05f;
  const PotentiallyVisibleSet sampled(level, sparse);
  std::mt19937 rng(5);
  PortalRenderResult alone, limited;
  std::vector<uint8_t> row(level.cells.size());
  size_t fewer = 0;
  for (int v = 0; v < 300; ++v) {
    const test::Observer o = test::RandomObserver(level, rng, 0.05f);
    for (size_t c = 0; c < level.cells.size(); ++c) row[c] = sampled.Visible(o.cell, c);
    RenderPortals(level, o.camera, PortalVariant::kFrustum, &alone);
    RenderPortalsWithPvs(level, o.camera, PortalVariant::kFrustum, row.data(), &limited);
    for (size_t c = 0; c < level.cells.size(); ++c) {
      EXPECT_TRUE(!limited.cell_visited[c] || row[c]) << "visited a cell outside the row";
      EXPECT_TRUE(!limited.cell_visited[c] || alone.cell_visited[c]) << "visited more than alone";
    }
    fewer += limited.cells_visited < alone.cells_visited;
  }
  EXPECT_GT(fewer, 0u);
}

// Point sampling at the app's default density (0.5 points per unit²) against the conservative
// table: the pairs the conservative one holds and the sampled one lacks bound its misses from
// above (the conservative table ignores heights, so some of these pairs no line joins; on the
// class level it equals point sampling at 16 points per unit², above). Measured when these bounds
// were set: class 12 of 43 pairs (28%), large 1,948 of 5,160 (38%): at this density point
// sampling misses a large share of what can be seen, which is what the bound pins down; it
// leaves room for another seed of the sampler (one or two pairs on the class level), not for a
// sampler that draws fewer points or stops early.
TEST(PortalSequencePvs, SampledMissesAtTheDefaultDensityAreBounded) {
  struct Case {
    const char* name;
    IndoorLevel level;
    double max_share;
  };
  for (const Case& c :
       {Case{"class", test::ClassLevel(), 0.33}, Case{"large", test::LargeLevel(), 0.42}}) {
    const PotentiallyVisibleSet conservative = PortalSequencePvs(c.level);
    const PotentiallyVisibleSet sampled(c.level, PvsOptions{});
    size_t pairs = 0, lacks = 0;
    for (size_t a = 0; a < c.level.cells.size(); ++a)
      for (size_t b = 0; b < c.level.cells.size(); ++b) {
        pairs += conservative.Visible(a, b);
        lacks += conservative.Visible(a, b) && !sampled.Visible(a, b);
      }
    const double share = double(lacks) / double(pairs);
    std::printf(
        "%s: the sampled PVS at 0.5 points/unit² lacks %zu of the conservative PVS's %zu "
        "pairs (%.1f%%)\n",
        c.name, lacks, pairs, 100.0 * share);
    EXPECT_LE(share, c.max_share) << c.name;
  }
}

}  // namespace
}  // namespace partlab
