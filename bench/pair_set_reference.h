// The reference a broad-phase bench checks every algorithm against, frame by frame.
//
// The reference's pairs of each frame are kept as the exact set (a sorted vector of (min, max) id
// pairs) while they fit in the memory budget; a frame past the budget keeps only its pair count
// and an order-independent checksum (frame_driver.h), and says so. An algorithm's frame is then
// compared element by element with the stored set: equal, or one line saying which pairs are
// missing and which are extra. A bench that finds a difference names the algorithm, the scene and
// the frame and exits 1 (MismatchLine).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab::bench {

class PairSetReference {
 public:
  // 1 GiB of stored pairs by default: 128 M pairs over all frames.
  explicit PairSetReference(size_t memory_budget_bytes = size_t(1) << 30)
      : budget_pairs_(memory_budget_bytes / sizeof(BoxPair)) {}

  // Appends the next frame's reference pairs (any order; `pairs` is sorted in place).
  void Record(std::vector<BoxPair>& pairs);

  size_t frame_count() const { return count_.size(); }
  size_t pair_count(size_t frame) const { return count_[frame]; }
  // True when frame `frame` is stored as its exact pair set, false when only as a checksum.
  bool exact(size_t frame) const { return frame < exact_frames_; }
  bool all_exact() const { return exact_frames_ == count_.size(); }

  // "" when `pairs` (any order; sorted in place) equals frame `frame`'s reference set, else one
  // line describing the difference ("2 missing, first (3, 17); 1 extra, first (4, 9)").
  std::string Compare(size_t frame, std::vector<BoxPair>& pairs) const;

  // "exact pair sets" or "exact pair sets for frames 0-99, checksums after (memory budget)".
  std::string Describe() const;

 private:
  std::span<const BoxPair> Exact(size_t frame) const {
    return {pairs_.data() + start_[frame], pairs_.data() + start_[frame + 1]};
  }

  size_t budget_pairs_;
  size_t exact_frames_ = 0;         // frames 0 .. exact_frames_-1 are stored exactly
  std::vector<BoxPair> pairs_;      // the exact frames' sets, one after the other
  std::vector<size_t> start_{0};    // frame f's set is pairs_[start_[f], start_[f + 1])
  std::vector<size_t> count_;       // pairs per frame
  std::vector<uint64_t> checksum_;  // per frame (PairSetChecksum)
};

// The difference between two sorted pair sets, as Compare words it ("" when equal).
std::string PairSetDifference(std::span<const BoxPair> expected, std::span<const BoxPair> got);

// "broadphase: WRONG PAIRS: sabsp on generated 'moving' (seed 1), frame 17: 2 missing, ...".
std::string MismatchLine(std::string_view bench, std::string_view algorithm, std::string_view scene,
                         size_t frame, std::string_view difference);

}  // namespace partlab::bench
