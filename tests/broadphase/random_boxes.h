// Boxes of mixed sizes scattered in a cube, and random walkers that come and go, for the
// box-pruning family's tests against brute force.
#pragma once

#include <initializer_list>
#include <random>
#include <vector>

#include "engine/broadphase/broad_phase.h"
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

// One step of random walkers, given to every broad phase in `to`: each present box moves by up
// to `step` on each axis; then a few boxes among the first twentieth are removed and a few
// (re-)added, now and then the same box in one step.
inline void WalkAndChurn(std::mt19937& rng, std::vector<Aabb>& boxes, std::vector<uint8_t>& present,
                         float step, std::initializer_list<BroadPhase*> to) {
  std::uniform_real_distribution<float> nudge(-step, step);
  for (BoxId id = 0; id < boxes.size(); ++id) {
    if (!present[id]) continue;
    const glm::vec3 d{nudge(rng), nudge(rng), nudge(rng)};
    boxes[id] = {boxes[id].min + d, boxes[id].max + d};
    for (BroadPhase* bp : to) bp->Move(id, boxes[id]);
  }
  std::uniform_int_distribution<BoxId> any(0, BoxId(boxes.size() / 20));
  for (int k = 0; k < 4; ++k) {
    const BoxId gone = any(rng), back = any(rng);
    if (present[gone]) {
      for (BroadPhase* bp : to) bp->Remove(gone);
      present[gone] = 0;
    }
    if (!present[back]) {
      for (BroadPhase* bp : to) bp->Add(back, boxes[back]);
      present[back] = 1;
    }
  }
}

}  // namespace partlab
