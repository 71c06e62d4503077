#include "engine/scenes/scene.h"

#include <algorithm>
#include <cmath>

namespace partlab {

void Scene::Create(const SceneParams& params, std::unique_ptr<BroadPhase> broad_phase) {
  params_ = params;
  params_.min_half_size = std::min(params.min_half_size, params.max_half_size);
  params_.physics.seed = params.seed;
  AdjustParams(params_);
  world_.reset();  // ReleasePhysics of the previous run before InitPhysics of this one
  world_ = std::make_unique<PhysicsWorld>(params_.physics, std::move(broad_phase));
  random_ = SceneRandom(params.seed);
  spawned_ = 0;
  spawn_credit_ = 0;
  max_ids_ = MaxIdsFor(params_);
  Build();
  if (params_.spawn_per_step <= 0 && PendingSpawns() > 0) SpawnBodies(PendingSpawns());
  world_->BuildBroadPhase();  // the tree's construction belongs to InitPhysics, not to step 1
}

PhysicsStepTimings Scene::Step() {
  if (PendingSpawns() > 0 && params_.spawn_per_step > 0) {
    // Fractional rates accumulate, so 0.5 spawns one body every other step.
    spawn_credit_ += params_.spawn_per_step;
    const uint32_t due = std::min<uint32_t>(PendingSpawns(), uint32_t(std::floor(spawn_credit_)));
    spawn_credit_ -= due;
    if (due > 0) SpawnBodies(due);
  }
  ApplyForces();
  const PhysicsStepTimings t = world_->RunPhysics();
  AfterPhysics();
  return t;
}

}  // namespace partlab
