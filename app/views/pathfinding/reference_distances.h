// The independent answer a path-finding lesson checks A* against (section 3.4.1): Dijkstra's
// algorithm from the start over the whole map, written from the Moving AI rules themselves
// rather than through the engine's search: eight moves, straight ones cost 1 and diagonal ones
// sqrt 2, never between ground and water, never into a blocked cell, and no corner cutting (a
// diagonal needs both cells it passes between of the mover's own kind). GL-free;
// tests/app/reference_distances_test.cpp checks it against hand-worked maps and Bellman-Ford.
#pragma once

#include <vector>

#include "engine/ai/grid_map.h"

namespace partlab {

// The cheapest path cost from `start` to every cell (indexed as GridMap::Index); +infinity where
// no path leads, everywhere when the start is blocked.
std::vector<double> ReferenceDistances(const ai::GridMap& map, ai::Cell start);

// Whether one move from (x, y) by (dx, dy) is legal under those rules.
bool ReferenceMoveAllowed(const ai::GridMap& map, int x, int y, int dx, int dy);

}  // namespace partlab
