#include "engine/broadphase/sabsp/bsp_scheduler.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace partlab {
namespace {

std::string Format(const char* fmt, auto... args) {
  char buf[160];
  std::snprintf(buf, sizeof buf, fmt, args...);
  return buf;
}

}  // namespace

void BspScheduler::Clear() {
  for (auto& q : queues_) q.clear();
  log_.clear();
  counters_ = {};
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

bool BspScheduler::Enqueue(BspOp op, NodeId n, std::string reason, const BspParams& params) {
  if (Pending() >= static_cast<size_t>(params.queue_size)) return false;  // re-detected later
  queues_[int(op)].push_back({op, n, tree_.node(n).generation, std::move(reason)});
  return true;
}

// 3.6 / 6.1: a node needs balancing when balance = min(L, R) / max(L, R) < unbalance_limit, or
// when more than redundancy_limit × redundancy_excess_factor of its population straddles its plane.
std::optional<std::string> BspScheduler::NeedsBalance(NodeId n, const BspParams& params) const {
  const BspNode& node = tree_.node(n);
  const uint32_t l = tree_.node(node.child[0]).population;
  const uint32_t r = tree_.node(node.child[1]).population;
  const uint32_t straddle = l + r - node.population;
  const uint32_t large = std::max(l, r);
  const float balance = large == 0 ? 1.0f : float(std::min(l, r)) / float(large);
  if (balance < params.unbalance_limit) {
    return Format("balance %.2f < %.2f (%u | %u)", balance, params.unbalance_limit, l, r);
  }
  const float excess =
      params.RedundancyLimit(node.population, tree_.box_count()) * params.redundancy_excess_factor;
  if (float(straddle) > excess * float(node.population)) {
    return Format("redundancy %u > %.1f%% of %u", straddle, excess * 100, node.population);
  }
  return std::nullopt;
}

void BspScheduler::Visit(NodeId n, const BspParams& params, bool apply_balance) {
  const BspNode& node = tree_.node(n);
  const uint32_t count = tree_.box_count();
  if (node.IsLeaf()) {
    const int t = params.SplitThreshold(count);
    const bool backing_off =
        step_ < node.retry_split_step && node.population <= node.retry_split_above;
    if (node.population > uint32_t(t) && node.depth < params.max_depth && !backing_off) {
      Enqueue(BspOp::kShiftSplit, n, Format("split: %u > %d", node.population, t), params);
    }
    return;
  }
  const int mt = params.MergeThreshold(count);
  if (node.population < uint32_t(mt)) {
    Enqueue(BspOp::kMerge, n, Format("merge: %u < %d", node.population, mt), params);
    return;
  }
  if (auto why = NeedsBalance(n, params)) {
    if (!apply_balance) {
      Enqueue(BspOp::kBalance, n, "balance: " + *why, params);
      return;
    }
    const OpRecord r = Run(BspOp::kBalance, n, "balance: " + *why, params);
    if (!r.ok) Enqueue(BspOp::kSwap, n, "swap: " + *why, params);
    return;  // either way the subtrees changed or will: skip them (4.6)
  }
  const NodeId c0 = node.child[0], c1 = node.child[1];
  Visit(c0, params, apply_balance);
  Visit(c1, params, apply_balance);
}

void BspScheduler::Verify(const BspParams& params, bool apply_balance) {
  ++counters_.verifications;
  steps_since_verify_ = 0;
  Visit(tree_.root(), params, apply_balance);
}

bool BspScheduler::StillNeeded(const PendingOp& e, const BspParams& params) const {
  const BspNode& node = tree_.node(e.node);
  if (!node.alive || node.generation != e.generation) return false;
  const uint32_t count = tree_.box_count();
  switch (e.op) {
    case BspOp::kShiftSplit:
    case BspOp::kSplit:
      return node.IsLeaf() && node.population > uint32_t(params.SplitThreshold(count));
    case BspOp::kMerge:
      return !node.IsLeaf() && node.population < uint32_t(params.MergeThreshold(count));
    case BspOp::kBalance:
    case BspOp::kSwap:
      return !node.IsLeaf() && NeedsBalance(e.node, params).has_value();
  }
  return false;
}

// The first queue, in priority order, whose head is still needed (stale heads are dropped).
int BspScheduler::NextQueue(bool include_merge, const BspParams& params) {
  for (int q = 0; q < kBspOpCount; ++q) {
    if (q == int(BspOp::kMerge) && !include_merge) break;
    auto& queue = queues_[q];
    while (!queue.empty() && !StillNeeded(queue.front(), params)) {
      queue.pop_front();
      ++counters_.dropped;
    }
    if (!queue.empty()) return q;
  }
  return -1;
}

OpRecord BspScheduler::Run(BspOp op, NodeId n, std::string reason, const BspParams& params) {
  OpRecord rec;
  rec.step = step_;
  rec.op = op;
  rec.node = n;
  const auto t0 = std::chrono::steady_clock::now();
  OpResult r = ops_.Apply(op, n, params);
  rec.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  rec.ok = r.ok;
  rec.result_node = r.result_node;
  std::copy(r.before, r.before + 3, rec.before);
  std::copy(r.after, r.after + 3, rec.after);
  rec.reason = std::move(reason);
  rec.outcome = std::move(r.reason);
  (rec.ok ? counters_.applied : counters_.failed)[int(op)]++;
  counters_.ms[int(op)] += rec.ms;
  if (log_.size() >= log_capacity_) log_.pop_front();
  log_.push_back(rec);
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
  OpRecord rec = Run(e.op, e.node, e.reason, params);
  if (!rec.ok) {
    // 5.2.1: split is tried only after shift-split fails; swap replaces a balance that failed.
    if (e.op == BspOp::kShiftSplit) Enqueue(BspOp::kSplit, e.node, e.reason, params);
    if (e.op == BspOp::kBalance) Enqueue(BspOp::kSwap, e.node, e.reason, params);
    if (e.op == BspOp::kSplit && tree_.node(e.node).alive) {
      BspNode& leaf = tree_.node_mut(e.node);
      leaf.retry_split_step = step_ + 4 * uint64_t(params.verify_interval);
      leaf.retry_split_above = leaf.population + leaf.population / 4;
    }
  }
  return rec;
}

void BspScheduler::Step(uint64_t step, const BspParams& params, bool automatic) {
  step_ = step;
  ++steps_since_verify_;
  const bool urgent_pending = Pending() - Pending(BspOp::kMerge) > 0;
  if (steps_since_verify_ >= params.verify_interval && !urgent_pending) {
    Verify(params, automatic);
  }
  if (!automatic) return;
  // 6.1: s / 16 events per step for s pending, 1 to 4.
  const int budget = params.OpsPerCycle(static_cast<int>(Pending()));
  int used = 0;
  while (used < budget) {
    // Merge is not critical: it runs only when no other event wants this step's budget.
    if (NextQueue(true, params) < 0) break;
    ApplyNext(params);
    ++used;
  }
}

}  // namespace partlab
