#include "engine/broadphase/sabsp/bsp_scheduler.h"

#include <algorithm>
#include <chrono>

#include "engine/broadphase/sabsp/op_reason.h"
#include "engine/thread_cpu_clock.h"

namespace partlab {

const char* OpStatusName(OpStatus status) {
  switch (status) {
    case OpStatus::kApplied:
      return "applied";
    case OpStatus::kFailed:
      return "failed";
    case OpStatus::kDropped:
      return "dropped";
  }
  return "?";
}

void BspScheduler::Clear() {
  for (auto& q : queues_) q.clear();
  log_.clear();
  seq_ = 0;
  counters_ = {};
  touched_by_.clear();
  steps_since_verify_ = 1 << 30;
}

size_t BspScheduler::Pending() const {
  size_t n = 0;
  for (const auto& q : queues_) n += q.size();
  return n;
}

OpCounters BspScheduler::TakeCounters() {
  OpCounters c = counters_;
  counters_ = {};
  return c;
}

bool BspScheduler::Enqueue(BspOp op, NodeId n, OpText reason, const BspParams& params,
                           uint64_t chained_from) {
  if (Pending() >= static_cast<size_t>(params.queue_size)) return false;  // re-detected later
  // Verification runs while merges wait for spare time: a node's merge is queued once.
  const uint32_t generation = tree_.node(n).generation;
  for (const PendingOp& e : queues_[int(op)]) {
    if (e.node == n && e.generation == generation) return false;
  }
  queues_[int(op)].push_back({op, n, generation, std::move(reason), ++seq_, chained_from});
  return true;
}

// 3.6 / 6.1: a node needs balancing when balance = min(L, R) / max(L, R) < unbalance_limit, or
// when more than redundancy_limit × redundancy_excess_factor of its population straddles its plane.
std::optional<OpText> BspScheduler::NeedsBalance(NodeId n, const BspParams& params) const {
  const BspNode& node = tree_.node(n);
  const uint32_t l = tree_.node(node.child[0]).population;
  const uint32_t r = tree_.node(node.child[1]).population;
  const uint32_t straddle = l + r - node.population;
  const uint32_t large = std::max(l, r);
  const float balance = large == 0 ? 1.0f : float(std::min(l, r)) / float(large);
  if (balance < params.unbalance_limit) {
    return FormatReason(N_("unbalanced: %.2f < %.2f (%u | %u)"), balance, params.unbalance_limit, l,
                        r);
  }
  const float excess =
      params.RedundancyLimit(node.population, tree_.box_count()) * params.redundancy_excess_factor;
  if (float(straddle) > excess * float(node.population)) {
    return FormatReason(N_("redundant: %u straddle > %.1f%% of %u"), straddle, excess * 100,
                        node.population);
  }
  return std::nullopt;
}

// A leaf over the split threshold t gets a shift-split (tried before split, 5.2.1).
bool BspScheduler::VisitLeaf(NodeId n, const BspParams& params) {
  const BspNode& node = tree_.node(n);
  const int t = params.NodeSplitThreshold(tree_.box_count(), node.motion);
  const uint64_t retry =
      node.MovedSinceFailure() ? node.retry_moved_split_step : node.retry_split_step;
  const bool backing_off =
      params.split_backoff && step_ < retry && node.population <= node.retry_split_above;
  if (node.population > uint32_t(t) && node.depth < params.max_depth && !backing_off) {
    visits_.push_back({n, VerifyOutcome::kSplitQueued});
    Enqueue(BspOp::kShiftSplit, n, FormatReason(N_("split: %u > t = %d"), node.population, t),
            params);
  } else {
    visits_.push_back({n, VerifyOutcome::kLeafFine});
  }
  return true;
}

// A node under the merge threshold gets a merge; true when it did (its subtrees are then skipped).
bool BspScheduler::VisitMerge(NodeId n, const BspParams& params) {
  const int mt = params.NodeMergeThreshold(tree_.box_count(), tree_.node(n).motion);
  if (tree_.node(n).population >= uint32_t(mt)) return false;
  visits_.push_back({n, VerifyOutcome::kMergeQueued});
  Enqueue(BspOp::kMerge, n, FormatReason(N_("merge: %u < %d"), tree_.node(n).population, mt),
          params);
  return true;
}

// Balance is applied during verification itself (Figure 5.4); when it fails a swap is scheduled,
// with a reason of its own naming the failed balance (4.5). True when the node needed it.
bool BspScheduler::VisitBalance(NodeId n, const BspParams& params, bool apply_balance) {
  const std::optional<OpText> why = NeedsBalance(n, params);
  if (!why) return false;
  if (!apply_balance) {
    visits_.push_back({n, VerifyOutcome::kBalanceQueued});
    Enqueue(BspOp::kBalance, n, FormatReason(N_("balance: %s"), *why), params);
    return true;
  }
  const PendingOp e{
      BspOp::kBalance, n, tree_.node(n).generation, FormatReason(N_("balance: %s"), *why),
      ++seq_,          0};
  const OpRecord r = Run(e, params);
  visits_.push_back({n, r.ok ? VerifyOutcome::kBalanceApplied : VerifyOutcome::kSwapQueued});
  if (!r.ok) {
    Enqueue(BspOp::kSwap, n,
            FormatReason(N_("swap: balance #%llu failed (%s)"), (unsigned long long)r.seq, *why),
            params, r.seq);
  }
  return true;
}

void BspScheduler::Visit(NodeId n, const BspParams& params, bool apply_balance) {
  if (tree_.node(n).IsLeaf()) {
    VisitLeaf(n, params);
    return;
  }
  // Either way the operation changed the subtrees or will: skip them (4.6).
  if (params.balance_first) {
    if (VisitBalance(n, params, apply_balance) || VisitMerge(n, params)) return;
  } else {
    if (VisitMerge(n, params) || VisitBalance(n, params, apply_balance)) return;
  }
  visits_.push_back({n, VerifyOutcome::kDescended});
  const NodeId c0 = tree_.node(n).child[0], c1 = tree_.node(n).child[1];
  Visit(c0, params, apply_balance);
  Visit(c1, params, apply_balance);
}

void BspScheduler::Verify(const BspParams& params, bool apply_balance) {
  ++counters_.verifications;
  steps_since_verify_ = 0;
  visits_.clear();
  verify_step_ = step_;
  Visit(tree_.root(), params, apply_balance);
}

// Whether the event's condition still holds (4.6: events detected before another operation
// changed their subtree "may become invalid"); when it does not, why, naming the operation that
// changed the node since the event was scheduled, if one did (else the boxes' own motion).
std::optional<OpText> BspScheduler::WhyStale(const PendingOp& e, const BspParams& params,
                                             uint64_t& stale_by) const {
  std::optional<OpText> why = ConditionGone(e, params);
  stale_by = 0;
  if (!why) return std::nullopt;
  if (size_t(e.node) < touched_by_.size() && touched_by_[e.node].seq > e.seq) {
    const Touch& t = touched_by_[e.node];
    stale_by = t.seq;
    return FormatReason(N_("stale after %s #%llu at node %d (step %llu): %s"), BspOpName(t.op),
                        (unsigned long long)t.seq, t.node, (unsigned long long)t.step, *why);
  }
  return FormatReason(N_("boxes moved: %s"), *why);
}

std::optional<OpText> BspScheduler::ConditionGone(const PendingOp& e,
                                                  const BspParams& params) const {
  const BspNode& node = tree_.node(e.node);
  if (!node.alive || node.generation != e.generation)
    return FormatReason(N_("node %d gone"), e.node);
  const uint32_t count = tree_.box_count();
  switch (e.op) {
    case BspOp::kShiftSplit:
    case BspOp::kSplit: {
      const int t = params.NodeSplitThreshold(count, node.motion);
      if (!node.IsLeaf()) return FormatReason(N_("no longer a leaf"));
      if (node.population <= uint32_t(t))
        return FormatReason(N_("%u <= t = %d"), node.population, t);
      return std::nullopt;
    }
    case BspOp::kMerge: {
      const int mt = params.NodeMergeThreshold(count, node.motion);
      if (node.IsLeaf()) return FormatReason(N_("already a leaf"));
      if (node.population >= uint32_t(mt)) return FormatReason(N_("%u >= %d"), node.population, mt);
      return std::nullopt;
    }
    case BspOp::kBalance:
    case BspOp::kSwap:
      if (node.IsLeaf()) return FormatReason(N_("now a leaf"));
      if (!NeedsBalance(e.node, params)) return FormatReason(N_("balanced again"));
      return std::nullopt;
  }
  return std::nullopt;
}

void BspScheduler::Record(const OpRecord& rec) {
  if (log_.size() >= log_capacity_) log_.pop_front();
  log_.push_back(rec);
}

void BspScheduler::Drop(const PendingOp& e, const OpText& why, uint64_t stale_by) {
  OpRecord rec;
  rec.seq = ++seq_;
  rec.step = step_;
  rec.op = e.op;
  rec.node = e.node;
  rec.status = OpStatus::kDropped;
  rec.SetReason(e.reason);
  rec.SetOutcome(FormatReason(N_("dropped: %s"), why));
  rec.chained_from = e.chained_from;
  rec.stale_by = stale_by;
  ++counters_.dropped;
  Record(rec);
}

// The first queue, in priority order, whose head is still needed (stale heads are dropped).
int BspScheduler::NextQueue(bool include_merge, const BspParams& params) {
  for (int q = 0; q < kBspOpCount; ++q) {
    if (q == int(BspOp::kMerge) && !include_merge) break;
    auto& queue = queues_[q];
    while (!queue.empty()) {
      uint64_t stale_by = 0;
      std::optional<OpText> why = WhyStale(queue.front(), params, stale_by);
      if (!why) break;
      Drop(queue.front(), *why, stale_by);
      queue.pop_front();
    }
    if (!queue.empty()) return q;
  }
  return -1;
}

OpRecord BspScheduler::Run(const PendingOp& e, const BspParams& params) {
  // The nodes the operation may change: a split only its leaf; the others their whole subtree
  // (4.6: the side effects propagate to both subtrees).
  affected_.clear();
  if (e.op == BspOp::kSplit || e.op == BspOp::kShiftSplit) {
    affected_.push_back(e.node);
  } else {
    tree_.CollectNodes(e.node, affected_);
  }
  OpRecord rec;
  rec.seq = ++seq_;
  rec.step = step_;
  rec.op = e.op;
  rec.node = e.node;
  rec.chained_from = e.chained_from;
  const auto t0 = std::chrono::steady_clock::now();
  OpResult r = ops_.Apply(e.op, e.node, params);
  rec.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  rec.ok = r.ok;
  rec.status = r.ok ? OpStatus::kApplied : OpStatus::kFailed;
  rec.result_node = r.result_node;
  std::copy(r.before, r.before + 3, rec.before);
  std::copy(r.after, r.after + 3, rec.after);
  rec.SetReason(e.reason);
  rec.SetOutcome(std::move(r.reason));
  (rec.ok ? counters_.applied : counters_.failed)[int(e.op)]++;
  counters_.ms[int(e.op)] += rec.ms;
  if (rec.ok) {
    if (touched_by_.size() < tree_.nodes().size()) touched_by_.resize(tree_.nodes().size());
    for (NodeId a : affected_) touched_by_[a] = {rec.seq, e.op, e.node, step_};
  }
  Record(rec);
  if (observer_) observer_(rec);
  return rec;
}

std::optional<PendingOp> BspScheduler::PeekNext(const BspParams& params) {
  const int q = NextQueue(true, params);
  if (q < 0) return std::nullopt;
  return queues_[q].front();
}

std::optional<OpRecord> BspScheduler::ApplyNext(const BspParams& params) {
  const int q = NextQueue(true, params);
  if (q < 0) return std::nullopt;
  PendingOp e = std::move(queues_[q].front());
  queues_[q].pop_front();
  OpRecord rec = Run(e, params);
  if (!rec.ok) {
    // 5.2.1: split is tried only after shift-split fails; swap replaces a balance that failed.
    const auto seq = (unsigned long long)rec.seq;
    if (e.op == BspOp::kShiftSplit) {
      Enqueue(BspOp::kSplit, e.node,
              FormatReason(N_("split: shift-split #%llu failed (%s)"), seq, e.reason), params,
              rec.seq);
    }
    if (e.op == BspOp::kBalance) {
      Enqueue(BspOp::kSwap, e.node,
              FormatReason(N_("swap: balance #%llu failed (%s)"), seq, e.reason), params, rec.seq);
    }
    if (e.op == BspOp::kSplit && params.split_backoff && tree_.node(e.node).alive) {
      tree_.node_mut(e.node).RecordFailedSplit(step_, params);
    }
  }
  return rec;
}

// 5.2.1: merge "only if the simulation has spare time in its update cycles".
// The thesis gives no measure of spare time (silent): live, the step's maintenance on the
// thread's CPU clock against step_budget_ms; with spare_time_merges above 0 (the bench), a fixed
// count of merges per step, so that one trace gives the same operations on any machine and load.
void BspScheduler::ApplyMergesInSpareTime(const BspParams& params, double step_start_ms) {
  const bool counted = params.spare_time_merges > 0;
  for (int merges = 0; counted ? merges < params.spare_time_merges
                               : NowMs() - step_start_ms < double(params.step_budget_ms);
       ++merges) {
    if (NextQueue(true, params) != int(BspOp::kMerge)) break;
    ApplyNext(params);
  }
}

void BspScheduler::Step(uint64_t step, const BspParams& params, bool automatic,
                        double step_start_ms) {
  step_ = step;
  ++steps_since_verify_;
  const bool urgent_pending = Pending() - Pending(BspOp::kMerge) > 0;
  if (steps_since_verify_ >= params.verify_interval && !urgent_pending) {
    Verify(params, automatic);
  }
  if (!automatic) return;
  // 6.1: s / 16 events per step for s pending, 1 to 4.
  const int budget = params.OpsPerCycle(static_cast<int>(Pending()));
  const bool merges_in_slots = !params.merge_in_spare_time;
  for (int used = 0; used < budget; ++used) {
    if (NextQueue(merges_in_slots, params) < 0) break;
    ApplyNext(params);
  }
  if (params.merge_in_spare_time) ApplyMergesInSpareTime(params, step_start_ms);
}

}  // namespace partlab
