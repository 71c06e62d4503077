// The portal renderer against the brute force: from many random viewpoints, a ray through each of
// many random pixels is cast against every polygon of the level (no cells, no portals); the
// nearest polygon it hits is visible, so the renderer must have drawn it. Both variants, on the
// class level and on a generated grid; and the 2-D and frustum variants must reach the same cells.
#include <gtest/gtest.h>

#include <cstdio>
#include <glm/gtc/matrix_inverse.hpp>

#include "tests/visibility/level_test_support.h"

namespace partlab {
namespace {

struct Tally {
  size_t rays = 0, hits = 0, missed = 0;
  double drawn = 0.0;
  size_t frames = 0;
};

// Casts `pixels` rays through random pixels of the observer's picture; counts visible polygons
// the renderer did not draw.
void CheckAgainstRays(const IndoorLevel& level, const test::Observer& o,
                      const PortalRenderResult& r, int pixels, std::mt19937& rng, Tally* tally) {
  const glm::mat4 inv = glm::inverse(o.camera.view_projection);
  std::uniform_real_distribution<float> ndc(-1.0f, 1.0f);
  for (int k = 0; k < pixels; ++k) {
    const glm::vec2 s(ndc(rng), ndc(rng));
    const glm::vec4 n = inv * glm::vec4(s, -1.0f, 1.0f), f = inv * glm::vec4(s, 1.0f, 1.0f);
    const glm::vec3 a = glm::vec3(n) / n.w, b = glm::vec3(f) / f.w;
    ++tally->rays;
    const int hit = test::BruteNearestPolygon(level, a, b - a, 0.0f, 1.0f, nullptr, true);
    if (hit < 0) continue;
    ++tally->hits;
    if (!r.polygon_drawn[size_t(hit)]) ++tally->missed;
  }
}

void RunAgainstRays(const IndoorLevel& level, PortalVariant variant, int viewpoints, int pixels,
                    const char* name) {
  std::mt19937 rng(2024);
  PortalRenderResult r;
  Tally tally;
  for (int v = 0; v < viewpoints; ++v) {
    const test::Observer o = test::RandomObserver(level, rng);
    RenderPortals(level, o.camera, variant, &r);
    ASSERT_EQ(r.start_cell, int(o.cell));
    EXPECT_FALSE(r.depth_limited);
    CheckAgainstRays(level, o, r, pixels, rng, &tally);
    tally.drawn += double(r.polygons_drawn);
    ++tally.frames;
  }
  std::printf(
      "%s, %s: %zu rays, %zu hit a polygon, %zu hit one the renderer culled; "
      "%.1f of %zu polygons drawn per frame on average\n",
      name, PortalVariantName(variant), tally.rays, tally.hits, tally.missed,
      tally.drawn / double(tally.frames), level.polygons.size());
  EXPECT_GT(tally.hits, tally.rays / 2);  // the rays do see walls
  EXPECT_EQ(tally.missed, 0u) << "a visible polygon was culled";
}

TEST(PortalRenderer, ScreenWindowsCullNothingVisibleInTheClassLevel) {
  RunAgainstRays(test::ClassLevel(), PortalVariant::kScreenPolygon, 150, 60, "class level");
}
TEST(PortalRenderer, FrustaCullNothingVisibleInTheClassLevel) {
  RunAgainstRays(test::ClassLevel(), PortalVariant::kFrustum, 150, 60, "class level");
}
TEST(PortalRenderer, ScreenWindowsCullNothingVisibleInAGrid) {
  RunAgainstRays(test::GridLevel(8, 8, 3), PortalVariant::kScreenPolygon, 60, 40, "8x8 grid");
}
TEST(PortalRenderer, FrustaCullNothingVisibleInAGrid) {
  RunAgainstRays(test::GridLevel(8, 8, 3), PortalVariant::kFrustum, 60, 40, "8x8 grid");
}

// An eye closer to a portal than the near plane: the portal is nearer than anything drawn, yet
// everything beyond it is seen through it. Eyes a hair to a few centimetres from the middle of
// each portal (on either side), looking every way.
void RunNearPortals(const IndoorLevel& level, PortalVariant variant) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  PortalRenderResult r;
  Tally tally;
  for (const LevelPortal& p : level.portals)
    for (int k = 0; k < 8; ++k) {
      const glm::vec2 mid = 0.5f * (p.a + p.b), d = glm::normalize(p.b - p.a);
      const float offset = (k % 2 ? 1.0f : -1.0f) * (0.001f + 0.04f * unit(rng));
      const glm::vec2 at = mid + glm::vec2(-d.y, d.x) * offset;
      test::Observer o;
      o.camera.eye = {at.x, 0.5f * (p.bottom + p.top), at.y};
      o.cell = uint32_t(level.CellAt(o.camera.eye));
      const float yaw = 6.2831853f * unit(rng), pitch = (unit(rng) - 0.5f) * 1.0f;
      const glm::vec3 dir(std::cos(pitch) * std::cos(yaw), std::sin(pitch),
                          std::cos(pitch) * std::sin(yaw));
      o.camera.view_projection = glm::perspective(glm::radians(70.0f), 1.5f, 0.05f, 400.0f) *
                                 glm::lookAt(o.camera.eye, o.camera.eye + dir, glm::vec3(0, 1, 0));
      RenderPortals(level, o.camera, variant, &r);
      CheckAgainstRays(level, o, r, 40, rng, &tally);
    }
  std::printf(
      "%s near its portals, %s: %zu rays, %zu hit a polygon, %zu hit one the renderer "
      "culled\n",
      level.name.c_str(), PortalVariantName(variant), tally.rays, tally.hits, tally.missed);
  EXPECT_EQ(tally.missed, 0u);
}

TEST(PortalRenderer, EyeCloserToAPortalThanTheNearPlane) {
  for (const IndoorLevel& level : {test::ClassLevel(), test::GridLevel(6, 6, 9)}) {
    RunNearPortals(level, PortalVariant::kScreenPolygon);
    RunNearPortals(level, PortalVariant::kFrustum);
  }
}

// The two ways of narrowing the view describe the same region of space, so they reach the same
// cells (and, away from grazing slivers, draw the same polygons).
TEST(PortalRenderer, BothVariantsReachTheSameCells) {
  for (const IndoorLevel& level : {test::ClassLevel(), test::GridLevel(10, 10, 5)}) {
    std::mt19937 rng(99);
    PortalRenderResult a, b;
    size_t differing_polygons = 0, drawn = 0;
    for (int v = 0; v < 300; ++v) {
      const test::Observer o = test::RandomObserver(level, rng);
      RenderPortals(level, o.camera, PortalVariant::kScreenPolygon, &a);
      RenderPortals(level, o.camera, PortalVariant::kFrustum, &b);
      EXPECT_EQ(a.cell_visited, b.cell_visited) << "viewpoint " << v;
      for (size_t p = 0; p < level.polygons.size(); ++p)
        differing_polygons += a.polygon_drawn[p] != b.polygon_drawn[p];
      drawn += a.polygons_drawn;
    }
    std::printf("%s: polygons drawn by one variant only: %zu of %zu drawn\n", level.name.c_str(),
                differing_polygons, drawn);
    EXPECT_LE(differing_polygons * 1000, drawn);
  }
}

// The recursion tree: the root is the observer's cell; every child entered through a portal of
// its parent's cell, leading to the portal's other cell; a narrowed window lies inside its
// parent's (every vertex on the inner side of every parent edge).
TEST(PortalRenderer, RecursionTreeIsConsistent) {
  const IndoorLevel level = test::ClassLevel();
  std::mt19937 rng(5);
  PortalRenderResult r;
  for (int v = 0; v < 100; ++v) {
    const test::Observer o = test::RandomObserver(level, rng);
    RenderPortals(level, o.camera, PortalVariant::kScreenPolygon, &r);
    ASSERT_FALSE(r.nodes.empty());
    EXPECT_EQ(r.nodes[0].cell, o.cell);
    EXPECT_EQ(r.nodes[0].parent, -1);
    for (size_t n = 1; n < r.nodes.size(); ++n) {
      const PortalNode& node = r.nodes[n];
      ASSERT_GE(node.parent, 0);
      const PortalNode& parent = r.nodes[size_t(node.parent)];
      const LevelPortal& portal = level.portals[size_t(node.portal)];
      const bool joins = (portal.cells[0] == parent.cell && portal.cells[1] == node.cell) ||
                         (portal.cells[1] == parent.cell && portal.cells[0] == node.cell);
      EXPECT_TRUE(joins);
      EXPECT_EQ(node.depth, parent.depth + 1);
      for (uint32_t i = 0; i < node.view_count; ++i) {
        const glm::vec2 q = r.windows[node.first_view + i];
        for (uint32_t e = 0; e < parent.view_count; ++e) {
          const glm::vec2 a = r.windows[parent.first_view + e];
          const glm::vec2 d = r.windows[parent.first_view + (e + 1) % parent.view_count] - a;
          EXPECT_GE(d.x * (q.y - a.y) - d.y * (q.x - a.x), -1e-4f);
        }
      }
    }
  }
}

TEST(PortalRenderer, EyeOutsideEveryCellDrawsNothing) {
  const IndoorLevel level = test::ClassLevel();
  PortalRenderResult r;
  PortalCamera camera;
  camera.eye = {-50.0f, 1.0f, -50.0f};
  camera.view_projection = glm::perspective(1.0f, 1.5f, 0.05f, 100.0f) *
                           glm::lookAt(camera.eye, glm::vec3(3, 1, 3), glm::vec3(0, 1, 0));
  RenderPortals(level, camera, PortalVariant::kFrustum, &r);
  EXPECT_EQ(r.start_cell, -1);
  EXPECT_EQ(r.polygons_drawn, 0u);
  EXPECT_EQ(r.polygons_culled, level.polygons.size());
}

}  // namespace
}  // namespace partlab
