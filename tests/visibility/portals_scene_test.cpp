// The Portals view's GL-free scene: placing the observer by a click, the walk, and the god-view
// overlay recorded through DebugDraw (what would be drawn, without a GPU).
#include <gtest/gtest.h>

#include "app/views/portals/portals_scene.h"
#include "tests/visibility/level_test_support.h"

namespace partlab {
namespace {

struct Recorder : DebugDraw {
  size_t lines = 0, points = 0;
  std::vector<Color> polygon_colors;
  void Line(const glm::vec3&, const glm::vec3&, const Color&) override { ++lines; }
  void Point(const glm::vec3&, float, const Color&) override { ++points; }
  void Polygon(std::span<const glm::vec3>, const Color& c) override { polygon_colors.push_back(c); }
};

PortalsScene ClassScene() {
  PortalsScene scene;
  scene.SetLevel(test::ClassLevel(), "class.level");
  scene.Update();
  return scene;
}

TEST(PortalsScene, WalkStartsInTheFirstCellAndCrossesDoorsOnly) {
  PortalsScene scene = ClassScene();
  EXPECT_EQ(scene.observer_cell(), 0);
  const LevelWalk& walk = scene.walk();
  ASSERT_GE(walk.points.size(), 3u);
  // Every point of the walk is inside some cell (door middles lie on two).
  for (const glm::vec3& p : walk.points) EXPECT_GE(scene.level().CellAt(p), 0);
  // Sampled along its length, the eye never leaves the level.
  for (int k = 0; k <= 50; ++k) {
    scene.PlaceOnWalk(walk.length * float(k) / 50.0f);
    EXPECT_GE(scene.level().CellAt(scene.observer().eye), 0) << k;
  }
  scene.PlaceOnWalk(std::nanf(""));  // a NaN position goes to the start, not into the state
  EXPECT_EQ(scene.level().CellAt(scene.observer().eye), 0);
}

TEST(PortalsScene, ClickOnAFloorMovesTheObserverThere) {
  PortalsScene scene = ClassScene();
  // Straight down onto the end room (x 14..18, z 0..6).
  ASSERT_TRUE(scene.PlaceAt({16.0f, 20.0f, 3.0f}, {0.0f, -1.0f, 0.0f}));
  scene.Update();
  EXPECT_EQ(scene.level().cells[size_t(scene.observer_cell())].name, "end");
  // Off the level: nothing changes.
  const glm::vec3 before = scene.observer().eye;
  EXPECT_FALSE(scene.PlaceAt({50.0f, 20.0f, 50.0f}, {0.0f, -1.0f, 0.0f}));
  EXPECT_EQ(scene.observer().eye, before);
}

// One floor per cell plus one filled polygon per drawn wall and per narrowed portal: counted from
// the renderer's own result.
TEST(PortalsScene, OverlayDrawsWhatTheRendererFound) {
  PortalsScene scene = ClassScene();
  scene.PlaceOnWalk(4.0f);
  scene.Update();
  PortalsOverlayOptions options;
  options.variant = PortalVariant::kFrustum;
  Recorder rec;
  scene.EmitOverlay(options, rec);
  const PortalRenderResult& r = scene.result(PortalVariant::kFrustum);
  size_t drawn_walls = 0;
  for (uint32_t p : r.drawn) {
    const LevelPolygonKind k = scene.level().polygons[p].kind;
    drawn_walls += k != LevelPolygonKind::kFloor && k != LevelPolygonKind::kCeiling;
  }
  size_t narrowed = 0;
  for (const PortalNode& n : r.nodes) narrowed += n.parent >= 0 && n.outline_count >= 3;
  EXPECT_EQ(rec.polygon_colors.size(), scene.level().cells.size() + drawn_walls + narrowed);
  EXPECT_EQ(rec.points, 1u);  // the observer
  for (const Color& c : rec.polygon_colors)
    for (int i = 0; i < 4; ++i) EXPECT_TRUE(c[i] >= 0.0f && c[i] <= 1.0f);
}

}  // namespace
}  // namespace partlab
