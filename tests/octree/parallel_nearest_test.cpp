// A batch of rays answered on several threads (parallel_nearest.h): every answer is brute force's
// (the same hit, t and triangle), and bit for bit the one-thread answer, whatever the number of
// threads and however the rays fall into blocks.
#include "engine/octree/parallel_nearest.h"

#include <gtest/gtest.h>

#include <vector>

#include "engine/octree/brute_force_rays.h"
#include "engine/octree/random_scenes.h"

namespace partlab {
namespace {

TEST(NearestHitsInParallel, EveryThreadCountGivesBruteForcesAnswers) {
  const std::vector<Triangle> soup = MakeTriangleSoup(Affinity::kHigh, 3000, 11);
  const Octree tree(soup, OctreeBuildOptions{});
  const PreparedTriangles prepared(soup);
  // Not a multiple of the block size, so the last block is short.
  const std::vector<Ray> rays = MakeRandomRays(1000 + 37, 5);
  std::vector<RayHit> expected(rays.size());
  size_t hits = 0;
  for (size_t i = 0; i < rays.size(); ++i) {
    expected[i] = BruteForceNearest(prepared, rays[i]);
    hits += expected[i].hit;
  }
  ASSERT_GT(hits, rays.size() / 10) << "too few hits for the test to mean anything";
  for (unsigned threads : {0u, 1u, 2u, 3u, 8u}) {
    std::vector<RayHit> got(rays.size());
    NearestHitsInParallel(tree, rays, got, Traversal::kOrdered, threads);
    for (size_t i = 0; i < rays.size(); ++i) {
      ASSERT_EQ(got[i].hit, expected[i].hit) << "ray " << i << ", " << threads << " threads";
      if (!got[i].hit) continue;
      ASSERT_EQ(got[i].t, expected[i].t) << "ray " << i << ", " << threads << " threads";
      ASSERT_EQ(got[i].triangle, expected[i].triangle) << "ray " << i << ", " << threads;
    }
  }
}

TEST(NearestHitsInParallel, TwoThreadsGiveTheOneThreadAnswersBitForBit) {
  const std::vector<Triangle> soup = MakeTriangleSoup(Affinity::kMedium, 2000, 3);
  const Octree tree(soup, OctreeBuildOptions{});
  const std::vector<Ray> rays = MakeRandomRays(700, 9);
  for (Traversal traversal : {Traversal::kPaper, Traversal::kOrdered}) {
    std::vector<RayHit> one(rays.size()), two(rays.size());
    NearestHitsInParallel(tree, rays, one, traversal, 1);
    NearestHitsInParallel(tree, rays, two, traversal, 2);
    for (size_t i = 0; i < rays.size(); ++i) {
      ASSERT_EQ(one[i].hit, two[i].hit) << "ray " << i;
      ASSERT_EQ(one[i].t, two[i].t) << "ray " << i;
      ASSERT_EQ(one[i].triangle, two[i].triangle) << "ray " << i;
      ASSERT_EQ(one[i].u, two[i].u) << "ray " << i;
      ASSERT_EQ(one[i].v, two[i].v) << "ray " << i;
    }
  }
}

TEST(NearestHitsInParallel, NoRaysIsNoWork) {
  const std::vector<Triangle> soup = MakeTriangleSoup(Affinity::kLow, 100, 1);
  const Octree tree(soup, OctreeBuildOptions{});
  NearestHitsInParallel(tree, {}, {}, Traversal::kOrdered, 2);
}

}  // namespace
}  // namespace partlab
