#include "engine/dynamics/ode_joints.h"

#include <ode/ode.h>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include "engine/broadphase/adapters/ode_init.h"

namespace partlab::dynamics {

namespace {

constexpr double kHangY = 1.6;                      // the held bodies' centres
constexpr glm::dvec3 kHeldHalf{0.18};               // the held bodies: cubes
constexpr glm::dvec3 kSwingHalf{0.06, 0.28, 0.06};  // the swinging bodies: rods along their y
constexpr double kSpacing = 1.4;
constexpr double kSlideStop = 0.9;  // the cylinder's slide, each way (ode_joints.h) // between the
                                    // three pairs along x

glm::dvec3 ToGlm(const dReal* v) {
  return {v[0], v[1], v[2]};
}

}  // namespace

JointFrames FramesOf(const JointPair& pair, const RigidBody& a, const RigidBody& b) {
  return {a.x + a.R * pair.anchor_in_a, b.x + b.R * pair.anchor_in_b, a.R * pair.axis_in_a,
          b.R * pair.axis_in_b};
}

struct OdeJoints::Impl {
  dWorldID world = nullptr;
  std::vector<dBodyID> bodies;  // parallel to bodies_ (nullptr for the floor)
};

OdeJoints::OdeJoints() : impl_(new Impl) {
  EnsureOdeInitialised();
  impl_->world = dWorldCreate();
  dWorldSetGravity(impl_->world, 0, -9.81, 0);
  RigidBody floor;
  floor.shape = Shape::kPlane;
  bodies_.push_back(floor);
  impl_->bodies.push_back(nullptr);

  auto add_body = [&](const glm::dvec3& centre, const glm::dquat& q, const glm::dvec3& half,
                      bool held) {
    dBodyID id = dBodyCreate(impl_->world);
    dBodySetPosition(id, centre.x, centre.y, centre.z);
    const dReal ode_q[4] = {q.w, q.x, q.y, q.z};
    dBodySetQuaternion(id, ode_q);
    dMass mass;
    dMassSetBoxTotal(&mass, 1.0, 2 * half.x, 2 * half.y, 2 * half.z);
    dBodySetMass(id, &mass);
    if (held) dBodySetKinematic(id);  // moves only as it is told: here, not at all
    RigidBody b;
    b.shape = Shape::kBox;
    b.half = half;
    b.massInv = held ? 0.0 : 1.0;  // drawn as static when held
    bodies_.push_back(b);
    impl_->bodies.push_back(id);
    return bodies_.size() - 1;
  };

  for (int k = 0; k < 3; ++k) {
    JointPair& pair = pairs_[k];
    pair.kind = JointKind(k);
    const glm::dvec3 held_centre((k - 1) * kSpacing, kHangY, 0.0);
    const glm::dvec3 anchor = held_centre - glm::dvec3(0, kHeldHalf.y, 0);
    // The swinging rod hangs from the anchor, tilted off the vertical so gravity swings it.
    glm::dvec3 axis(0, 0, 1);
    glm::dquat tilt = glm::angleAxis(0.7, glm::normalize(glm::dvec3(0.3, 0, 1)));
    if (pair.kind == JointKind::kRevolute) tilt = glm::angleAxis(0.7, axis);
    if (pair.kind == JointKind::kCylindrical) {
      axis = glm::dvec3(1, 0, 0);  // horizontal: the rod swings about it and slides along it
      tilt = glm::angleAxis(0.7, axis);
    }
    const glm::dvec3 swing_centre = anchor + tilt * glm::dvec3(0, -kSwingHalf.y - 0.04, 0);
    pair.a = add_body(held_centre, glm::dquat(1, 0, 0, 0), kHeldHalf, true);
    pair.b = add_body(swing_centre, tilt, kSwingHalf, false);
    pair.b_start = swing_centre;
    // The anchor and axis in each body's frame: the world point and direction rotated back.
    pair.anchor_in_a = anchor - held_centre;
    pair.anchor_in_b = glm::conjugate(tilt) * (anchor - swing_centre);
    pair.axis_in_a = axis;
    pair.axis_in_b = glm::conjugate(tilt) * axis;

    dBodyID a = impl_->bodies[pair.a], b = impl_->bodies[pair.b];
    // A push the joint must partly refuse: spin about all three axes, and for the cylinder a
    // slide along its axis.
    dBodySetAngularVel(b, 1.5, 1.0, 0.8);
    dJointID joint = nullptr;
    switch (pair.kind) {
      case JointKind::kSpherical:
        joint = dJointCreateBall(impl_->world, nullptr);
        dJointAttach(joint, a, b);
        dJointSetBallAnchor(joint, anchor.x, anchor.y, anchor.z);
        break;
      case JointKind::kRevolute:
        joint = dJointCreateHinge(impl_->world, nullptr);
        dJointAttach(joint, a, b);
        dJointSetHingeAnchor(joint, anchor.x, anchor.y, anchor.z);
        dJointSetHingeAxis(joint, axis.x, axis.y, axis.z);
        break;
      case JointKind::kCylindrical:
        dBodySetLinearVel(b, 0.35, 0, 0);
        joint = dJointCreatePiston(impl_->world, nullptr);
        dJointAttach(joint, a, b);
        dJointSetPistonAnchor(joint, anchor.x, anchor.y, anchor.z);
        dJointSetPistonAxis(joint, axis.x, axis.y, axis.z);
        // Stops so that a long run slides back and forth within the drawn axis instead of away;
        // the rod needs 2.5 s to reach one, so a lesson's first seconds see a free slide.
        dJointSetPistonParam(joint, dParamLoStop, -kSlideStop);
        dJointSetPistonParam(joint, dParamHiStop, kSlideStop);
        dJointSetPistonParam(joint, dParamBounce, 1.0);
        break;
    }
  }
  ReadBack();
}

OdeJoints::~OdeJoints() {
  dWorldDestroy(impl_->world);  // destroys its bodies and joints
  delete impl_;
}

void OdeJoints::Step() {
  EnsureOdeInitialised();
  dWorldStep(impl_->world, dt_);
  ReadBack();
}

void OdeJoints::ReadBack() {
  for (size_t i = 0; i < bodies_.size(); ++i) {
    dBodyID id = impl_->bodies[i];
    if (!id) continue;
    RigidBody& b = bodies_[i];
    b.x = ToGlm(dBodyGetPosition(id));
    const dReal* q = dBodyGetQuaternion(id);
    b.q = glm::normalize(glm::dquat(q[0], q[1], q[2], q[3]));
    b.R = glm::mat3_cast(b.q);
    b.v = ToGlm(dBodyGetLinearVel(id));
    b.w = ToGlm(dBodyGetAngularVel(id));
  }
}

}  // namespace partlab::dynamics
