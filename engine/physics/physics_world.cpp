#include "engine/physics/physics_world.h"

#include <ode/ode.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "engine/broadphase/adapters/ode_init.h"
#include "engine/thread_cpu_clock.h"

namespace partlab {
namespace {

// Thread CPU time, not wall time: a step descheduled on a busy machine must not read as a slow
// step (see engine/thread_cpu_clock.h).
using Clock = ThreadCpuClock;
double MsSince(Clock::time_point t0) {
  return CpuMsSince(t0);
}

// ODE works in double; the broad phases in float. Round outwards so that the float box always
// contains the exact one and no contact ODE would find is lost to rounding.
float RoundDown(double v) {
  const float f = static_cast<float>(v);
  return static_cast<double>(f) > v ? std::nextafter(f, -std::numeric_limits<float>::infinity())
                                    : f;
}
float RoundUp(double v) {
  const float f = static_cast<float>(v);
  return static_cast<double>(f) < v ? std::nextafter(f, std::numeric_limits<float>::infinity()) : f;
}

Aabb GeomAabb(dGeomID geom) {
  dReal b[6];  // minx, maxx, miny, maxy, minz, maxz
  dGeomGetAABB(geom, b);
  return {{RoundDown(b[0]), RoundDown(b[2]), RoundDown(b[4])},
          {RoundUp(b[1]), RoundUp(b[3]), RoundUp(b[5])}};
}

void SetOrientation(dBodyID body, const glm::dquat& q) {
  const dQuaternion odeq = {q.w, q.x, q.y, q.z};
  dBodySetQuaternion(body, odeq);
}

}  // namespace

// InitPhysics (visualization-simulation-games.txt, 3.3.3.1): the engine and its scene.
PhysicsWorld::PhysicsWorld(const PhysicsParams& params, std::unique_ptr<BroadPhase> broad_phase)
    : params_(params) {
  EnsureOdeInitialised();
  world_ = dWorldCreate();
  contacts_ = dJointGroupCreate(0);
  dWorldSetGravity(world_, params.gravity.x, params.gravity.y, params.gravity.z);
  dWorldSetQuickStepNumIterations(world_, params.solver_iterations);
  dWorldSetContactMaxCorrectingVel(world_, params.max_correcting_velocity);
  dWorldSetContactSurfaceLayer(world_, 0.001);
  dWorldSetAutoDisableFlag(world_, params.auto_disable ? 1 : 0);
  dWorldSetAutoDisableAverageSamplesCount(world_, 10);
  rand_state_ = static_cast<unsigned long>(params.seed);
  SetBroadPhase(std::move(broad_phase));
}

// ReleasePhysics (3.3.3.5): geoms are outside any space, so each one is destroyed by hand.
PhysicsWorld::~PhysicsWorld() {
  for (Slot& s : slots_) {
    if (s.geom) dGeomDestroy(s.geom);
    if (s.body) dBodyDestroy(s.body);
  }
  dJointGroupDestroy(contacts_);
  dWorldDestroy(world_);
}

void PhysicsWorld::SetBroadPhase(std::unique_ptr<BroadPhase> broad_phase) {
  driver_.reset();
  broad_phase_ = std::move(broad_phase);
  if (broad_phase_) driver_ = std::make_unique<FrameDriver>(*broad_phase_);
}

void PhysicsWorld::BuildBroadPhase() {
  if (!driver_) return;
  pairs_.clear();
  construction_ms_ = driver_->Step(aabbs_, pairs_).total_ms();
}

BodyId PhysicsWorld::NewSlot(dxGeom* geom, dxBody* body, ShapeKind shape, const glm::vec3& half) {
  const BodyId id = static_cast<BodyId>(slots_.size());
  slots_.push_back({geom, body, shape, half});
  aabbs_.push_back(GeomAabb(geom));
  touched_.push_back(0);
  return id;
}

BodyId PhysicsWorld::AddBody(const BodyDesc& d) {
  dBodyID body = dBodyCreate(world_);
  dMass mass;
  dGeomID geom;
  glm::vec3 half;
  if (d.shape == ShapeKind::kSphere) {
    geom = dCreateSphere(nullptr, d.radius);
    dMassSetSphere(&mass, d.density, d.radius);
    half = glm::vec3(d.radius);
  } else {
    const glm::dvec3 size = 2.0 * glm::dvec3(d.half_extents);
    geom = dCreateBox(nullptr, size.x, size.y, size.z);
    dMassSetBox(&mass, d.density, size.x, size.y, size.z);
    half = d.half_extents;
  }
  dBodySetMass(body, &mass);
  dGeomSetBody(geom, body);
  dBodySetPosition(body, d.position.x, d.position.y, d.position.z);
  SetOrientation(body, d.orientation);
  dBodySetLinearVel(body, d.velocity.x, d.velocity.y, d.velocity.z);
  dBodySetAngularVel(body, d.angular_velocity.x, d.angular_velocity.y, d.angular_velocity.z);
  if (d.linear_damping > 0) dBodySetLinearDamping(body, d.linear_damping);
  ++dynamic_count_;
  return NewSlot(geom, body, d.shape, half);
}

BodyId PhysicsWorld::AddStaticBox(const glm::dvec3& center, const glm::dvec3& half) {
  const glm::dvec3 size = 2.0 * half;
  dGeomID geom = dCreateBox(nullptr, size.x, size.y, size.z);
  dGeomSetPosition(geom, center.x, center.y, center.z);
  ++static_count_;
  return NewSlot(geom, nullptr, ShapeKind::kBox, glm::vec3(half));
}

void PhysicsWorld::Remove(BodyId id) {
  if (!IsPresent(id)) return;
  Slot& s = slots_[id];
  dGeomDestroy(s.geom);
  if (s.body) {
    dBodyDestroy(s.body);
    --dynamic_count_;
  } else {
    --static_count_;
  }
  s.geom = nullptr;
  s.body = nullptr;
  aabbs_[id] = Aabb{};
}

void PhysicsWorld::AddForce(BodyId id, const glm::dvec3& f) {
  if (IsPresent(id) && slots_[id].body) dBodyAddForce(slots_[id].body, f.x, f.y, f.z);
}

void PhysicsWorld::Wake(BodyId id) {
  if (IsPresent(id) && slots_[id].body) dBodyEnable(slots_[id].body);
}

void PhysicsWorld::RefreshAabb(BodyId id) {
  aabbs_[id] = GeomAabb(slots_[id].geom);
}

// RunPhysics (3.3.3.3). The chapter's simulate/fetchResults pair becomes, with the broad phase
// outside the physics engine: broad phase on the current boxes, narrow phase on its pairs in
// canonical order, then one QuickStep.
PhysicsStepTimings PhysicsWorld::RunPhysics() {
  EnsureOdeInitialised();
  PhysicsStepTimings t;
  pairs_.clear();
  if (driver_) {
    const StepTimings bt = driver_->Step(aabbs_, pairs_);
    t.update_ms = bt.update_ms;
    t.pairs_ms = bt.pairs_ms;
  }
  t.pairs = static_cast<uint32_t>(pairs_.size());

  const auto t0 = Clock::now();
  // Canonical order: the contact joints, and so QuickStep's result, must not depend on the order
  // in which a broad phase happens to enumerate its pairs.
  std::sort(pairs_.begin(), pairs_.end());
  // A pair reported twice would make its contacts twice; the contract says once, but the motion
  // must not depend on a broad phase honouring it. Counted, so the bench and the UI can tell.
  const auto unique_end = std::unique(pairs_.begin(), pairs_.end());
  t.duplicate_pairs = static_cast<uint32_t>(pairs_.end() - unique_end);
  pairs_.erase(unique_end, pairs_.end());
  if (observer_) observer_(aabbs_, pairs_);
  NarrowPhase(t);
  t.narrow_ms = MsSince(t0);

  const auto t1 = Clock::now();
  Integrate();
  t.solver_ms = MsSince(t1);
  ++steps_;
  return t;
}

void PhysicsWorld::NarrowPhase(PhysicsStepTimings& t) {
  std::fill(touched_.begin(), touched_.end(), 0);
  constexpr int kMaxContacts = 16;
  dContact contact[kMaxContacts];
  const int max_contacts = std::clamp(params_.max_contacts_per_pair, 1, kMaxContacts);
  for (const BoxPair& p : pairs_) {
    const Slot& a = slots_[p.a];
    const Slot& b = slots_[p.b];
    // Static-static pairs (touching terrain tiles, crossing walls) never need contacts, and two
    // resting bodies stay at rest until something awake touches one of them (ODE does the same
    // inside dSpaceCollide).
    const bool a_awake = a.body && dBodyIsEnabled(a.body);
    const bool b_awake = b.body && dBodyIsEnabled(b.body);
    if (!a_awake && !b_awake) continue;
    ++t.tested;
    const int n = dCollide(a.geom, b.geom, max_contacts, &contact[0].geom, sizeof(dContact));
    if (n == 0) continue;
    touched_[p.a] = touched_[p.b] = 1;
    for (int i = 0; i < n; ++i) {
      dSurfaceParameters& s = contact[i].surface;
      s.mode = dContactApprox1 | dContactSoftCFM | dContactSoftERP | dContactBounce;
      s.mu = params_.friction;
      s.bounce = params_.restitution;
      s.bounce_vel = 0.5;
      s.soft_cfm = params_.contact_cfm;
      s.soft_erp = params_.contact_erp;
      dJointID j = dJointCreateContact(world_, contacts_, &contact[i]);
      dJointAttach(j, a.body, b.body);
    }
    t.contacts += static_cast<uint32_t>(n);
  }
}

void PhysicsWorld::Integrate() {
  // QuickStep shuffles its constraints with ODE's global generator; each world keeps its own
  // stream so that two worlds stepping alternately (the UI's compare mode) stay reproducible.
  dRandSetSeed(rand_state_);
  dWorldQuickStep(world_, params_.step_seconds);
  rand_state_ = dRandGetSeed();
  dJointGroupEmpty(contacts_);
  // Every dynamic body, not only the awake ones: a body may be put to sleep inside this very step
  // after moving. A resting body's box is cached by ODE, so this costs little.
  for (BodyId id = 0; id < slots_.size(); ++id)
    if (slots_[id].body) RefreshAabb(id);
}

glm::dvec3 PhysicsWorld::Position(BodyId id) const {
  const dReal* p = dGeomGetPosition(slots_[id].geom);
  return {p[0], p[1], p[2]};
}

glm::dvec3 PhysicsWorld::Velocity(BodyId id) const {
  if (!slots_[id].body) return glm::dvec3(0.0);
  const dReal* v = dBodyGetLinearVel(slots_[id].body);
  return {v[0], v[1], v[2]};
}

BodyView PhysicsWorld::View(BodyId id) const {
  const Slot& s = slots_[id];
  BodyView v;
  v.id = id;
  v.shape = s.shape;
  v.is_static = s.body == nullptr;
  v.half_extents = s.half_extents;
  const dReal* p = dGeomGetPosition(s.geom);
  v.position = glm::vec3(p[0], p[1], p[2]);
  dQuaternion q;
  dGeomGetQuaternion(s.geom, q);
  v.orientation = glm::quat(float(q[0]), float(q[1]), float(q[2]), float(q[3]));
  if (s.body) {
    const dReal* vel = dBodyGetLinearVel(s.body);
    v.velocity = glm::vec3(vel[0], vel[1], vel[2]);
    v.asleep = !dBodyIsEnabled(s.body);
  }
  return v;
}

void PhysicsWorld::GatherViews(std::vector<BodyView>& out) const {
  for (BodyId id = 0; id < slots_.size(); ++id)
    if (slots_[id].geom) out.push_back(View(id));
}

}  // namespace partlab
