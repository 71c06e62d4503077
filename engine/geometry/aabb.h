// Axis-aligned bounding box: the one primitive every partitioner in Partition Lab agrees on.
#pragma once

#include <glm/common.hpp>
#include <glm/vec3.hpp>
#include <limits>

namespace partlab {

struct Aabb {
  glm::vec3 min{std::numeric_limits<float>::max()};
  glm::vec3 max{-std::numeric_limits<float>::max()};

  static Aabb FromCenterHalf(const glm::vec3& c, const glm::vec3& h) { return {c - h, c + h}; }

  // AABBTRC1's convention (../shared/formats.md): min > max on any axis means "absent".
  bool IsEmpty() const { return min.x > max.x || min.y > max.y || min.z > max.z; }
  glm::vec3 Center() const { return (min + max) * 0.5f; }
  glm::vec3 Extent() const { return max - min; }

  void Grow(const glm::vec3& p) {
    min = glm::min(min, p);
    max = glm::max(max, p);
  }
  void Grow(const Aabb& b) {
    min = glm::min(min, b.min);
    max = glm::max(max, b.max);
  }
  bool Contains(const Aabb& b) const {
    return min.x <= b.min.x && min.y <= b.min.y && min.z <= b.min.z && b.max.x <= max.x &&
           b.max.y <= max.y && b.max.z <= max.z;
  }
};

// The exact overlap test shared by every broad phase: closed intervals, so touching counts.
inline bool Overlaps(const Aabb& a, const Aabb& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
         a.min.z <= b.max.z && b.min.z <= a.max.z;
}

}  // namespace partlab
