// Culling that must cull: along the scripted walk through the large level (level_walk.h), each
// technique sends on average at most a stated share of the polygons no culling sends. The shares
// are the chapter's promise for indoor scenes ("em cada local onde o observador se encontra apenas
// um número relativamente pequeno de polígonos podem ser vistos", section 3.2.3.4) made a number:
// a renderer that drew every polygon, or a PVS row that held every cell, fails here.
#include <gtest/gtest.h>

#include <cstdio>

#include "engine/visibility/level_walk.h"
#include "engine/visibility/portal_sequence_pvs.h"
#include "engine/visibility/potentially_visible_set.h"
#include "tests/visibility/level_test_support.h"

namespace partlab {
namespace {

TEST(CullingShare, EachTechniqueCullsOnAWalkThroughTheLargeLevel) {
  const IndoorLevel level = test::LargeLevel();
  const PotentiallyVisibleSet sampled(level, PvsOptions{});
  const PotentiallyVisibleSet conservative = PortalSequencePvs(level);
  const LevelWalk walk = WalkFromCell(level, 0);
  enum { kFrustum, kWindows, kFrusta, kPvs, kPortalsPvs, kConservative, kCount };
  const char* names[kCount] = {"frustum",         "portals, 2-D windows",
                               "portals, frusta", "PVS + frustum",
                               "portals + PVS",   "conservative PVS + frustum"};
  // The most a technique may send on average, as a share of every polygon: the frustum keeps
  // what lies in a 70° cone (about a third of this level from inside it); the portals keep a few
  // rooms (the bench: under 1%); a PVS row keeps a room's neighbourhood (the bench: about 1%).
  const double max_share[kCount] = {0.5, 0.02, 0.02, 0.05, 0.02, 0.08};
  double sent[kCount] = {};
  PortalRenderResult r;
  std::vector<uint8_t> drawn, row(level.cells.size()), conservative_row(level.cells.size());
  const int frames = 120;
  for (int f = 0; f < frames; ++f) {
    glm::vec3 eye, target;
    WalkPose(walk, walk.length * float(f) / float(frames - 1), 1.5f, &eye, &target);
    const glm::mat4 vp = glm::perspective(glm::radians(70.0f), 16.0f / 9.0f, 0.05f, 200.0f) *
                         glm::lookAt(eye, target, glm::vec3(0, 1, 0));
    const PortalCamera camera{eye, vp};
    const int cell = level.CellAt(eye);
    ASSERT_GE(cell, 0);
    for (size_t c = 0; c < level.cells.size(); ++c) {
      row[c] = sampled.Visible(size_t(cell), c);
      conservative_row[c] = conservative.Visible(size_t(cell), c);
    }
    sent[kFrustum] += double(FrustumCullPolygons(level, Frustum(vp), eye, false, nullptr, &drawn));
    RenderPortals(level, camera, PortalVariant::kScreenPolygon, &r);
    sent[kWindows] += double(r.polygons_drawn);
    RenderPortals(level, camera, PortalVariant::kFrustum, &r);
    sent[kFrusta] += double(r.polygons_drawn);
    sent[kPvs] += double(FrustumCullPolygons(level, Frustum(vp), eye, false, row.data(), &drawn));
    RenderPortalsWithPvs(level, camera, PortalVariant::kFrustum, row.data(), &r);
    sent[kPortalsPvs] += double(r.polygons_drawn);
    sent[kConservative] += double(
        FrustumCullPolygons(level, Frustum(vp), eye, false, conservative_row.data(), &drawn));
  }
  const double all = double(level.polygons.size()) * frames;
  for (int t = 0; t < kCount; ++t) {
    std::printf("%s: sends %.2f%% of what no culling sends (at most %.0f%% allowed)\n", names[t],
                100.0 * sent[t] / all, 100.0 * max_share[t]);
    EXPECT_LE(sent[t] / all, max_share[t]) << names[t];
    EXPECT_GT(sent[t], 0.0) << names[t];  // and it does draw something
  }
}

}  // namespace
}  // namespace partlab
