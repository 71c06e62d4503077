#include "engine/broadphase/box_pruning.h"

#include <bit>
#include <limits>

#include "engine/broadphase/float_lanes.h"
#include "engine/broadphase/lane_sweep.h"

namespace partlab {
namespace {
// Sentinels after the sorted boxes: enough for the widest lanes to load past the last box.
constexpr size_t kPadding = 8;
}  // namespace

std::string_view SimdPathName(SimdPath path) {
  switch (path) {
    case SimdPath::kScalar:
      return "scalar";
    case SimdPath::kSse2:
      return "sse2";
    case SimdPath::kAvx2:
      return "avx2";
  }
  return "?";
}

bool SimdPathAvailable(SimdPath path) {
  switch (path) {
    case SimdPath::kScalar:
      return true;
    case SimdPath::kSse2:
#if defined(PARTLAB_HAS_SSE2_LANES)
      return true;
#else
      return false;
#endif
    case SimdPath::kAvx2:
#if defined(PARTLAB_HAS_AVX2_LANES)
      return __builtin_cpu_supports("avx2");
#else
      return false;
#endif
  }
  return false;
}

SimdPath BestSimdPath() {
  for (SimdPath p : {SimdPath::kAvx2, SimdPath::kSse2})
    if (SimdPathAvailable(p)) return p;
  return SimdPath::kScalar;
}

bool BoxPruning::SetSimdPath(SimdPath path) {
  if (!SimdPathAvailable(path)) return false;
  path_ = path;
  return true;
}

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

  const size_t n = keys_.size(), padded = n + kPadding;
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

// The sweep, once for every lane type (float_lanes.h): each box against the boxes after it
// (lane_sweep.h). Always inlined, at every optimisation level: the AVX2 instance must become part
// of WithAvx2Lanes (lane_sweep.h), whose target attribute allows AVX2, so that the 256-bit lanes
// never cross a call into code compiled without it.
template <typename Lanes>
[[gnu::always_inline]] inline void BoxPruning::SweepWith(std::vector<BoxPair>& out) {
  const SweepColumns columns{min_x_.data(), max_x_.data(), min_y_.data(),
                             max_y_.data(), min_z_.data(), max_z_.data()};
  const size_t n = sorted_ids_.size();
  uint64_t candidates = 0;
  for (size_t i = 0; i < n; ++i) {
    candidates += SweepFrom<Lanes>(columns, i, columns, i + 1, n, [&](size_t j) {
      out.push_back(MakePair(sorted_ids_[i], sorted_ids_[j]));
    });
  }
  last_candidates_ = candidates;
}

void BoxPruning::Sweep(std::vector<BoxPair>& out) {
  WithLanes(
      path_, [&]<typename Lanes>() __attribute__((always_inline)) { SweepWith<Lanes>(out); });
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
