// Boxes of mixed sizes scattered in a cube, for the box-pruning family's tests against brute force.
#pragma once

#include <random>
#include <vector>

#include "engine/geometry/aabb.h"

namespace partlab {

// `n` boxes centred uniformly in [-world, world]^3, each half extent uniform in [0, largest]
// (points included).
inline std::vector<Aabb> RandomBoxes(std::mt19937& rng, size_t n, float world, float largest) {
  std::uniform_real_distribution<float> pos(-world, world), half(0, largest);
  std::vector<Aabb> boxes(n);
  for (Aabb& b : boxes)
    b = Aabb::FromCenterHalf({pos(rng), pos(rng), pos(rng)}, {half(rng), half(rng), half(rng)});
  return boxes;
}

}  // namespace partlab
