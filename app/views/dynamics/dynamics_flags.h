// The Dynamics view's command-line flags (app/view/view_flags.h): the scene, the physics steps
// before the first frame, and its --preset words.
#pragma once

#include <string>

#include "app/view/view_flags.h"

namespace partlab {

void AddDynamicsFlags(ViewFlagDefs& defs);

// The flags as the view reads them when it is built ("" and 0: not given).
struct DynamicsFlags {
  std::string scene;   // --scene KEY|PATH: a scene's file name (box_stack) or any .scene file
  std::string preset;  // --preset see-through|ode-beside|stage-NAME
  int steps = 0;       // --steps N
};
DynamicsFlags ReadDynamicsFlags(const ViewFlagValues& flags);

}  // namespace partlab
