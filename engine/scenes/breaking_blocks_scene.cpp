// Simulation 3 (semi-adjusting-bsp.txt, 6.2.3): a few large concrete blocks are pulled by a
// single attractor; at its first impact each block breaks into many small blocks that spread out
// through space. The broad phase first faces a few big boxes close together, then thousands of
// small ones in a dense knot, then a sparse, expanding cloud: concentrated changing to sparse.
//
// A block's fragments fill its volume cell by cell (x fastest, then z, then y), so body_count
// fragments in all are shared out exactly between the blocks.
#include <cmath>
#include <vector>

#include "engine/scenes/scene_registry.h"
#include "engine/text/translatable.h"

namespace partlab {
namespace {

constexpr int kBlocks = 6;
constexpr double kStartDistance = 38.0;  // from the attractor at the origin
constexpr double kBlockPull = 8.0;       // m/s² on intact blocks
constexpr double kBurst = 4.0;           // m/s, outwards from the block's centre at the break
constexpr double kConcrete = 2.4;        // density relative to the fragments' 1.0
constexpr double kFragmentDamping = 0.01;

class BreakingBlocksScene final : public Scene {
 protected:
  uint32_t MaxIdsFor(const SceneParams& p) const override { return kBlocks + p.body_count; }
  void AdjustParams(SceneParams& p) const override { p.physics.gravity = {0, 0, 0}; }

  void Build() override {
    blocks_.clear();
    const uint32_t total = params().body_count;
    const double cell = 2.0 * params().max_half_size;
    // Six blocks from the six axis directions, jittered so that the impacts are not symmetric.
    const glm::dvec3 dirs[kBlocks] = {{1, 0, 0},  {-1, 0, 0}, {0, 1, 0},
                                      {0, -1, 0}, {0, 0, 1},  {0, 0, -1}};
    for (int b = 0; b < kBlocks; ++b) {
      Block block;
      block.fragments = total / kBlocks + (uint32_t(b) < total % kBlocks ? 1 : 0);
      block.per_side = std::max(1, int(std::ceil(std::cbrt(double(block.fragments)) - 1e-9)));
      const double half = block.per_side * cell / 2;
      BodyDesc d;
      d.half_extents = glm::vec3(half);
      d.density = kConcrete;
      d.position = dirs[b] * kStartDistance + random().InBox(glm::dvec3(-4), glm::dvec3(4));
      d.orientation = random().Rotation();
      block.id = world().AddBody(d);
      blocks_.push_back(block);
    }
  }

  void ApplyForces() override {
    for (const Block& b : blocks_) {
      if (!b.intact) continue;
      const glm::dvec3 to = -world().Position(b.id);
      const double dist = glm::length(to);
      const double mass = kConcrete * std::pow(b.per_side * 2.0 * params().max_half_size, 3);
      if (dist > 1e-9) world().AddForce(b.id, to * (mass * kBlockPull / dist));
    }
  }

  void AfterPhysics() override {
    for (Block& b : blocks_)
      if (b.intact && world().TouchedLastStep(b.id)) Break(b);
  }

 private:
  struct Block {
    BodyId id = 0;
    uint32_t fragments = 0;
    int per_side = 1;
    bool intact = true;
  };

  void Break(Block& b) {
    const BodyView v = world().View(b.id);
    const glm::dquat q(v.orientation);
    const glm::dvec3 centre = world().Position(b.id), velocity = world().Velocity(b.id);
    world().Remove(b.id);
    b.intact = false;
    const double cell = 2.0 * params().max_half_size;
    const double half_block = b.per_side * cell / 2;
    const int n = b.per_side;
    for (uint32_t f = 0; f < b.fragments; ++f) {
      const glm::dvec3 ijk(double(f % n), double(f / (n * n)), double((f / n) % n));
      const glm::dvec3 local = (ijk + 0.5) * cell - half_block;
      BodyDesc d;
      d.half_extents = glm::vec3(float(0.49 * cell));  // a hair apart: no jammed start
      d.position = centre + q * local;
      d.orientation = q;
      const double r = glm::length(local);
      const glm::dvec3 out = r > 1e-9 ? (q * local) / r : glm::dvec3(0, 1, 0);
      d.velocity =
          0.5 * velocity + out * kBurst + random().InBox(glm::dvec3(-0.5), glm::dvec3(0.5));
      d.linear_damping = kFragmentDamping;
      world().AddBody(d);
      CountSpawned();
    }
  }

  std::vector<Block> blocks_;
};

SceneParams BreakingBlocksDefaults() {
  SceneParams p;
  p.spawn_per_step = 0;  // fragments appear when blocks break, not on a schedule
  p.max_half_size = 0.3f;
  p.physics.gravity = {0, 0, 0};
  p.physics.auto_disable = false;
  return p;
}

const bool kBreakingBlocksRegistered = RegisterScene(
    {3, "breaking", N_("Breaking blocks"),
     N_("A few large concrete blocks pulled by one attractor break into many small blocks at their "
        "first impact and spread out (6.2.3)"),
     &MakeSceneOf<BreakingBlocksScene>, &BreakingBlocksDefaults});

}  // namespace
}  // namespace partlab
