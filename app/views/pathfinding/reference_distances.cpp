#include "app/views/pathfinding/reference_distances.h"

#include <functional>
#include <limits>
#include <queue>
#include <utility>

namespace partlab {

bool ReferenceMoveAllowed(const ai::GridMap& map, int x, int y, int dx, int dy) {
  const int nx = x + dx, ny = y + dy;
  if (!map.Passable(x, y) || !map.Passable(nx, ny)) return false;
  const ai::Terrain kind = map.TerrainAt(x, y);
  if (map.TerrainAt(nx, ny) != kind) return false;
  if (dx == 0 || dy == 0) return true;
  // The two cells the diagonal squeezes between.
  return map.Passable(nx, y) && map.TerrainAt(nx, y) == kind && map.Passable(x, ny) &&
         map.TerrainAt(x, ny) == kind;
}

std::vector<double> ReferenceDistances(const ai::GridMap& map, ai::Cell start) {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  std::vector<double> distance(size_t(map.CellCount()), kInfinity);
  if (!map.Passable(start.x, start.y)) return distance;
  using Entry = std::pair<double, int>;  // (distance, cell index), nearest on top
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
  distance[size_t(map.Index(start.x, start.y))] = 0.0;
  queue.push({0.0, map.Index(start.x, start.y)});
  while (!queue.empty()) {
    const auto [d, index] = queue.top();
    queue.pop();
    if (d > distance[size_t(index)]) continue;  // a stale entry: the cell was settled cheaper
    const ai::Cell c = map.CellOf(index);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        if ((dx == 0 && dy == 0) || !ReferenceMoveAllowed(map, c.x, c.y, dx, dy)) continue;
        const double step = (dx != 0 && dy != 0) ? ai::kSqrt2 : 1.0;
        const int next = map.Index(c.x + dx, c.y + dy);
        if (d + step < distance[size_t(next)]) {
          distance[size_t(next)] = d + step;
          queue.push({d + step, next});
        }
      }
  }
  return distance;
}

}  // namespace partlab
