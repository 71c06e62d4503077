// When the semi-adjusting BSP repairs itself (semi-adjusting-bsp.txt, 5.2).
//
// Verification (Figure 5.4) walks the tree top-down, at most once every verify_interval steps and
// only when no balance, shift-split, split or swap event is pending. At a node needing an
// operation it schedules it and skips the node's subtrees, whose own events the operation may
// make useless (4.6). Balance is the one operation applied during verification itself; when it
// fails, a swap is scheduled.
//
// Application (Figure 5.5): each step applies at most s/16 (1 to 4) pending events, s being the
// number pending, in the priority order balance > shift-split > split > swap > merge (5.2.1). A
// failed shift-split becomes a split; merges only use the step's leftover budget.
//
// Not in the thesis: a leaf whose split failed (no acceptable cut) is not scheduled again for
// 4 verification intervals unless its population grows by a quarter, so that dense leaves that
// cannot be cut do not cost a futile split at every verification.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "engine/broadphase/sabsp/bsp_operations.h"

namespace partlab {

struct PendingOp {
  BspOp op = BspOp::kSplit;
  NodeId node = kNoNode;
  uint32_t generation = 0;  // the node slot's generation when scheduled
  std::string reason;       // why it was scheduled, e.g. "split: 212 > 128"
};

// One applied (or attempted) operation, for the log the UI replays.
struct OpRecord {
  uint64_t step = 0;
  BspOp op = BspOp::kSplit;
  NodeId node = kNoNode;         // the node it was applied to
  NodeId result_node = kNoNode;  // where the result lives (swap: the kept child)
  bool ok = false;
  uint32_t before[3] = {0, 0, 0};  // populations: node, negative child, positive child
  uint32_t after[3] = {0, 0, 0};
  std::string reason;   // why it was scheduled
  std::string outcome;  // what it did, or why it failed
  double ms = 0;
};

struct OpCounters {
  std::array<uint32_t, kBspOpCount> applied{};  // successful, by BspOp
  std::array<uint32_t, kBspOpCount> failed{};
  std::array<double, kBspOpCount> ms{};
  uint32_t dropped = 0;        // events that went stale before their turn
  uint32_t verifications = 0;  // top-down verifications run
};

class BspScheduler {
 public:
  BspScheduler(BspTree& tree, BspOperations& ops) : tree_(tree), ops_(ops) {}

  void Clear();

  // One step of maintenance after the leaf lists are sorted. When `automatic` is false (operation
  // stepping), verification still schedules events, balance included, but nothing is applied:
  // the caller applies them one by one with ApplyNext().
  void Step(uint64_t step, const BspParams& params, bool automatic);

  // Forces a verification now (used by Rebuild and the tests).
  void Verify(const BspParams& params, bool apply_balance);

  // The event ApplyNext() would apply (stale events are discarded first); nullopt when none.
  std::optional<PendingOp> PeekNext(const BspParams& params);
  std::optional<OpRecord> ApplyNext(const BspParams& params);

  size_t Pending() const;
  size_t Pending(BspOp op) const { return queues_[int(op)].size(); }
  const OpCounters& counters() const { return counters_; }  // since the last TakeCounters
  OpCounters TakeCounters();
  const std::deque<OpRecord>& log() const { return log_; }
  void set_log_capacity(size_t n) { log_capacity_ = n; }

 private:
  void Visit(NodeId n, const BspParams& params, bool apply_balance);
  bool Enqueue(BspOp op, NodeId n, std::string reason, const BspParams& params);
  // Whether an event still makes sense: node alive, same slot, condition still true.
  bool StillNeeded(const PendingOp& e, const BspParams& params) const;
  std::optional<std::string> NeedsBalance(NodeId n, const BspParams& params) const;
  OpRecord Run(BspOp op, NodeId n, std::string reason, const BspParams& params);
  int NextQueue(bool include_merge, const BspParams& params);

  BspTree& tree_;
  BspOperations& ops_;
  std::array<std::deque<PendingOp>, kBspOpCount> queues_;
  std::deque<OpRecord> log_;
  size_t log_capacity_ = 4096;
  OpCounters counters_;
  uint64_t step_ = 0;
  int steps_since_verify_ = 1 << 30;  // verify on the first step
};

}  // namespace partlab
