// Figure 3.8's joints on ODE (engine/dynamics/ode_joints.h) against what section 3.3.2.2 says each
// joint keeps, computed from the bodies' poses with the anchor and axis each body carried from the
// start, and against two conservation laws the joints must leave alone: nothing pushes the
// cylinder's rod along its horizontal axis (its slide speed stays), and gravity and the ball
// joint's force have no torque about the vertical through the anchor (that component of the
// rod's angular momentum about the anchor stays).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "engine/dynamics/ode_joints.h"

namespace partlab::dynamics {
namespace {

const JointPair& PairOf(const OdeJoints& joints, JointKind kind) {
  for (const JointPair& p : joints.pairs())
    if (p.kind == kind) return p;
  return joints.pairs()[0];
}

TEST(OdeJoints, EachJointKeepsWhatTheChapterSays) {
  OdeJoints joints;
  const auto& bodies = joints.bodies();
  double swing_angle = 0.0;  // the hinge's turn, summed: the free rotation happened
  for (int step = 0; step < 480; ++step) {
    joints.Step();
    for (const JointPair& pair : joints.pairs()) {
      const RigidBody &a = bodies[pair.a], &b = bodies[pair.b];
      const JointFrames f = FramesOf(pair, a, b);
      glm::dvec3 gap = f.anchor_b - f.anchor_a;
      if (pair.kind == JointKind::kCylindrical) gap -= glm::dot(gap, f.axis_a) * f.axis_a;
      ASSERT_LT(glm::length(gap), 1e-3) << "joint " << int(pair.kind) << " step " << step;
      if (pair.kind == JointKind::kSpherical) continue;
      ASSERT_LT(glm::length(glm::cross(f.axis_a, f.axis_b)), 1e-4);
      const glm::dvec3 w = b.w - a.w;
      ASSERT_LT(glm::length(w - glm::dot(w, f.axis_a) * f.axis_a), 1e-4);
      if (pair.kind == JointKind::kRevolute)
        swing_angle += std::abs(glm::dot(w, f.axis_a)) * joints.dt();
    }
  }
  EXPECT_GT(swing_angle, 0.5);
}

TEST(OdeJoints, TheCylindersSlideSpeedStays) {
  OdeJoints joints;
  const JointPair& pair = PairOf(joints, JointKind::kCylindrical);
  joints.Step();
  const double start = joints.bodies()[pair.b].v.x;  // the axis is x
  EXPECT_NEAR(start, 0.35, 1e-6);
  const double x0 = joints.bodies()[pair.b].x.x;
  for (int step = 1; step < 480; ++step) joints.Step();
  EXPECT_NEAR(joints.bodies()[pair.b].v.x, start, 1e-6);
  EXPECT_NEAR(joints.bodies()[pair.b].x.x - x0, start * 479 * joints.dt(), 1e-4);
}

// A long run: the slide bounces between its stops (±0.9 m from where it started) and the joint
// still keeps the rod on its axis.
TEST(OdeJoints, TheCylindersSlideStaysBetweenItsStops) {
  OdeJoints joints;
  const JointPair& pair = PairOf(joints, JointKind::kCylindrical);
  const auto& bodies = joints.bodies();
  const double x0 = bodies[pair.b].x.x;
  double farthest = 0.0;
  for (int step = 0; step < 4 * 240 * 3; ++step) {
    joints.Step();
    farthest = std::max(farthest, std::abs(bodies[pair.b].x.x - x0));
    const JointFrames f = FramesOf(pair, bodies[pair.a], bodies[pair.b]);
    glm::dvec3 gap = f.anchor_b - f.anchor_a;
    gap -= glm::dot(gap, f.axis_a) * f.axis_a;
    ASSERT_LT(glm::length(gap), 1e-3) << "step " << step;
  }
  EXPECT_GT(farthest, 0.85);  // it reached a stop
  EXPECT_LT(farthest, 0.92);  // and went no further
}

// L about the anchor p: I ω + m (x − p) × v, with I = R I0 Rᵀ of the rod (a box of mass 1).
double VerticalMomentAboutAnchor(const RigidBody& b, const glm::dvec3& anchor) {
  const glm::dvec3 h = b.half;
  const glm::dmat3 I0(glm::dvec3((h.y * h.y + h.z * h.z) / 3.0, 0, 0),
                      glm::dvec3(0, (h.x * h.x + h.z * h.z) / 3.0, 0),
                      glm::dvec3(0, 0, (h.x * h.x + h.y * h.y) / 3.0));
  const glm::dvec3 L = b.R * I0 * glm::transpose(b.R) * b.w + glm::cross(b.x - anchor, b.v);
  return L.y;
}

TEST(OdeJoints, TheBallJointKeepsTheVerticalAngularMomentum) {
  OdeJoints joints;
  const JointPair& pair = PairOf(joints, JointKind::kSpherical);
  const auto& bodies = joints.bodies();
  joints.Step();  // the first step projects the initial spin onto what the joint allows
  const glm::dvec3 anchor = FramesOf(pair, bodies[pair.a], bodies[pair.b]).anchor_a;
  const double start = VerticalMomentAboutAnchor(bodies[pair.b], anchor);
  EXPECT_GT(std::abs(start), 0.01);
  for (int step = 1; step < 480; ++step) joints.Step();
  EXPECT_NEAR(VerticalMomentAboutAnchor(bodies[pair.b], anchor), start, 0.02 * std::abs(start));
}

}  // namespace
}  // namespace partlab::dynamics
