// The example BVH ray-structure plugin (examples/bvh_ray_structure.c) against brute force (every
// ray against every triangle with our Moller-Trumbore), and its planted bug caught on exactly the
// rays parallel to a coordinate plane that hit something.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <vector>

#include "engine/geometry/moller_trumbore.h"
#include "engine/io/rayset.h"
#include "engine/plugins/ray_structure_plugin.h"
#include "tests/plugins/bench_output.h"
#include "tests/temp_path.h"

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

// partlab-bench octree --plugin: the BVH runs beside the octree with no wrong hit; the broken
// one is reported wrong on exactly the rays brute force (computed here) says it must miss: the
// axis-parallel rays that hit something, the first of them named.
TEST(RayPlugin, OctreeBenchChecksPluginHitsAgainstBruteForce) {
  const auto tris = RandomSoup(7, 800);
  const auto rays = Rays(11, 300);
  const std::string obj = TempPath("soup.obj"), rayset = TempPath("soup.rayset");
  {
    std::ofstream out(obj);
    for (const Triangle& t : tris)
      for (const glm::vec3& v : {t.v0, t.v1, t.v2})
        out << "v " << v.x << ' ' << v.y << ' ' << v.z << '\n';
    for (size_t i = 0; i < tris.size(); ++i)
      out << "f " << 3 * i + 1 << ' ' << 3 * i + 2 << ' ' << 3 * i + 3 << '\n';
  }
  ASSERT_EQ(WriteRaySet(rayset, rays), "");
  // The triangles as the bench reads them back from the OBJ's text.
  std::vector<Triangle> read;
  {
    std::ifstream in(obj);
    std::vector<glm::vec3> v;
    for (std::string tag; in >> tag;) {
      glm::vec3 p;
      if (tag == "v" && in >> p.x >> p.y >> p.z) v.push_back(p);
    }
    for (size_t i = 0; i + 2 < v.size(); i += 3) read.push_back({v[i], v[i + 1], v[i + 2]});
  }
  size_t must_miss = 0;
  long first = -1;
  for (size_t i = 0; i < rays.size(); ++i)
    if (AxisParallel(rays[i]) && BruteNearest(read, rays[i]) != kMiss) {
      ++must_miss;
      if (first < 0) first = long(i);
    }
  ASSERT_GT(must_miss, 0u);
  const std::string common = "octree --obj " + obj + " --rays-in " + rayset + " --repeats 1 ";
  int status = 0;
  std::string text = RunBench(common + "--plugin " PARTLAB_BVH_PLUGIN, status);
  EXPECT_EQ(status, 0) << text;
  EXPECT_EQ(text.find("WRONG HITS"), std::string::npos) << text;
  EXPECT_NE(text.find(" plugin  bvh "), std::string::npos) << text;  // its row
  text = RunBench(common + "--plugin " PARTLAB_BVH_BROKEN_PLUGIN, status);
  EXPECT_NE(status, 0) << text;
  EXPECT_NE(text.find("# FAILED: " + std::to_string(must_miss) +
                      " ray-structure plugin answers disproved by brute force"),
            std::string::npos)
      << text;
  EXPECT_NE(
      text.find("# WRONG HITS: plugin bvh_broken on " + std::filesystem::path(obj).stem().string() +
                ", ray " + std::to_string(first) + ": plugin miss; brute force hit"),
      std::string::npos)
      << text;
  std::remove(obj.c_str());
  std::remove(rayset.c_str());
}

}  // namespace
}  // namespace partlab
