// Checks a path as the benchmark and the tests need: every step a legal 8-neighbour move between
// walkable cells with no corner cut, from the start to the goal; its length the sum of the steps
// (1 straight, sqrt 2 diagonal), as the Moving AI scenarios measure optimal lengths.
#pragma once

#include <span>
#include <string>

#include "engine/ai/grid_map.h"

namespace partlab::ai {

struct PathCheck {
  bool valid = false;
  double length = 0.0;
  std::string problem;  // empty when valid
};

PathCheck CheckPath(const GridMap& map, std::span<const Cell> path, Cell start, Cell goal);
double PathLength(std::span<const Cell> path);

}  // namespace partlab::ai
