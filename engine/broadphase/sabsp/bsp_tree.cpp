#include "engine/broadphase/sabsp/bsp_tree.h"

#include <algorithm>
#include <cstring>

#include "engine/broadphase/sabsp/bsp_params.h"

namespace partlab {

void BspNode::RecordFailedSplit(uint64_t step, const BspParams& params) {
  split_failures = MovedSinceFailure() ? 1 : uint8_t(std::min(split_failures + 1, 255));
  moved_entries = 0;
  retry_split_step = step + params.SplitBackoffSteps(split_failures);
  retry_moved_split_step = step + params.SplitBackoffSteps(1);
  retry_split_above = population + population / 4;
}

BspTree::BspTree() : dirs_(ThirteenCutDirections()) {
  Clear();
}

void BspTree::Clear() {
  nodes_.clear();
  lists_.clear();
  flags_.clear();
  touched_.clear();
  free_nodes_.clear();
  boxes_.clear();
  exact_.clear();
  exact_moved_.clear();
  present_.clear();
  leaf_count_.clear();
  home_.clear();
  stamp_.clear();
  box_count_ = 0;
  total_entries_ = 0;
  root_ = NewNode();
  nodes_[root_].sort_dir = root_dir_;
}

void BspTree::GrowIds(size_t count) {
  boxes_.resize(count);
  exact_.resize(count);
  exact_moved_.resize(count, 0);
  present_.resize(count, 0);
  leaf_count_.resize(count, 0);
  home_.resize(count);
  stamp_.resize(count, 0);
}

NodeId BspTree::NewNode() {
  NodeId n;
  if (!free_nodes_.empty()) {
    n = free_nodes_.back();
    free_nodes_.pop_back();
  } else {
    n = static_cast<NodeId>(nodes_.size());
    nodes_.emplace_back();
    lists_.emplace_back();
    flags_.emplace_back();
    touched_.emplace_back();
  }
  const uint32_t generation = nodes_[n].generation + 1;
  nodes_[n] = BspNode{};
  nodes_[n].generation = generation;
  nodes_[n].alive = true;
  lists_[n].clear();  // keeps its capacity for reuse
  MarkChanged(n);
  return n;
}

void BspTree::ReserveNodes(size_t count) {
  nodes_.reserve(count);
  lists_.reserve(count);
  flags_.reserve(count);
  touched_.reserve(count);
}

void BspTree::FreeSubtree(NodeId n) {
  BspNode& node = nodes_[n];
  if (node.IsLeaf()) {
    for (const LeafEntry& e : lists_[n]) --leaf_count_[e.id], ForgetHome(e.id);
    total_entries_ -= lists_[n].size();
    lists_[n].clear();
  } else {
    FreeSubtree(node.child[0]);
    FreeSubtree(node.child[1]);
  }
  nodes_[n].alive = false;
  ++nodes_[n].generation;
  free_nodes_.push_back(n);
}

void BspTree::SetDepths(NodeId n, uint16_t depth) {
  nodes_[n].depth = depth;
  if (!nodes_[n].IsLeaf()) {
    SetDepths(nodes_[n].child[0], depth + 1);
    SetDepths(nodes_[n].child[1], depth + 1);
  }
}

LeafEntry BspTree::MakeEntry(NodeId leaf, BoxId id) const {
  const Interval iv = ProjectAabb(boxes_[id], dirs_[nodes_[leaf].sort_dir]);
  return LeafEntry{boxes_[id], iv.lo, iv.hi, id};
}

void BspTree::PushEntry(NodeId leaf, const LeafEntry& entry, bool sorted) {
  std::vector<LeafEntry>& list = lists_[leaf];
  if (sorted) {
    list.insert(std::upper_bound(list.begin(), list.end(), entry, ByLo), entry);
  } else {
    list.push_back(entry);
  }
  MarkTouched(leaf, entry.id);
  ++leaf_count_[entry.id];
  ForgetHome(entry.id);
  ++total_entries_;
}

// A few touched boxes are cheaper to re-pair one by one than re-sweeping the leaf; past a quarter
// of the list the whole leaf is re-swept.
void BspTree::MarkTouched(NodeId leaf, BoxId id) {
  flags_[leaf] |= kNeedsSort;
  if (flags_[leaf] & kPairsStale) return;
  std::vector<BoxId>& touched = touched_[leaf];
  touched.push_back(id);
  if (touched.size() * 4 > lists_[leaf].size() + 8) MarkChanged(leaf);
}

void BspTree::MarkDirty(NodeId leaf) {
  if (std::find(dirty_leaves_.begin(), dirty_leaves_.end(), leaf) == dirty_leaves_.end()) {
    dirty_leaves_.push_back(leaf);
  }
}

void BspTree::EndBatch() {
  batch_ = false;
  for (NodeId leaf : dirty_leaves_) {
    MarkChanged(leaf);
    sorter_.StableSortByLo(lists_[leaf]);
  }
  dirty_leaves_.clear();
}

bool BspTree::EraseEntry(NodeId leaf, BoxId id) {
  std::vector<LeafEntry>& list = lists_[leaf];
  for (size_t i = 0; i < list.size(); ++i) {
    if (list[i].id == id) {
      MarkTouched(leaf, id);
      if (batch_) {  // order restored by EndBatch
        list[i] = list.back();
        list.pop_back();
        MarkDirty(leaf);
      } else {
        list.erase(list.begin() + static_cast<ptrdiff_t>(i));  // keeps the order
      }
      --leaf_count_[id];
      ForgetHome(id);
      --total_entries_;
      return true;
    }
  }
  return false;
}

// One descent along both paths (Figure 5.1): at each node the box's old and new projections say
// which children it reached before and reaches now; only where the two differ does a leaf list
// change. Populations follow the same comparison.
uint32_t BspTree::Migrate(NodeId n, const Aabb& old_box, const Aabb& new_box, BoxId id, bool was,
                          bool is, bool sorted) {
  BspNode& node = nodes_[n];
  node.population += static_cast<uint32_t>(is) - static_cast<uint32_t>(was);
  if (node.IsLeaf()) {
    node.escapes += uint32_t(moving_box_);  // a moved box left, entered or changed here
    if (was && !is) return EraseEntry(n, id) ? 1 : 0;
    if (is && !was) {
      PushEntry(n, MakeEntry(n, id), sorted && !batch_);
      if (batch_) MarkDirty(n);
      return 1;
    }
    if (was && is && (old_box.min != new_box.min || old_box.max != new_box.max)) {
      MarkTouched(n, id);
    }  // stays, but its stored box changed
    return 0;
  }
  const Interval o = was ? ProjectAabb(old_box, node.normal) : Interval{0, 0};
  const Interval w = is ? ProjectAabb(new_box, node.normal) : Interval{0, 0};
  const bool was_neg = was && ReachesNegative(o, node.offset);
  const bool was_pos = was && ReachesPositive(o, node.offset);
  const bool is_neg = is && ReachesNegative(w, node.offset);
  const bool is_pos = is && ReachesPositive(w, node.offset);
  const NodeId c0 = node.child[0], c1 = node.child[1];  // `node` may move if nodes_ grows: copy
  uint32_t changes = 0;
  if (was_neg || is_neg) changes += Migrate(c0, old_box, new_box, id, was_neg, is_neg, sorted);
  if (was_pos || is_pos) changes += Migrate(c1, old_box, new_box, id, was_pos, is_pos, sorted);
  return changes;
}

uint32_t BspTree::AddBox(BoxId id, const Aabb& box) {
  EnsureId(id);
  if (present_[id]) return MoveBox(id, box);
  StoreBox(id, box);
  return PlaceStoredBox(id);
}

void BspTree::StoreBox(BoxId id, const Aabb& box) {
  EnsureId(id);
  boxes_[id] = box;  // fattened only once it moves: a box added at rest stays exact
  exact_[id] = box;
  exact_moved_[id] = 1;
  box_count_ += present_[id] ? 0 : 1;
  present_[id] = 1;
}

uint32_t BspTree::PlaceStoredBox(BoxId id) {
  return Migrate(root_, boxes_[id], boxes_[id], id, false, true, false);
}

void BspTree::SetLeafList(NodeId leaf, std::vector<LeafEntry>&& sorted) {
  MarkChanged(leaf);
  flags_[leaf] &= uint8_t(~kNeedsSort);  // fresh projections, already in order
  lists_[leaf].swap(sorted);             // the caller gets the empty list's buffer back
  sorted.clear();
  for (const LeafEntry& e : lists_[leaf]) ++leaf_count_[e.id], ForgetHome(e.id);
  total_entries_ += lists_[leaf].size();
}

void BspTree::ClearStructure() {
  FreeSubtree(root_);
  root_ = NewNode();
  nodes_[root_].sort_dir = root_dir_;
}

uint32_t BspTree::RemoveBox(BoxId id) {
  if (!present(id)) return 0;
  const uint32_t changes = Migrate(root_, boxes_[id], boxes_[id], id, true, false, false);
  present_[id] = 0;
  --box_count_;
  return changes;
}

namespace {

// `value` when `keep`, else +0, by masking its bits.
float KeptIf(bool keep, float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  bits &= 0u - uint32_t(keep);
  std::memcpy(&value, &bits, sizeof bits);
  return value;
}

}  // namespace

// The fat box: the exact box grown by the margin on every side and, with prediction, stretched
// on each axis towards where the box went since its previous exact box (`previous`), as far as
// predictive_steps_ such displacements, capped at predictive_cap_ times its largest extent.
Aabb BspTree::Fatten(const Aabb& box, const Aabb& previous) const {
  const glm::vec3 extent = box.max - box.min;
  const float largest = std::max({extent.x, extent.y, extent.z});
  const float margin = fat_margin_ * largest;
  Aabb fat{box.min - margin, box.max + margin};
  if (predictive_steps_ <= 0) return fat;
  const float cap = predictive_cap_ * largest;
  const glm::vec3 moved = ((box.min + box.max) - (previous.min + previous.max)) * 0.5f;
  // Which way a box went is a coin toss per axis in a busy scene: the stretch goes to one side and
  // 0 to the other through a bit mask made from the comparisons (KeptIf), not a branch: compilers
  // turn a float select here into one, and mispredicting it cost more than the rest of Fatten.
  // Written so that NaN (a box at +-inf) stretches nothing: the comparisons are false.
  for (int a = 0; a < 3; ++a) {
    const float stretch = std::min(std::abs(moved[a]) * predictive_steps_, cap);
    const bool stretches = stretch > 0, up = moved[a] > 0;
    fat.max[a] += KeptIf(stretches & up, stretch);
    fat.min[a] -= KeptIf(stretches & !up, stretch);
  }
  return fat;
}

uint32_t BspTree::MoveBox(BoxId id, const Aabb& in) {
  if (!present(id)) return AddBox(id, in);
  exact_moved_[id] = 1;
  // Still inside its stored fat box: the structure does not change at all.
  const Aabb& stored = boxes_[id];
  if (fat_margin_ > 0 && glm::all(glm::lessThanEqual(stored.min, in.min)) &&
      glm::all(glm::lessThanEqual(in.max, stored.max))) {
    exact_[id] = in;
    return 0;
  }
  const Aabb previous = exact_[id];
  exact_[id] = in;
  const Aabb box = fat_margin_ > 0 ? Fatten(in, previous) : in;
  const Aabb old_box = boxes_[id];
  boxes_[id] = box;  // new entries copy the new box
  if (StaysInHomeLeaf(id, box)) {
    MarkTouched(home_[id].leaf, id);  // same single leaf; its entry's box changed
    ++nodes_[home_[id].leaf].escapes;
    return 0;
  }
  // Fast path for the common case: while the old and new boxes take the same single branch,
  // nothing changes (same leaf, same populations); the full comparison starts where they differ.
  NodeId n = root_;
  while (!nodes_[n].IsLeaf()) {
    const BspNode& node = nodes_[n];
    const Interval o = ProjectAabb(old_box, node.normal), w = ProjectAabb(box, node.normal);
    const bool neg = ReachesNegative(o, node.offset), pos = ReachesPositive(o, node.offset);
    if (neg == pos || neg != ReachesNegative(w, node.offset) ||
        pos != ReachesPositive(w, node.offset)) {
      moving_box_ = true;
      const uint32_t changes = Migrate(n, old_box, box, id, true, true, false);
      moving_box_ = false;
      return changes;
    }
    n = node.child[neg ? 0 : 1];
  }
  home_[id] = {n, nodes_[n].generation};
  MarkTouched(n, id);  // same single leaf; its entry's box changed
  ++nodes_[n].escapes;
  return 0;
}

NodeId BspTree::home_leaf(BoxId id) const {
  const HomeLeaf& home = home_[id];
  if (home.leaf == kNoNode) return kNoNode;
  const BspNode& leaf = nodes_[home.leaf];
  return leaf.alive && leaf.IsLeaf() && leaf.generation == home.generation ? home.leaf : kNoNode;
}

// Whether `box` reaches only its home leaf (the migration of 5.1.1 then changes nothing): at every
// ancestor, only the side the leaf lies on.
// The walk goes up through the parents and tests each plane without branching on the outcome, so
// the planes are tested independently of each other, where the descent from the root must wait
// at every level for the side it takes (the latency that dominates moves in scattered scenes).
bool BspTree::StaysInHomeLeaf(BoxId id, const Aabb& box) const {
  const NodeId leaf = home_leaf(id);
  if (leaf == kNoNode) return false;
  bool inside = true;
  for (NodeId c = leaf, p = nodes_[leaf].parent; p != kNoNode; c = p, p = nodes_[p].parent) {
    const BspNode& node = nodes_[p];
    const Interval w = ProjectAabb(box, node.normal);
    const bool neg = ReachesNegative(w, node.offset), pos = ReachesPositive(w, node.offset);
    inside &= (neg != pos) & (neg == (node.child[0] == c));
  }
  return inside;
}

void BspTree::InsertIntoSubtree(NodeId n, BoxId id) {
  Migrate(n, boxes_[id], boxes_[id], id, false, true, true);
}

void BspTree::RemoveFromSubtree(NodeId n, BoxId id) {
  Migrate(n, boxes_[id], boxes_[id], id, true, false, true);
}

namespace {

// Escapes summed over the subtree of n, each node's motion updated on the way back up.
uint32_t FoldMotion(std::vector<BspNode>& nodes, NodeId n) {
  BspNode& node = nodes[n];
  const uint32_t escapes =
      node.IsLeaf() ? node.escapes
                    : FoldMotion(nodes, node.child[0]) + FoldMotion(nodes, node.child[1]);
  const float share = float(escapes) / float(std::max<uint32_t>(node.population, 1));
  node.motion += 0.25f * (std::min(share, 1.0f) - node.motion);
  node.escapes = 0;
  return escapes;
}

}  // namespace

void BspTree::UpdateMotion() {
  FoldMotion(nodes_, root_);
}

void BspTree::MarkAllPairsStale() {
  for (size_t n = 0; n < nodes_.size(); ++n) {
    if (!nodes_[n].alive || !nodes_[n].IsLeaf()) continue;
    flags_[n] |= kPairsStale;
    touched_[n].clear();
  }
}

uint64_t BspTree::SortLeaves() {
  uint64_t moves = 0;
  for (size_t n = 0; n < nodes_.size(); ++n) {
    if (!nodes_[n].alive || !nodes_[n].IsLeaf() || !(flags_[n] & kNeedsSort)) continue;
    flags_[n] &= uint8_t(~kNeedsSort);
    // For the split back-off: a list rebuilt whole counts all its entries as moved.
    const size_t moved = (flags_[n] & kPairsStale) ? lists_[n].size() : touched_[n].size();
    nodes_[n].moved_entries =
        uint32_t(std::min<size_t>(nodes_[n].moved_entries + moved, UINT32_MAX));
    const glm::vec3 dir = dirs_[nodes_[n].sort_dir];
    std::vector<LeafEntry>& list = lists_[n];
    LeafEntry* e = list.data();
    const size_t size = list.size();
    for (size_t i = 0; i < size; ++i) {  // new projections from the current boxes
      e[i].box = boxes_[e[i].id];
      const Interval iv = ProjectAabb(e[i].box, dir);
      e[i].lo = iv.lo;
      e[i].hi = iv.hi;
    }
    // A list whose last sort moved its entries more than twice its size (boxes that stream past
    // each other every step) takes the radix sort until it comes close to sorted again.
    const bool far = flags_[n] & kFarFromSorted;
    const uint64_t moved_now = far ? sorter_.SortFarFromSorted(list) : sorter_.InsertionSort(list);
    flags_[n] =
        moved_now > 2 * size ? flags_[n] | kFarFromSorted : flags_[n] & uint8_t(~kFarFromSorted);
    moves += moved_now;
  }
  return moves;
}

void BspTree::ResortLeaf(NodeId leaf, uint8_t sort_dir) {
  MarkChanged(leaf);
  nodes_[leaf].sort_dir = sort_dir;
  const glm::vec3 dir = dirs_[sort_dir];
  for (LeafEntry& e : lists_[leaf]) {
    const Interval iv = ProjectAabb(e.box, dir);
    e.lo = iv.lo;
    e.hi = iv.hi;
  }
  sorter_.StableSortByLo(lists_[leaf]);
}

void BspTree::TakeEntries(NodeId leaf, std::vector<LeafEntry>& out) {
  MarkChanged(leaf);
  for (const LeafEntry& e : lists_[leaf]) --leaf_count_[e.id], ForgetHome(e.id);
  total_entries_ -= lists_[leaf].size();
  out.insert(out.end(), lists_[leaf].begin(), lists_[leaf].end());
  lists_[leaf].clear();
}

void BspTree::DropEntries(NodeId leaf) {
  MarkChanged(leaf);
  for (const LeafEntry& e : lists_[leaf]) --leaf_count_[e.id], ForgetHome(e.id);
  total_entries_ -= lists_[leaf].size();
  lists_[leaf].clear();
}

void BspTree::CollectNodes(NodeId n, std::vector<NodeId>& out) const {
  out.push_back(n);
  if (nodes_[n].IsLeaf()) return;
  CollectNodes(nodes_[n].child[0], out);
  CollectNodes(nodes_[n].child[1], out);
}

void BspTree::CollectLeaves(NodeId n, std::vector<NodeId>& out) const {
  if (nodes_[n].IsLeaf()) {
    out.push_back(n);
    return;
  }
  CollectLeaves(nodes_[n].child[0], out);
  CollectLeaves(nodes_[n].child[1], out);
}

void BspTree::CollectBoxes(NodeId n, std::vector<BoxId>& out) {
  if (nodes_[n].IsLeaf()) {  // one list holds each box once
    for (const LeafEntry& e : lists_[n]) out.push_back(e.id);
    return;
  }
  if (++stamp_now_ == 0) {  // wrapped: reset the stamps
    std::fill(stamp_.begin(), stamp_.end(), 0);
    stamp_now_ = 1;
  }
  std::vector<NodeId> leaves;
  CollectLeaves(n, leaves);
  for (NodeId l : leaves) {
    for (const LeafEntry& e : lists_[l]) {
      if (stamp_[e.id] == stamp_now_) continue;
      stamp_[e.id] = stamp_now_;
      out.push_back(e.id);
    }
  }
}

size_t BspTree::MemoryBytes() const {
  size_t bytes = nodes_.capacity() * sizeof(BspNode) + lists_.capacity() * sizeof(lists_[0]) +
                 touched_.capacity() * sizeof(touched_[0]) + flags_.capacity() +
                 exact_.capacity() * sizeof(Aabb) + exact_moved_.capacity() +
                 free_nodes_.capacity() * sizeof(NodeId) + boxes_.capacity() * sizeof(Aabb) +
                 present_.capacity() + leaf_count_.capacity() * sizeof(uint32_t) +
                 home_.capacity() * sizeof(HomeLeaf) + stamp_.capacity() * sizeof(uint32_t);
  for (const auto& l : lists_) bytes += l.capacity() * sizeof(LeafEntry);
  for (const auto& t : touched_) bytes += t.capacity() * sizeof(BoxId);
  return bytes + sorter_.MemoryBytes();
}

}  // namespace partlab
