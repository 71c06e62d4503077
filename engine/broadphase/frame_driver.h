// Drives any BroadPhase from whole frames of boxes, as recorded in AABBTRC1 traces and produced by
// the simulations: works out which boxes appeared, vanished or moved, issues the edits, and times
// the structural update and the pair enumeration separately. Only the broad phase's own calls are
// timed: the comparison of each frame with the previous one happens before the clock starts.
#pragma once

#include <span>
#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

struct StepTimings {
  double update_ms = 0;  // the edit calls + Update(), not the driver's frame comparison
  double pairs_ms = 0;   // FindPairs()
  double total_ms() const { return update_ms + pairs_ms; }
};

class FrameDriver {
 public:
  explicit FrameDriver(BroadPhase& bp) : bp_(bp) {}

  // Feeds frame `boxes` (index = id; an empty box means absent) and collects the pairs into
  // `pairs` (cleared first). Only boxes whose coordinates changed are Moved.
  StepTimings Step(std::span<const Aabb> boxes, std::vector<BoxPair>& pairs);

 private:
  struct Edit {
    BoxId id;
    enum Kind : uint8_t { kRemove, kAdd, kMove } kind;
  };
  // Compares `boxes` with last_ and lists the calls the broad phase needs, in id order.
  void CollectEdits(std::span<const Aabb> boxes);

  BroadPhase& bp_;
  std::vector<Edit> edits_;  // this step's calls; its capacity is kept between steps
  std::vector<Aabb> last_;   // what the broad phase currently holds, per id (empty = absent)
};

// Order-independent fingerprint of a pair set, for comparing algorithms frame by frame.
uint64_t PairSetChecksum(std::span<const BoxPair> pairs);

}  // namespace partlab
