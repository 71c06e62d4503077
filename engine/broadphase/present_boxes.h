// The boxes a broad phase that starts afresh every step holds between its edit calls: each box by
// id and whether it is present. The edit calls of box pruning's grid (grid_box_pruning.h) and of
// box pruning from a kept order (kept_order_box_pruning.h) are this and nothing else.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

struct PresentBoxes {
  std::vector<Aabb> boxes;  // by id; a removed box's last value stays until it is added again
  std::vector<uint8_t> present;

  size_t id_capacity() const { return boxes.size(); }
  void Add(BoxId id, const Aabb& box) {
    if (id >= boxes.size()) {
      boxes.resize(id + 1);
      present.resize(id + 1, 0);
    }
    boxes[id] = box;
    present[id] = 1;
  }
  void Remove(BoxId id) {
    if (id < present.size()) present[id] = 0;
  }
  void Move(BoxId id, const Aabb& box) {
    if (id < boxes.size()) boxes[id] = box;
  }
  size_t MemoryBytes() const { return boxes.capacity() * sizeof(Aabb) + present.capacity(); }
};

}  // namespace partlab
