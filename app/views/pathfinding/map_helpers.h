// Small GL-free helpers of the Path finding view: the shipped maps, walkable cells, default
// waypoints (practice 9 of section 3.4.1), the predator nearest a cell.
#pragma once

#include <string>
#include <vector>

#include "app/views/pathfinding/predator_world.h"
#include "engine/ai/grid_map.h"

namespace partlab {

std::vector<std::string> ListMaps(const std::string& dir);  // *.map, sorted
ai::Cell NearestWalkable(const ai::GridMap& map, ai::Cell near);
// Walkable cells on a coarse lattice: "key marks of the terrain" to start from; the Waypoint tool
// adds and removes them.
std::vector<ai::Cell> DefaultWaypoints(const ai::GridMap& map);
int NearestPredator(const PredatorWorld& world, ai::Cell cell);  // -1 when none within 3 cells

}  // namespace partlab
