// The brute force a portal lesson checks the portal renderer against (section 3.2.3.4): rays from
// the eye through a grid of points on the screen, each against every polygon of the level
// (NearestPolygonHit), and the cell of the nearest polygon hit. A cell a ray sees is visible for
// certain, so the portal renderer, which may keep more than is seen but never less, must have
// visited it. No portals, no PVS: the level's polygons only.
#pragma once

#include <cstdint>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <vector>

#include "engine/visibility/indoor_level.h"

namespace partlab {

// One byte per cell: 1 when a ray through one of `columns` x `rows` screen points (cell centres
// of a grid over the whole screen) hits a polygon of that cell first.
std::vector<uint8_t> CellsSeenByRays(const IndoorLevel& level, const glm::mat4& view_projection,
                                     const glm::vec3& eye, int columns, int rows);

}  // namespace partlab
