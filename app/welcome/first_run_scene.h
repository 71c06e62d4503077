// The scene a first start opens on: a partitioner at work, not only a lit model. The Simulation
// view's scene 1 (the thesis's first simulation, 6.2.1: bodies falling on a terrain) with the
// semi-adjusting BSP's planes drawn as they split, move and merge under the falling bodies; its
// frame rate under llvmpipe is one of scripts/frame-rates.sh's cases.
#pragma once

#include "app/command_line.h"

namespace partlab {

inline constexpr const char* kFirstRunView = "Simulation";

// True on a first interactive start (no settings.ini yet) whose command line names no view, model
// or lesson: what the user asked for always wins over the showcase, and a scripted (headless) run
// shows what its flags say.
bool StartsOnFirstRunScene(bool first_run, bool headless, const Options& options);

// When StartsOnFirstRunScene: the start then shows kFirstRunView (as if --view named it), and one
// line on stdout says so. Returns whether it did.
bool ChooseFirstRunScene(bool first_run, bool headless, Options& options);

}  // namespace partlab
