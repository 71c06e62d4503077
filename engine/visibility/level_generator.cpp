#include "engine/visibility/level_generator.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <string>

namespace partlab {

namespace {

constexpr float kCeiling = 3.0f;
constexpr float kDoorWidth = 1.0f, kDoorHeight = 2.2f;
constexpr float kWindowWidth = 1.4f, kWindowBottom = 1.0f, kWindowTop = 2.0f;

// Room boundaries along one axis: widths between 3 and 7 units.
std::vector<float> Lines(int count, std::mt19937& rng) {
  std::uniform_real_distribution<float> width(3.0f, 7.0f);
  std::vector<float> at{0.0f};
  for (int i = 0; i < count; ++i) at.push_back(std::round((at.back() + width(rng)) * 4) / 4);
  return at;
}

struct Wall {
  int a, b;       // the two rooms
  bool vertical;  // along z (between columns) or along x (between rows)
  float fixed;    // its x (vertical) or z
  float lo, hi;   // its extent along the other axis
};

int Find(std::vector<int>& parent, int i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

}  // namespace

IndoorLevel MakeGridLevel(const GridLevelOptions& o) {
  std::mt19937 rng(o.seed);
  const std::vector<float> xs = Lines(o.columns, rng), zs = Lines(o.rows, rng);
  IndoorLevel level;
  level.name = "grid-" + std::to_string(o.columns) + "x" + std::to_string(o.rows);
  auto index = [&](int c, int r) { return r * o.columns + c; };
  for (int r = 0; r < o.rows; ++r)
    for (int c = 0; c < o.columns; ++c) {
      LevelCell cell;
      cell.name.append("r").append(std::to_string(r)).append("c").append(std::to_string(c));
      cell.floor = 0.0f;
      cell.ceiling = kCeiling;
      cell.outline = {
          {xs[c], zs[r]}, {xs[c + 1], zs[r]}, {xs[c + 1], zs[r + 1]}, {xs[c], zs[r + 1]}};
      level.cells.push_back(cell);
    }
  std::vector<Wall> walls;
  for (int r = 0; r < o.rows; ++r)
    for (int c = 0; c < o.columns; ++c) {
      if (c + 1 < o.columns)
        walls.push_back({index(c, r), index(c + 1, r), true, xs[c + 1], zs[r], zs[r + 1]});
      if (r + 1 < o.rows)
        walls.push_back({index(c, r), index(c, r + 1), false, zs[r + 1], xs[c], xs[c + 1]});
    }
  std::shuffle(walls.begin(), walls.end(), rng);
  // Kruskal on shuffled walls: a random spanning tree of doors.
  std::vector<int> parent(level.cells.size());
  std::iota(parent.begin(), parent.end(), 0);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (const Wall& w : walls) {
    const bool tree = Find(parent, w.a) != Find(parent, w.b);
    if (tree) parent[Find(parent, w.a)] = Find(parent, w.b);
    const float roll = unit(rng);
    const bool door = tree || roll < o.extra_door_fraction;
    const bool window = !door && roll < o.extra_door_fraction + o.window_fraction;
    if (!door && !window) continue;
    const float width = door ? kDoorWidth : kWindowWidth;
    const float start = w.lo + 0.5f + (w.hi - w.lo - width - 1.0f) * unit(rng);
    const float s = std::round(start * 4) / 4;
    LevelPortal p;
    p.cells = {uint32_t(w.a), uint32_t(w.b)};
    p.a = w.vertical ? glm::vec2(w.fixed, s) : glm::vec2(s, w.fixed);
    p.b = w.vertical ? glm::vec2(w.fixed, s + width) : glm::vec2(s + width, w.fixed);
    p.bottom = door ? 0.0f : kWindowBottom;
    p.top = door ? kDoorHeight : kWindowTop;
    level.portals.push_back(p);
  }
  return level;
}

}  // namespace partlab
