#include "engine/broadphase/box_pruning.h"

#include <bit>
#include <limits>

#include "engine/broadphase/float_lanes.h"

namespace partlab {
namespace {
constexpr size_t kLanes = 4;
}  // namespace

void BoxPruning::Add(BoxId id, const Aabb& box) {
  if (id >= boxes_.size()) {
    boxes_.resize(id + 1);
    present_.resize(id + 1, 0);
  }
  boxes_[id] = box;
  present_[id] = 1;
}

void BoxPruning::Remove(BoxId id) {
  if (id < present_.size()) present_[id] = 0;
}

void BoxPruning::Move(BoxId id, const Aabb& box) {
  if (id < boxes_.size()) boxes_[id] = box;
}

void BoxPruning::SortPresentBoxesByMinX() {
  keys_.clear();
  for (BoxId id = 0; id < boxes_.size(); ++id)
    if (present_[id]) keys_.push_back({SortableFloatBits(boxes_[id].min.x), id});
  RadixSortByKey(keys_, key_scratch_);

  const size_t n = keys_.size(), padded = n + kLanes;
  for (auto* column : {&min_x_, &max_x_, &min_y_, &max_y_, &min_z_, &max_z_})
    column->resize(padded);
  sorted_ids_.resize(n);
  for (size_t k = 0; k < n; ++k) {
    const BoxId id = keys_[k].payload;
    const Aabb& b = boxes_[id];
    sorted_ids_[k] = id;
    min_x_[k] = b.min.x, max_x_[k] = b.max.x;
    min_y_[k] = b.min.y, max_y_[k] = b.max.y;
    min_z_[k] = b.min.z, max_z_[k] = b.max.z;
  }
  // Sentinels: never overlap anything, and stop every box's sweep.
  constexpr float kInf = std::numeric_limits<float>::infinity();
  for (size_t k = n; k < padded; ++k) {
    min_x_[k] = min_y_[k] = min_z_[k] = kInf;
    max_x_[k] = max_y_[k] = max_z_[k] = -kInf;
  }
}

void BoxPruning::Sweep(std::vector<BoxPair>& out) {
  const size_t n = sorted_ids_.size();
  uint64_t candidates = 0;
  for (size_t i = 0; i < n; ++i) {
    const float cut = max_x_[i];
    const FloatLanes4 max_x = FloatLanes4::Splat(cut);
    const FloatLanes4 min_y = FloatLanes4::Splat(min_y_[i]), max_y = FloatLanes4::Splat(max_y_[i]);
    const FloatLanes4 min_z = FloatLanes4::Splat(min_z_[i]), max_z = FloatLanes4::Splat(max_z_[i]);
    // Sorted by minimum X: once a candidate starts past the cut, every later one does too. The
    // j < n test costs one compare per four lanes and keeps an infinite cut inside the arrays.
    for (size_t j = i + 1; j < n && min_x_[j] <= cut; j += kLanes) {
      const unsigned overlap = ((FloatLanes4::Load(&min_x_[j]) <= max_x) &
                                (FloatLanes4::Load(&min_y_[j]) <= max_y) &
                                (min_y <= FloatLanes4::Load(&max_y_[j])) &
                                (FloatLanes4::Load(&min_z_[j]) <= max_z) &
                                (min_z <= FloatLanes4::Load(&max_z_[j])))
                                   .Bits();
      candidates += kLanes;  // every lane tested, including those past the cut
      for (unsigned bits = overlap; bits != 0; bits &= bits - 1)
        out.push_back(MakePair(sorted_ids_[i], sorted_ids_[j + std::countr_zero(bits)]));
    }
  }
  last_candidates_ = candidates;
}

void BoxPruning::FindPairs(std::vector<BoxPair>& out) {
  SortPresentBoxesByMinX();
  Sweep(out);
}

size_t BoxPruning::MemoryBytes() const {
  size_t bytes = boxes_.capacity() * sizeof(Aabb) + present_.capacity() +
                 (keys_.capacity() + key_scratch_.capacity()) * sizeof(KeyedIndex) +
                 sorted_ids_.capacity() * sizeof(BoxId);
  for (const auto* column : {&min_x_, &max_x_, &min_y_, &max_y_, &min_z_, &max_z_})
    bytes += column->capacity() * sizeof(float);
  return bytes;
}

}  // namespace partlab
