// The state diagram of figure 3.15 in an ImGui window: the four states, the arrows of the
// transition function T(s, i) labelled with their input symbols, the selected predator's current
// state highlighted, and its transition log (section 3.4.2: logging is what the direct mode lacks).
#pragma once

#include "app/view.h"
#include "app/views/pathfinding/predator_world.h"

namespace partlab {

// The window: a predator chooser, the diagram and the whole log.
void PredatorFsmWindow(const PredatorWorld& world, int& selected);

// The figure alone, for presenter mode: the same diagram, following the selected predator (or,
// with none selected, the one whose state changed most often), and its last few transitions.
void PredatorFsmFigure(const PredatorWorld& world, int selected, const FigureArea& area);

}  // namespace partlab
