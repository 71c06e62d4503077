#include "engine/broadphase/sabsp/bsp_operations.h"

#include <algorithm>
#include <cmath>

#include "engine/broadphase/sabsp/op_reason.h"

namespace partlab {
namespace {

OpResult Fail(OpText reason) {
  OpResult r;
  r.reason = std::move(reason);
  return r;
}

}  // namespace

const char* BspOpName(BspOp op) {
  switch (op) {
    case BspOp::kBalance:
      return "balance";
    case BspOp::kShiftSplit:
      return "shift-split";
    case BspOp::kSplit:
      return "split";
    case BspOp::kSwap:
      return "swap";
    case BspOp::kMerge:
      return "merge";
  }
  return "?";
}

CutCriteria BspOperations::Criteria(const BspParams& params, uint32_t population) const {
  CutCriteria c;
  c.min_balance = params.unbalance_limit;
  c.max_redundancy = params.RedundancyLimit(population, tree_.box_count());
  c.redundancy_first = params.cut_rule == CutRule::kRedundancyFirst;
  c.gap_offset = params.gap_offset;
  return c;
}

void BspOperations::Populations(NodeId n, uint32_t out[3]) const {
  const BspNode& node = tree_.node(n);
  out[0] = node.population;
  out[1] = node.IsLeaf() ? 0 : tree_.node(node.child[0]).population;
  out[2] = node.IsLeaf() ? 0 : tree_.node(node.child[1]).population;
}

CutChoice BspOperations::CutAlong(std::span<const LeafEntry> entries, int d,
                                  const CutCriteria& criteria) {
  const glm::vec3 dir = tree_.direction(d);
  lo_.clear();
  hi_.clear();
  for (const LeafEntry& e : entries) {
    const Interval iv = ProjectAabb(e.box, dir);
    lo_.push_back(iv.lo);
    hi_.push_back(iv.hi);
  }
  SortFloats(lo_, float_scratch_);
  SortFloats(hi_, float_scratch_);
  return ChooseCut(lo_, hi_, criteria);
}

// The leaf's entries projected on direction d into entries_, sorted by lo.
void BspOperations::ProjectLeafEntries(NodeId leaf, int d) {
  std::span<const LeafEntry> list = tree_.leaf(leaf);
  entries_.assign(list.begin(), list.end());
  const glm::vec3 dir = tree_.direction(d);
  for (LeafEntry& e : entries_) {
    const Interval iv = ProjectAabb(e.box, dir);
    e.lo = iv.lo;
    e.hi = iv.hi;
  }
  // A shift-split cuts along the direction the list is already sorted on: no sort needed then.
  if (!std::is_sorted(entries_.begin(), entries_.end(), ByLo)) tree_.SortByLo(entries_);
}

// The whole list's cut along d: with the entries sorted on d (which the children need anyway),
// the lows come sorted and only the highs need a sort.
CutChoice BspOperations::CutAlongWholeList(NodeId leaf, int d, const CutCriteria& criteria) {
  ProjectLeafEntries(leaf, d);
  lo_.clear();
  hi_.clear();
  for (const LeafEntry& e : entries_) {
    lo_.push_back(e.lo);
    hi_.push_back(e.hi);
  }
  SortFloats(hi_, float_scratch_);
  return ChooseCut(lo_, hi_, criteria);
}

// The leaf becomes a node with plane (d, offset); its entries go to the new leaves, sorted on d.
// `projected`: entries_ already holds the leaf's entries projected on d and sorted.
void BspOperations::MakeChildren(NodeId leaf, int d, float offset, bool projected) {
  if (!projected) ProjectLeafEntries(leaf, d);
  tree_.DropEntries(leaf);
  const glm::vec3 dir = tree_.direction(d);
  const NodeId c0 = tree_.NewNode(), c1 = tree_.NewNode();  // may grow the node array
  BspNode& node = tree_.node_mut(leaf);
  node.plane_dir = static_cast<uint8_t>(d);
  node.normal = dir;
  node.offset = offset;
  node.child[0] = c0;
  node.child[1] = c1;
  const uint16_t depth = node.depth + 1;
  for (NodeId c : {c0, c1}) {
    BspNode& child = tree_.node_mut(c);
    child.parent = leaf;
    child.depth = depth;
    child.sort_dir = static_cast<uint8_t>(d);
    child.motion = node.motion;  // the cell's boxes keep moving as they did
  }
  size_t negative = 0, positive = 0;
  for (const LeafEntry& e : entries_) {
    negative += ReachesNegative({e.lo, e.hi}, offset);
    positive += ReachesPositive({e.lo, e.hi}, offset);
  }
  tree_.ReserveLeaf(c0, negative);
  tree_.ReserveLeaf(c1, positive);
  for (const LeafEntry& e : entries_) {  // in sorted order, so plain appends keep lists sorted
    const Interval iv{e.lo, e.hi};
    if (ReachesNegative(iv, offset)) {
      tree_.PushEntry(c0, e, false);
      ++tree_.node_mut(c0).population;
    }
    if (ReachesPositive(iv, offset)) {
      tree_.PushEntry(c1, e, false);
      ++tree_.node_mut(c1).population;
    }
  }
}

OpResult BspOperations::Split(NodeId leaf, const BspParams& params) {
  const BspNode& node = tree_.node(leaf);
  if (!node.alive || !node.IsLeaf()) return Fail(FormatReason(N_("split: not a leaf")));
  if (node.depth >= params.max_depth)
    return Fail(FormatReason(N_("split: depth %d = max"), node.depth));
  std::span<const LeafEntry> list = tree_.leaf(leaf);
  const size_t n = list.size();
  if (n < 2) return Fail(FormatReason(N_("split: fewer than 2 boxes")));
  OpResult result;
  Populations(leaf, result.before);

  // 4.1 / 6.1: rank the 13 directions on an evenly strided sample of 2·√n boxes.
  const size_t m = std::clamp<size_t>(
      static_cast<size_t>(std::ceil(params.sample_factor * std::sqrt(double(n)))), 2, n);
  sample_.clear();
  for (size_t i = 0; i < m; ++i) sample_.push_back(list[i * n / m]);
  const CutCriteria criteria = Criteria(params, uint32_t(n));
  std::pair<CutChoice, int> ranked[kCutDirectionCount];
  for (int d = 0; d < kCutDirectionCount; ++d) ranked[d] = {CutAlong(sample_, d, criteria), d};
  std::stable_sort(ranked, ranked + kCutDirectionCount, [&](const auto& a, const auto& b) {
    return BetterCut(a.first, b.first, criteria.redundancy_first);
  });

  // The sample only picks the direction; the offset comes from the whole list (the thesis is
  // silent on which list places the plane; the whole one costs one projection and sort more and
  // never accepts a cut that the leaf's boxes violate). If the best sampled direction fails on
  // the whole list, the next split_direction_tries - 1 are tried (the thesis: none, 4.1).
  for (int k = 0; k < params.split_direction_tries && ranked[k].first.found; ++k) {
    const int d = ranked[k].second;
    const CutChoice cut = CutAlongWholeList(leaf, d, criteria);
    if (!cut.found) continue;
    MakeChildren(leaf, d, cut.offset, true);
    Populations(leaf, result.after);
    result.ok = true;
    result.result_node = leaf;
    result.reason = FormatReason(N_("split: dir %d at %.3g, %u | %u, %u straddle, balance %.2f"), d,
                                 cut.offset, cut.left, cut.right, cut.redundancy, cut.balance);
    return result;
  }
  return Fail(FormatReason(N_("split failed: no direction cuts %zu boxes with balance >= %.2f and "
                              "redundancy <= %.1f%%"),
                           n, params.unbalance_limit, criteria.max_redundancy * 100));
}

OpResult BspOperations::ShiftSplit(NodeId leaf, const BspParams& params) {
  const BspNode& node = tree_.node(leaf);
  if (!node.alive || !node.IsLeaf()) return Fail(FormatReason(N_("shift-split: not a leaf")));
  if (node.depth >= params.max_depth)
    return Fail(FormatReason(N_("shift-split: depth %d = max"), node.depth));
  std::span<const LeafEntry> list = tree_.leaf(leaf);
  if (list.size() < 2) return Fail(FormatReason(N_("shift-split: fewer than 2 boxes")));
  OpResult result;
  Populations(leaf, result.before);
  // 4.2: the list is already sorted on the parent's normal, so the lows need no sort; only the
  // highs are copied and sorted.
  lo_.clear();
  hi_.clear();
  for (const LeafEntry& e : list) {
    lo_.push_back(e.lo);
    hi_.push_back(e.hi);
  }
  SortFloats(hi_, float_scratch_);
  const CutChoice cut = ChooseCut(lo_, hi_, Criteria(params, uint32_t(list.size())));
  const int d = node.sort_dir;
  if (!cut.found) {
    return Fail(
        FormatReason(N_("shift-split failed: no cut along the parent's normal (dir %d) for %zu "
                        "boxes"),
                     d, list.size()));
  }
  MakeChildren(leaf, d, cut.offset);
  Populations(leaf, result.after);
  result.ok = true;
  result.result_node = leaf;
  result.reason =
      FormatReason(N_("shift-split: dir %d at %.3g, %u | %u, %u straddle, balance %.2f"), d,
                   cut.offset, cut.left, cut.right, cut.redundancy, cut.balance);
  return result;
}

// 4.3, Figure 4.4: each leaf's list is re-sorted on the target direction only when it was sorted
// on another one; then lists are merged pairwise up the subtree. Duplicates (boxes straddling
// planes inside the subtree) are dropped at the end.
void BspOperations::MergeLists(NodeId n, uint8_t sort_dir, std::vector<LeafEntry>& out,
                               std::vector<MergeStage>* stages, int depth) {
  const BspNode& node = tree_.node(n);
  const size_t first = out.size();
  if (node.IsLeaf()) {
    std::span<const LeafEntry> list = tree_.leaf(n);
    out.insert(out.end(), list.begin(), list.end());
    if (node.sort_dir != sort_dir) {
      const glm::vec3 dir = tree_.direction(sort_dir);
      for (size_t i = first; i < out.size(); ++i) {
        const Interval iv = ProjectAabb(out[i].box, dir);
        out[i].lo = iv.lo;
        out[i].hi = iv.hi;
      }
      tree_.SortByLo(std::span<LeafEntry>(out).subspan(first));
    }
  } else {
    std::vector<LeafEntry> a, b;
    MergeLists(node.child[0], sort_dir, a, stages, depth + 1);
    MergeLists(node.child[1], sort_dir, b, stages, depth + 1);
    out.resize(first + a.size() + b.size());
    std::merge(a.begin(), a.end(), b.begin(), b.end(), out.begin() + ptrdiff_t(first), ByLo);
  }
  if (stages)
    stages->push_back({n, depth, node.IsLeaf(), sort_dir,
                       std::vector<LeafEntry>(out.begin() + ptrdiff_t(first), out.end())});
}

std::vector<MergeStage> BspOperations::TraceMerge(NodeId n) {
  std::vector<MergeStage> stages;
  const BspNode& node = tree_.node(n);
  if (!node.alive) return stages;
  std::vector<LeafEntry> merged;
  MergeLists(n, tree_.ChildSortDir(node.parent), merged, &stages);
  return stages;
}

OpResult BspOperations::Merge(NodeId n, const BspParams& params) {
  const BspNode& node = tree_.node(n);
  if (!node.alive || node.IsLeaf()) return Fail(FormatReason(N_("merge: not an internal node")));
  OpResult result;
  Populations(n, result.before);
  const uint8_t sort_dir = tree_.ChildSortDir(node.parent);
  entries_.clear();
  MergeLists(n, sort_dir, entries_);
  seen_.assign(tree_.id_capacity(), 0);
  size_t kept = 0;
  for (const LeafEntry& e : entries_) {
    if (seen_[e.id]) continue;
    seen_[e.id] = 1;
    entries_[kept++] = e;
  }
  entries_.resize(kept);
  const NodeId c0 = node.child[0], c1 = node.child[1];
  tree_.FreeSubtree(c0);
  tree_.FreeSubtree(c1);
  BspNode& leaf = tree_.node_mut(n);
  leaf.child[0] = leaf.child[1] = kNoNode;
  leaf.sort_dir = sort_dir;
  for (const LeafEntry& e : entries_) tree_.PushEntry(n, e, false);
  Populations(n, result.after);
  result.ok = true;
  result.result_node = n;
  result.reason =
      FormatReason(N_("merge: %u + %u -> leaf of %zu"), result.before[1], result.before[2], kept);
  return result;
}

OpResult BspOperations::Balance(NodeId n, const BspParams& params) {
  return params.balance_by_merge ? BalanceByMerge(n, params) : BalanceHeavySide(n, params);
}

// 4.4 as the thesis describes it. "As the distribution of the AABBs between the subtrees need
// not be stored, the procedure of the merge operation recovers it": the children's lists merged
// bottom-up on the node's normal (the leaves right below are already sorted on it, Figure 4.4)
// give one temporary sorted list of the node's boxes. The plane is placed anew on that list by
// the cut criteria (3.6), so it may move either way, and then only the boxes in the region
// between the old and the new position change sides (Figure 4.5). The thesis is silent on how
// far the search for the new position reaches: the whole list is searched, a superset of any
// region, which gives the best acceptable position.
OpResult BspOperations::BalanceByMerge(NodeId n, const BspParams& params) {
  const BspNode& node = tree_.node(n);
  if (!node.alive || node.IsLeaf()) return Fail(FormatReason(N_("balance: not an internal node")));
  OpResult result;
  Populations(n, result.before);
  const uint32_t pop = result.before[0], left = result.before[1], right = result.before[2];
  const uint32_t straddle = left + right - pop;
  const glm::vec3 normal = node.normal;
  const float old_offset = node.offset;
  const NodeId c0 = node.child[0], c1 = node.child[1];

  // The merge procedure, without changing the tree: both sides' lists on the node's normal.
  merge_a_.clear();
  merge_b_.clear();
  MergeLists(c0, node.plane_dir, merge_a_);
  MergeLists(c1, node.plane_dir, merge_b_);
  entries_.resize(merge_a_.size() + merge_b_.size());
  std::merge(merge_a_.begin(), merge_a_.end(), merge_b_.begin(), merge_b_.end(), entries_.begin(),
             ByLo);
  seen_.assign(tree_.id_capacity(), 0);
  lo_.clear();
  hi_.clear();
  ids_.clear();
  for (const LeafEntry& e : entries_) {
    if (seen_[e.id]) continue;  // a straddling box comes once from each side
    seen_[e.id] = 1;
    ids_.push_back(e.id);
    lo_.push_back(e.lo);
    hi_.push_back(e.hi);
  }
  if (!std::is_sorted(lo_.begin(), lo_.end())) SortFloats(lo_, float_scratch_);
  SortFloats(hi_, float_scratch_);
  const CutChoice cut = ChooseCut(lo_, hi_, Criteria(params, pop));
  if (!cut.found || cut.offset == old_offset) {
    return Fail(FormatReason(
        N_("balance failed: no position of the plane gives balance >= %.2f with "
           "redundancy <= %.1f%% (%u | %u, %u straddle)"),
        params.unbalance_limit, Criteria(params, pop).max_redundancy * 100, left, right, straddle));
  }
  tree_.node_mut(n).offset = cut.offset;
  uint32_t migrated = 0;
  tree_.BeginBatch();
  for (BoxId id : ids_) {
    const Interval iv = ProjectAabb(tree_.box(id), normal);
    const bool was_neg = ReachesNegative(iv, old_offset), is_neg = ReachesNegative(iv, cut.offset);
    const bool was_pos = ReachesPositive(iv, old_offset), is_pos = ReachesPositive(iv, cut.offset);
    if (was_neg && !is_neg) tree_.RemoveFromSubtree(c0, id), ++migrated;
    if (!was_neg && is_neg) tree_.InsertIntoSubtree(c0, id), ++migrated;
    if (was_pos && !is_pos) tree_.RemoveFromSubtree(c1, id), ++migrated;
    if (!was_pos && is_pos) tree_.InsertIntoSubtree(c1, id), ++migrated;
  }
  tree_.EndBatch();
  Populations(n, result.after);
  result.ok = true;
  result.result_node = n;
  result.reason = FormatReason(
      N_("balance: plane %.3g -> %.3g (%s), %u | %u -> %u | %u, %u straddle, %u box moves"),
      old_offset, cut.offset,
      cut.offset < old_offset ? FormatReason(N_("down")) : FormatReason(N_("up")), left, right,
      result.after[1], result.after[2], cut.redundancy, migrated);
  return result;
}

// Ours (BspParams::balance_by_merge off): see bsp_operations.h.
OpResult BspOperations::BalanceHeavySide(NodeId n, const BspParams& params) {
  const BspNode& node = tree_.node(n);
  if (!node.alive || node.IsLeaf()) return Fail(FormatReason(N_("balance: not an internal node")));
  OpResult result;
  Populations(n, result.before);
  const uint32_t pop = result.before[0], left = result.before[1], right = result.before[2];
  const uint32_t straddle = left + right - pop;
  const int heavy = left >= right ? 0 : 1;
  const uint32_t light_only = (heavy == 0 ? right : left) - straddle;

  // Only the heavy subtree's boxes can change sides when the plane moves towards them: the light
  // side's exclusive boxes stay where they are and are just counted (Figure 4.5).
  ids_.clear();
  tree_.CollectBoxes(node.child[heavy], ids_);
  const glm::vec3 normal = node.normal;
  const float old_offset = node.offset;
  intervals_.clear();
  for (BoxId id : ids_) intervals_.push_back(ProjectAabb(tree_.box(id), normal));

  // The region between the old and the new position: about (L - R) / 2 boxes must change sides
  // for balance, plus a margin for a cleaner cut. Only the intervals reaching into the region are
  // sorted; the rest are counted. If no acceptable cut lies in it, the whole side is used.
  const size_t h = intervals_.size();
  const size_t k = (std::max(left, right) - std::min(left, right)) / 2 + (left + right) / 8 + 8;
  CutChoice cut;
  for (const bool whole : {false, true}) {
    if (whole && k >= h) break;  // the region already was the whole side
    CutCriteria criteria = Criteria(params, pop);
    if (heavy == 0) {
      criteria.extra_right = light_only;
      criteria.max_offset = old_offset;
    } else {
      criteria.extra_left = light_only;
      criteria.min_offset = old_offset;
    }
    lo_.clear();
    hi_.clear();
    if (whole || k >= h) {
      for (const Interval& iv : intervals_) lo_.push_back(iv.lo), hi_.push_back(iv.hi);
    } else if (heavy == 0) {
      // Plane moving down: the region starts at the k-th largest low end r. Boxes ending at or
      // below r stay on the negative side only, whatever the cut in [r, old].
      std::nth_element(intervals_.begin(), intervals_.begin() + ptrdiff_t(h - k), intervals_.end(),
                       [](const Interval& a, const Interval& b) { return a.lo < b.lo; });
      const float r = intervals_[h - k].lo;
      criteria.min_offset = r;
      for (const Interval& iv : intervals_) {
        if (iv.hi <= r) {
          ++criteria.extra_left;
        } else {
          lo_.push_back(iv.lo), hi_.push_back(iv.hi);
        }
      }
    } else {
      // Plane moving up: the region ends at the k-th smallest high end r. Boxes starting above r
      // stay on the positive side only, whatever the cut in [old, r].
      std::nth_element(intervals_.begin(), intervals_.begin() + ptrdiff_t(k - 1), intervals_.end(),
                       [](const Interval& a, const Interval& b) { return a.hi < b.hi; });
      const float r = intervals_[k - 1].hi;
      criteria.max_offset = r;
      for (const Interval& iv : intervals_) {
        if (iv.lo > r) {
          ++criteria.extra_right;
        } else {
          lo_.push_back(iv.lo), hi_.push_back(iv.hi);
        }
      }
    }
    SortFloats(lo_, float_scratch_);
    SortFloats(hi_, float_scratch_);
    cut = ChooseCut(lo_, hi_, criteria);
    if (cut.found && cut.offset != old_offset) break;
  }
  if (!cut.found || cut.offset == old_offset) {
    return Fail(
        FormatReason(N_("balance failed: no position of the plane gives balance >= %.2f with "
                        "redundancy <= %.1f%% (%u | %u, %u straddle)"),
                     params.unbalance_limit, params.redundancy_limit * 100, left, right, straddle));
  }
  // Move the plane, then migrate the boxes of the region between the old and new positions.
  tree_.node_mut(n).offset = cut.offset;
  const NodeId c0 = node.child[0], c1 = node.child[1];
  uint32_t migrated = 0;
  tree_.BeginBatch();
  for (BoxId id : ids_) {
    const Interval iv = ProjectAabb(tree_.box(id), normal);
    if (heavy == 0) {
      if (!ReachesNegative(iv, cut.offset)) tree_.RemoveFromSubtree(c0, id), ++migrated;
      if (ReachesPositive(iv, cut.offset) && !ReachesPositive(iv, old_offset)) {
        tree_.InsertIntoSubtree(c1, id), ++migrated;
      }
    } else {
      if (!ReachesPositive(iv, cut.offset)) tree_.RemoveFromSubtree(c1, id), ++migrated;
      if (ReachesNegative(iv, cut.offset) && !ReachesNegative(iv, old_offset)) {
        tree_.InsertIntoSubtree(c0, id), ++migrated;
      }
    }
  }
  tree_.EndBatch();
  Populations(n, result.after);
  result.ok = true;
  result.result_node = n;
  result.reason =
      FormatReason(N_("balance: plane %.3g -> %.3g, %u | %u -> %u | %u, %u box moves"), old_offset,
                   cut.offset, left, right, result.after[1], result.after[2], migrated);
  return result;
}

OpResult BspOperations::Swap(NodeId n, const BspParams& params) {
  const BspNode& node = tree_.node(n);
  if (!node.alive || node.IsLeaf()) return Fail(FormatReason(N_("swap: not an internal node")));
  OpResult result;
  Populations(n, result.before);
  const int keep = result.before[1] >= result.before[2] ? 0 : 1;
  const NodeId kept = node.child[keep], dropped = node.child[1 - keep];
  const NodeId parent = node.parent;
  const uint16_t depth = node.depth;

  // Boxes only in the dropped subtree are the ones that must move into the kept one (4.5).
  ids_.clear();
  tree_.CollectBoxes(dropped, ids_);
  size_t movers = 0;
  for (BoxId id : ids_) {
    const Interval iv = ProjectAabb(tree_.box(id), node.normal);
    const bool in_kept =
        keep == 0 ? ReachesNegative(iv, node.offset) : ReachesPositive(iv, node.offset);
    if (!in_kept) ids_[movers++] = id;
  }
  ids_.resize(movers);

  // The kept child takes the node's place.
  if (parent == kNoNode) {
    tree_.set_root(kept);
  } else {
    BspNode& p = tree_.node_mut(parent);
    p.child[p.child[0] == n ? 0 : 1] = kept;
  }
  tree_.node_mut(kept).parent = parent;
  tree_.FreeSubtree(dropped);
  tree_.node_mut(n).child[0] = tree_.node_mut(n).child[1] = kNoNode;  // now an empty leaf slot
  tree_.FreeSubtree(n);
  tree_.SetDepths(kept, depth);
  if (tree_.node(kept).IsLeaf()) tree_.ResortLeaf(kept, tree_.ChildSortDir(parent));
  tree_.BeginBatch();
  for (BoxId id : ids_) tree_.InsertIntoSubtree(kept, id);
  tree_.EndBatch();

  Populations(kept, result.after);
  result.ok = true;
  result.result_node = kept;
  result.reason =
      FormatReason(N_("swap: kept the %s subtree (%u), dropped %u, %zu boxes migrated"),
                   keep == 0 ? FormatReason(N_("negative")) : FormatReason(N_("positive")),
                   result.before[1 + keep], result.before[2 - keep], movers);
  return result;
}

OpResult BspOperations::Apply(BspOp op, NodeId node, const BspParams& params) {
  switch (op) {
    case BspOp::kBalance:
      return Balance(node, params);
    case BspOp::kShiftSplit:
      return ShiftSplit(node, params);
    case BspOp::kSplit:
      return Split(node, params);
    case BspOp::kSwap:
      return Swap(node, params);
    case BspOp::kMerge:
      return Merge(node, params);
  }
  return Fail(FormatReason(N_("unknown operation")));
}

}  // namespace partlab
