// The BSP's parameters in the simulation's settings file (sim.bsp.*) and from the command line
// (--bsp-*): every row of the parameter table (engine/broadphase/sabsp/bsp_param_table.h) read or
// written by its key. A hand-edited value out of range, NaN or not a number comes back clamped or
// as the default, with a note naming the key.
#pragma once

#include <string>

#include "app/param_settings.h"
#include "engine/broadphase/sabsp/bsp_param_table.h"

namespace partlab {

template <typename Source>
void LoadBspParams(const Source& s, BspParams& p, std::string& notes) {
  bsp_params::ForEachRow([&](const auto& row) { LoadRow(s, row, p, notes); });
}

inline void SaveBspParams(Settings& s, const BspParams& p) {
  bsp_params::ForEachRow([&](const auto& row) { SaveRow(s, row, p); });
}

}  // namespace partlab
