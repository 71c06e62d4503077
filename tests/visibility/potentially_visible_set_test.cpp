// The PVS by point sampling (section 3.2.3.4): its cell-to-cell walk against segments tested on
// every polygon, its growth with the density, and its conservativeness measured two ways: against
// a far denser sampling and against the portal recursion looking all around from random points.
#include <gtest/gtest.h>

#include <cstdio>

#include "engine/visibility/potentially_visible_set.h"
#include "tests/visibility/level_test_support.h"

namespace partlab {
namespace {

// The segment walk through the cells agrees with the brute force on random segments between
// random points of random cells.
TEST(PotentiallyVisibleSet, SegmentWalkMatchesBruteForce) {
  for (const IndoorLevel& level : {test::ClassLevel(), test::GridLevel(6, 6, 11)}) {
    std::mt19937 rng(3);
    size_t clear = 0;
    std::vector<glm::vec3> a, b;
    for (int k = 0; k < 3000; ++k) {
      const uint32_t ca = rng() % level.cells.size(), cb = rng() % level.cells.size();
      SampleCellPoints(level, ca, 1, rng(), &a);
      SampleCellPoints(level, cb, 1, rng(), &b);
      ASSERT_EQ(a.size(), 1u);
      ASSERT_EQ(b.size(), 1u);
      const bool walk = SegmentClear(level, ca, a[0], b[0]);
      EXPECT_EQ(walk, test::BruteSegmentClear(level, a[0], b[0])) << "cells " << ca << " -> " << cb;
      clear += walk;
    }
    EXPECT_GT(clear, 0u);  // both answers occur
    EXPECT_LT(clear, 3000u);
  }
}

// The table, rebuilt in the test from the same points with the brute-force segment test.
TEST(PotentiallyVisibleSet, TableMatchesTheChaptersDefinition) {
  const IndoorLevel level = test::ClassLevel();
  PvsOptions options;
  options.points_per_area = 0.3f;
  const PotentiallyVisibleSet pvs(level, options);
  const size_t n = level.cells.size();
  std::vector<std::vector<glm::vec3>> points(n);
  for (uint32_t c = 0; c < n; ++c)
    SampleCellPoints(level, c, SampleCount(level, c, options), options.seed, &points[c]);
  for (size_t a = 0; a < n; ++a)
    for (size_t b = 0; b < n; ++b) {
      bool seen = a == b;
      for (const glm::vec3& p : points[a])
        for (const glm::vec3& q : points[b]) seen = seen || test::BruteSegmentClear(level, p, q);
      EXPECT_EQ(pvs.Visible(a, b), seen) << level.cells[a].name << " -> " << level.cells[b].name;
    }
  EXPECT_EQ(pvs.Bytes(), n * sizeof(uint64_t));
}

// Cells the portal recursion reaches from `o` looking all around (six 90° views).
std::vector<uint8_t> ReachedAllAround(const IndoorLevel& level, const glm::vec3& eye) {
  static const glm::vec3 kDirs[6][2] = {{{1, 0, 0}, {0, 1, 0}}, {{-1, 0, 0}, {0, 1, 0}},
                                        {{0, 0, 1}, {0, 1, 0}}, {{0, 0, -1}, {0, 1, 0}},
                                        {{0, 1, 0}, {1, 0, 0}}, {{0, -1, 0}, {1, 0, 0}}};
  std::vector<uint8_t> reached(level.cells.size(), 0);
  PortalRenderResult r;
  for (const auto& d : kDirs) {
    PortalCamera c;
    c.eye = eye;
    c.view_projection = glm::perspective(glm::radians(90.5f), 1.0f, 0.02f, 500.0f) *
                        glm::lookAt(eye, eye + d[0], d[1]);
    RenderPortals(level, c, PortalVariant::kFrustum, &r);
    for (size_t k = 0; k < reached.size(); ++k) reached[k] |= r.cell_visited[k];
  }
  return reached;
}

struct Misses {
  size_t vs_dense = 0, vs_portals = 0, dense_vs_portals = 0, entries = 0;
};

Misses Measure(const IndoorLevel& level, float sparse_density, float dense_density,
               int viewpoints) {
  PvsOptions sparse, dense;
  sparse.points_per_area = sparse_density;
  dense.points_per_area = dense_density;
  const PotentiallyVisibleSet s(level, sparse), d(level, dense);
  Misses m;
  const size_t n = level.cells.size();
  for (size_t a = 0; a < n; ++a)
    for (size_t b = 0; b < n; ++b) {
      m.entries += d.Visible(a, b);
      // The sparse points are the first of the dense ones: what sparse sees, dense sees.
      EXPECT_TRUE(!s.Visible(a, b) || d.Visible(a, b));
      m.vs_dense += d.Visible(a, b) && !s.Visible(a, b);
    }
  std::mt19937 rng(17);
  for (int v = 0; v < viewpoints; ++v) {
    const test::Observer o = test::RandomObserver(level, rng, 0.05f);
    const std::vector<uint8_t> reached = ReachedAllAround(level, o.camera.eye);
    for (size_t b = 0; b < n; ++b) {
      m.vs_portals += reached[b] && !s.Visible(o.cell, b);
      m.dense_vs_portals += reached[b] && !d.Visible(o.cell, b);
    }
  }
  std::printf(
      "%s: PVS at %.2f points/unit² (%.3f s, %zu points) vs %.2f (%.3f s, %zu points): "
      "%zu of %zu visible pairs missed by the sparse one; cells reached by the portal "
      "recursion from %d viewpoints but missing from the PVS: %zu sparse, %zu dense\n",
      level.name.c_str(), sparse_density, s.seconds(), s.points(), dense_density, d.seconds(),
      d.points(), m.vs_dense, m.entries, viewpoints, m.vs_portals, m.dense_vs_portals);
  return m;
}

// Point sampling is not conservative: a line of sight between two points no sample pair
// reproduces is missed. The misses are printed; the test asserts that the sparse table misses
// some pairs the dense one finds (so the measurement can see a miss at all) and that the denser
// sampling misses fewer of the cells the portal recursion really reaches.
TEST(PotentiallyVisibleSet, ConservativenessOnTheClassLevel) {
  const Misses m = Measure(test::ClassLevel(), 0.05f, 16.0f, 300);
  EXPECT_GT(m.vs_dense, 0u);
  EXPECT_LT(m.dense_vs_portals, m.vs_portals);
}

TEST(PotentiallyVisibleSet, ConservativenessOnAGrid) {
  const Misses m = Measure(test::GridLevel(8, 8, 3), 0.05f, 2.0f, 200);
  EXPECT_GT(m.vs_dense, 0u);
  EXPECT_LT(m.dense_vs_portals, m.vs_portals);
}

}  // namespace
}  // namespace partlab
