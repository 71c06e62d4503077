// What the Path finding view draws, described through DebugDraw (GL-free, so tests can record it):
// the grid over a ground plane, OPEN and CLOSED of the search in two colours (section 3.4.1), the
// straight-line test and the waypoints as figure 3.14 draws them, the path, and the predators of
// figure 3.15 coloured by their state. The grid lies in the y = 0 plane, one unit per cell,
// centred on the origin.
#pragma once

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <optional>

#include "app/views/pathfinding/predator_world.h"
#include "app/views/pathfinding/search_animation.h"
#include "engine/debug_draw.h"
#include "engine/view/orbit_camera.h"

namespace partlab {

glm::vec3 CellToWorld(const ai::GridMap& map, glm::vec2 cell, float lift = 0.0f);
// The cell a pick ray meets on the ground plane, if it meets the map.
std::optional<ai::Cell> CellUnderRay(const ai::GridMap& map, const PickRay& ray);

Color StateColor(ai::PredatorState s);

struct PathfindingOverlayOptions {
  bool show_search = true;
  bool show_straight_line = true;
  bool show_grid_lines = true;
  bool show_sight = false;  // practice (10): the player's sight radius
  // Figure 3.13: from the node just expanded, h(n) as the straight line to the goal (its g(n) is
  // the path drawn to it).
  bool show_heuristic = false;
  // Figure 3.12: the search tree, each node seen joined to the node it was reached from.
  bool show_search_tree = false;
  int selected_predator = -1;
};

void DrawGridMap(const ai::GridMap& map, bool grid_lines, DebugDraw& draw);
void DrawSearch(const ai::GridMap& map, const SearchAnimation& search,
                const PathfindingOverlayOptions& options, DebugDraw& draw);
void DrawWaypoints(const ai::GridMap& map, const ai::Pathfinder& finder, DebugDraw& draw);
void DrawPredators(const ai::GridMap& map, const PredatorWorld& world,
                   const PathfindingOverlayOptions& options, DebugDraw& draw);

}  // namespace partlab
