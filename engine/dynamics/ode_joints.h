// Figure 3.8 of the engine chapter (visualization-simulation-games.txt, 3.3.2.2): "Exemplos de
// junções: esférica, de revolução e cilíndrica". The chapter's own solver treats only contacts
// ("neste texto são abordadas somente as restrições decorrentes do contato entre corpos"), so the
// three joints run on ODE: dJointCreateBall (spherical), dJointCreateHinge (revolute) and
// dJointCreatePiston (cylindrical: slides along and turns about one axis). Three pairs of bodies
// side by side; in each the upper body is held still (ODE kinematic) and the lower one swings
// under gravity on the joint. The cylinder's slide stops 0.9 m each way from where it started
// (ODE's dParamLoStop/HiStop, bouncing back), reached only after 2.5 s.
//
// Each pair also keeps the joint's anchor and axis in both bodies' own frames, fixed when the
// joint was made: where the two bodies now put them is what a check compares (the joint's
// constraint computed from the poses, not ODE's report of its own joint).
#pragma once

#include <array>
#include <vector>

#include "engine/dynamics/rigid_body.h"

namespace partlab::dynamics {

enum class JointKind { kSpherical, kRevolute, kCylindrical };

struct JointPair {
  JointKind kind = JointKind::kSpherical;
  size_t a = 0, b = 0;            // the two bodies in OdeJoints::bodies()
  glm::dvec3 anchor_in_a{0.0};    // the joint's point in A's frame
  glm::dvec3 anchor_in_b{0.0};    // the same point in B's frame, when the joint was made
  glm::dvec3 axis_in_a{0, 0, 1};  // the joint's axis (revolute, cylindrical) in A's frame
  glm::dvec3 axis_in_b{0, 0, 1};  // and in B's
  glm::dvec3 b_start{0.0};        // B's centre when the joint was made
};

// Where a pair's two bodies now put its anchor and axis (world coordinates).
struct JointFrames {
  glm::dvec3 anchor_a, anchor_b, axis_a, axis_b;
};
JointFrames FramesOf(const JointPair& pair, const RigidBody& a, const RigidBody& b);

class OdeJoints {
 public:
  OdeJoints();
  ~OdeJoints();
  OdeJoints(const OdeJoints&) = delete;
  OdeJoints& operator=(const OdeJoints&) = delete;

  void Step();  // one step of dt with dWorldStep (ODE's exact solver)
  double dt() const { return dt_; }
  // The bodies (pose, v, ω as ODE has them; a floor plane first, for the picture's grid).
  const std::vector<RigidBody>& bodies() const { return bodies_; }
  const std::array<JointPair, 3>& pairs() const { return pairs_; }

 private:
  void ReadBack();
  struct Impl;
  Impl* impl_;
  double dt_ = 1.0 / 240.0;
  std::vector<RigidBody> bodies_;
  std::array<JointPair, 3> pairs_;
};

}  // namespace partlab::dynamics
