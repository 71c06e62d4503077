// The overlay as plain data through DebugDraw: what the testbed would draw, checked without a GPU.
#include <gtest/gtest.h>

#include "engine/octree/octree_overlay.h"
#include "engine/octree/random_scenes.h"

namespace partlab {
namespace {

struct RecordingDraw : DebugDraw {
  std::vector<Color> line_colors;
  size_t points = 0, polygons = 0;
  void Line(const glm::vec3&, const glm::vec3&, const Color& c) override {
    line_colors.push_back(c);
  }
  void Point(const glm::vec3&, float, const Color&) override { ++points; }
  void Polygon(std::span<const glm::vec3> v, const Color&) override {
    EXPECT_EQ(v.size(), 3u);
    ++polygons;
  }
};

TEST(OctreeOverlay, CellsUpToADepthTwelveEdgesEach) {
  const Octree tree(MakeTriangleSoup(Affinity::kHigh, 3000, 1), {Placement::kDeepestContaining});
  for (int k = 1; k <= 4; ++k) {
    RecordingDraw draw;
    const size_t drawn = DrawOctreeCells(tree, {k, false}, draw);
    size_t expected = 0;
    for (const OctreeNode& n : tree.nodes()) expected += n.depth <= k;
    EXPECT_EQ(drawn, expected);
    EXPECT_EQ(draw.line_colors.size(), 12 * expected);
  }
  RecordingDraw root_only;
  DrawOctreeCells(tree, {1, true}, root_only);
  for (const Color& c : root_only.line_colors) EXPECT_EQ(c, OctreeDepthColor(1));
}

TEST(OctreeOverlay, RayQueryShowsVisitedCellsTestedTrianglesAndTheHit) {
  const Octree tree(MakeTriangleSoup(Affinity::kHigh, 3000, 2), {Placement::kLeafReferences});
  for (const Ray& r : MakeRandomRays(50, 3)) {
    QueryTrace trace;
    const RayHit hit = tree.Nearest(r, Traversal::kOrdered, {}, nullptr, &trace);
    RecordingDraw draw;
    DrawRayQuery(tree, r, hit, trace, 200.0f, draw);
    EXPECT_EQ(draw.line_colors.size(), 12 * trace.visited_nodes.size() + 1);
    EXPECT_EQ(draw.points, hit.hit ? 1u : 0u);
    if (hit.hit) {
      EXPECT_GE(draw.polygons, 1u);
    }
  }
}

}  // namespace
}  // namespace partlab
