// The boxes a broad phase that starts afresh every step holds between its edit calls: each box by
// id and whether it is present. The edit calls of box pruning's grid (grid_box_pruning.h) and of
// box pruning from a kept order (kept_order_box_pruning.h) are this and nothing else. Those that
// stretch fat boxes along the motion also keep each box as it was before its last Move
// (MovingBoxes: cached_box_pruning.h, epoch_box_pruning.h).
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

struct MovingBoxes : PresentBoxes {
  std::vector<Aabb> previous;  // by id: the box before the last Move (an added box: itself)

  void Add(BoxId id, const Aabb& box) {
    PresentBoxes::Add(id, box);
    previous.resize(boxes.size());
    previous[id] = box;
  }
  void Move(BoxId id, const Aabb& box) {
    if (id >= boxes.size()) return;
    previous[id] = boxes[id];
    boxes[id] = box;
  }
  size_t MemoryBytes() const {
    return PresentBoxes::MemoryBytes() + previous.capacity() * sizeof(Aabb);
  }
};

}  // namespace partlab
