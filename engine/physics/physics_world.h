// The rigid-body world of the simulations: ODE integrates and resolves contacts, as in
// the thesis (semi-adjusting-bsp.txt, 6.1: "A detecção de colisão exata e seu tratamento foram
// implementados utilizando o ODE"), but the broad phase is ours and interchangeable.
//
// Structure after the engine chapter (visualization-simulation-games.txt, 3.3.3):
//   InitPhysics()    (3.3.3.1) the constructor: world, contact group, parameters;
//   RunPhysics()     (3.3.3.3) one fixed step: broad phase -> dCollide -> dWorldQuickStep;
//   ReleasePhysics() (3.3.3.5) the destructor: every geom, body and joint freed.
//
// Geoms live outside any ODE space (ODE's own broad phases never run): every step the selected
// BroadPhase is fed the current AABBs, its pairs are sorted canonically and handed to dCollide in
// that order, so the contact joints, and therefore the motion, do not depend on which broad phase
// found them. Static geometry (terrain tiles, walls) is in the broad phase as static boxes;
// static-static pairs are dropped before dCollide.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/physics/rigid_body.h"

// ODE's handles, declared so that users of PhysicsWorld need not include <ode/ode.h>.
struct dxWorld;
struct dxBody;
struct dxGeom;
struct dxJointGroup;

namespace partlab {

struct PhysicsParams {
  double step_seconds = 1.0 / 25.0;  // thesis 6.1: 6000 steps in 4 minutes, 25 steps per second
  glm::dvec3 gravity{0.0, -9.81, 0.0};
  int solver_iterations = 12;     // dWorldSetQuickStepNumIterations
  int max_contacts_per_pair = 4;  // dCollide's flags
  double friction = 0.7;          // Coulomb mu (friction pyramid, dContactApprox1)
  double restitution = 0.1;
  double contact_cfm = 1e-4;  // soft contacts keep deep stacks stable at 1/25 s
  double contact_erp = 0.3;
  double max_correcting_velocity = 5.0;
  bool auto_disable = true;  // bodies at rest sleep until something touches them
  uint64_t seed = 1;         // dRandSetSeed: QuickStep's constraint reordering
};

// Per-step costs, split as the thesis measures them (6.1): structural update of the broad phase,
// pair enumeration, and everything else (ODE's narrow phase + solver + reading back AABBs).
struct PhysicsStepTimings {
  double update_ms = 0;          // broad phase: edits + Update()
  double pairs_ms = 0;           // broad phase: FindPairs()
  double narrow_ms = 0;          // canonical sort + dCollide + contact joints
  double solver_ms = 0;          // dWorldQuickStep + reading back the moved AABBs
  uint32_t pairs = 0;            // broad-phase pairs (including static-static ones)
  uint32_t tested = 0;           // pairs handed to dCollide
  uint32_t contacts = 0;         // contact joints made
  uint32_t duplicate_pairs = 0;  // pairs the broad phase reported more than once (a bug there)
  double broad_phase_ms() const { return update_ms + pairs_ms; }
  double physics_ms() const { return narrow_ms + solver_ms; }
};

class PhysicsWorld {
 public:
  // InitPhysics (3.3.3.1). `broad_phase` may be null until SetBroadPhase.
  explicit PhysicsWorld(const PhysicsParams& params, std::unique_ptr<BroadPhase> broad_phase);
  ~PhysicsWorld();  // ReleasePhysics (3.3.3.5)
  PhysicsWorld(const PhysicsWorld&) = delete;
  PhysicsWorld& operator=(const PhysicsWorld&) = delete;

  // Replaces the broad phase; the new one is built from the current boxes at the next step, so
  // the UI can switch algorithms live without disturbing the motion.
  void SetBroadPhase(std::unique_ptr<BroadPhase> broad_phase);
  BroadPhase* broad_phase() const { return broad_phase_.get(); }
  // Hands every current box to the broad phase now, as its construction (part of InitPhysics,
  // not of a step: the benches report construction apart from the per-step cost). Scenes call it
  // once their static geometry and first bodies exist; without it the first step builds.
  void BuildBroadPhase();
  // Thread CPU time of the last BuildBroadPhase (0 before any).
  double construction_ms() const { return construction_ms_; }

  // Ids are handed out in creation order and never reused, so they stay valid record indices.
  BodyId AddBody(const BodyDesc& desc);
  BodyId AddStaticBox(const glm::dvec3& center, const glm::dvec3& half_extents);
  void Remove(BodyId id);  // the id stays reserved (absent from now on)

  void AddForce(BodyId id, const glm::dvec3& force);  // world frame, at the centre of mass
  void Wake(BodyId id);

  // RunPhysics (3.3.3.3): one fixed step of params().step_seconds.
  PhysicsStepTimings RunPhysics();

  // Called after the broad phase of every step with the frame it saw (index = id, empty =
  // absent) and its pairs in canonical order: the recorder and the tests listen here.
  using FrameObserver =
      std::function<void(std::span<const Aabb> frame, std::span<const BoxPair> pairs)>;
  void SetFrameObserver(FrameObserver observer) { observer_ = std::move(observer); }

  // Current AABBs, index = id; empty = absent (not created yet or removed).
  std::span<const Aabb> Aabbs() const { return aabbs_; }
  uint32_t IdCount() const { return static_cast<uint32_t>(slots_.size()); }
  bool IsPresent(BodyId id) const { return id < slots_.size() && slots_[id].geom != nullptr; }
  bool IsStatic(BodyId id) const { return slots_[id].body == nullptr; }
  uint32_t DynamicCount() const { return dynamic_count_; }
  uint32_t StaticCount() const { return static_count_; }
  // True when `id` got at least one contact in the last step (scene 3 breaks blocks on it).
  bool TouchedLastStep(BodyId id) const { return id < touched_.size() && touched_[id] != 0; }

  glm::dvec3 Position(BodyId id) const;
  glm::dvec3 Velocity(BodyId id) const;  // zero for static boxes
  BodyView View(BodyId id) const;
  // Appends a view of every present body and static box (the chapter's RenderActors loop).
  void GatherViews(std::vector<BodyView>& out) const;

  const PhysicsParams& params() const { return params_; }
  uint64_t step_count() const { return steps_; }

 private:
  struct Slot {
    dxGeom* geom = nullptr;
    dxBody* body = nullptr;  // null for static boxes
    ShapeKind shape = ShapeKind::kBox;
    glm::vec3 half_extents{0.0f};
  };

  BodyId NewSlot(dxGeom* geom, dxBody* body, ShapeKind shape, const glm::vec3& half);
  void RefreshAabb(BodyId id);
  void NarrowPhase(PhysicsStepTimings& t);
  void Integrate();

  PhysicsParams params_;
  dxWorld* world_ = nullptr;
  dxJointGroup* contacts_ = nullptr;
  unsigned long rand_state_ = 0;  // ODE's global dRand seed, saved per world between steps
  std::unique_ptr<BroadPhase> broad_phase_;
  std::unique_ptr<FrameDriver> driver_;
  double construction_ms_ = 0;
  std::vector<Slot> slots_;
  std::vector<Aabb> aabbs_;
  std::vector<uint8_t> touched_;
  std::vector<BoxPair> pairs_;
  FrameObserver observer_;
  uint32_t dynamic_count_ = 0, static_count_ = 0;
  uint64_t steps_ = 0;
};

}  // namespace partlab
