// Boxes hanging from the nodes of a complete tree (quadtree, loose octree): one intrusive doubly
// linked list per node, threaded through flat per-box arrays, so moving a box between nodes is
// O(1) and costs no allocation, however many nodes the tree has.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

class NodeLists {
 public:
  static constexpr int32_t kNone = -1;

  void ResetNodes(size_t node_count) { head_.assign(node_count, kNone); }
  void EnsureBoxes(size_t box_count) {
    if (next_.size() < box_count) {
      next_.resize(box_count, kNone);
      prev_.resize(box_count, kNone);
    }
  }
  void Link(BoxId id, uint32_t node) {
    const int32_t h = head_[node];
    next_[id] = h;
    prev_[id] = kNone;
    if (h != kNone) prev_[h] = int32_t(id);
    head_[node] = int32_t(id);
  }
  void Unlink(BoxId id, uint32_t node) {
    if (prev_[id] != kNone)
      next_[prev_[id]] = next_[id];
    else
      head_[node] = next_[id];
    if (next_[id] != kNone) prev_[next_[id]] = prev_[id];
  }
  int32_t Head(uint32_t node) const { return head_[node]; }
  int32_t Next(BoxId id) const { return next_[id]; }
  size_t node_count() const { return head_.size(); }
  size_t MemoryBytes() const {
    return (head_.capacity() + next_.capacity() + prev_.capacity()) * sizeof(int32_t);
  }

 private:
  std::vector<int32_t> head_;         // per node: first box, or kNone
  std::vector<int32_t> next_, prev_;  // per box
};

}  // namespace partlab
