// The Simulation view's command-line flags (app/view/view_flags.h): which scene, broad phase and
// trace it starts with, how many bodies and physics steps before the first frame, a second broad
// phase beside the first, a thesis figure (--preset), and every parameter of the semi-adjusting
// BSP (--bsp-*, one per row of bsp_param_table.h, read after the settings file: a flag wins).
#pragma once

#include <string>

#include "app/view/view_flags.h"
#include "engine/params/param.h"
#include "engine/text/translatable.h"

namespace partlab::simulation_view {

inline constexpr Param<int> kBodies{
    "",
    "--bodies",
    N_("Bodies"),
    0,
    {1, 100000, N_("a scene needs one body"), N_("the simulation view's maximum")},
    N_("bodies"),
    N_("Dynamic bodies of the scene (default: the scene's own count).")};

void AddSimulationFlags(ViewFlagDefs& defs);

// The flags as the view reads them when it is built ("" and 0: not given). The --bsp-* rows stay
// in the store, read over the settings file in SimulationView::Start.
struct SimFlags {
  std::string scene;   // --scene N|KEY
  std::string algo;    // --algo NAME (a broad phase from the registry)
  int steps = 0;       // --steps N
  int bodies = 0;      // --bodies N: dynamic bodies of the scene (0: the scene's own count)
  std::string trace;   // --trace FILE (an AABBTRC1 trace: opens the replay viewer on it)
  std::string beside;  // --beside NAME: a second broad phase in a right-hand viewport
  std::string preset;  // --preset KEY: a figure of the thesis (bsp_figures.h)
};
SimFlags ReadSimFlags(const ViewFlagValues& flags);

}  // namespace partlab::simulation_view
