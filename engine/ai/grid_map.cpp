#include "engine/ai/grid_map.h"

#include <algorithm>
#include <cstdlib>

namespace partlab::ai {

Terrain TerrainOfChar(char c) {
  switch (c) {
    case '.':
    case 'G':
    case 'S':
      return Terrain::kGround;
    case 'W':
      return Terrain::kWater;
    default:
      return Terrain::kBlocked;
  }
}

bool IsMapChar(char c) {
  switch (c) {
    case '.':
    case 'G':
    case '@':
    case 'O':
    case 'T':
    case 'S':
    case 'W':
      return true;
    default:
      return false;
  }
}

double OctileDistance(Cell a, Cell b) {
  const int dx = std::abs(a.x - b.x);
  const int dy = std::abs(a.y - b.y);
  return (dx + dy) + (kSqrt2 - 2.0) * std::min(dx, dy);
}

GridMap::GridMap(int width, int height, char fill)
    : width_(width),
      height_(height),
      chars_(static_cast<size_t>(width) * height, fill),
      terrain_(static_cast<size_t>(width) * height, TerrainOfChar(fill)) {}

void GridMap::Set(int x, int y, char c) {
  if (!Inside(x, y)) return;
  chars_[Index(x, y)] = c;
  terrain_[Index(x, y)] = TerrainOfChar(c);
  ++version_;
}

bool GridMap::CanStep(int x, int y, const Move& m) const {
  const int nx = x + m.dx;
  const int ny = y + m.dy;
  if (!Inside(x, y) || !Inside(nx, ny)) return false;
  const Terrain from = TerrainAt(x, y);
  if (from == Terrain::kBlocked || TerrainAt(nx, ny) != from) return false;
  if (m.dx != 0 && m.dy != 0)
    return TerrainAt(nx, y) == from && TerrainAt(x, ny) == from;  // no corner cutting
  return true;
}

}  // namespace partlab::ai
