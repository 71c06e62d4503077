// Embree is only handed what it accepts (bench/embree_rays.h, limits from Embree 3.13's
// vec3fa.h and ray.h): rays and vertices beyond +-1.844e18 are named before Embree sees them,
// and rays that reach Intersect anyway are answered as misses instead of reaching rtcIntersect1.
// Hits are compared with the brute force (an independent method) on the rays Embree may take.
#include <gtest/gtest.h>

#include <vector>

#include "bench/embree_rays.h"
#include "engine/octree/brute_force_rays.h"
#include "engine/octree/random_scenes.h"

namespace partlab::bench {
namespace {

TEST(EmbreeLimits, RaysBeyondWhatEmbreeAcceptsAreNamed) {
  std::vector<Ray> rays = MakeRandomRays(5, 1);
  EXPECT_EQ(EmbreeRefusesRays(rays), "");
  rays[3].origin.y = -1.844e18f;  // the limit itself is accepted
  EXPECT_EQ(EmbreeRefusesRays(rays), "");
  rays[2].direction.z = 3e38f;
  EXPECT_EQ(EmbreeRefusesRays(rays),
            "ray 2: direction component 3e+38 is beyond the +-1.844e18 Embree accepts");
  rays[1].origin.x = 2e18f;
  EXPECT_EQ(EmbreeRefusesRays(rays),
            "ray 1: origin component 2e+18 is beyond the +-1.844e18 Embree accepts");
}

TEST(EmbreeLimits, ATriangleBeyondTheRangeIsLeftOutByEveryMethodAlike) {
  // A usable-looking triangle (unit edges) at 1.9e18: Embree would drop it silently, so every
  // query leaves it out (FindDefect, kLargestQueryCoordinate) and the answers stay comparable.
  std::vector<Triangle> tris = MakeTriangleSoup(Affinity::kLow, 20, 2);
  tris[7] = {{1.9e18f, 0, 0}, {1.9e18f, 1, 0}, {1.9e18f, 0, 1}};
  EXPECT_EQ(FindDefect(tris[7]), TriangleDefect::kNonFinite);
  const EmbreeScene scene(tris);
  ASSERT_TRUE(scene.available()) << scene.refusal();
  const Ray at_far_triangle{{1.9e18f - 10, 0.25f, 0.25f}, {1, 0, 0}};
  std::vector<float> t;
  std::vector<uint32_t> id;
  scene.Intersect(std::span(&at_far_triangle, 1), &t, &id);
  EXPECT_EQ(t[0], INFINITY);
  EXPECT_FALSE(BruteForceNearest(PreparedTriangles(tris), at_far_triangle).hit);
}

TEST(EmbreeLimits, RaysItCannotTakeAreMissesAndTheRestMatchBruteForce) {
  const std::vector<Triangle> tris = MakeTriangleSoup(Affinity::kMedium, 400, 4);
  const EmbreeScene scene(tris);
  ASSERT_TRUE(scene.available()) << scene.refusal();
  std::vector<Ray> rays = MakeRandomRays(400, 9);
  for (size_t i = 0; i < rays.size(); i += 7) rays[i].direction *= 1e30f;  // beyond the limit
  std::vector<float> t;
  std::vector<uint32_t> id;
  scene.Intersect(rays, &t, &id);  // must not abort
  const PreparedTriangles prepared(tris);
  size_t hits = 0;
  for (size_t i = 0; i < rays.size(); ++i) {
    if (i % 7 == 0) {
      EXPECT_EQ(t[i], INFINITY);
      continue;
    }
    const RayHit ref = BruteForceNearest(prepared, rays[i]);
    ASSERT_EQ(std::isfinite(t[i]), ref.hit) << "ray " << i;
    if (ref.hit) {
      EXPECT_NEAR(t[i], ref.t, 1e-4f * std::max(1.0f, ref.t));
    }
    hits += ref.hit;
  }
  EXPECT_GT(hits, 20u);
}

}  // namespace
}  // namespace partlab::bench
