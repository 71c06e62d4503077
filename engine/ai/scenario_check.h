// Conformance of a Moving AI scenario file to its map (movingai.com/benchmarks): each scenario's
// map size, start and goal fit the map; its optimal length is the map's shortest octile path
// (straight moves 1, diagonal √2, no corner cutting, ground and water apart: GridMap::CanStep) to
// the format's precision (lengths are written with 8 decimals); and its bucket follows the
// benchmark's convention, bucket = floor(optimal length / 4). A file that buckets otherwise is
// reported, not refused: its buckets are used as written.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/ai/grid_map.h"
#include "engine/ai/moving_ai_format.h"

namespace partlab::ai {

// 8 decimals round to ±0.5e-8; the reference sum's own error is far below.
inline constexpr double kScenarioLengthTolerance = 1e-8;

struct ScenarioCheck {
  // The first scenario that does not fit or whose optimal length is wrong, as
  // "scen_name:line: problem"; empty when every scenario conforms.
  std::string error;
  // Buckets: how many scenarios follow floor(length / 4), and the first that does not.
  int buckets_by_length = 0;
  int buckets_otherwise = 0;
  std::string bucket_note;  // "scen_name:line: bucket B, floor(L / 4) is F; ...", or empty
};

// The length of the shortest legal path from `start` to `goal` (A* with the octile heuristic,
// which is consistent, so the first time the goal leaves OPEN its cost is optimal); -1 if none.
// Keeps its arrays between calls and resets only the cells a search touched, so checking
// thousands of scenarios on a large map costs the searches, not thousands of map-sized clears.
class OctileReference {
 public:
  double Length(const GridMap& map, Cell start, Cell goal);

 private:
  std::vector<double> g_;
  std::vector<int> touched_;
  std::vector<std::pair<double, int>> heap_;
};
double ShortestOctileLength(const GridMap& map, Cell start, Cell goal);

// Checks every scenario; `scen_name` is the file the user gave (every message names it).
ScenarioCheck CheckScenarios(const std::vector<Scenario>& scenarios, const GridMap& map,
                             const std::string& scen_name);

}  // namespace partlab::ai
