// Maps for the path-finding tests: the same rows feed the engine's GridMap and the reference.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "engine/ai/grid_map.h"
#include "engine/ai/grid_search.h"
#include "tests/ai/reference_dijkstra.h"

namespace partlab::ai::testing {

inline SearchOptions Using(Queueing q, bool close_blocked_at_once = false) {
  SearchOptions o;
  o.queueing = q;
  o.close_blocked_at_once = close_blocked_at_once;
  return o;
}

inline GridMap MapFromRows(const std::vector<std::string>& rows) {
  GridMap map(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()));
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x) map.Set(x, y, rows[y][x]);
  return map;
}

inline CharGrid GridFromRows(const std::vector<std::string>& rows) {
  return {static_cast<int>(rows[0].size()), static_cast<int>(rows.size()), rows};
}

// Random terrain: mostly ground, `density` of it trees or out-of-bounds, some swamp and a pond.
inline std::vector<std::string> RandomRows(int w, int h, double density, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<std::string> rows(h, std::string(w, '.'));
  for (auto& row : rows)
    for (char& c : row) {
      const double r = u(rng);
      c = r < density * 0.5 ? 'T' : r < density ? '@' : r < density + 0.05 ? 'S' : '.';
    }
  const int px = static_cast<int>(u(rng) * w), py = static_cast<int>(u(rng) * h);
  for (int y = py; y < std::min(h, py + 3); ++y)
    for (int x = px; x < std::min(w, px + 4); ++x) rows[y][x] = 'W';
  rows[0][0] = rows[0][w - 1] = rows[h - 1][0] = rows[h - 1][w - 1] = '.';  // corners walkable
  return rows;
}

}  // namespace partlab::ai::testing
