// The heatmap's cost buffer is the per-ray statistics of the octree's own queries: every pixel's
// counts equal a fresh QueryStats (and the visited-cells trace) for the same ray, whichever rows
// order the worker traced them in.
#include <gtest/gtest.h>

#include "engine/octree/brute_force_rays.h"
#include "engine/octree/octree_cost_image.h"
#include "engine/octree/random_scenes.h"

namespace partlab {
namespace {

struct Scene {
  std::vector<Triangle> tris;
  Octree tree;
  OrbitCamera camera;
  glm::vec2 framebuffer{320.0f, 200.0f};
};

Scene MakeScene(Placement placement) {
  Scene s;
  s.tris = MakeTriangleSoup(Affinity::kHigh, 3000, 7);
  OctreeBuildOptions options;
  options.placement = placement;
  options.max_depth = 7;
  s.tree = Octree(s.tris, options);
  s.camera.target = {0, 0, 0};
  s.camera.distance = 180.0f;
  return s;
}

class CostImageTest : public ::testing::TestWithParam<Placement> {};

TEST_P(CostImageTest, EveryPixelEqualsThatRaysQueryStatsAndTrace) {
  const Scene s = MakeScene(GetParam());
  CostImage image;
  image.Resize(40, 25);
  TraceCostRows(s.tree, s.camera, s.framebuffer, image, 0, image.height);
  const PreparedTriangles prepared(s.tris);
  size_t hits = 0, nonzero = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const PickRay pick = CostPixelRay(s.camera, s.framebuffer, image.width, image.height, x, y);
      const Ray ray{pick.origin, pick.dir};
      const size_t i = size_t(y) * image.width + x;
      for (Traversal t : {Traversal::kPaper, Traversal::kOrdered}) {
        QueryStats stats;
        QueryTrace trace;
        s.tree.Nearest(ray, t, {}, &stats, &trace);
        EXPECT_EQ(image.Plane(t, CostMetric::kNodesVisited)[i], stats.nodes_visited);
        EXPECT_EQ(image.Plane(t, CostMetric::kTrianglesTested)[i], stats.triangle_tests);
        EXPECT_EQ(trace.visited_nodes.size(), stats.nodes_visited);
        EXPECT_EQ(trace.tested_triangles.size(), stats.triangle_tests);
        nonzero += stats.triangle_tests > 0;
      }
      const bool hit = BruteForceNearest(prepared, ray).hit;
      EXPECT_EQ(image.hit[i], hit ? 1 : 0) << x << "," << y;
      hits += hit;
    }
  }
  // The camera looks at the soup: some rays hit, some do work, not all are trivial.
  EXPECT_GT(hits, 0u);
  EXPECT_LT(hits, size_t(image.width * image.height));
  EXPECT_GT(nonzero, 0u);
}

TEST_P(CostImageTest, SlicesInAnyOrderGiveTheSameImage) {
  const Scene s = MakeScene(GetParam());
  CostImage whole, sliced;
  whole.Resize(24, 15);
  sliced.Resize(24, 15);
  TraceCostRows(s.tree, s.camera, s.framebuffer, whole, 0, 15);
  for (int row = 12; row >= 0; row -= 4)
    TraceCostRows(s.tree, s.camera, s.framebuffer, sliced, row, row + 4);
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(whole.nodes[k], sliced.nodes[k]);
    EXPECT_EQ(whole.tests[k], sliced.tests[k]);
  }
  EXPECT_EQ(whole.hit, sliced.hit);
  // The ordered traversal never does more work than the paper's on the same ray.
  for (size_t i = 0; i < whole.tests[0].size(); ++i)
    EXPECT_LE(whole.tests[1][i], whole.tests[0][i]);
  EXPECT_EQ(whole.Max(CostMetric::kTrianglesTested),
            *std::max_element(whole.tests[0].begin(), whole.tests[0].end()));
}

INSTANTIATE_TEST_SUITE_P(Placements, CostImageTest,
                         ::testing::Values(Placement::kDeepestContaining,
                                           Placement::kLeafReferences));

TEST(CostRamp, LogPositionIsMonotoneFromZeroToOne) {
  EXPECT_EQ(CostRampPosition(0, 100), 0.0f);
  EXPECT_FLOAT_EQ(CostRampPosition(100, 100), 1.0f);
  EXPECT_EQ(CostRampPosition(5, 0), 0.0f);
  float previous = -1.0f;
  for (uint32_t c = 0; c <= 100; ++c) {
    const float p = CostRampPosition(c, 100);
    EXPECT_GT(p, previous);
    previous = p;
  }
  // Dark at the bottom, bright at the top, so "more work" reads as "hotter".
  const Color lo = CostRampColor(0.0f), hi = CostRampColor(1.0f);
  EXPECT_LT(lo.r + lo.g + lo.b, 0.1f);
  EXPECT_GT(hi.r + hi.g + hi.b, 2.5f);
}

}  // namespace
}  // namespace partlab
