// When the semi-adjusting BSP repairs itself (semi-adjusting-bsp.txt, 5.2).
//
// Verification (Figure 5.4) walks the tree top-down, at most once every verify_interval steps and
// only when no balance, shift-split, split or swap event is pending. At a node needing an
// operation it schedules it and skips the node's subtrees, whose own events the operation may
// make useless (4.6). Balance is the one operation applied during verification itself; when it
// fails, a swap is scheduled.
//
// At an internal node verification tests balance before merge (5.2.1, "balance is done before any
// other operation"; BspParams::balance_first), or merge first (ours).
//
// Application (Figure 5.5): each step applies at most s/16 (1 to 4) pending events, s being the
// number pending, in the priority order balance > shift-split > split > swap > merge (5.2.1). A
// failed shift-split becomes a split, a failed balance a swap (each with its own reason naming
// the failure). Merges (BspParams::merge_in_spare_time) run only while the step's maintenance
// time is under its budget (the thesis), or take the leftover s/16 slots (ours).
//
// Side effects (4.6): an event whose node was changed by another operation after it was
// scheduled, or whose condition no longer holds, is dropped when its turn comes; the log records
// it with the operation that made it stale.
//
// Departure (BspParams::split_backoff, ours): a leaf whose split failed (no acceptable cut) is not
// scheduled again for 4 verification intervals, doubled after each further failure in a row (up
// to 16 times) while its boxes keep nearly still, unless its population grows by a quarter; once
// more entries changed than the leaf holds (boxes that left their fat boxes, entered or left,
// counted at each re-sort), the wait is back to 4 intervals from the last failure. A settled
// pile, where a box now and then drifts out of its fat box, stops paying futile splits; a scene
// that changes (scene 3's blocks breaking) is cut as soon as before.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/broadphase/sabsp/bsp_operations.h"
#include "engine/thread_cpu_clock.h"

namespace partlab {

struct PendingOp {
  BspOp op = BspOp::kSplit;
  NodeId node = kNoNode;
  uint32_t generation = 0;    // the node slot's generation when scheduled
  OpText reason;              // why it was scheduled, e.g. "split: 212 > 128" (op_reason.h)
  uint64_t seq = 0;           // the scheduler's sequence number when it was scheduled
  uint64_t chained_from = 0;  // seq of the failed operation that scheduled it (0: verification)
};

// What became of an operation.
enum class OpStatus : uint8_t { kApplied, kFailed, kDropped };
const char* OpStatusName(OpStatus status);

// One applied, failed or dropped operation, for the log the UI replays.
struct OpRecord {
  uint64_t seq = 0;  // unique and increasing; chained_from and stale_by refer to it
  uint64_t step = 0;
  BspOp op = BspOp::kSplit;
  NodeId node = kNoNode;         // the node it was applied to
  NodeId result_node = kNoNode;  // where the result lives (swap: the kept child)
  bool ok = false;
  OpStatus status = OpStatus::kFailed;
  uint32_t before[3] = {0, 0, 0};  // populations: node, negative child, positive child
  uint32_t after[3] = {0, 0, 0};
  std::string reason;        // why it was scheduled, in English (op_reason.h)
  std::string outcome;       // what it did, why it failed, or why it was dropped, in English
  std::string reason_shown;  // the two in the user's language, for the panel
  std::string outcome_shown;
  uint64_t chained_from = 0;  // seq of the failed operation that scheduled this one (0: none)
  uint64_t stale_by = 0;      // dropped: seq of the applied operation that made it stale
  double ms = 0;
  void SetReason(OpText t) {
    reason = std::move(t.text);
    reason_shown = std::move(t.shown);
  }
  void SetOutcome(OpText t) {
    outcome = std::move(t.text);
    outcome_shown = std::move(t.shown);
  }
};

// The time source of the merge budget, in milliseconds (thread CPU time by default; tests give a
// deterministic one).
using MsClock = double (*)();

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

  // One step of maintenance after the leaf lists are sorted; the step's maintenance began at
  // `step_start_ms` on clock() (the merge budget counts from there). When `automatic` is false
  // (operation stepping), verification still schedules events, balance included, but nothing is
  // applied: the caller applies them one by one with ApplyNext().
  void Step(uint64_t step, const BspParams& params, bool automatic, double step_start_ms);
  void set_clock(MsClock clock) { clock_ = clock; }
  // Called after every applied or failed operation (tests check the tree's invariants there).
  void set_observer(std::function<void(const OpRecord&)> f) { observer_ = std::move(f); }
  double NowMs() const { return clock_(); }

