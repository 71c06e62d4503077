// A scripted walk through an indoor level: from one cell to the cell farthest from it (in doors
// crossed), through the middle of each door, at eye height. The bench measures the culling
// techniques frame by frame along it, and the Portals view can play it.
#pragma once

#include <glm/vec3.hpp>
#include <vector>

#include "engine/visibility/indoor_level.h"

namespace partlab {

struct LevelWalk {
  std::vector<glm::vec3> points;  // the polyline: cell centres and door middles
  std::vector<float> length_at;   // arc length at each point
  float length = 0.0f;
};

// Only doors (openings from the floor up past the eye) are walked through; `eye_height` above
// each cell's floor.
LevelWalk WalkFromCell(const IndoorLevel& level, uint32_t start, float eye_height = 1.6f);

// The eye at arc length s (clamped) and the point it looks at, `look_ahead` further on.
void WalkPose(const LevelWalk& walk, float s, float look_ahead, glm::vec3* eye, glm::vec3* target);

}  // namespace partlab
