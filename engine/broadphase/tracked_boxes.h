// The per-box table an incremental comparator keeps between frames: each id's latest box, whether
// it is present, and which ids changed since the last Update (the "dirty" list, each id at most
// once). The quadtree and the loose octree (semi-adjusting-bsp.txt, 6.1) both re-index only the
// boxes that were added, moved or removed since the last frame; this class is that shared
// bookkeeping, so each structure keeps only what is its own (where a box is placed).
//
// Ids are dense indices (BroadPhase's contract): the table grows to the largest id added. Remove
// of an id not present and Move of an id beyond the table are ignored (a Move of an absent id
// inside it is kept, as the comparators always did: Update sees it absent and places nothing). A
// removed id stays dirty until consumed, so the structure can unlink it in its Update together with
// the other structural work.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

class TrackedBoxes {
 public:
  // Stores the box and marks the id present and dirty; returns true when the table grew (the
  // caller then grows its own per-box arrays to size()).
  bool Add(BoxId id, const Aabb& box);
  // Marks the id absent and dirty; returns false (and does nothing) if it was not present.
  bool Remove(BoxId id);
  // Stores the new box and marks the id dirty (ignored for an id beyond the table). Inline: it
  // runs for every moving box every frame.
  void Move(BoxId id, const Aabb& box) {
    if (id >= present_.size()) return;  // the byte array: its size is one load, no divide
    boxes_[id] = box;
    MarkDirty(id);
  }
  void MarkDirty(BoxId id) {
    if (!dirty_flag_[id]) {
      dirty_flag_[id] = 1;
      dirty_.push_back(id);
    }
  }

  // Ids changed since the last drain, in the order they first changed.
  std::span<const BoxId> dirty() const { return dirty_; }
  void ClearDirty();
  // Calls visit(id) for each dirty id, clearing it as it goes, then empties the list: one pass,
  // as an Update wants it. visit must not mark ids dirty.
  template <typename Visit>
  void DrainDirty(Visit&& visit) {
    for (BoxId id : dirty_) {
      dirty_flag_[id] = 0;
      visit(id);
    }
    dirty_.clear();
  }

  size_t size() const { return present_.size(); }  // one past the largest id ever added
  size_t live() const { return live_; }            // ids present now
  bool present(BoxId id) const { return id < present_.size() && present_[id]; }
  bool is_dirty(BoxId id) const { return id < dirty_flag_.size() && dirty_flag_[id]; }
  const Aabb& box(BoxId id) const { return boxes_[id]; }
  size_t MemoryBytes() const;

 private:
  std::vector<Aabb> boxes_;
  std::vector<uint8_t> present_, dirty_flag_;
  std::vector<BoxId> dirty_;
  size_t live_ = 0;
};

}  // namespace partlab
