// Every broad phase Partition Lab can build, by name: the UI's selector, the bench's --algo list
// and the simulations' broad-phase parameter all go through here. Only algorithms that
// were built are listed (the ODE and Bullet adapters exist when their Debian packages were found).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

// A new, empty broad phase with default parameters, or nullptr for an unknown (or unbuilt) name.
std::unique_ptr<BroadPhase> MakeBroadPhase(std::string_view name);

// The names MakeBroadPhase accepts, in the order the UI lists them: reference, the thesis's BSP and
// comparators (semi-adjusting-bsp.txt, 6.1), then the real engines.
std::vector<std::string_view> BroadPhaseNames();

// Whether the name is one of the real engines' broad phases (the Bullet and ODE adapters, named
// bullet_* and ode_*): the benches' "best real engine" is the fastest of these.
bool IsRealEngineAdapter(std::string_view name);

// One line for a tooltip or --help ("" for an unknown name).
std::string_view BroadPhaseDescription(std::string_view name);

// Adds a broad phase made at run time (a plugin loaded from a shared library, engine/plugins),
// listed after ours by BroadPhaseNames and made by MakeBroadPhase like every other. Returns "" or
// the problem (an empty name, or a name already taken: ours are never replaced).
using BroadPhaseFactory = std::function<std::unique_ptr<BroadPhase>()>;
std::string RegisterBroadPhase(std::string name, std::string description, BroadPhaseFactory make);

}  // namespace partlab
