// The chapter's solver put together (3.3.2.2, "Passo 1" to "Passo 4"), one step split into the five
// stages a student can run one at a time:
//   detect          Passo 1: broad phase (any of the registry) + our narrow phase (3.48)
//   classify        the sign of ḋ at every contact (3.49–3.52)
//   impulses        Passo 2: handleAllCollisions, the propagation (3.53–3.56)
//   resting forces  Passo 3: computeContactForces, the LCP by Lemke (3.57–3.67)
//   integrate       Passo 4: the ODE solver (3.40, 3.46–3.47)
// Each stage keeps its counters and thread CPU time in StepStats, read alike by the view, the bench
// and the tests.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/broadphase/broad_phase.h"
#include "engine/dynamics/collision_response.h"
#include "engine/dynamics/integrator.h"
#include "engine/dynamics/resting_contact.h"

namespace partlab::dynamics {

enum class Stage { kDetect, kClassify, kImpulses, kRestingForces, kIntegrate };
constexpr int kStageCount = 5;
std::string_view StageName(Stage s);
std::string_view StageEquations(Stage s);  // "(3.49–3.52)"...

// A narrow phase: appends the contacts of A and B (normals out of B towards A), returns how many.
// Ours (narrow_phase.h) by default; OdeCollide (ode_mirror.h) is the alternative source.
using NarrowPhaseFn = int (*)(RigidBody& A, uint32_t ia, RigidBody& B, uint32_t ib, double margin,
                              std::vector<Contact>& out);

struct DynamicsParams {
  double dt = 1.0 / 240.0;
  glm::dvec3 gravity{0.0, -9.81, 0.0};
  Integrator integrator = Integrator::kRK4;
  ImpulseParams impulses;   // restitution combine, bounce threshold, friction (outside the chapter)
  bool resting_lcp = true;  // false: resting contacts by ε = 0 impulses only (the fallback)
  // Larger resting LCPs fall back to impulses: Lemke's dense tableau costs about n³ per solve
  // (docs/results/dynamics_lcp.md: past about 200 contacts a step outgrows a 60 Hz frame).
  int lcp_max_size = 200;
  double resting_speed = 1e-3;   // |ḋ| up to this after the impulses counts as ḋ = 0 (resting)
  double contact_margin = 1e-3;  // gaps up to this count as touching (fixed step)
  // Projection, OUTSIDE THE CHAPTER (which assumes no interpenetration): after integrating,
  // resting contacts deeper than the slop are pushed apart by this fraction of the excess, by
  // moving positions only (momenta untouched), so drift cannot sink a stack over thousands of
  // steps.
  double position_correction = 0.2;
  double penetration_slop = 1e-3;
  std::string broad_phase = "sap";
  NarrowPhaseFn narrow_phase = nullptr;  // nullptr: ours (Collide)
};

struct StepStats {
  int contacts = 0, colliding = 0, resting = 0, separating = 0;
  int passes = 0;           // propagation sweeps that handled a collision (handleAllCollisions)
  int settle_sweeps = 0;    // sweeps of SettleSlowContacts (slow approaches and the fallback)
  bool pass_limit = false;  // the propagation hit its guard
  int lcp_size = 0, lcp_pivots = 0;
  LcpStatus lcp_status = LcpStatus::kSolved;
  bool lcp_fallback = false;  // resting contacts were handled by impulses instead
  std::array<double, kStageCount> stage_ms{};
  double total_ms() const;
};

// Totals over the moving bodies: kinetic ½(P·v + L·ω), potential −M g·r, linear ΣP, angular
// Σ(r × P + L) about the origin (3.6, 3.20).
struct Conserved {
  double kinetic = 0, potential = 0;
  glm::dvec3 linear{0.0}, angular{0.0};
};

// One round of the start's separation: each pair of bodies in `found` (a pair's contacts
// consecutive, as Collide gives them) deeper than `slop` is pushed apart along its deepest
// contact's normal, in proportion to the bodies' inverse masses. Returns how many pairs overlapped.
int PushApart(std::span<const Contact> found, double slop);

class DynamicsWorld {
 public:
  explicit DynamicsWorld(const DynamicsParams& params = {});
  ~DynamicsWorld();
  // Movable (contacts point into the bodies' heap buffer, which a move keeps); not copyable.
  DynamicsWorld(DynamicsWorld&&) = default;
  DynamicsWorld& operator=(DynamicsWorld&&) = default;

  // Builds and adds a body; false with one line in `error` for degenerate input (MakeBody).
  bool AddBody(const BodyDesc& desc, std::string& error);
  bool SetTimeStep(double dt, std::string& error);  // dt must be finite, > 0 and ≤ 1 s
  bool SetBroadPhase(std::string_view name, std::string& error);
  DynamicsParams& params() { return params_; }
  const DynamicsParams& params() const { return params_; }

  // Bodies overlapping at the start are pushed apart (a few rounds); returns the number of
  // overlapping contacts found, and describes what was done in `note` ("" when none). Returns -1,
  // moving nothing, when more than kMaxStartPairs pairs of bodies have overlapping bounds: a dense
  // resting pile has about a dozen neighbours a body, so 5,000 bodies (the scene reader's limit)
  // stay far below it, while a heap of thousands of bodies in one place would cost millions of
  // narrow-phase tests every round and every step (docs/hostile-inputs.md).
  static constexpr size_t kMaxStartPairs = 100000;
  int SeparateInitialOverlaps(std::string& note);

  // Runs the next stage and returns it; Step finishes the current step (all five from the start).
  Stage StepStage();
  void Step();
  Stage NextStage() const { return next_; }

  std::span<const RigidBody> bodies() const { return bodies_; }
  std::span<RigidBody> mutable_bodies() { return bodies_; }
  std::span<const Contact> contacts() const { return contacts_; }
  const StepStats& stats() const { return stats_; }
  Conserved Measure() const;
  double time() const { return time_; }
  uint64_t step_count() const { return steps_; }
  // The last thing the solver had to say (a fallback, a guard that fired); "" when all went well.
  const std::string& note() const { return note_; }
  const RestingContactSolver& resting_solver() const { return resting_solver_; }

 private:
  void Detect();
  void Classify();
  void Impulses();
  void RestingForces();
  void Integrate();
  void FallBackToImpulses();
  void CorrectPositions();
  void FindPairs();
  void PairsThatCanTouch(BroadPhase& boxes, bool first_round, std::vector<BoxPair>& pairs) const;
  Aabb BoundsOf(const RigidBody& b) const;

  DynamicsParams params_;
  std::vector<RigidBody> bodies_;
  std::vector<Contact> contacts_;
  std::vector<Contact> resting_;
  std::vector<uint32_t> resting_index_;  // resting_[k] is contacts_[resting_index_[k]]
  std::vector<Contact> slow_;            // approaching slower than a bounce, settled together
  std::vector<uint32_t> slow_index_;
  std::vector<BodyState> saved_;  // state before integrating (the NaN guard restores it)
  std::vector<BoxPair> pairs_;
  std::vector<uint32_t> planes_;
  std::unique_ptr<BroadPhase> broad_phase_;
  bool broad_phase_built_ = false;
  RestingContactSolver resting_solver_;
  StepStats stats_;
  Stage next_ = Stage::kDetect;
  double time_ = 0;
  uint64_t steps_ = 0;
  std::string note_;
};

}  // namespace partlab::dynamics
