// The visibility view's overlays (app/views/visibility/visibility_overlay.*, GL-free) drawn into a
// recording DebugDraw: what the painter paints, in which order and colour, and which cells are
// outlined.
#include "app/views/visibility/visibility_overlay.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>
#include <vector>

#include "engine/visibility/room_scene.h"

namespace partlab {
namespace {

struct Recorder final : DebugDraw {
  struct Poly {
    std::vector<glm::vec3> v;
    Color c;
  };
  std::vector<Poly> polygons;
  size_t lines = 0, points = 0;
  void Line(const glm::vec3&, const glm::vec3&, const Color&) override { ++lines; }
  void Point(const glm::vec3&, float, const Color&) override { ++points; }
  void Polygon(std::span<const glm::vec3> v, const Color& c) override {
    polygons.push_back({{v.begin(), v.end()}, c});
  }
};

TEST(VisibilityOverlay, PaintsInTheGivenOrderColouredByTheObserversPosition) {
  const RoomScene room = MakeRoomScene(Aabb{{-5, 0, -4}, {5, 2.5f, 4}});
  const PolygonBsp bsp(room.polygons, SplitterHeuristic::kFirst);
  const glm::vec3 eye(4.0f, 2.0f, -3.0f);
  std::vector<uint32_t> order;
  bsp.BackToFront(eye, &order);
  std::vector<int> position(bsp.polygons().size(), -1);
  for (size_t i = 0; i < order.size(); ++i) position[order[i]] = int(i);
  position[order[3]] = -1;  // pretend the observer culled one
  Recorder rec;
  DrawPaintersOrder(rec, bsp, order, position, order.size(), glm::vec3(0, 1, 0));
  ASSERT_EQ(rec.polygons.size(), order.size());
  for (size_t i = 0; i < order.size(); ++i) {
    EXPECT_EQ(rec.polygons[i].v, bsp.polygons()[order[i]].vertices);  // painted in this order
    EXPECT_EQ(rec.polygons[i].c.a < 1.0f, i == 3);  // only the culled one is glass
  }
  // The ramp runs from the first painted to the last: distinct ends.
  EXPECT_NE(glm::vec3(OrderRamp(0.0f)), glm::vec3(OrderRamp(1.0f)));
}

TEST(VisibilityOverlay, FrustumIsTwelveEdgesPlusTheEye) {
  const Frustum f(glm::perspective(0.8f, 1.5f, 0.1f, 10.0f) *
                  glm::lookAt(glm::vec3(0, 0, 5), glm::vec3(0), glm::vec3(0, 1, 0)));
  Recorder rec;
  DrawFrustum(rec, f, glm::vec3(0, 0, 5));
  EXPECT_EQ(rec.lines, 16u);  // 12 edges + 4 lines back to the eye
  EXPECT_EQ(rec.polygons.size(), 2u);
  EXPECT_EQ(rec.points, 1u);
}

TEST(VisibilityOverlay, CellsOutlinedAreTheTestedNonEmptyOnes) {
  std::vector<Triangle> tris;
  for (int i = 0; i < 400; ++i) {
    const glm::vec3 c(float(i % 20) * 0.3f - 3.0f, float(i / 20) * 0.3f - 3.0f,
                      0.1f * float(i % 7));
    tris.push_back({c, c + glm::vec3(0.1f, 0, 0), c + glm::vec3(0, 0.1f, 0)});
  }
  const Octree octree(tris, OctreeBuildOptions{});
  const Frustum f(glm::perspective(0.6f, 1.0f, 0.1f, 20.0f) *
                  glm::lookAt(glm::vec3(2, 1, 6), glm::vec3(1, 0, 0), glm::vec3(0, 1, 0)));
  OctreeCullResult r;
  CullOctree(octree, f, &r);
  size_t expected = 0;
  for (size_t i = 0; i < octree.nodes().size(); ++i)
    expected += r.cell_class[i] != OctreeCullResult::kNotVisited &&
                octree.SubtreeReferences(uint32_t(i)) > 0;
  Recorder rec;
  DrawCellClasses(rec, octree, r, {.show_outside = true, .leaves_only = false});
  EXPECT_EQ(rec.lines, 12 * expected);
  EXPECT_GT(expected, 1u);
}

}  // namespace
}  // namespace partlab
