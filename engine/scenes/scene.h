// A simulation of the thesis (semi-adjusting-bsp.txt, 6.2): one class per scene, registered with
// one line (scene_registry.h), used by the testbed, the bench and the tests alike.
//
// A scene owns a PhysicsWorld. Create() builds the static geometry and the first bodies; Step()
// spawns what is due, applies the scene's forces, runs one physics step (whose broad phase is the
// one the caller chose) and applies the scene's reaction to it (scene 3 breaks blocks).
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "engine/physics/physics_world.h"
#include "engine/scenes/scene_random.h"

namespace partlab {

struct SceneParams {
  uint32_t body_count = 4250;   // dynamic bodies once everything has spawned (thesis 6.1: 4,250)
  double spawn_per_step = 2.0;  // bodies added per step; 0 = all of them at Create()
  float min_half_size = 0.25f;  // half extent of boxes / radius of spheres, drawn uniformly
  float max_half_size = 0.5f;
  uint64_t seed = 1;
  PhysicsParams physics;  // step_seconds (1/25 s), solver settings
};

class Scene {
 public:
  virtual ~Scene() = default;

  // Builds the scene from scratch; `broad_phase` may be null and set later on world().
  void Create(const SceneParams& params, std::unique_ptr<BroadPhase> broad_phase);
  PhysicsStepTimings Step();

  const SceneParams& params() const { return params_; }
  PhysicsWorld& world() { return *world_; }
  const PhysicsWorld& world() const { return *world_; }
  uint64_t step_count() const { return world_->step_count(); }

  // Current boxes, index = stable id, empty = absent: what the broad phase and a recording see.
  std::span<const Aabb> Aabbs() const { return world_->Aabbs(); }
  // An upper bound on the ids a run of any length creates: the box count of its AABBTRC1 trace.
  uint32_t MaxIds() const { return max_ids_; }
  // Dynamic bodies not spawned yet.
  uint32_t PendingSpawns() const { return params_.body_count - spawned_; }

 protected:
  // Static geometry and the bodies present from the start. Returns nothing; uses world().
  virtual void Build() = 0;
  // Lets a scene impose what it is made of (no gravity in scenes 2 and 3) before the world exists.
  virtual void AdjustParams(SceneParams& p) const {}
  // Largest id count this scene can reach with `p` (static boxes + every body ever created).
  virtual uint32_t MaxIdsFor(const SceneParams& p) const = 0;
  // Called once per step before physics: add the bodies due now (`count`), push with forces.
  virtual void SpawnBodies(uint32_t count) {}
  virtual void ApplyForces() {}
  // Called once per step after physics.
  virtual void AfterPhysics() {}

  SceneRandom& random() { return random_; }
  // Counts a spawned body against body_count (scenes call it from SpawnBodies / Build).
  void CountSpawned(uint32_t n = 1) { spawned_ += n; }
  // A random size in [min_half_size, max_half_size].
  float RandomHalfSize() {
    return float(random_.Uniform(params_.min_half_size, params_.max_half_size));
  }

 private:
  SceneParams params_;
  std::unique_ptr<PhysicsWorld> world_;
  SceneRandom random_;
  uint32_t spawned_ = 0;
  uint32_t max_ids_ = 0;
  double spawn_credit_ = 0;
};

}  // namespace partlab