  // Forces a verification now (used by Rebuild and the tests).
  void Verify(const BspParams& params, bool apply_balance);

  // The event ApplyNext() would apply (stale events are discarded first); nullopt when none.
  std::optional<PendingOp> PeekNext(const BspParams& params);
  std::optional<OpRecord> ApplyNext(const BspParams& params);

  // Figure 5.4: where the last verification's walk ended at each node it visited, top-down.
  enum class VerifyOutcome : uint8_t {
    kDescended,       // internal, nothing needed: both children visited
    kMergeQueued,     // internal, under the merge threshold: merge queued, subtrees skipped
    kBalanceApplied,  // internal, unbalanced or redundant: balance applied now, subtrees skipped
    kSwapQueued,      // the balance failed: swap queued, subtrees skipped
    kBalanceQueued,   // operation stepping: the balance queued instead of applied
    kSplitQueued,     // leaf over t: shift-split queued
    kLeafFine,        // leaf at or under t
  };
  struct VerifyVisit {
    NodeId node = kNoNode;
    VerifyOutcome outcome = VerifyOutcome::kLeafFine;
  };
  // The visits of the last verification in visiting order, and its step.
  const std::vector<VerifyVisit>& last_verification() const { return visits_; }
  uint64_t last_verification_step() const { return verify_step_; }

  size_t Pending() const;
  size_t Pending(BspOp op) const { return queues_[int(op)].size(); }
  const OpCounters& counters() const { return counters_; }  // since the last TakeCounters
  OpCounters TakeCounters();
  const std::deque<OpRecord>& log() const { return log_; }
  void set_log_capacity(size_t n) { log_capacity_ = n; }

 private:
  void Visit(NodeId n, const BspParams& params, bool apply_balance);
  bool VisitLeaf(NodeId n, const BspParams& params);
  bool VisitMerge(NodeId n, const BspParams& params);
  bool VisitBalance(NodeId n, const BspParams& params, bool apply_balance);
  bool Enqueue(BspOp op, NodeId n, OpText reason, const BspParams& params,
               uint64_t chained_from = 0);
  // Why an event no longer makes sense (node changed by another operation, or its condition no
  // longer true); nullopt while it is still needed. `stale_by` gets the operation's seq, if any.
  std::optional<OpText> WhyStale(const PendingOp& e, const BspParams& params,
                                 uint64_t& stale_by) const;
  std::optional<OpText> ConditionGone(const PendingOp& e, const BspParams& params) const;
  std::optional<OpText> NeedsBalance(NodeId n, const BspParams& params) const;
  OpRecord Run(const PendingOp& e, const BspParams& params);
  void Drop(const PendingOp& e, const OpText& why, uint64_t stale_by);
  void Record(const OpRecord& rec);
  int NextQueue(bool include_merge, const BspParams& params);
  void ApplyMergesInSpareTime(const BspParams& params, double step_start_ms);

  // The last successful operation that changed each node slot (4.6), to name it when it makes a
  // queued event stale.
  struct Touch {
    uint64_t seq = 0;
    BspOp op = BspOp::kSplit;
    NodeId node = kNoNode;
    uint64_t step = 0;
  };
  std::vector<Touch> touched_by_;  // by node id
  std::vector<NodeId> affected_;   // scratch: the nodes an operation may change
  uint64_t seq_ = 0;
  MsClock clock_ = &ThreadCpuMs;
  std::function<void(const OpRecord&)> observer_;

  BspTree& tree_;
  BspOperations& ops_;
  std::array<std::deque<PendingOp>, kBspOpCount> queues_;
  std::deque<OpRecord> log_;
  size_t log_capacity_ = 4096;
  OpCounters counters_;
  uint64_t step_ = 0;
  std::vector<VerifyVisit> visits_;  // cleared, not freed, at each verification
  uint64_t verify_step_ = 0;
  int steps_since_verify_ = 1 << 30;  // verify on the first step
};

}  // namespace partlab
