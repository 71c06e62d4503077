#include "app/views/simulation/sim_verify_flow.h"

#include <algorithm>
#include <vector>

#include "app/i18n/translate.h"

namespace partlab {

namespace {

using Outcome = BspScheduler::VerifyOutcome;

// The thesis's rules at one node, from its populations and the parameters (5.2.1, 6.1).
Outcome Expected(const SemiAdjustingBsp& bsp, NodeId n) {
  const BspTree& tree = bsp.tree();
  const BspParams& p = bsp.params();
  const BspNode& node = tree.node(n);
  if (node.IsLeaf()) {
    const int t = p.NodeSplitThreshold(tree.box_count(), node.motion);
    return node.population > uint32_t(t) && node.depth < p.max_depth ? Outcome::kSplitQueued
                                                                     : Outcome::kLeafFine;
  }
  const bool merge =
      node.population < uint32_t(p.NodeMergeThreshold(tree.box_count(), node.motion));
  const uint32_t l = tree.node(node.child[0]).population;
  const uint32_t r = tree.node(node.child[1]).population;
  const uint32_t large = std::max(l, r);
  const float balance = large == 0 ? 1.0f : float(std::min(l, r)) / float(large);
  const float excess = p.RedundancyLimit(node.population, tree.box_count()) *
                       p.redundancy_excess_factor * float(node.population);
  const bool unbalanced = balance < p.unbalance_limit || float(l + r - node.population) > excess;
  // With operation stepping the balance is queued; applied, its success changes the tree.
  const Outcome balance_outcome = Outcome::kBalanceQueued;
  if (p.balance_first) {
    if (unbalanced) return balance_outcome;
    if (merge) return Outcome::kMergeQueued;
  } else {
    if (merge) return Outcome::kMergeQueued;
    if (unbalanced) return balance_outcome;
  }
  return Outcome::kDescended;
}

void Walk(const SemiAdjustingBsp& bsp, NodeId n, std::vector<BspScheduler::VerifyVisit>& out) {
  const Outcome o = Expected(bsp, n);
  out.push_back({n, o});
  if (o != Outcome::kDescended) return;
  Walk(bsp, bsp.tree().node(n).child[0], out);
  Walk(bsp, bsp.tree().node(n).child[1], out);
}

const char* OutcomeName(Outcome o) {
  switch (o) {
    case Outcome::kDescended:
      return N_("descended");
    case Outcome::kMergeQueued:
      return N_("merge queued");
    case Outcome::kBalanceApplied:
      return N_("balance applied");
    case Outcome::kSwapQueued:
      return N_("swap queued");
    case Outcome::kBalanceQueued:
      return N_("balance queued");
    case Outcome::kSplitQueued:
      return N_("shift-split queued");
    case Outcome::kLeafFine:
      return N_("leaf fine");
  }
  return "?";
}

}  // namespace

void CountVerifyFlow(std::span<const BspScheduler::VerifyVisit> visits,
                     int (&counts)[int(VerifyFlowBox::kCount)]) {
  std::fill(std::begin(counts), std::end(counts), 0);
  auto add = [&counts](VerifyFlowBox b) { ++counts[int(b)]; };
  for (const BspScheduler::VerifyVisit& v : visits) {
    add(VerifyFlowBox::kVisit);
    add(VerifyFlowBox::kLeaf);
    switch (v.outcome) {
      case Outcome::kSplitQueued:
        add(VerifyFlowBox::kOverT), add(VerifyFlowBox::kSplit);
        break;
      case Outcome::kLeafFine:
        add(VerifyFlowBox::kOverT), add(VerifyFlowBox::kFine);
        break;
      case Outcome::kMergeQueued:
        add(VerifyFlowBox::kUnderMerge), add(VerifyFlowBox::kMerge);
        break;
      case Outcome::kBalanceApplied:
      case Outcome::kSwapQueued:
      case Outcome::kBalanceQueued:
        add(VerifyFlowBox::kUnderMerge), add(VerifyFlowBox::kNeedsBalance);
        add(VerifyFlowBox::kBalance);
        break;
      case Outcome::kDescended:
        add(VerifyFlowBox::kUnderMerge), add(VerifyFlowBox::kNeedsBalance);
        add(VerifyFlowBox::kChildren);
        break;
    }
  }
}

std::string CheckVerifyFlow(const SemiAdjustingBsp& bsp) {
  if (!bsp.operation_stepping())
    return _(
        "verification-flow needs operation stepping (op-stepping on): applied operations "
        "change the tree the verification saw");
  const auto& got = bsp.last_verification();
  if (got.empty()) return _("no verification has run yet");
  std::vector<BspScheduler::VerifyVisit> expected;
  Walk(bsp, bsp.root(), expected);
  for (size_t i = 0; i < std::max(got.size(), expected.size()); ++i) {
    if (i >= got.size())
      return Formatted(_("the verification stopped after %zu visits; a top-down walk makes %zu"),
                       got.size(), expected.size());
    if (i >= expected.size())
      return Formatted(_("the verification made %zu visits; a top-down walk makes %zu"), got.size(),
                       expected.size());
    if (got[i].node != expected[i].node || got[i].outcome != expected[i].outcome)
      return Formatted(_("visit %zu: the verification ended at node %d with %s; the rules "
                         "recomputed give node %d with %s"),
                       i, got[i].node, _(OutcomeName(got[i].outcome)), expected[i].node,
                       _(OutcomeName(expected[i].outcome)));
  }
  return "";
}

}  // namespace partlab
