// Simulation 4 (semi-adjusting-bsp.txt, 6.2.4): boxes fall into several compartments made of
// static walls and pile up. The walls impose a spatial separation the broad phase can exploit,
// and since boxes keep falling on the piles the scene never quite settles. The compartments are
// aligned with the XZ plane, the quadtree's best case (the thesis says so too).
#include "engine/scenes/scene_registry.h"
#include "engine/text/translatable.h"

namespace partlab {
namespace {

constexpr int kCells = 4;           // compartments per side
constexpr double kInner = 8.0;      // inner width of a compartment, metres
constexpr double kWall = 0.5;       // wall thickness
constexpr double kHeight = 6.0;     // wall height
constexpr double kApron = 12.0;     // floor beyond the outer walls, metres
constexpr double kWallGap = 0.001;  // 1 mm: walls and floor do not touch, so no static pairs
constexpr double kPitch = kInner + kWall;
constexpr double kHalfWidth = kCells * kPitch / 2;

class CompartmentsScene final : public Scene {
 protected:
  uint32_t MaxIdsFor(const SceneParams& p) const override {
    return 1 + (kCells + 1) + (kCells + 1) * kCells + p.body_count;
  }

  void Build() override {
    // The floor reaches kApron beyond the outer walls: bodies that bounce off a wall's top land
    // there instead of falling forever (which stretched the scene over kilometres).
    world().AddStaticBox({0, -0.5, 0}, {kHalfWidth + kApron, 0.5, kHalfWidth + kApron});
    const double y = kHeight / 2 + kWallGap;
    // Walls along X run the full width; walls along Z are cut into segments between them.
    for (int k = 0; k <= kCells; ++k) {
      const double z = -kHalfWidth + k * kPitch;
      world().AddStaticBox({0, y, z}, {kHalfWidth + kWall / 2, kHeight / 2, kWall / 2});
    }
    for (int k = 0; k <= kCells; ++k) {
      const double x = -kHalfWidth + k * kPitch;
      for (int j = 0; j < kCells; ++j) {
        const double z = -kHalfWidth + (j + 0.5) * kPitch;
        world().AddStaticBox({x, y, z}, {kWall / 2, kHeight / 2, kInner / 2 - kWallGap});
      }
    }
  }

  void SpawnBodies(uint32_t count) override {
    for (uint32_t n = 0; n < count; ++n) {
      BodyDesc d;
      d.half_extents = {RandomHalfSize(), RandomHalfSize(), RandomHalfSize()};
      d.position = random().InBox({-kHalfWidth, kHeight + 6, -kHalfWidth},
                                  {kHalfWidth, kHeight + 12, kHalfWidth});
      d.orientation = random().Rotation();
      d.velocity = {0, -3.0, 0};
      world().AddBody(d);
      CountSpawned();
    }
  }
};

SceneParams CompartmentsDefaults() {
  SceneParams p;
  p.spawn_per_step = 4.0;
  return p;
}

const bool kCompartmentsRegistered =
    RegisterScene({4, "compartments", N_("Compartments"),
                   N_("Boxes fall into compartments of static walls and pile up (6.2.4)"),
                   &MakeSceneOf<CompartmentsScene>, &CompartmentsDefaults});

}  // namespace
}  // namespace partlab
