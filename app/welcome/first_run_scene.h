// The scene a first start opens on: a partitioner at work, not only a lit model. The Simulation
// view's scene 1 (the thesis's first simulation, 6.2.1: bodies falling on a terrain) with the
// semi-adjusting BSP's planes drawn as they split, move and merge under the falling bodies, with
// kFirstRunBodies bodies instead of the thesis's 4,250: under llvmpipe, in the default 1600x900
// window, the full count costs about 86 ms of process CPU a frame once fallen (two cores: under
// 24 fps), 1,000 about 58 ms (about 34 fps on two idle cores), less than the mesh viewer's dragon
// there (66 ms); the planes are as many (about 50). The flag holds for the first session only.
#pragma once

#include "app/command_line.h"

namespace partlab {

inline constexpr const char* kFirstRunView = "Simulation";
inline constexpr const char* kFirstRunBodies = "1000";  // the Simulation view's --bodies

// True on a first interactive start (no settings.ini yet) whose command line names no view, model
// or lesson: what the user asked for always wins over the showcase, and a scripted (headless) run
// shows what its flags say.
bool StartsOnFirstRunScene(bool first_run, bool headless, const Options& options);

// When StartsOnFirstRunScene: the start then shows kFirstRunView with kFirstRunBodies (as if
// --view and --bodies named them; `start` is what the views are told of the flags), and one line
// on stdout says so. Returns whether it did.
bool ChooseFirstRunScene(bool first_run, bool headless, Options& options, ViewStart& start);

}  // namespace partlab
