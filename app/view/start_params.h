// --steps: how far a stepping view runs before its first frame (for headless screenshots). Its row
// is the base's, since every view with a simulation to step reads it the same way (the Simulation
// and Dynamics views declare the flag; app/view/view_flags_cli.h lists it once).
#pragma once

#include "engine/params/param.h"
#include "engine/text/translatable.h"

namespace partlab::view_params {

inline constexpr Param<int> kSteps{
    "",
    "--steps",
    N_("Steps"),
    0,
    {0, 100000, "", N_("the most steps run before the first frame")},
    N_("steps"),
    N_("Physics steps run before the first frame (for headless screenshots).")};

}  // namespace partlab::view_params
