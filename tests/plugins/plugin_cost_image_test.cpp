// The cost heatmap of a ray-structure plugin (engine/plugins/plugin_cost_image.h): every pixel's
// count equals the nodes the example BVH reports when the test calls its intersect_traced itself
// (its own instance, opened with dlopen, its own counting callback) on that pixel's ray; the
// image traced in slices on two threads at once equals it too (the wrapper's traced query keeps no
// state); and the BVH's counts are not the octree's cells. A plugin whose visits are not boxes, or
// too many, is not believed; one without intersect_traced counts nothing.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <thread>
#include <vector>

#include "engine/octree/octree_cost_image.h"
#include "engine/octree/random_scenes.h"
#include "engine/plugins/plugin_cost_image.h"

namespace partlab {
namespace {

struct Scene {
  std::vector<Triangle> tris = MakeTriangleSoup(Affinity::kHigh, 3000, 7);
  OrbitCamera camera;
  glm::vec2 framebuffer{320.0f, 200.0f};
  Scene() {
    camera.target = {0, 0, 0};
    camera.distance = 180.0f;
  }
};

// The BVH as a game would drive it, without Partition Lab's wrapper: its table from dlopen, an
// instance of its own, the triangles as 9 floats each.
class DirectBvh {
 public:
  DirectBvh(const char* path, const std::vector<Triangle>& tris) {
    lib_ = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    EXPECT_NE(lib_, nullptr) << dlerror();
    if (!lib_) return;
    const auto entry =
        reinterpret_cast<partlab_ray_structure_entry_fn>(dlsym(lib_, PARTLAB_RAY_STRUCTURE_ENTRY));
    table_ = entry();
    self_ = table_->create();
    std::vector<float> v;
    for (const Triangle& t : tris)
      for (const glm::vec3& p : {t.v0, t.v1, t.v2}) v.insert(v.end(), {p.x, p.y, p.z});
    EXPECT_EQ(table_->build(self_, v.data(), uint32_t(tris.size())), 0);
  }
  ~DirectBvh() {
    if (table_) table_->destroy(self_);
    if (lib_) dlclose(lib_);
  }
  // The nodes intersect_traced calls back for on this ray.
  uint32_t Nodes(const Ray& ray) const {
    const float o[3] = {ray.origin.x, ray.origin.y, ray.origin.z};
    const float d[3] = {ray.direction.x, ray.direction.y, ray.direction.z};
    uint32_t count = 0, triangle = 0;
    table_->intersect_traced(
        self_, o, d, &triangle,
        [](void* ctx, const partlab_box*) { ++*static_cast<uint32_t*>(ctx); }, &count);
    return count;
  }

 private:
  void* lib_ = nullptr;
  const partlab_ray_structure_plugin* table_ = nullptr;
  void* self_ = nullptr;
};

TEST(PluginCostImage, EveryPixelIsTheNodesTheBvhReportsForThatRay) {
  const Scene s;
  auto bvh = LoadRayStructurePlugin(PARTLAB_BVH_PLUGIN);
  ASSERT_TRUE(bvh) << bvh.error();
  ASSERT_EQ(bvh.value()->Build(s.tris), "");
  PluginCostImage image;
  image.Resize(40, 25);
  TracePluginCostRows(*bvh.value(), s.camera, s.framebuffer, image, 0, image.height);
  const DirectBvh direct(PARTLAB_BVH_PLUGIN, s.tris);
  size_t nonzero = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const PickRay pick = CostPixelRay(s.camera, s.framebuffer, image.width, image.height, x, y);
      const size_t i = size_t(y) * image.width + x;
      EXPECT_EQ(image.nodes[i], direct.Nodes(Ray{pick.origin, pick.dir})) << x << "," << y;
      nonzero += image.nodes[i] > 0;
    }
  }
  EXPECT_EQ(image.BadRays(), 0u);
  // Some rays enter the soup's box and some do not: the picture is not uniform.
  EXPECT_GT(nonzero, 0u);
  EXPECT_LT(nonzero, size_t(image.width * image.height));
}

