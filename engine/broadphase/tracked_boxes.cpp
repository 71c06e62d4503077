#include "engine/broadphase/tracked_boxes.h"

namespace partlab {

bool TrackedBoxes::Add(BoxId id, const Aabb& box) {
  const bool grew = id >= present_.size();
  if (grew) {
    boxes_.resize(id + 1);
    present_.resize(id + 1, 0);
    dirty_flag_.resize(id + 1, 0);
  }
  boxes_[id] = box;
  if (!present_[id]) ++live_;
  present_[id] = 1;
  MarkDirty(id);
  return grew;
}

bool TrackedBoxes::Remove(BoxId id) {
  if (!present(id)) return false;
  present_[id] = 0;
  --live_;
  MarkDirty(id);
  return true;
}

void TrackedBoxes::ClearDirty() {
  for (BoxId id : dirty_) dirty_flag_[id] = 0;
  dirty_.clear();
}

size_t TrackedBoxes::MemoryBytes() const {
  return boxes_.capacity() * sizeof(Aabb) + present_.capacity() + dirty_flag_.capacity() +
         dirty_.capacity() * sizeof(BoxId);
}

}  // namespace partlab
