// The octree lessons' independent answers: the placement redone from geometry, the paper's
// affinity classes and the double-precision brute force, each against hand-worked cases and
// against the engine's octree and Möller–Trumbore on random soups.
#include <gtest/gtest.h>

#include "engine/geometry/moller_trumbore.h"
#include "engine/octree/octree.h"
#include "engine/octree/octree_lesson_reference.h"
#include "engine/octree/random_scenes.h"

namespace partlab::octree_lesson {
namespace {

// In the root cube [-1, 1]^3 the cell centres along x for this triangle are 0 (depth 1), 0.5
// (depth 2), 0.75 (depth 3) and 0.625 (depth 4); its x range [0.55, 0.65] first straddles 0.625.
TEST(PlacementDepths, SmallTriangleSinksUntilItStraddlesAMidPlane) {
  const Triangle small{{0.55f, 0.55f, 0.55f}, {0.65f, 0.55f, 0.55f}, {0.55f, 0.65f, 0.55f}};
  const std::vector<int> depths = PlacementDepths(std::span(&small, 1), glm::vec3(0.0f), 1.0f, 10);
  EXPECT_EQ(depths[0], 4);
  // The depth limit is the paper's escape valve: with 2 levels it stops at depth 2.
  EXPECT_EQ(PlacementDepths(std::span(&small, 1), glm::vec3(0.0f), 1.0f, 2)[0], 2);
}

TEST(PlacementDepths, TriangleAcrossTheRootMidPlaneStaysAtTheRoot) {
  const Triangle across{{-0.1f, 0.2f, 0.2f}, {0.1f, 0.2f, 0.2f}, {0.0f, 0.3f, 0.2f}};
  EXPECT_EQ(PlacementDepths(std::span(&across, 1), glm::vec3(0.0f), 1.0f, 8)[0], 1);
  const Triangle flat{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};  // no area: the octree leaves it out
  EXPECT_EQ(PlacementDepths(std::span(&flat, 1), glm::vec3(0.0f), 1.0f, 8)[0], 0);
}

// "baixa ... quase a totalidade dos triângulos permanece no primeiro nível; média, quando a
// maioria ... nos primeiros três níveis; alta quando a maioria ... do nível quatro para frente".
TEST(ClassifyAffinity, ThePapersThreeClasses) {
  const std::vector<size_t> low = {0, 95, 3, 2, 0};
  const std::vector<size_t> medium = {0, 30, 20, 10, 40};
  const std::vector<size_t> high = {0, 10, 10, 10, 30, 40};
  EXPECT_EQ(ClassifyAffinity(low), AffinityClass::kLow);
  EXPECT_EQ(ClassifyAffinity(medium), AffinityClass::kMedium);
  EXPECT_EQ(ClassifyAffinity(high), AffinityClass::kHigh);
}

// The engine's octree must put every triangle where the geometry says (the paper's placement).
TEST(PlacementDepths, AgreeWithTheEnginesOctreeOnRandomSoups) {
  for (Affinity affinity : {Affinity::kLow, Affinity::kMedium, Affinity::kHigh}) {
    const std::vector<Triangle> soup = MakeTriangleSoup(affinity, 2000, 7);
    OctreeBuildOptions options;
    options.placement = Placement::kDeepestContaining;
    options.max_depth = 8;
    const Octree tree(soup, options);
    const OctreeNode& root = tree.nodes()[0];
    const std::vector<int> depths = PlacementDepths(soup, root.center, root.half, 8);
    const auto engine = tree.triangle_depths();
    for (size_t i = 0; i < soup.size(); ++i) ASSERT_EQ(depths[i], int(engine[i])) << i;
  }
}

TEST(BruteForceNearest, HitsTheNearerOfTwoParallelTriangles) {
  const std::vector<Triangle> tris = {{{-1, -1, 5}, {1, -1, 5}, {0, 1, 5}},
                                      {{-1, -1, 2}, {1, -1, 2}, {0, 1, 2}}};
  const ReferenceHit hit = BruteForceNearest(tris, {{0, 0, 0}, {0, 0, 1}});
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(hit.triangle, 1u);
  EXPECT_NEAR(hit.t, 2.0, 1e-12);
  EXPECT_FALSE(BruteForceNearest(tris, {{0, 0, 0}, {0, 0, -1}}).hit);  // both behind the origin
  EXPECT_EQ(CompareHits(true, 2.0f, 1, hit), "");
  EXPECT_NE(CompareHits(true, 5.0f, 0, hit), "");
  EXPECT_NE(CompareHits(false, 0.0f, 0, hit), "");
}

TEST(BruteForceNearest, AgreesWithTheEnginesKernelOnRandomRays) {
  const std::vector<Triangle> soup = MakeTriangleSoup(Affinity::kMedium, 500, 3);
  for (const Ray& ray : MakeRandomRays(200, 11)) {
    RayTriangleHit best;
    bool any = false;
    for (const Triangle& t : soup) {
      RayTriangleHit h;
      if (IntersectRayTriangle(ray, t, {}, &h) && h.t < best.t) {
        best = h;
        any = true;
      }
    }
    const ReferenceHit reference = BruteForceNearest(soup, ray);
    ASSERT_EQ(any, reference.hit);
    if (any) {
      EXPECT_NEAR(best.t, reference.t, 1e-4 * std::max(1.0, reference.t));
    }
  }
}

}  // namespace
}  // namespace partlab::octree_lesson
