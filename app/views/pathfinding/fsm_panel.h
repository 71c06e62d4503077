// The state diagram of figure 3.15 in an ImGui window: the four states, the arrows of the
// transition function T(s, i) labelled with their input symbols, the selected predator's current
// state highlighted, and its transition log (section 3.4.2: logging is what the direct mode lacks).
#pragma once

#include "app/views/pathfinding/predator_world.h"

namespace partlab {

void PredatorFsmWindow(const PredatorWorld& world, int& selected);

}  // namespace partlab
