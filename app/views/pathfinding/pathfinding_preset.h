// --preset for the Path finding view (scripted screenshots and smoke tests): comma-separated words,
//   a map: rooms | forest | maze | map=PATH        an algorithm: bfs | dfs | best | astar
//   practices of section 3.4.1: straight | waypoints | partial | lowcutoff
//   half (the search stopped halfway), figure (a request the waypoints answer, figure 3.14c),
//   lua (the scripted FSM of section 3.4.2), macros (the C++ macro FSM), runN (N seconds of
//   predators, clamped to [0, 600]).
// Unknown words are ignored. GL-free, so tests parse it.
#pragma once

#include <string>

#include "engine/ai/pathfinder.h"

namespace partlab {

struct PathfindingPreset {
  std::string map_stem = "partlab_rooms";
  std::string map_path;  // map=PATH: a file of one's own
  ai::PracticeOptions practices;
  bool half = false;
  bool figure = false;
  bool lua = false;
  bool macros = false;
  double run_seconds = 0.0;
};

PathfindingPreset ParsePathfindingPreset(const std::string& text);

}  // namespace partlab
