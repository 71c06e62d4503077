// A large indoor level for measuring the portal technique (section 3.2.3.4: "por mais extensa que
// seja a área modelada, em cada local onde o observador se encontra apenas um número
// relativamente pequeno de polígonos podem ser vistos"): a grid of rectangular rooms of varied
// sizes, joined by doors (a random spanning tree, so every room is reachable, plus some extra
// doors that make loops) and a few windows. Deterministic for a seed.
#pragma once

#include <cstdint>

#include "engine/visibility/indoor_level.h"

namespace partlab {

struct GridLevelOptions {
  int columns = 20, rows = 20;
  uint32_t seed = 7;
  float extra_door_fraction = 0.25f;  // of the walls between rooms not on the spanning tree
  float window_fraction = 0.1f;       // of the remaining walls between rooms
};

// Cells and portals only: run the result through WriteLevel/ParseLevel (or BuildLevelGeometry)
// for the polygons.
IndoorLevel MakeGridLevel(const GridLevelOptions& options);

}  // namespace partlab
