// The path-finding problem of section 3.4.1 on a grid: "the terrain map is a mesh of small
// squares", a state is a cell, the operators are the eight moves to the neighbours. Terrain follows
// the Moving AI benchmark format (`.` `G` ground, `S` swamp, `W` water, `@` `O` out of bounds, `T`
// trees), so that the maps path-finding research exchanges load unchanged.
#pragma once

#include <cstdint>
#include <vector>

namespace partlab::ai {

// Which cells a walker may step between: ground to ground (ground includes swamp), water to water,
// nothing into blocked cells. The Moving AI format defines water as "traversable, but not passable
// from terrain", so the two passable kinds never mix.
enum class Terrain : std::uint8_t { kGround, kWater, kBlocked };

Terrain TerrainOfChar(char c);  // kBlocked for '@', 'O', 'T'; callers reject unknown characters
bool IsMapChar(char c);         // one of . G @ O T S W

struct Cell {
  int x = 0;
  int y = 0;
  friend bool operator==(const Cell&, const Cell&) = default;
};

// The eight operators of section 3.4.1, in a fixed order (east first, counter-clockwise) so that
// the search visits neighbours deterministically. The first four are the straight moves.
struct Move {
  int dx;
  int dy;
};
inline constexpr Move kMoves[8] = {{1, 0}, {0, 1},  {-1, 0},  {0, -1},
                                   {1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
inline constexpr double kSqrt2 = 1.4142135623730951;

// Octile distance: the cost of the cheapest 8-neighbour path on an empty grid (straight moves cost
// 1, diagonal ones sqrt 2). Admissible and consistent, so A* with it is optimal (section 3.4.1).
double OctileDistance(Cell a, Cell b);

class GridMap {
 public:
  GridMap() = default;
  GridMap(int width, int height, char fill = '.');

  int width() const { return width_; }
  int height() const { return height_; }
  int CellCount() const { return width_ * height_; }
  bool Inside(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
  int Index(int x, int y) const { return y * width_ + x; }
  Cell CellOf(int index) const { return {index % width_, index / width_}; }

  char CharAt(int x, int y) const { return chars_[Index(x, y)]; }
  Terrain TerrainAt(int x, int y) const { return terrain_[Index(x, y)]; }
  bool Passable(int x, int y) const { return Inside(x, y) && TerrainAt(x, y) != Terrain::kBlocked; }
  // Changes one cell (the obstacle painter); bumps the version so caches know the map moved.
  void Set(int x, int y, char c);
  std::uint32_t version() const { return version_; }

  // One operator's legality: both cells inside and of the same walkable kind; a diagonal move
  // also needs both cells it passes between walkable (no corner cutting, as Moving AI defines).
  bool CanStep(int x, int y, const Move& m) const;

 private:
  int width_ = 0;
  int height_ = 0;
  std::vector<char> chars_;
  std::vector<Terrain> terrain_;
  std::uint32_t version_ = 0;
};

}  // namespace partlab::ai
