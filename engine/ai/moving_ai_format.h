// The Moving AI benchmark formats (movingai.com/benchmarks), what path-finding research exchanges:
//   .map   "type octile" / "height H" / "width W" / "map" / H rows of W terrain characters
//   .scen  "version 1" / one scenario a line: bucket map width height sx sy gx gy optimal-length
// Every error is one line "file:line: problem"; the caller keeps what it had (section 3.4.1 maps).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/ai/grid_map.h"
#include "engine/io/load_result.h"

namespace partlab::ai {

struct Scenario {
  int bucket = 0;
  std::string map_name;
  int map_width = 0;
  int map_height = 0;
  Cell start;
  Cell goal;
  double optimal_length = 0.0;
  int line = 0;  // where it came from, for messages about it
};

inline constexpr int kMaxMapSide = 8192;

// `name` is what the messages call the file.
LoadResult<GridMap> ParseMovingAiMap(std::string_view text, const std::string& name);
LoadResult<GridMap> LoadMovingAiMap(const std::string& path);
LoadResult<std::vector<Scenario>> ParseScenarios(std::string_view text, const std::string& name);
LoadResult<std::vector<Scenario>> LoadScenarios(const std::string& path);

// Scenarios that do not fit the map: declared size differs, start or goal outside or blocked, the
// goal unreachable, or an optimal length that is not the map's (CheckScenarios in
// scenario_check.h, which also reports the bucketing). Returns the first problem as
// "scen_name:line: problem" (the scenario file, never the map name written inside it), or "".
std::string CheckScenariosAgainstMap(const std::vector<Scenario>& scenarios, const GridMap& map,
                                     const std::string& scen_name);

std::string FormatMovingAiMap(const GridMap& map);
std::string FormatScenarios(const std::vector<Scenario>& scenarios);

}  // namespace partlab::ai
