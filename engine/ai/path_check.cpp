#include "engine/ai/path_check.h"

#include <cstdlib>

#include "engine/text/translatable.h"

namespace partlab::ai {

double PathLength(std::span<const Cell> path) {
  double length = 0;
  for (size_t i = 1; i < path.size(); ++i) {
    const bool diagonal = path[i].x != path[i - 1].x && path[i].y != path[i - 1].y;
    length += diagonal ? kSqrt2 : 1.0;
  }
  return length;
}

PathCheck CheckPath(const GridMap& map, std::span<const Cell> path, Cell start, Cell goal) {
  PathCheck r;
  if (path.empty()) {
    r.problem = LookUpText(N_("empty path"));
    return r;
  }
  if (!(path.front() == start)) {
    r.problem = LookUpText(N_("does not begin at the start"));
    return r;
  }
  if (!(path.back() == goal)) {
    r.problem = LookUpText(N_("does not end at the goal"));
    return r;
  }
  for (size_t i = 1; i < path.size(); ++i) {
    const Move m{path[i].x - path[i - 1].x, path[i].y - path[i - 1].y};
    if (std::abs(m.dx) > 1 || std::abs(m.dy) > 1 || (m.dx == 0 && m.dy == 0) ||
        !map.CanStep(path[i - 1].x, path[i - 1].y, m)) {
      r.problem =
          FormatText(N_("step %zu (%d,%d)->(%d,%d) is not a legal move"), i, int(path[i - 1].x),
                     int(path[i - 1].y), int(path[i].x), int(path[i].y));
      return r;
    }
  }
  r.valid = true;
  r.length = PathLength(path);
  return r;
}

}  // namespace partlab::ai
