#include "engine/broadphase/box_pruning.h"

#include <algorithm>
#include <bit>
#include <limits>

#include "engine/broadphase/float_lanes.h"

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

// The sweep, once for every lane type (float_lanes.h). Always inlined, at every optimisation
// level: the AVX2 instance must become part of SweepAvx2, whose target attribute allows AVX2, so
// that the 256-bit lanes never cross a call into code compiled without it.
template <typename Lanes>
[[gnu::always_inline]] inline uint64_t BoxPruning::SweepWith(size_t begin, size_t end,
                                                             std::vector<BoxPair>& out) {
  constexpr size_t kLanes = Lanes::kWidth;
  const size_t n = sorted_ids_.size();
  uint64_t candidates = 0;
  for (size_t i = begin; i < end; ++i) {
    const float cut = max_x_[i];
    const Lanes max_x = Lanes::Splat(cut);
    const Lanes min_y = Lanes::Splat(min_y_[i]), max_y = Lanes::Splat(max_y_[i]);
    const Lanes min_z = Lanes::Splat(min_z_[i]), max_z = Lanes::Splat(max_z_[i]);
    // Sorted by minimum X: once a candidate starts past the cut, every later one does too. The
    // j < n test costs one compare per group of lanes and keeps an infinite cut inside the arrays.
    for (size_t j = i + 1; j < n && min_x_[j] <= cut; j += kLanes) {
      const unsigned overlap =
          ((Lanes::Load(&min_x_[j]) <= max_x) & (Lanes::Load(&min_y_[j]) <= max_y) &
           (min_y <= Lanes::Load(&max_y_[j])) & (Lanes::Load(&min_z_[j]) <= max_z) &
           (min_z <= Lanes::Load(&max_z_[j])))
              .Bits();
      candidates += kLanes;  // every lane tested, including those past the cut
      for (unsigned bits = overlap; bits != 0; bits &= bits - 1)
        out.push_back(MakePair(sorted_ids_[i], sorted_ids_[j + std::countr_zero(bits)]));
    }
  }
  return candidates;
}

#if defined(PARTLAB_HAS_AVX2_LANES)
[[gnu::target("avx2")]] uint64_t BoxPruning::SweepAvx2(size_t begin, size_t end,
                                                       std::vector<BoxPair>& out) {
  return SweepWith<FloatLanes8>(begin, end, out);
}
#else
uint64_t BoxPruning::SweepAvx2(size_t begin, size_t end, std::vector<BoxPair>& out) {
  return SweepWith<FloatLanes4>(begin, end, out);  // never chosen: no AVX2 lanes compiled
}
#endif

uint64_t BoxPruning::Sweep(size_t begin, size_t end, std::vector<BoxPair>& out) {
  switch (path_.get()) {
    case SimdPath::kAvx2:
      return SweepAvx2(begin, end, out);
    case SimdPath::kSse2:
      return SweepWith<FloatLanes4>(begin, end, out);
    case SimdPath::kScalar:
      return SweepWith<ScalarLanes4>(begin, end, out);
  }
  return 0;
}

// Box i's sweep tests the boxes after it up to the first whose minimum X passes its maximum X: a
// binary search gives that count. Sampled every 64th box, the running total's midpoint splits the
// work in two about evenly, for a few hundred searches.
size_t BoxPruning::BalancedSplit() const {
  const size_t n = sorted_ids_.size();
  constexpr size_t kStride = 64;
  const size_t samples = (n + kStride - 1) / kStride;
  uint64_t total = 0;
  auto work = [&](size_t i) {
    const auto first = min_x_.begin() + std::ptrdiff_t(i + 1),
               last = min_x_.begin() + std::ptrdiff_t(n);
    return uint64_t(std::upper_bound(first, last, max_x_[i]) - first) + 1;
  };
  for (size_t s = 0; s < samples; ++s) total += work(s * kStride);
  uint64_t sum = 0;
  for (size_t s = 0; s < samples; ++s) {
    sum += work(s * kStride);
    if (2 * sum >= total) return std::min(n, (s + 1) * kStride);
  }
  return n;
}

void BoxPruning::FindPairs(std::vector<BoxPair>& out) {
  SortPresentBoxesByMinX();
  const size_t n = sorted_ids_.size();
  if (threads_ < 2 || n < std::max<size_t>(parallel_min_boxes_, 2)) {
    last_candidates_ = Sweep(0, n, out);
    return;
  }
  if (!helper_)
    helper_ = std::make_unique<HelperThread>([this] {
      helper_out_.clear();
      helper_candidates_ = Sweep(helper_begin_, sorted_ids_.size(), helper_out_);
    });
  helper_begin_ = BalancedSplit();
  helper_->Start();
  last_candidates_ = Sweep(0, helper_begin_, out);
  helper_->Wait();
  last_candidates_ += helper_candidates_;
  out.insert(out.end(), helper_out_.begin(), helper_out_.end());
}

size_t BoxPruning::MemoryBytes() const {
  size_t bytes = boxes_.capacity() * sizeof(Aabb) + present_.capacity() +
                 (keys_.capacity() + key_scratch_.capacity()) * sizeof(KeyedIndex) +
                 (sorted_ids_.capacity()) * sizeof(BoxId) +
                 helper_out_.capacity() * sizeof(BoxPair);
  for (const auto* column : {&min_x_, &max_x_, &min_y_, &max_y_, &min_z_, &max_z_})
    bytes += column->capacity() * sizeof(float);
  return bytes;
}

}  // namespace partlab
