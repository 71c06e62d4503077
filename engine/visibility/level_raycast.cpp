#include "engine/visibility/level_raycast.h"

#include <glm/geometric.hpp>

namespace partlab {

// Each convex polygon: its plane hit, then the hit inside every edge (same side as the normal).
LevelHit NearestPolygonHit(const IndoorLevel& level, const glm::vec3& origin,
                           const glm::vec3& direction, float t_min, bool front_only) {
  LevelHit best;
  for (size_t p = 0; p < level.polygons.size(); ++p) {
    const auto v = level.PolygonVertices(p);
    const glm::vec3 n = glm::cross(v[1] - v[0], v[2] - v[0]);
    const float denom = glm::dot(n, direction);
    if (denom == 0.0f || (front_only && denom > 0.0f)) continue;
    const float t = glm::dot(n, v[0] - origin) / denom;
    if (t < t_min || (best.polygon >= 0 && t >= best.t)) continue;
    const glm::vec3 x = origin + direction * t;
    bool inside = true;
    for (size_t i = 0; i < v.size() && inside; ++i)
      inside = glm::dot(glm::cross(v[(i + 1) % v.size()] - v[i], x - v[i]), n) >= 0.0f;
    if (inside) best = {int(p), t};
  }
  return best;
}

}  // namespace partlab
