// The example BVH ray-structure plugin (examples/bvh_ray_structure.c) against brute force (every
// ray against every triangle with our Moller-Trumbore), and its planted bug caught on exactly the
// rays parallel to a coordinate plane that hit something.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "engine/geometry/moller_trumbore.h"
#include "engine/plugins/ray_structure_plugin.h"

namespace partlab {
namespace {

constexpr float kMiss = std::numeric_limits<float>::infinity();

std::vector<Triangle> RandomSoup(uint32_t seed, int count) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> pos(0.0f, 10.0f), off(-0.8f, 0.8f);
  std::vector<Triangle> tris;
  for (int i = 0; i < count; ++i) {
    const glm::vec3 c{pos(rng), pos(rng), pos(rng)};
    tris.push_back({c + glm::vec3{off(rng), off(rng), off(rng)},
                    c + glm::vec3{off(rng), off(rng), off(rng)},
                    c + glm::vec3{off(rng), off(rng), off(rng)}});
  }
  return tris;
}

// Rays from inside the soup's cube: the first half in general directions, the rest along +-x,
// +-y, +-z (parallel to two coordinate planes).
std::vector<Ray> Rays(uint32_t seed, int count) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> pos(0.0f, 10.0f), dir(-1.0f, 1.0f);
  std::vector<Ray> rays;
  for (int i = 0; i < count; ++i) {
    Ray r;
    r.origin = {pos(rng), pos(rng), pos(rng)};
    if (i < count / 2) {
      r.direction = {dir(rng), dir(rng), dir(rng)};
      for (int k = 0; k < 3; ++k)
        if (r.direction[k] == 0.0f) r.direction[k] = 0.5f;
    } else {
      r.direction = glm::vec3(0.0f);
      r.direction[i % 3] = (i / 3) % 2 ? 1.0f : -1.0f;
    }
    rays.push_back(r);
  }
  return rays;
}

float BruteNearest(const std::vector<Triangle>& tris, const Ray& ray) {
  float best = kMiss;
  for (const Triangle& t : tris) {
    RayTriangleHit hit;
    if (IntersectRayTriangle(ray, t, {}, &hit)) best = std::min(best, hit.t);
  }
  return best;
}

bool AxisParallel(const Ray& r) {
  return r.direction.x == 0.0f || r.direction.y == 0.0f || r.direction.z == 0.0f;
}

TEST(RayPlugin, BvhAnswersAsBruteForceToTheBit) {
  auto bvh = LoadRayStructurePlugin(PARTLAB_BVH_PLUGIN);
  ASSERT_TRUE(bvh) << bvh.error();
  EXPECT_EQ(bvh.value()->Name(), "bvh");
  const auto tris = RandomSoup(7, 3000);
  ASSERT_EQ(bvh.value()->Build(tris), "");
  const auto rays = Rays(11, 600);
  std::vector<float> t(rays.size());
  bvh.value()->IntersectBatch(rays, t);
  size_t hits = 0;
  for (size_t i = 0; i < rays.size(); ++i) {
    EXPECT_EQ(t[i], BruteNearest(tris, rays[i])) << "ray " << i;
    hits += t[i] != kMiss;
  }
  EXPECT_GT(hits, rays.size() / 4);  // the soup is dense enough to test something
  EXPECT_EQ(bvh.value()->LastContractViolation(), "");
}

TEST(RayPlugin, BrokenBvhIsWrongOnExactlyTheAxisParallelRaysThatHit) {
  auto broken = LoadRayStructurePlugin(PARTLAB_BVH_BROKEN_PLUGIN);
  ASSERT_TRUE(broken) << broken.error();
  const auto tris = RandomSoup(7, 3000);
  ASSERT_EQ(broken.value()->Build(tris), "");
  const auto rays = Rays(11, 600);
  size_t wrong = 0;
  for (size_t i = 0; i < rays.size(); ++i) {
    const float want = BruteNearest(tris, rays[i]);
    const float got = broken.value()->Intersect(rays[i]);
    // The bug's statement: a ray parallel to a coordinate plane is answered as a miss.
    const bool should_differ = AxisParallel(rays[i]) && want != kMiss;
    EXPECT_EQ(got != want, should_differ) << "ray " << i;
    EXPECT_EQ(got, AxisParallel(rays[i]) ? kMiss : want) << "ray " << i;
    wrong += got != want;
  }
  EXPECT_GT(wrong, 0u);
}

}  // namespace
}  // namespace partlab
