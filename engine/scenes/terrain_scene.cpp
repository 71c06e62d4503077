// Simulation 1 (semi-adjusting-bsp.txt, 6.2.1): spheres and blocks fall onto a terrain and gather
// in its valleys. The terrain is a height field made of static box columns (one per tile), so the
// broad phase holds static and dynamic boxes together and terrain pairs dominate, as in the
// thesis. Bodies are spawned at a steady rate until body_count is reached, so every algorithm is
// also seen scaling with the number of boxes.
#include <cmath>

#include "engine/scenes/scene_registry.h"
#include "engine/text/translatable.h"

namespace partlab {
namespace {

constexpr int kTiles = 40;     // per side
constexpr double kTile = 2.0;  // metres
constexpr double kHalfWorld = kTiles * kTile / 2;
constexpr double kBottom = -6.0;     // every column goes down to here
constexpr double kTileGap = 0.001;   // 1 mm gaps: neighbouring tiles make no static pairs
constexpr double kRimHeight = 10.0;  // walls round the edge keep bodies on the terrain

// Hills and valleys, quantised to 25 cm steps like a voxel terrain.
double TerrainHeight(double x, double z) {
  const double h = 2.5 * std::sin(0.19 * x) * std::sin(0.16 * z) +
                   1.5 * std::cos(0.09 * x - 0.07 * z) + 0.8 * std::sin(0.05 * (x + z));
  return std::round(h * 4.0) / 4.0;
}

class TerrainScene final : public Scene {
 protected:
  uint32_t MaxIdsFor(const SceneParams& p) const override {
    return kTiles * kTiles + 4 + p.body_count;
  }

  void Build() override {
    for (int i = 0; i < kTiles; ++i) {
      for (int k = 0; k < kTiles; ++k) {
        const double x = -kHalfWorld + (i + 0.5) * kTile, z = -kHalfWorld + (k + 0.5) * kTile;
        const double top = TerrainHeight(x, z);
        world().AddStaticBox({x, (top + kBottom) / 2, z},
                             {kTile / 2 - kTileGap, (top - kBottom) / 2, kTile / 2 - kTileGap});
      }
    }
    // The rim: four walls standing just outside the tiles.
    const double h = (kRimHeight - kBottom) / 2, y = (kRimHeight + kBottom) / 2, t = 0.5;
    world().AddStaticBox({0, y, -kHalfWorld - t - kTileGap}, {kHalfWorld + 2 * t, h, t});
    world().AddStaticBox({0, y, kHalfWorld + t + kTileGap}, {kHalfWorld + 2 * t, h, t});
    world().AddStaticBox({-kHalfWorld - t - kTileGap, y, 0}, {t, h, kHalfWorld - kTileGap});
    world().AddStaticBox({kHalfWorld + t + kTileGap, y, 0}, {t, h, kHalfWorld - kTileGap});
  }

  // Half spheres, half blocks, dropped from random points above the whole terrain.
  void SpawnBodies(uint32_t count) override {
    for (uint32_t n = 0; n < count; ++n) {
      BodyDesc d;
      const double margin = kHalfWorld - 1.0;
      d.position = random().InBox({-margin, 14.0, -margin}, {margin, 20.0, margin});
      d.orientation = random().Rotation();
      if (random().Chance(0.5)) {
        d.shape = ShapeKind::kSphere;
        d.radius = RandomHalfSize();
      } else {
        d.shape = ShapeKind::kBox;
        d.half_extents = {RandomHalfSize(), RandomHalfSize(), RandomHalfSize()};
      }
      d.velocity = {random().Uniform(-1, 1), -2.0, random().Uniform(-1, 1)};
      world().AddBody(d);
      CountSpawned();
    }
  }
};

SceneParams TerrainDefaults() {
  SceneParams p;
  p.spawn_per_step = 4.0;
  return p;
}

const bool kTerrainSceneRegistered = RegisterScene(
    {1, "terrain", N_("Terrain"),
     N_("Spheres and blocks fall onto a terrain of static tiles and gather in its valleys (6.2.1)"),
     &MakeSceneOf<TerrainScene>, &TerrainDefaults});

}  // namespace
}  // namespace partlab
