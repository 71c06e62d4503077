// The brute force the portal renderer is checked against: a ray against every polygon of the
// level, nearest hit first. No partitioning at all, on purpose.
#pragma once

#include <glm/vec3.hpp>

#include "engine/visibility/indoor_level.h"

namespace partlab {

struct LevelHit {
  int polygon = -1;  // -1: nothing hit
  float t = 0.0f;    // along the (unnormalised) direction
};

// `front_only`: skip polygons seen from behind. An eye in the level sees only fronts (the cells
// are closed, their walls face in; two cells sharing a wall have coplanar faces, one each way).
LevelHit NearestPolygonHit(const IndoorLevel& level, const glm::vec3& origin,
                           const glm::vec3& direction, float t_min, bool front_only = true);

}  // namespace partlab
