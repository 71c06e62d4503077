// Box pruning (Pierre Terdiman, "Box pruning revisited", 2017): the anchor that engine programmers
// measure broad phases against. Nothing is kept between steps: every FindPairs sorts the boxes by
// their minimum X (a radix sort), then sweeps once. For each box, the boxes after it whose minimum
// X is not beyond its maximum X are the candidates; their Y and Z intervals (and X, for the lanes
// past the cut) are compared four at a time, and the lanes that pass become pairs.
//
// It is the one-axis sort-and-sweep of the thesis's comparators (semi-adjusting-bsp.txt, 2.5)
// without its incremental bookkeeping: a from-scratch lower bound for any broad phase that keeps
// state, which is what the semi-adjusting BSP must beat.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/helper_thread.h"
#include "engine/broadphase/radix_sort.h"

namespace partlab {

// The sweep's lane width: the widest the processor runs is chosen at construction (AVX2 when
// __builtin_cpu_supports says so, else SSE2 on x86-64, else scalar); all three give the same
// pairs in the same order, only the lanes tested past the cut differ.
enum class SimdPath { kScalar, kSse2, kAvx2 };
std::string_view SimdPathName(SimdPath path);
bool SimdPathAvailable(SimdPath path);  // compiled in and supported by this processor
SimdPath BestSimdPath();

// The lane width a broad phase sweeps with: the best available, unless a test forces another.
class SimdPathChoice {
 public:
  SimdPath get() const { return path_; }
  // False, and no change, when `path` is not available here.
  bool Set(SimdPath path) {
    if (!SimdPathAvailable(path)) return false;
    path_ = path;
    return true;
  }

 private:
  SimdPath path_ = BestSimdPath();
};

// With threads = 2 (box_pruning_2t in partlab-bench broadphase) the sweep is split at a position
// so that both halves hold about as many candidate tests; a helper thread sweeps the second half
// into a list of its own, appended after the first. The sort stays on one thread. Same pairs as one
// thread, in another order.
class BoxPruning final : public BroadPhase {
 public:
  explicit BoxPruning(int threads = 1) : threads_(threads >= 2 ? 2 : 1) {}
  // Below this many boxes the two-thread variant sweeps on one (a wake-up costs microseconds).
  void SetParallelMinBoxes(size_t n) { parallel_min_boxes_ = n; }
  int threads() const { return threads_; }

  // Forces a lane width (tests compare the three); false, and no change, when not available.
  bool SetSimdPath(SimdPath path) { return path_.Set(path); }
  SimdPath simd_path() const { return path_.get(); }

  std::string_view Name() const override {
    return threads_ == 2 ? "box_pruning_2t" : "box_pruning";
  }
  void Add(BoxId id, const Aabb& box) override;
  void Remove(BoxId id) override;
  void Move(BoxId id, const Aabb& box) override;
  void FindPairs(std::vector<BoxPair>& out) override;
  size_t MemoryBytes() const override;
  uint64_t LastCandidateCount() const override { return last_candidates_; }

 private:
  void SortPresentBoxesByMinX();
  // Sweeps the sorted boxes [begin, end) against every later one; returns the lanes tested.
  uint64_t Sweep(size_t begin, size_t end, std::vector<BoxPair>& out);
  template <typename Lanes>
  uint64_t SweepWith(size_t begin, size_t end, std::vector<BoxPair>& out);
  uint64_t SweepAvx2(size_t begin, size_t end, std::vector<BoxPair>& out);
  size_t BalancedSplit() const;  // the sorted position halving the sweep's estimated work

  // The caller's boxes, indexed by id.
  std::vector<Aabb> boxes_;
  std::vector<uint8_t> present_;

  // Per-step scratch, kept so that a warm step allocates nothing: the sort's keys, then the
  // present boxes in sorted order as structure-of-arrays, followed by sentinels whose minimum X
  // is +infinity so the sweep needs no bounds check.
  std::vector<KeyedIndex> keys_, key_scratch_;
  std::vector<float> min_x_, max_x_, min_y_, max_y_, min_z_, max_z_;
  std::vector<BoxId> sorted_ids_;
  uint64_t last_candidates_ = 0;
  SimdPathChoice path_;

  // Two threads: the helper's share of the sweep and its own pair list (capacity kept).
  int threads_ = 1;
  size_t parallel_min_boxes_ = 2048;
  size_t helper_begin_ = 0;
  std::vector<BoxPair> helper_out_;
  uint64_t helper_candidates_ = 0;
  std::unique_ptr<HelperThread> helper_;  // made at the first parallel sweep
};

}  // namespace partlab
