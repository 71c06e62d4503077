#include "app/views/pathfinding/pathfinding_preset.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace partlab {

PathfindingPreset ParsePathfindingPreset(const std::string& text) {
  PathfindingPreset p;
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t comma = std::min(text.find(',', pos), text.size());
    const std::string w = text.substr(pos, comma - pos);
    pos = comma + 1;
    ai::PracticeOptions& o = p.practices;
    if (w == "rooms" || w == "forest" || w == "maze") p.map_stem = "partlab_" + w;
    if (w.rfind("map=", 0) == 0) p.map_path = w.substr(4);
    if (w == "bfs") o.search.queueing = ai::Queueing::kBreadthFirst;
    if (w == "dfs") o.search.queueing = ai::Queueing::kDepthFirst;
    if (w == "best") o.search.queueing = ai::Queueing::kBestFirst;
    if (w == "astar") o.search.queueing = ai::Queueing::kAStar;
    if (w == "straight") o.straight_line_first = true;
    if (w == "waypoints") o.waypoints = true;
    if (w == "partial") {  // (5) with a low iteration cutoff (2)
      o.partial_paths = true;
      o.search.cutoffs.max_expansions = 300;
    }
    if (w == "lowcutoff") o.low_start_cutoff = true;
    if (w == "half") p.half = true;
    if (w == "figure") p.figure = true;
    if (w == "lua") p.lua = true;
    if (w == "macros") p.macros = true;
    if (w.rfind("run", 0) == 0) {
      const double s = std::atof(w.c_str() + 3);
      p.run_seconds = std::isfinite(s) ? std::clamp(s, 0.0, 600.0) : 0.0;  // NaN never passes
    }
  }
  return p;
}

}  // namespace partlab
