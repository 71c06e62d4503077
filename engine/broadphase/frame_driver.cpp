#include "engine/broadphase/frame_driver.h"

#include <chrono>

#include "engine/thread_cpu_clock.h"

namespace partlab {
namespace {

// Thread CPU time, not wall time: a step descheduled on a busy machine must not read as a slow
// step (see engine/thread_cpu_clock.h).
using Clock = ThreadCpuClock;
double MsSince(Clock::time_point t0) {
  return CpuMsSince(t0);
}

bool SameBox(const Aabb& a, const Aabb& b) {
  return a.min == b.min && a.max == b.max;
}

// SplitMix64 finaliser: a well-mixed hash so that summing pair hashes is order-independent
// without being fooled by simple cancellations.
uint64_t Mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

// The frame is compared with the previous one before the clock starts: finding which boxes changed
// is the driver's bookkeeping (a physics engine knows which bodies moved), so the update time is
// only the broad phase's own work, the edit calls and Update().
StepTimings FrameDriver::Step(std::span<const Aabb> boxes, std::vector<BoxPair>& pairs) {
  CollectEdits(boxes);
  StepTimings t;
  auto t0 = Clock::now();
  for (const Edit& e : edits_) {
    switch (e.kind) {
      case Edit::kRemove:
        bp_.Remove(e.id);
        break;
      case Edit::kAdd:
        bp_.Add(e.id, boxes[e.id]);
        break;
      case Edit::kMove:
        bp_.Move(e.id, boxes[e.id]);
        break;
    }
  }
  bp_.Update();
  t.update_ms = MsSince(t0);

  pairs.clear();
  t0 = Clock::now();
  bp_.FindPairs(pairs);
  t.pairs_ms = MsSince(t0);
  return t;
}

void FrameDriver::CollectEdits(std::span<const Aabb> boxes) {
  edits_.clear();
  if (last_.size() < boxes.size()) last_.resize(boxes.size());  // new ids start absent
  for (size_t i = 0; i < last_.size(); ++i) {
    const BoxId id = static_cast<BoxId>(i);
    const Aabb now = i < boxes.size() ? boxes[i] : Aabb{};
    const bool was = !last_[i].IsEmpty(), is = !now.IsEmpty();
    if (was && !is) {
      edits_.push_back({id, Edit::kRemove});
    } else if (!was && is) {
      edits_.push_back({id, Edit::kAdd});
    } else if (was && is && !SameBox(now, last_[i])) {
      edits_.push_back({id, Edit::kMove});
    }
    last_[i] = now;
  }
}

uint64_t PairSetChecksum(std::span<const BoxPair> pairs) {
  uint64_t sum = 0;
  for (const BoxPair& p : pairs) sum += Mix((uint64_t(p.a) << 32) | p.b);
  return sum ^ Mix(pairs.size());
}

}  // namespace partlab
