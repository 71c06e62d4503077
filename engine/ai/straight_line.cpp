#include "engine/ai/straight_line.h"

#include <cstdlib>

namespace partlab::ai {

bool StraightLineClear(const GridMap& map, Cell a, Cell b, std::vector<Cell>* cells) {
  if (cells) cells->clear();
  if (!map.Passable(a.x, a.y) || !map.Passable(b.x, b.y)) return false;
  const int dx = std::abs(b.x - a.x), dy = std::abs(b.y - a.y);
  const int sx = b.x > a.x ? 1 : -1, sy = b.y > a.y ? 1 : -1;
  const int major = dx > dy ? dx : dy, minor = dx > dy ? dy : dx;
  Cell c = a;
  if (cells) cells->push_back(c);
  // Bresenham on the major axis: the error term decides when the minor axis advances too, and
  // then the step is the diagonal move.
  int error = major / 2;
  for (int i = 0; i < major; ++i) {
    Move m{0, 0};
    if (dx > dy)
      m.dx = sx;
    else
      m.dy = sy;
    error -= minor;
    if (error < 0) {
      error += major;
      if (dx > dy)
        m.dy = sy;
      else
        m.dx = sx;
    }
    if (!map.CanStep(c.x, c.y, m)) return false;
    c = {c.x + m.dx, c.y + m.dy};
    if (cells) cells->push_back(c);
  }
  return true;
}

}  // namespace partlab::ai
