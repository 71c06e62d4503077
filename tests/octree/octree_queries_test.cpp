// Every traversal of every placement returns exactly the brute force's answer: same nearest t (bit
// for bit), same triangle id (ties to the lowest), same barycentrics, same any-hit, same set of all
// hits — on thousands of rays per soup kind and on a grid with shared edges and duplicates.
#include <gtest/gtest.h>

#include "engine/octree/brute_force_rays.h"
#include "octree_test_scenes.h"

namespace partlab {
namespace {

struct Config {
  Placement placement;
  Traversal traversal;
  int max_depth;
  int leaf_size;
};

const Config kConfigs[] = {
    {Placement::kDeepestContaining, Traversal::kPaper, 0, 0},
    {Placement::kDeepestContaining, Traversal::kOrdered, 0, 0},
    {Placement::kLeafReferences, Traversal::kPaper, 0, 0},
    {Placement::kLeafReferences, Traversal::kOrdered, 0, 0},
    {Placement::kLeafReferences, Traversal::kOrdered, 12, 1},  // tiny leaves, deep tree
    // Leaves of up to eight blocks, and shallow trees whose leaves hold many: the blocks' boxes
    // (block_boxes.h) decide which blocks are tested.
    {Placement::kLeafReferences, Traversal::kOrdered, 0, 64},
    {Placement::kLeafReferences, Traversal::kOrdered, 3, 0},
};

std::string Describe(const Config& c, size_t ray) {
  return std::string(PlacementName(c.placement)) + "/" + TraversalName(c.traversal) + " depth " +
         std::to_string(c.max_depth) + " leaf " + std::to_string(c.leaf_size) + ", ray " +
         std::to_string(ray);
}

// The brute force's answers, computed once per ray and compared with every configuration's.
struct BruteForceAnswers {
  std::vector<RayHit> nearest;
  std::vector<bool> any;
  std::vector<std::vector<RayHit>> all;  // for every fourth ray: all-hits is the slowest query
};

BruteForceAnswers AnswersOf(const std::vector<Triangle>& tris, const std::vector<Ray>& rays,
                            const RayTriangleOptions& opt) {
  const PreparedTriangles prepared(tris);
  BruteForceAnswers answers;
  answers.all.resize((rays.size() + 3) / 4);
  for (size_t i = 0; i < rays.size(); ++i) {
    answers.nearest.push_back(BruteForceNearest(prepared, rays[i], opt));
    answers.any.push_back(BruteForceAnyHit(prepared, rays[i], opt));
    if (i % 4 == 0) BruteForceAllHits(prepared, rays[i], &answers.all[i / 4], opt);
  }
  return answers;
}

void ExpectSameAsBruteForce(const std::vector<Triangle>& tris, const std::vector<Ray>& rays,
                            const RayTriangleOptions& opt = {}) {
  const BruteForceAnswers answers = AnswersOf(tris, rays, opt);
  std::vector<RayHit> got_all;
  size_t hits = 0;
  for (const Config& c : kConfigs) {
    const Octree tree(tris, {c.placement, c.max_depth, c.leaf_size});
    for (size_t i = 0; i < rays.size(); ++i) {
      const RayHit& want = answers.nearest[i];
      const RayHit got = tree.Nearest(rays[i], c.traversal, opt);
      ASSERT_EQ(got.hit, want.hit) << Describe(c, i);
      if (want.hit) {
        ++hits;
        ASSERT_EQ(got.t, want.t) << Describe(c, i);  // exact, not near
        ASSERT_EQ(got.triangle, want.triangle) << Describe(c, i);
        ASSERT_EQ(got.u, want.u) << Describe(c, i);
        ASSERT_EQ(got.v, want.v) << Describe(c, i);
      }
      ASSERT_EQ(tree.AnyHit(rays[i], c.traversal, opt), answers.any[i]) << Describe(c, i);
      if (i % 4 == 0) {
        const std::vector<RayHit>& want_all = answers.all[i / 4];
        tree.AllHits(rays[i], c.traversal, &got_all, opt);
        ASSERT_EQ(got_all.size(), want_all.size()) << Describe(c, i);
        for (size_t k = 0; k < want_all.size(); ++k) {
          ASSERT_EQ(got_all[k].triangle, want_all[k].triangle) << Describe(c, i);
          ASSERT_EQ(got_all[k].t, want_all[k].t) << Describe(c, i);
        }
      }
    }
  }
  EXPECT_GT(hits, rays.size() / 10) << "too few hits to mean anything";
}

TEST(OctreeQueries, LowAffinitySoupEqualsBruteForce) {
  ExpectSameAsBruteForce(MakeTriangleSoup(Affinity::kLow, 1000, 11), testing::TestRays(2000, 12));
}
TEST(OctreeQueries, MediumAffinitySoupEqualsBruteForce) {
  ExpectSameAsBruteForce(MakeTriangleSoup(Affinity::kMedium, 3000, 13),
                         testing::TestRays(3000, 14));
}
TEST(OctreeQueries, HighAffinitySoupEqualsBruteForce) {
  ExpectSameAsBruteForce(MakeTriangleSoup(Affinity::kHigh, 5000, 15), testing::TestRays(4000, 16));
}
TEST(OctreeQueries, GridWithSharedEdgesAndDuplicatesEqualsBruteForce) {
  ExpectSameAsBruteForce(testing::GridWithDuplicates(40), testing::TestRays(3000, 17));
}
TEST(OctreeQueries, CullingAndSegmentsEqualBruteForce) {
  RayTriangleOptions opt;
  opt.cull_backfaces = true;
  opt.t_max = 40.0f;
  ExpectSameAsBruteForce(MakeTriangleSoup(Affinity::kHigh, 3000, 18), testing::TestRays(2000, 19),
                         opt);
}

// Ties: the grid's duplicates are hit at exactly the same t as their originals, so the lowest id
// must be the answer, and at least one ray must actually meet such a tie.
TEST(OctreeQueries, TiesGoToTheLowestTriangleId) {
  const auto tris = testing::GridWithDuplicates(20);
  const size_t originals = 2 * 20 * 20;
  const Octree tree(tris, {Placement::kLeafReferences});
  std::vector<RayHit> all;
  int ties = 0;
  for (const Ray& r : testing::TestRays(3000, 21)) {
    tree.AllHits(r, Traversal::kOrdered, &all);
    if (all.size() >= 2 && all[0].t == all[1].t) {
      ++ties;
      const RayHit nearest = tree.Nearest(r, Traversal::kOrdered);
      EXPECT_EQ(nearest.triangle, std::min(all[0].triangle, all[1].triangle));
      EXPECT_LT(nearest.triangle, originals);
    }
  }
  EXPECT_GT(ties, 10);
}

TEST(OctreeQueries, UnusableRaysAreSkippedAndCounted) {
  const Octree tree(MakeTriangleSoup(Affinity::kHigh, 1000, 22), {});
  const float nan = std::numeric_limits<float>::quiet_NaN();
  QueryStats stats;
  EXPECT_FALSE(tree.Nearest({{0, 0, 0}, {0, 0, 0}}, Traversal::kOrdered, {}, &stats).hit);
  EXPECT_FALSE(tree.AnyHit({{nan, 0, 0}, {1, 0, 0}}, Traversal::kPaper, {}, &stats));
  EXPECT_FALSE(tree.Nearest({{0, 0, 0}, {nan, 1, 0}}, Traversal::kPaper, {}, &stats).hit);
  EXPECT_EQ(stats.rays_skipped, 3u);
  EXPECT_EQ(stats.rays, 0u);
  const PreparedTriangles prepared(tree.triangles());
  EXPECT_FALSE(BruteForceNearest(prepared, {{0, 0, 0}, {0, 0, 0}}, {}, &stats).hit);
  EXPECT_EQ(stats.rays_skipped, 4u);
}

// The ordered traversal does less work than the paper's on a clustered scene, and both count what
// they did; a trace lists exactly the cells and tests the counters counted.
TEST(OctreeQueries, StatisticsAndTraceAgree) {
  const auto tris = MakeTriangleSoup(Affinity::kHigh, 20000, 23);
  const Octree tree(tris, {Placement::kLeafReferences});
  QueryStats paper, ordered;
  const auto rays = MakeRandomRays(500, 24);
  for (const Ray& r : rays) {
    tree.Nearest(r, Traversal::kPaper, {}, &paper);
    tree.Nearest(r, Traversal::kOrdered, {}, &ordered);
  }
  EXPECT_EQ(paper.rays, 500u);
  EXPECT_EQ(paper.hits, ordered.hits);
  EXPECT_LT(ordered.triangle_tests, paper.triangle_tests);
  EXPECT_LT(ordered.nodes_visited, paper.nodes_visited);
  EXPECT_LT(ordered.FractionTested(tris.size()), 0.05);

  QueryStats one;
  QueryTrace trace;
  tree.Nearest(rays[0], Traversal::kOrdered, {}, &one, &trace);
  EXPECT_EQ(trace.visited_nodes.size(), one.nodes_visited);
  EXPECT_EQ(trace.tested_triangles.size(), one.triangle_tests);
  EXPECT_EQ(trace.visited_nodes.front(), 0u);  // the root first
}

}  // namespace
}  // namespace partlab
