#include "engine/dynamics/dynamics_world.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <limits>

#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/coordinate_limit.h"
#include "engine/dynamics/narrow_phase.h"
#include "engine/text/translatable.h"
#include "engine/thread_cpu_clock.h"

namespace partlab::dynamics {
std::string_view StageName(Stage s) {
  switch (s) {
    case Stage::kDetect:
      return N_("detect");
    case Stage::kClassify:
      return N_("classify");
    case Stage::kImpulses:
      return N_("impulses");
    case Stage::kRestingForces:
      return N_("resting forces");
    case Stage::kIntegrate:
      return N_("integrate");
  }
  return "?";
}

std::string_view StageEquations(Stage s) {
  switch (s) {
    case Stage::kDetect:
      return N_("Passo 1, contacts vertex/face and edge/edge (3.48)");
    case Stage::kClassify:
      return N_("sign of d' = N.(rA' - rB') (3.49-3.52)");
    case Stage::kImpulses:
      return N_("Passo 2, handleAllCollisions, lambda_c (3.53-3.56)");
    case Stage::kRestingForces:
      return N_("Passo 3, computeContactForces, LCP by Lemke (3.57-3.67)");
    case Stage::kIntegrate:
      return N_("Passo 4, ODE solver: X' = (v, w q / 2, F, tau) (3.40, 3.46-3.47)");
  }
  return "";
}

double StepStats::total_ms() const {
  double t = 0;
  for (double s : stage_ms) t += s;
  return t;
}

DynamicsWorld::DynamicsWorld(const DynamicsParams& params) : params_(params) {
  std::string error;
  if (!SetBroadPhase(params_.broad_phase, error)) SetBroadPhase("brute", error);
}

DynamicsWorld::~DynamicsWorld() = default;

bool DynamicsWorld::AddBody(const BodyDesc& desc, std::string& error) {
  RigidBody body;
  if (!MakeBody(desc, body, error)) return false;
  if (body.shape == Shape::kPlane) planes_.push_back(uint32_t(bodies_.size()));
  bodies_.push_back(body);
  broad_phase_built_ = false;
  // Contacts point into bodies_: a new body may move them, so the current step starts over.
  contacts_.clear();
  next_ = Stage::kDetect;
  return true;
}

bool DynamicsWorld::SetTimeStep(double dt, std::string& error) {
  if (!std::isfinite(dt) || !(dt > 0) || dt > 1.0) {
    error = FormatText(N_("time step must be in (0, 1] s (got %s)"), std::to_string(dt).c_str());
    return false;
  }
  params_.dt = dt;
  return true;
}

bool DynamicsWorld::SetBroadPhase(std::string_view name, std::string& error) {
  auto bp = MakeBroadPhase(name);
  if (!bp) {
    error = FormatText(N_("unknown broad phase '%s'"), std::string(name).c_str());
    return false;
  }
  broad_phase_ = std::move(bp);
  params_.broad_phase = std::string(name);
  broad_phase_built_ = false;
  return true;
}

Aabb DynamicsWorld::BoundsOf(const RigidBody& b) const {
  glm::dvec3 h(b.radius);
  if (b.shape == Shape::kBox) {
    const glm::dmat3 R = glm::mat3_cast(b.q);
    for (int i = 0; i < 3; ++i)
      h[i] = std::abs(R[0][i]) * b.half.x + std::abs(R[1][i]) * b.half.y +
             std::abs(R[2][i]) * b.half.z;
  }
  h += glm::dvec3(params_.contact_margin);
  // Finite in float: a body larger than float's range (a shared scene's radius of 1e53) would
  // round to an infinite bound, which box pruning's sweep must never be handed (its padding lies
  // at +infinity). Clamping keeps every overlap (coordinate_limit.h).
  return ClampedToLimit(Aabb{glm::vec3(b.x - h), glm::vec3(b.x + h)},
                        std::numeric_limits<float>::max());
}

void DynamicsWorld::FindPairs() {
  if (!broad_phase_built_) {
    std::string error;
    SetBroadPhase(params_.broad_phase, error);  // a fresh, empty structure
    for (uint32_t i = 0; i < bodies_.size(); ++i)
      if (bodies_[i].shape != Shape::kPlane) broad_phase_->Add(i, BoundsOf(bodies_[i]));
    broad_phase_built_ = true;
  } else {
    for (uint32_t i = 0; i < bodies_.size(); ++i)
      if (!bodies_[i].IsStatic()) broad_phase_->Move(i, BoundsOf(bodies_[i]));
  }
  broad_phase_->Update();
  pairs_.clear();
  broad_phase_->FindPairs(pairs_);
  // Canonical order, so the motion does not depend on which broad phase found the pairs.
  std::sort(pairs_.begin(), pairs_.end());
}

void DynamicsWorld::Detect() {
  // The forces known before any contact: gravity on every moving body (3.41's F; τ = 0).
  for (RigidBody& b : bodies_) {
    b.force = b.IsStatic() ? glm::dvec3(0.0) : b.Mass() * params_.gravity;
    b.torque = glm::dvec3(0.0);
  }
  stats_ = StepStats{};
  note_.clear();
  contacts_.clear();
  FindPairs();
  const NarrowPhaseFn collide = params_.narrow_phase ? params_.narrow_phase : &Collide;
  for (const BoxPair& p : pairs_)
    collide(bodies_[p.a], p.a, bodies_[p.b], p.b, params_.contact_margin, contacts_);
  for (uint32_t pl : planes_)
    for (uint32_t i = 0; i < bodies_.size(); ++i)
      if (!bodies_[i].IsStatic())
        collide(bodies_[i], i, bodies_[pl], pl, params_.contact_margin, contacts_);
  stats_.contacts = int(contacts_.size());
}

void DynamicsWorld::Classify() {
  for (Contact& c : contacts_) {
    c.ddot = RelativeVelocity(c);  // 3.52
    c.impulse = c.resting_force = 0;
    if (c.ddot < -params_.impulses.velocity_tolerance)
      c.cls = ContactClass::kColliding;
    else if (c.ddot > params_.resting_speed)
      c.cls = ContactClass::kSeparating;
    else
      c.cls = ContactClass::kResting;
    stats_.colliding += c.cls == ContactClass::kColliding;
    stats_.resting += c.cls == ContactClass::kResting;
    stats_.separating += c.cls == ContactClass::kSeparating;
  }
}

void DynamicsWorld::Impulses() {
  // Collisions by the book's propagation, then the slow approaches all at once (ε = 0).
  stats_.passes = handleAllCollisions(contacts_, params_.impulses, &stats_.pass_limit);
  if (stats_.pass_limit)
    note_ = FormatText(N_("propagation stopped at its guard of %d passes; some contacts may still "
                          "approach"),
                       int(params_.impulses.max_passes));
  slow_.clear();
  slow_index_.clear();
  for (uint32_t i = 0; i < contacts_.size(); ++i)
    if (RelativeVelocity(contacts_[i]) < params_.resting_speed) {
      slow_.push_back(contacts_[i]);
      slow_.back().impulse = 0;
      slow_index_.push_back(i);
    }
  if (slow_.empty()) return;
  stats_.settle_sweeps = SettleSlowContacts(slow_, params_.impulses);
  for (size_t k = 0; k < slow_.size(); ++k) contacts_[slow_index_[k]].impulse += slow_[k].impulse;
}

// The fallback for resting contacts (and the whole treatment when the LCP is off): give the bodies
// this step's external impulse F·Δt now, then remove every approach at the resting contacts with
// ε = 0 impulses, and integrate without the forces they already received.
void DynamicsWorld::FallBackToImpulses() {
  for (RigidBody& b : bodies_) {
    if (b.IsStatic()) continue;
    b.P += params_.dt * b.force;
    b.L += params_.dt * b.torque;
    b.force = b.torque = glm::dvec3(0.0);
    b.UpdateDerived();
  }
  for (Contact& c : resting_) c.impulse = 0;
  stats_.settle_sweeps += SettleSlowContacts(resting_, params_.impulses);
  // Shown as the force that would have given the same impulse over the step.
  for (size_t k = 0; k < resting_.size(); ++k)
    contacts_[resting_index_[k]].resting_force = resting_[k].impulse / params_.dt;
  stats_.lcp_fallback = true;
}

void DynamicsWorld::RestingForces() {
  // Passo 2's end: contacts separating after the impulses leave; the rest are resting.
  resting_.clear();
  resting_index_.clear();
  for (uint32_t i = 0; i < contacts_.size(); ++i) {
    if (RelativeVelocity(contacts_[i]) > params_.resting_speed) continue;
    resting_.push_back(contacts_[i]);
    resting_.back().impulse = 0;
    resting_index_.push_back(i);
  }
  stats_.lcp_size = int(resting_.size());
  if (resting_.empty()) return;
  if (!params_.resting_lcp) {
    FallBackToImpulses();
    return;
  }
  const RestingResult r = resting_solver_.computeContactForces(resting_, params_.lcp_max_size);
  stats_.lcp_pivots = r.pivots;
  stats_.lcp_status = r.status;
  if (r.skipped || r.status != LcpStatus::kSolved) {
    note_ = r.skipped ? FormatText(N_("LCP of %d contacts is above the limit of %d: resting "
                                      "contacts by impulses"),
                                   int(r.size), int(params_.lcp_max_size))
                      : FormatText(N_("Lemke: %s after %d pivots; resting contacts by impulses"),
                                   std::string(LcpStatusName(r.status)).c_str(), int(r.pivots));
    FallBackToImpulses();
    return;
  }
  for (size_t k = 0; k < resting_.size(); ++k) {
    Contact& c = contacts_[resting_index_[k]];
    c.resting_force = resting_[k].resting_force;
    // Coulomb friction, OUTSIDE THE CHAPTER: at most μ λr Δt of tangential impulse per step.
    if (params_.impulses.friction > 0)
      ApplyFrictionImpulse(c, params_.impulses.friction * c.resting_force * params_.dt);
  }
}

void DynamicsWorld::CorrectPositions() {
  if (params_.position_correction <= 0) return;
  for (uint32_t idx : resting_index_) {
    const Contact& c = contacts_[idx];
    const double excess = c.depth - params_.penetration_slop;
    const double w = c.A->massInv + c.B->massInv;
    if (excess <= 0 || w <= 0) continue;
    const glm::dvec3 push = params_.position_correction * excess / w * c.N;
    c.A->x += c.A->massInv * push;
    c.B->x -= c.B->massInv * push;
  }
}

void DynamicsWorld::Integrate() {
  saved_.resize(bodies_.size());
  for (size_t i = 0; i < bodies_.size(); ++i) saved_[i] = {bodies_[i].x, bodies_[i].q};
  dynamics::Integrate(bodies_, params_.dt, params_.integrator);
  for (size_t i = 0; i < bodies_.size(); ++i) {
    if (StateIsFinite(bodies_[i])) continue;
    // Never NaN in the state: keep where it was, at rest, and say so.
    bodies_[i].x = saved_[i].r;
    bodies_[i].q = saved_[i].q;
    bodies_[i].P = bodies_[i].L = glm::dvec3(0.0);
    bodies_[i].UpdateDerived();
    note_ = FormatText(N_("body %zu left the finite numbers; stopped where it was"), size_t(i));
  }
  CorrectPositions();
  time_ += params_.dt;
  ++steps_;
}

Stage DynamicsWorld::StepStage() {
  const Stage s = next_;
  const double t0 = ThreadCpuMs();
  switch (s) {
    case Stage::kDetect:
      Detect();
      break;
    case Stage::kClassify:
      Classify();
      break;
    case Stage::kImpulses:
      Impulses();
      break;
    case Stage::kRestingForces:
      RestingForces();
      break;
    case Stage::kIntegrate:
      Integrate();
      break;
  }
  stats_.stage_ms[int(s)] = ThreadCpuMs() - t0;
  next_ = Stage((int(s) + 1) % kStageCount);
  return s;
}

void DynamicsWorld::Step() {
  do StepStage();
  while (next_ != Stage::kDetect);
}

Conserved DynamicsWorld::Measure() const {
  Conserved c;
  for (const RigidBody& b : bodies_) {
    if (b.IsStatic()) continue;
    c.kinetic += 0.5 * (glm::dot(b.P, b.v) + glm::dot(b.L, b.w));
    c.potential -= b.Mass() * glm::dot(params_.gravity, b.x);
    c.linear += b.P;
    c.angular += glm::cross(b.x, b.P) + b.L;
  }
  return c;
}

// The pairs that can touch: boxes whose bounds overlap, by box pruning, and every plane with
// every other body (planes are unbounded), in index order as a loop over every pair would visit
// them. Box pruning whatever broad phase the scene names: a shared scene may name "brute", and
// its thousands of bodies would then cost a test of every pair each round (docs/hostile-inputs.md).
void DynamicsWorld::PairsThatCanTouch(BroadPhase& boxes, bool first_round,
                                      std::vector<BoxPair>& pairs) const {
  for (uint32_t i = 0; i < bodies_.size(); ++i) {
    if (bodies_[i].shape == Shape::kPlane) continue;
    if (first_round)
      boxes.Add(i, BoundsOf(bodies_[i]));
    else if (!bodies_[i].IsStatic())
      boxes.Move(i, BoundsOf(bodies_[i]));
  }
  boxes.Update();
  pairs.clear();
  boxes.FindPairs(pairs);
  for (uint32_t pl : planes_)
    for (uint32_t i = 0; i < bodies_.size(); ++i)
      if (i != pl) pairs.push_back(MakePair(i, pl));
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
}

int PushApart(std::span<const Contact> found, double slop) {
  int overlapping = 0;
  for (size_t k = 0; k < found.size(); ++k) {
    const Contact& c = found[k];
    // One push per pair, by its deepest contact (a pair's contacts are consecutive).
    if (k + 1 < found.size() && found[k + 1].A == c.A && found[k + 1].B == c.B &&
        found[k + 1].depth >= c.depth)
      continue;
    if (c.depth <= slop) continue;
    ++overlapping;
    const double w = c.A->massInv + c.B->massInv;
    if (w <= 0) continue;
    const glm::dvec3 push = (c.depth / w) * c.N;
    c.A->x += c.A->massInv * push;
    c.B->x -= c.B->massInv * push;
  }
  return overlapping;
}

int DynamicsWorld::SeparateInitialOverlaps(std::string& note) {
  note.clear();
  std::vector<Contact> found;
  std::vector<BoxPair> pairs;
  const std::unique_ptr<BroadPhase> boxes = MakeBroadPhase("box_pruning");
  int first = -1;
  for (int round = 0; round < 50; ++round) {
    found.clear();
    PairsThatCanTouch(*boxes, round == 0, pairs);
    if (pairs.size() > kMaxStartPairs) {
      note = FormatText(N_("bodies crowd into %zu pairs that may touch at the start (at most "
                           "%zu): too many to separate or to step"),
                        pairs.size(), size_t(kMaxStartPairs));
      return -1;
    }
    for (const BoxPair& p : pairs) Collide(bodies_[p.a], p.a, bodies_[p.b], p.b, 0.0, found);
    const int overlapping = PushApart(found, params_.penetration_slop);
    if (first < 0) first = overlapping;
    if (overlapping == 0) break;
    if (round == 49) {
      note = LookUpText(N_("bodies still overlap after 50 rounds of separation"));
      return first;
    }
  }
  if (first > 0)
    note = FormatText(N_("%d overlapping contacts at the start: bodies pushed apart"), first);
  broad_phase_built_ = false;
  return first;
}

}  // namespace partlab::dynamics
