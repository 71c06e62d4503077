#include "engine/visibility/backface_count.h"

#include <glm/geometric.hpp>

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

}  // namespace partlab
