// The Dynamics view's comparison with ODE: the same scene file stepped on ODE (dHashSpace +
// dCollide + dWorldQuickStep, engine/dynamics/ode_mirror.h) in lockstep with the chapter's solver
// (visualization-simulation-games.txt, 3.3.2) and drawn lighter beside it, so a student sees where
// the two agree and where the chapter's simplifications (frictionless, impulses then an LCP) show.
// A component of the view: it holds the mirror, its poses and where they are drawn.
#pragma once

#include <glm/gtc/quaternion.hpp>
#include <memory>
#include <vector>

#include "engine/dynamics/ode_mirror.h"
#include "engine/dynamics/scene_file.h"
#include "engine/view/orbit_camera.h"

namespace partlab {

class OdeComparison {
 public:
  // ODE starts from the scene file (not from our current state), beside our bodies; the camera
  // frames both.
  void Start(const dynamics::SceneFile& scene, OrbitCamera& camera);
  void Step();  // one step of the scene's dt, in lockstep with ours

  // The panel's checkbox: true when it was just turned on (the view restarts both from the file).
  bool Checkbox();
  void KineticLine(double ours) const;  // the two kinetic energies, side by side

  bool& beside() { return beside_; }
  bool Running() const { return beside_ && mirror_ != nullptr; }
  const std::vector<glm::dvec3>& positions() const { return positions_; }
  const std::vector<glm::dquat>& orientations() const { return orientations_; }
  const glm::vec3& shift() const { return shift_; }

 private:
  bool beside_ = false;
  std::unique_ptr<dynamics::OdeMirror> mirror_;
  glm::vec3 shift_{0.0f};  // where ODE's copy is drawn, relative to ours
  double kinetic_ = 0.0;
  std::vector<glm::dvec3> positions_;
  std::vector<glm::dquat> orientations_;
};

}  // namespace partlab
