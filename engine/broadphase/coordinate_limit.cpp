#include "engine/broadphase/coordinate_limit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace partlab {

float LargestCoordinate(std::span<const Aabb> boxes) {
  float largest = 0.0f;
  for (const Aabb& b : boxes) {
    if (b.IsEmpty()) continue;
    for (int a = 0; a < 3; ++a)
      largest = std::max({largest, std::fabs(b.min[a]), std::fabs(b.max[a])});
  }
  return largest;
}

std::string CoordinateLimitProblem(std::string_view algorithm, const CoordinateLimit& limit,
                                   float largest) {
  if (largest <= limit.largest) return {};
  char numbers[96];
  std::snprintf(numbers, sizeof numbers, "+-%.3g", double(limit.largest));
  char reach[48];
  std::snprintf(reach, sizeof reach, "%.3g", double(largest));
  return std::string(algorithm) + " accepts coordinates within " + numbers + " (" +
         std::string(limit.why) + "); this input reaches " + reach;
}

Aabb ClampedToLimit(const Aabb& box, float largest) {
  if (box.IsEmpty()) return box;
  const glm::vec3 lo(-largest), hi(largest);
  return {glm::clamp(box.min, lo, hi), glm::clamp(box.max, lo, hi)};
}

}  // namespace partlab
