#include "app/views/pathfinding/map_helpers.h"

#include <algorithm>
#include <filesystem>
#include <glm/geometric.hpp>

#include "engine/ai/pathfinder.h"

namespace partlab {

std::vector<std::string> ListMaps(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().extension() == ".map") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

ai::Cell NearestWalkable(const ai::GridMap& map, ai::Cell near) {
  const int limit = std::max(map.width(), map.height());
  for (int r = 0; r < limit; ++r)
    for (int dy = -r; dy <= r; ++dy)
      for (int dx = -r; dx <= r; ++dx) {
        if (std::max(std::abs(dx), std::abs(dy)) != r) continue;
        const int x = near.x + dx, y = near.y + dy;
        if (map.Inside(x, y) && map.TerrainAt(x, y) == ai::Terrain::kGround) return {x, y};
      }
  return near;
}

std::vector<ai::Cell> DefaultWaypoints(const ai::GridMap& map) {
  const int step = std::max(8, std::max(map.width(), map.height()) / 6);
  std::vector<ai::Cell> out;
  for (int y = step / 2; y < map.height(); y += step)
    for (int x = step / 2; x < map.width(); x += step)
      if (map.TerrainAt(x, y) == ai::Terrain::kGround && out.size() < ai::Pathfinder::kMaxWaypoints)
        out.push_back({x, y});
  return out;
}

int NearestPredator(const PredatorWorld& world, ai::Cell cell) {
  int best = -1;
  float best_d = 3.0f;
  for (const Predator& p : world.predators()) {
    const float d = glm::length(p.position - glm::vec2(cell.x, cell.y));
    if (p.alive && d < best_d) {
      best_d = d;
      best = p.id;
    }
  }
  return best;
}

}  // namespace partlab
