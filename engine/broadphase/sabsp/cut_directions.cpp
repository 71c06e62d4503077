#include "engine/broadphase/sabsp/cut_directions.h"

#include <cmath>
#include <cstdint>
#include <glm/geometric.hpp>

namespace partlab {

CutDirections ThirteenCutDirections() {
  const glm::vec3 raw[kCutDirectionCount] = {
      {1, 0, 0}, {0, 1, 0},  {0, 0, 1},                                      // axes
      {1, 1, 0}, {1, -1, 0}, {1, 0, 1},  {1, 0, -1}, {0, 1, 1}, {0, 1, -1},  // face diagonals
      {1, 1, 1}, {1, 1, -1}, {1, -1, 1}, {-1, 1, 1},                         // body diagonals
  };
  CutDirections dirs;
  for (int i = 0; i < kCutDirectionCount; ++i) dirs[i] = glm::normalize(raw[i]);
  return dirs;
}

CutDirections RelaxByPointRepulsion(const CutDirections& dirs, int iterations, float step) {
  // The 13 lines are an equilibrium by symmetry (the forces cancel), so a small deterministic
  // jitter lets the repulsion find a more even, less symmetric spread.
  CutDirections p = dirs;
  uint32_t seed = 12345;
  auto jitter = [&seed] {
    seed = seed * 1664525u + 1013904223u;
    return (float(seed >> 8) / float(1u << 24) - 0.5f) * 0.05f;
  };
  for (glm::vec3& d : p) d = glm::normalize(d + glm::vec3(jitter(), jitter(), jitter()));
  for (int it = 0; it < iterations; ++it) {
    CutDirections next = p;
    for (int i = 0; i < kCutDirectionCount; ++i) {
      glm::vec3 force(0.0f);
      for (int j = 0; j < kCutDirectionCount; ++j) {
        if (j == i) continue;
        for (float sign : {1.0f, -1.0f}) {  // the direction and its antipode both repel
          const glm::vec3 d = p[i] - sign * p[j];
          const float r2 = glm::dot(d, d);
          if (r2 > 1e-12f) force += d / (r2 * std::sqrt(r2));
        }
      }
      force -= glm::dot(force, p[i]) * p[i];  // keep the tangential part
      next[i] = glm::normalize(p[i] + step * force / float(kCutDirectionCount));
    }
    p = next;
  }
  return p;
}

}  // namespace partlab
