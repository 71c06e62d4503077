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

// A long corridor for measuring what a large level costs the PVS (section 3.2.3.4: "O cálculo de
// construção da PVS costuma ser caro, dependendo especialmente da precisão que se deseja obter e
// do número de células do cenário"): `cells` segments of corridor 2.5 wide, in runs of `run`
// that turn back at alternate ends (a serpentine). Consecutive segments are joined by a door 1
// wide at a random place across the corridor, so sight along a run reaches a few segments and
// is cut where the doors zigzag; a few windows look into the next run. Deterministic for a seed.
struct CorridorLevelOptions {
  int cells = 3000;
  int run = 60;  // segments per run before the corridor turns
  uint32_t seed = 5;
  float window_fraction = 0.02f;  // of the walls between runs
};
IndoorLevel MakeCorridorLevel(const CorridorLevelOptions& options);

}  // namespace partlab