// Two threads trace interleaved slices with the same plugin at once (as the heatmap's worker does
// while the UI thread queries the probe's ray): the image equals the one traced alone.
TEST(PluginCostImage, SlicesOnTwoThreadsAtOnceGiveTheSameImage) {
  const Scene s;
  auto bvh = LoadRayStructurePlugin(PARTLAB_BVH_PLUGIN);
  ASSERT_TRUE(bvh) << bvh.error();
  ASSERT_EQ(bvh.value()->Build(s.tris), "");
  const PluginRayStructure& plugin = *bvh.value();
  PluginCostImage alone, shared;
  alone.Resize(160, 100);  // enough rays that the two threads overlap for a while
  shared.Resize(160, 100);
  TracePluginCostRows(plugin, s.camera, s.framebuffer, alone, 0, alone.height);
  auto half = [&](int first) {
    for (int row = first; row < shared.height; row += 8)
      TracePluginCostRows(plugin, s.camera, s.framebuffer, shared, row, row + 4);
  };
  std::thread a(half, 0), b(half, 4);
  a.join();
  b.join();
  EXPECT_EQ(shared.nodes, alone.nodes);
  EXPECT_EQ(shared.bad, alone.bad);
}

// The BVH's cost is its own: its node counts are not the octree's cells visited (either traversal).
TEST(PluginCostImage, BvhNodesDifferFromTheOctreesCells) {
  const Scene s;
  auto bvh = LoadRayStructurePlugin(PARTLAB_BVH_PLUGIN);
  ASSERT_TRUE(bvh) << bvh.error();
  ASSERT_EQ(bvh.value()->Build(s.tris), "");
  OctreeBuildOptions options;
  options.max_depth = 7;
  const Octree tree(s.tris, options);
  PluginCostImage plugin;
  CostImage octree;
  plugin.Resize(40, 25);
  octree.Resize(40, 25);
  TracePluginCostRows(*bvh.value(), s.camera, s.framebuffer, plugin, 0, 25);
  TraceCostRows(tree, s.camera, s.framebuffer, octree, 0, 25);
  for (Traversal t : {Traversal::kPaper, Traversal::kOrdered}) {
    const auto& cells = octree.Plane(t, CostMetric::kNodesVisited);
    size_t differ = 0;
    for (size_t i = 0; i < cells.size(); ++i) differ += cells[i] != plugin.nodes[i];
    EXPECT_GT(differ, cells.size() / 4);
  }
}

// nan_rays reports a null box, a NaN box, then more finite boxes than kMaxPluginVisits: only the
// finite ones up to the bound count, and the ray is marked.
TEST(PluginGuards, VisitsThatAreNotBoxesOrPastTheBoundAreNotCounted) {
  auto rays = LoadRayStructurePlugin(PARTLAB_NAN_RAYS_PLUGIN);
  ASSERT_TRUE(rays) << rays.error();
  const PluginRayStructure& r = *rays.value();
  const PluginTraceCount c = r.CountTraced(Ray{{0, 0, 1}, {0, 0, -1}});
  EXPECT_EQ(c.nodes, kMaxPluginVisits);
  EXPECT_TRUE(c.bad_visits);
  EXPECT_TRUE(c.hit.bad);  // and its hit names a triangle that does not exist
  size_t forwarded = 0;
  rays.value()->Traced(Ray{{0, 0, 1}, {0, 0, -1}}, [&](const Aabb& box) {
    forwarded += std::isfinite(box.min.x) && std::isfinite(box.max.z);
  });
  EXPECT_EQ(forwarded, kMaxPluginVisits);
}

TEST(PluginGuards, WithoutTracedNothingIsCounted) {
  auto rays = LoadRayStructurePlugin(PARTLAB_UNTRACED_RAYS_PLUGIN);
  ASSERT_TRUE(rays) << rays.error();
  EXPECT_FALSE(rays.value()->HasTraced());
  const PluginTraceCount c = rays.value()->CountTraced(Ray{{0, 0, 1}, {0, 0, -1}});
  EXPECT_EQ(c.nodes, 0u);
  EXPECT_FALSE(c.bad_visits);
  EXPECT_EQ(c.hit.t, std::numeric_limits<float>::infinity());
}

}  // namespace
}  // namespace partlab
