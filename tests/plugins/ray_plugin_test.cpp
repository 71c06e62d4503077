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

// intersect_traced names the triangle brute force names, and each node it enters contains the
// point where the ray enters it (a node visited is a box the ray crosses).
TEST(RayPlugin, TracedHitNamesBruteForcesTriangle) {
  auto bvh = LoadRayStructurePlugin(PARTLAB_BVH_PLUGIN);
  ASSERT_TRUE(bvh) << bvh.error();
  const auto tris = RandomSoup(7, 2000);
  ASSERT_EQ(bvh.value()->Build(tris), "");
  ASSERT_TRUE(bvh.value()->HasTraced());
  size_t hits = 0;
  for (const Ray& ray : Rays(3, 200)) {
    uint32_t want_triangle = UINT32_MAX;
    float want = kMiss;
    for (uint32_t i = 0; i < tris.size(); ++i) {
      RayTriangleHit h;
      if (IntersectRayTriangle(ray, tris[i], {}, &h) && h.t < want) {
        want = h.t;
        want_triangle = i;
      }
    }
    size_t nodes = 0;
    const PluginHit got = bvh.value()->Traced(ray, [&](const Aabb&) { ++nodes; });
    EXPECT_FALSE(got.bad);
    EXPECT_EQ(got.t, want);
    if (want != kMiss) {
      EXPECT_EQ(got.triangle, want_triangle);
      ++hits;
    }
    EXPECT_GT(nodes, 0u);  // the root at least, for a ray that enters the scene's box
  }
  EXPECT_GT(hits, 20u);
}

// The leaf-size parameter, set as the panel sets it (clamped into its range), changes the tree as
// the median split predicts: a node of more than L triangles splits in two halves, so the node
// count is N(n) = 1 for n <= L, else 1 + N(floor(n/2)) + N(ceil(n/2)); memory_bytes counts 40
// bytes per node on top of 44 per triangle.
size_t MedianSplitNodes(size_t n, size_t leaf) {
  return n <= leaf ? 1 : 1 + MedianSplitNodes(n / 2, leaf) + MedianSplitNodes(n - n / 2, leaf);
}

TEST(RayPlugin, LeafSizeParameterChangesTheTreeAsTheMedianSplitPredicts) {
  auto bvh = LoadRayStructurePlugin(PARTLAB_BVH_PLUGIN);
  ASSERT_TRUE(bvh) << bvh.error();
  PluginRayStructure& b = *bvh.value();
  ASSERT_EQ(b.ParamCount(), 1u);
  partlab_param p{};
  ASSERT_TRUE(b.GetParam(0, p));
  EXPECT_STREQ(p.name, "leaf size");
  EXPECT_EQ(p.value, 4.0);
  ASSERT_NE(p.tip, nullptr);
  const auto tris = RandomSoup(5, 1000);
  const auto memory = [&](size_t leaf) {
    return tris.size() * 44 + MedianSplitNodes(tris.size(), leaf) * 40;
  };
  ASSERT_EQ(b.Build(tris), "");
  EXPECT_EQ(b.MemoryBytes(), memory(4));
  ASSERT_TRUE(b.SetParam(0, 1.0));
  ASSERT_EQ(b.Build(tris), "");
  EXPECT_EQ(b.MemoryBytes(), memory(1));
  ASSERT_TRUE(b.SetParam(0, 99.0));  // clamped to the plugin's 16
  ASSERT_TRUE(b.GetParam(0, p));
  EXPECT_EQ(p.value, 16.0);
  ASSERT_EQ(b.Build(tris), "");
  EXPECT_EQ(b.MemoryBytes(), memory(16));
  // The answers do not depend on it.
  for (const Ray& ray : Rays(9, 100)) EXPECT_EQ(b.Intersect(ray), BruteNearest(tris, ray));
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
