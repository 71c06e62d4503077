// The same dynamics scene on ODE, for partlab-bench dynamics' comparison: ODE's own hash space and
// dCollide for contacts, dWorldQuickStep for the solver (what engine/physics uses for the thesis's
// scenes). Restitution and friction are the scene's; ODE's contacts are rigid (no softness) to stay
// close to the chapter's model.
#pragma once

#include <cstdint>

#include "engine/dynamics/scene_file.h"

namespace partlab::bench {

struct OdeMirrorStep {
  double ms = 0;     // thread CPU time of collide + QuickStep
  int contacts = 0;  // contact joints made
};

class OdeMirror {
 public:
  explicit OdeMirror(const dynamics::SceneFile& scene);
  ~OdeMirror();
  OdeMirror(const OdeMirror&) = delete;
  OdeMirror& operator=(const OdeMirror&) = delete;

  OdeMirrorStep Step();
  double KineticEnergy() const;

 private:
  struct Impl;
  Impl* impl_;
  double dt_;
};

}  // namespace partlab::bench
