// The testbed's batch runs the paper's experiment in slices on a worker; whatever the slicing, it
// must answer every ray exactly as the brute force does and count the work the queries report.
#include <gtest/gtest.h>

#include "engine/octree/octree_ray_batch.h"
#include "engine/octree/random_scenes.h"

namespace partlab {
namespace {

TEST(MakeBatchRays, MapsThePapersCubeOntoTheScenesCube) {
  const Aabb box{{10, 20, 30}, {14, 22, 31}};  // largest extent 4, centre (12, 21, 30.5)
  const auto rays = MakeBatchRays(box, 2000, 3);
  const auto paper = MakeRandomRays(2000, 3);
  ASSERT_EQ(rays.size(), 2000u);
  for (size_t i = 0; i < rays.size(); ++i) {
    EXPECT_LE(std::fabs(rays[i].origin.x - 12.0f), 2.0f + 1e-4f);
    EXPECT_LE(std::fabs(rays[i].origin.y - 21.0f), 2.0f + 1e-4f);
    EXPECT_LE(std::fabs(rays[i].origin.z - 30.5f), 2.0f + 1e-4f);
    EXPECT_EQ(rays[i].direction, paper[i].direction);
    EXPECT_NEAR(rays[i].origin.x, 12.0f + paper[i].origin.x * 0.04f, 1e-4f);
  }
}

class RayBatchTest : public ::testing::TestWithParam<Placement> {};

TEST_P(RayBatchTest, SlicedBatchEqualsBruteForceRayByRay) {
  const auto tris = MakeTriangleSoup(Affinity::kMedium, 2000, 11);
  OctreeBuildOptions options;
  options.placement = GetParam();
  options.max_depth = 6;
  const Octree tree(tris, options);
  const PreparedTriangles prepared(tris);
  Aabb box;
  for (const Triangle& t : tris) box.Grow(t.Bounds());
  RayBatch batch;
  batch.Reset(MakeBatchRays(box, 500, 5));
  while (!batch.Finished()) RunRayBatchSlice(tree, prepared, batch, 37);  // uneven last slice
  EXPECT_EQ(batch.done, 500u);
  EXPECT_EQ(batch.brute.rays, 500u);
  EXPECT_EQ(batch.brute.triangle_tests, 500u * prepared.packed().size());  // every ray, every tri
  EXPECT_GT(batch.brute.hits, 0u);
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(batch.mismatches[k], 0u);
    EXPECT_EQ(batch.octree[k].rays, 500u);
    EXPECT_EQ(batch.octree[k].hits, batch.brute.hits);
    EXPECT_GT(batch.octree_seconds[k], 0.0);
    uint64_t tests = 0;
    for (size_t i = 0; i < batch.rays.size(); ++i) {
      const RayHit expected = BruteForceNearest(prepared, batch.rays[i]);
      EXPECT_EQ(batch.octree_hits[k][i].hit, expected.hit);
      EXPECT_EQ(batch.octree_hits[k][i].triangle, expected.triangle);
      QueryStats one;
      tree.Nearest(batch.rays[i], k == 0 ? Traversal::kPaper : Traversal::kOrdered, {}, &one);
      tests += one.triangle_tests;
    }
    EXPECT_EQ(batch.octree[k].triangle_tests, tests);
  }
  // The ordered traversal prunes: never more tests than the paper's.
  EXPECT_LE(batch.octree[1].triangle_tests, batch.octree[0].triangle_tests);
}

TEST_P(RayBatchTest, ResetStartsOver) {
  const auto tris = MakeTriangleSoup(Affinity::kHigh, 300, 2);
  const Octree tree(tris, {GetParam(), 5});
  const PreparedTriangles prepared(tris);
  RayBatch batch;
  batch.Reset(MakeBatchRays(Aabb{{-50, -50, -50}, {50, 50, 50}}, 50, 1));
  RunRayBatchSlice(tree, prepared, batch, 20);
  EXPECT_EQ(batch.done, 20u);
  EXPECT_FALSE(batch.Finished());
  batch.Reset(MakeBatchRays(Aabb{{-50, -50, -50}, {50, 50, 50}}, 10, 2));
  EXPECT_EQ(batch.done, 0u);
  EXPECT_EQ(batch.brute.rays, 0u);
  EXPECT_EQ(batch.brute_seconds, 0.0);
  RunRayBatchSlice(tree, prepared, batch, 100);
  EXPECT_TRUE(batch.Finished());
  EXPECT_EQ(batch.brute.rays, 10u);
}

TEST_P(RayBatchTest, BruteForceSubsetChecksOnlyItsRaysAndTimesThemApart) {
  const auto tris = MakeTriangleSoup(Affinity::kLow, 1500, 4);
  const Octree tree(tris, {GetParam(), 6});
  const PreparedTriangles prepared(tris);
  RayBatch batch;
  batch.Reset(MakeBatchRays(Aabb{{-50, -50, -50}, {50, 50, 50}}, 400, 9), 123);
  EXPECT_EQ(batch.brute_rays, 123u);
  while (!batch.Finished()) RunRayBatchSlice(tree, prepared, batch, 50);  // 123 mid-slice
  EXPECT_EQ(batch.brute.rays, 123u);
  EXPECT_EQ(batch.brute.triangle_tests, 123u * prepared.packed().size());
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(batch.octree[k].rays, 400u);
    EXPECT_EQ(batch.mismatches[k], 0u);
    EXPECT_LE(batch.octree_seconds_on_brute_rays[k], batch.octree_seconds[k]);
    EXPECT_GT(batch.Speedup(k), 0.0);
    for (size_t i = 0; i < 123; ++i)
      EXPECT_EQ(batch.octree_hits[k][i].triangle, batch.brute_hits[i].triangle);
    for (size_t i = 123; i < 400; ++i) {  // answered by the octree only, still exact
      const RayHit expected = BruteForceNearest(prepared, batch.rays[i]);
      EXPECT_EQ(batch.octree_hits[k][i].triangle, expected.triangle);
      EXPECT_FALSE(batch.brute_hits[i].hit);  // never filled
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Placements, RayBatchTest,
                         ::testing::Values(Placement::kDeepestContaining,
                                           Placement::kLeafReferences));

}  // namespace
}  // namespace partlab
