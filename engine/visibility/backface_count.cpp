#include "engine/visibility/backface_count.h"

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

namespace partlab {

// Section 3.2.3.1, the application-stage variant: the vector from a vertex to the observer
// against the face normal.
size_t CountBackfaces(std::span<const glm::vec3> positions, std::span<const uint32_t> indices,
                      const glm::vec3& eye, std::span<uint8_t> culled) {
  size_t count = 0;
  const size_t triangles = indices.size() / 3;
  for (size_t t = 0; t < triangles; ++t) {
    const glm::vec3& v0 = positions[indices[3 * t]];
    const glm::vec3 normal =
        glm::cross(positions[indices[3 * t + 1]] - v0, positions[indices[3 * t + 2]] - v0);
    const bool away = glm::dot(normal, eye - v0) < 0.0f;  // angle > 90°
    culled[t] = away ? 1 : 0;
    count += away;
  }
  return count;
}

size_t CountBackfacesProjected(std::span<const glm::vec3> positions,
                               std::span<const uint32_t> indices, const glm::mat4& view_projection,
                               std::span<uint8_t> culled) {
  size_t count = 0;
  const size_t triangles = indices.size() / 3;
  for (size_t t = 0; t < triangles; ++t) {
    glm::dvec3 h[3];  // (x, y, w) in clip space
    for (int k = 0; k < 3; ++k) {
      const glm::vec4 c = view_projection * glm::vec4(positions[indices[3 * t + k]], 1.0f);
      h[k] = {c.x, c.y, c.w};
    }
    const double det = glm::dot(h[0], glm::cross(h[1], h[2]));
    const bool away = det < 0.0;  // clockwise on the screen
    culled[t] = away ? 1 : 0;
    count += away;
  }
  return count;
}

}  // namespace partlab
