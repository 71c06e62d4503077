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

// The scene builds both tables a slice at a time: on a small corridor, slices of a millisecond
// end with the same tables as the one-shot builds; on the 3,000-cell one a first slice leaves the
// build running, the techniques that need a table say so, and Cancel stops it.
TEST(PortalsScene, PvsBuildsInSlicesAndCancels) {
  PortalsScene scene;
  scene.SetLevel(test::CorridorLevel(200), "corridor", 0.0);
  EXPECT_TRUE(scene.pvs_building());
  int slices = 0;
  while (scene.BuildPvsFor(0.001)) ++slices;
  EXPECT_GT(slices, 1);
  const PotentiallyVisibleSet one_shot(scene.level(), PvsOptions{});
  const PotentiallyVisibleSet conservative = PortalSequencePvs(scene.level());
  ASSERT_TRUE(scene.pvs_ready() && scene.conservative_ready());
  for (size_t a = 0; a < 200; ++a)
    for (size_t b = 0; b < 200; ++b) {
      ASSERT_EQ(scene.pvs().Visible(a, b), one_shot.Visible(a, b));
      ASSERT_EQ(scene.conservative().Visible(a, b), conservative.Visible(a, b));
    }

  scene.SetLevel(test::CorridorLevel(3000), "corridor", 0.02);
  EXPECT_TRUE(scene.pvs_building());
  EXPECT_GT(scene.pvs_progress(), 0.0);
  EXPECT_LT(scene.pvs_progress(), 0.5);
  scene.Update();  // the view keeps drawing meanwhile
  EXPECT_FALSE(scene.available(kPvsFrustum));
  EXPECT_FALSE(scene.available(kPortalsWithPvs));
  EXPECT_TRUE(scene.available(kPortalFrusta));
  EXPECT_GT(scene.result(PortalVariant::kFrustum).cells_visited, 1u);
  scene.CancelPvs();
  EXPECT_FALSE(scene.pvs_building());
  EXPECT_TRUE(scene.pvs_cancelled());
  EXPECT_FALSE(scene.BuildPvsFor(1.0));
  EXPECT_FALSE(scene.pvs_ready());
}

}  // namespace
}  // namespace partlab
