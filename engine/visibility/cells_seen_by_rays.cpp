#include "engine/visibility/cells_seen_by_rays.h"

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include "engine/visibility/level_raycast.h"

namespace partlab {

std::vector<uint8_t> CellsSeenByRays(const IndoorLevel& level, const glm::mat4& view_projection,
                                     const glm::vec3& eye, int columns, int rows) {
  std::vector<uint8_t> seen(level.cells.size(), 0);
  const glm::mat4 clip_to_world = glm::inverse(view_projection);
  for (int row = 0; row < rows; ++row)
    for (int column = 0; column < columns; ++column) {
      // The screen point in normalised device coordinates, on the far plane (z = 1).
      const float x = -1.0f + 2.0f * (float(column) + 0.5f) / float(columns);
      const float y = -1.0f + 2.0f * (float(row) + 0.5f) / float(rows);
      const glm::vec4 far = clip_to_world * glm::vec4(x, y, 1.0f, 1.0f);
      const glm::vec3 direction = glm::vec3(far) / far.w - eye;
      const LevelHit hit = NearestPolygonHit(level, eye, direction, 0.0f);
      if (hit.polygon >= 0) seen[level.polygons[size_t(hit.polygon)].cell] = 1;
    }
  return seen;
}

}  // namespace partlab
