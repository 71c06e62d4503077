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

// The runs are the rows of a grid whose columns have random widths (2 to 4 units): segment k
// is in row k / run, at column k % run going east on even rows and west on odd ones, so the
// corridor turns through the last segment's north wall.
IndoorLevel MakeCorridorLevel(const CorridorLevelOptions& o) {
  constexpr float kWidth = 2.5f;
  std::mt19937 rng(o.seed);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  const int run = std::max(1, std::min(o.run, o.cells));
  const int rows = (std::max(o.cells, 1) + run - 1) / run;
  std::vector<float> xs{0.0f};
  for (int c = 0; c < run; ++c)
    xs.push_back(xs.back() + std::round((2.0f + 2.0f * unit(rng)) * 4) / 4);
  IndoorLevel level;
  level.name.append("corridor-").append(std::to_string(o.cells));
  std::vector<int> at(size_t(rows) * size_t(run), -1);  // grid slot -> cell
  for (int k = 0; k < std::max(o.cells, 1); ++k) {
    const int r = k / run, c = r % 2 == 0 ? k % run : run - 1 - k % run;
    LevelCell cell;
    cell.name.append("s").append(std::to_string(k));
    cell.ceiling = kCeiling;
    const float z0 = float(r) * kWidth, z1 = z0 + kWidth;
    cell.outline = {{xs[c], z0}, {xs[c + 1], z0}, {xs[c + 1], z1}, {xs[c], z1}};
    at[size_t(r * run + c)] = int(level.cells.size());
    level.cells.push_back(cell);
  }
  auto opening = [&](uint32_t a, uint32_t b, glm::vec2 from, glm::vec2 along, float length,
                     bool door) {
    const float width = door ? kDoorWidth : kWindowWidth;
    const float s = std::round((0.25f + (length - width - 0.5f) * unit(rng)) * 4) / 4;
    LevelPortal p;
    p.cells = {a, b};
    p.a = from + along * s;
    p.b = from + along * (s + width);
    p.bottom = door ? 0.0f : kWindowBottom;
    p.top = door ? kDoorHeight : kWindowTop;
    level.portals.push_back(p);
  };
  for (int k = 0; k + 1 < std::max(o.cells, 1); ++k) {
    const LevelCell& a = level.cells[size_t(k)];
    if ((k + 1) % run == 0)  // the turn: through the north wall
      opening(uint32_t(k), uint32_t(k + 1), a.outline[3], {1, 0}, a.outline[2].x - a.outline[3].x,
              true);
    else {  // along the run: through the wall between the two segments
      const LevelCell& b = level.cells[size_t(k + 1)];
      const float x = std::max(a.outline[0].x, b.outline[0].x);
      opening(uint32_t(k), uint32_t(k + 1), {x, a.outline[0].y}, {0, 1}, kWidth, true);
    }
  }
  for (int r = 0; r + 1 < rows; ++r)  // windows into the next run, not where the corridor turns
    for (int c = 0; c < run; ++c) {
      const int lo = at[size_t(r * run + c)], hi = at[size_t((r + 1) * run + c)];
      const bool turn = lo >= 0 && hi == lo + 1;
      if (lo < 0 || hi < 0 || turn || unit(rng) >= o.window_fraction) continue;
      opening(uint32_t(lo), uint32_t(hi), {xs[c], float(r + 1) * kWidth}, {1, 0}, xs[c + 1] - xs[c],
              false);
    }
  return level;
}

}  // namespace partlab
