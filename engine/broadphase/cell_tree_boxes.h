// What the two broad phases that file each box in one node of a complete tree of cells (the
// quadtree and the loose octree of semi-adjusting-bsp.txt, 6.1) share: the boxes with their dirty
// marks (TrackedBoxes), each box's placement, and the nodes' box lists (NodeLists). Add, Remove and
// Move only record the change; each tree moves a box between node lists in its Update, together
// with its other structural work, so the three are written once here and a tree writes only where
// a box goes (its Placement and its Update).
#pragma once

#include <vector>

#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/node_lists.h"
#include "engine/broadphase/tracked_boxes.h"

namespace partlab {

template <typename Placement>
class CellTreeBoxes : public BroadPhase {
 public:
  void Add(BoxId id, const Aabb& box) final {
    if (boxes_.Add(id, box)) {  // a new id beyond the arrays: they grow with it
      placement_.resize(boxes_.size());
      lists_.EnsureBoxes(boxes_.size());
    }
  }
  void Remove(BoxId id) final { boxes_.Remove(id); }  // unlinked in Update
  void Move(BoxId id, const Aabb& box) final { boxes_.Move(id, box); }

 protected:
  TrackedBoxes boxes_;
  std::vector<Placement> placement_;  // indexed by BoxId
  NodeLists lists_;
};

}  // namespace partlab
