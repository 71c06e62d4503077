// Practice (8) of section 3.4.1: "before firing an A*, check whether a simpler algorithm (a
// straight-line path test) will do — most movements are in a straight line". The line is walked
// cell by cell as Bresenham does, each step a straight or a diagonal move, so a free line is also
// an optimal 8-neighbour path: it has max(dx, dy) steps of which min(dx, dy) are diagonal, exactly
// the octile distance.
#pragma once

#include <vector>

#include "engine/ai/grid_map.h"

namespace partlab::ai {

// True when every step of the line from a to b is a legal move (no blocked cell, no corner cut).
// The cells walked go to `cells` (a and b included) when it is given, up to where the line stops.
bool StraightLineClear(const GridMap& map, Cell a, Cell b, std::vector<Cell>* cells = nullptr);

}  // namespace partlab::ai
