// The same dynamics scene on ODE, for comparison (partlab-bench dynamics, and the Dynamics view's
// "ODE beside it"): ODE's own hash space and dCollide for contacts, dWorldQuickStep for the solver
// (what engine/physics uses for the thesis's scenes). Restitution and friction are the scene's;
// ODE's contacts are rigid (no softness) to stay close to the chapter's model. A library of its own
// (partlab_dynamics_ode), so the chapter's solver itself never depends on ODE.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/dynamics/scene_file.h"

namespace partlab::dynamics {

struct OdeMirrorStep {
  double ms = 0;     // thread CPU time of collide + QuickStep
  int contacts = 0;  // contact joints made
};

// ODE's dCollide as the alternative contact source for DynamicsWorld (params.narrow_phase): the
// two bodies become temporary ODE geoms at their current poses. ODE reports no vertex/face or
// edge/edge label, so every contact is a vertex/face one with the face on B; ODE does not look
// ahead by `margin` (touching only).
int OdeCollide(RigidBody& A, uint32_t ia, RigidBody& B, uint32_t ib, double margin,
               std::vector<Contact>& out);

class OdeMirror {
 public:
  explicit OdeMirror(const SceneFile& scene);
  ~OdeMirror();
  OdeMirror(const OdeMirror&) = delete;
  OdeMirror& operator=(const OdeMirror&) = delete;

  OdeMirrorStep Step();
  double KineticEnergy() const;
  // Pose of each body of the scene, in the scene's order (planes and static boxes where they
  // were placed): position and orientation.
  void Poses(std::vector<glm::dvec3>& positions, std::vector<glm::dquat>& orientations) const;

 private:
  struct Impl;
  Impl* impl_;
  double dt_;
};

}  // namespace partlab::dynamics
