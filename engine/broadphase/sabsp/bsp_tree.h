// Storage of the semi-adjusting BSP (semi-adjusting-bsp.txt, 3.4): a flat array of nodes; AABBs
// only in leaves; each leaf keeps its boxes in an array sorted by projection on its parent's
// normal (the root leaf uses the x axis), storing the projected interval and a copy of the box
// next to the id so that sweeps read one contiguous array; a box straddling a plane lives in both
// subtrees.
//
// The tree also implements the top-down migration of 5.1.1 (one descent comparing a box's old and
// new paths) and the per-leaf insertion sort of 5.1.2. Structural operations (chapter 4) are in
// bsp_operations.h and use the subtree helpers below.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/sabsp/cut_directions.h"
#include "engine/broadphase/sabsp/leaf_list_sort.h"
#include "engine/broadphase/sabsp/projection.h"

namespace partlab {

struct BspParams;
using NodeId = int32_t;
constexpr NodeId kNoNode = -1;

struct BspNode {
  glm::vec3 normal{1, 0, 0};             // internal: the plane's normal (cut_directions[plane_dir])
  float offset = 0;                      // internal: the plane is {x : normal·x = offset}
  NodeId child[2] = {kNoNode, kNoNode};  // [0] negative side, [1] positive side
  NodeId parent = kNoNode;
  uint32_t population = 0;  // distinct boxes reaching this node (3.6)
  uint32_t generation = 0;  // bumped whenever the slot is reused, so queued events can go stale
  // Leaf: after a failed split, no new attempt before retry_split_step unless the population grows
  // past retry_split_above, or, once more entries changed than it holds (moved_entries), before
  // retry_moved_split_step (the scheduler's back-off; see bsp_scheduler.h).
  uint64_t retry_split_step = 0;
  uint64_t retry_moved_split_step = 0;
  uint32_t retry_split_above = 0;
  uint32_t moved_entries =
      0;  // leaf: entries changed (escaped, in, out) since its last failed split
  uint16_t depth = 0;
  uint8_t plane_dir = 0;       // internal: index of the plane's direction
  uint8_t sort_dir = 0;        // leaf: index of the direction its list is sorted on (the parent's)
  uint8_t split_failures = 0;  // leaf: splits failed in a row while its boxes kept (nearly) still
  // Leaf: boxes that escaped their fat boxes in it, entered or left it since the last
  // UpdateMotion. Any node: the running mean of that share of its population per step (its
  // leaves' counts summed), which BspParams::moving_leaf_scale reads.
  uint32_t escapes = 0;
  float motion = 0;
  bool MovedSinceFailure() const { return moved_entries > population; }
  // Leaf: a split failed at `step`; sets the back-off above (BspParams::split_backoff).
  void RecordFailedSplit(uint64_t step, const BspParams& params);
  bool alive = false;

  bool IsLeaf() const { return child[0] == kNoNode; }
};

class BspTree {
 public:
  BspTree();

  // Forgets every box and resets to one empty root leaf.
  void Clear();
  void SetDirections(const CutDirections& dirs) { dirs_ = dirs; }
  const CutDirections& directions() const { return dirs_; }
  const glm::vec3& direction(int i) const { return dirs_[i]; }

  NodeId root() const { return root_; }
  std::span<const BspNode> nodes() const { return nodes_; }
  const BspNode& node(NodeId n) const { return nodes_[n]; }
  BspNode& node_mut(NodeId n) { return nodes_[n]; }
  std::span<const LeafEntry> leaf(NodeId n) const { return lists_[n]; }
  // Read-write access to a list marks it changed.
  std::vector<LeafEntry>& leaf_mut(NodeId n) {
    MarkChanged(n);
    return lists_[n];
  }

  // Boxes, by id. box() is the box the structure stores (the fat box: the exact box grown by the
  // fat margin when it last escaped its fat box; see BspParams::fat_margin); every placement,
  // sort and operation uses it. exact_box() is the box last given, for the exact pair test.
  bool present(BoxId id) const { return id < present_.size() && present_[id]; }
  const Aabb& box(BoxId id) const { return boxes_[id]; }
  std::span<const Aabb> boxes() const { return boxes_; }  // by id (absent ids hold stale boxes)
  const Aabb& exact_box(BoxId id) const { return exact_[id]; }
  void set_fat_margin(float fraction) { fat_margin_ = fraction; }
  // Predictive fattening (BspParams::predictive_steps, predictive_cap): an escaping box's fat box
  // is also stretched along its last displacement by `steps` of it, at most `cap` times its
  // largest extent per axis. Needs a fat margin above 0 (0 steps: the plain fat box).
  void set_prediction(float steps, float cap) {
    predictive_steps_ = steps;
    predictive_cap_ = cap;
  }
  uint32_t box_count() const { return box_count_; }
  uint32_t id_capacity() const { return static_cast<uint32_t>(boxes_.size()); }
  // In how many leaves a box is stored (1 unless it straddles planes).
  uint32_t leaf_count(BoxId id) const { return leaf_count_[id]; }
  // The one leaf holding a box, as MoveBox's last descent found it, or kNoNode when not known
  // (any change to the box's entries forgets it; a freed or reused leaf reads as not known).
  NodeId home_leaf(BoxId id) const;
  uint64_t total_entries() const { return total_entries_; }
  // Whether a box's exact box changed (added or moved) since the last ClearExactMoved(): a leaf
  // none of whose boxes moved, and whose list did not change, still has last step's exact pairs.
  bool exact_moved(BoxId id) const { return exact_moved_[id] != 0; }
  void ClearExactMoved() { std::fill(exact_moved_.begin(), exact_moved_.end(), uint8_t{0}); }

  // 5.1.1: a box's edits as one top-down descent along its old and new paths. Returns the number
  // of leaf lists the box entered or left. Entries are appended unsorted; SortLeaves() fixes the
  // order once per step.
  uint32_t AddBox(BoxId id, const Aabb& box);
  uint32_t RemoveBox(BoxId id);
  uint32_t MoveBox(BoxId id, const Aabb& box);

  // For a build that places many boxes at once (bsp_bulk_build.h): ReserveIds sizes the arrays
  // kept per box id for ids below `count` in one go (a bulk load of thousands of boxes would
  // otherwise grow six arrays one id at a time); StoreBox records a box as present without
  // placing it in any leaf; PlaceStoredBox places a stored box by the descent above (AddBox =
  // StoreBox + PlaceStoredBox); SetLeafList fills an empty leaf with entries already projected on
  // its sort direction and sorted; ClearStructure frees every node but keeps the boxes, stored and
  // placed nowhere, under one empty root leaf.
  void ReserveIds(size_t count) {
    if (count > boxes_.size()) GrowIds(count);
  }
  void StoreBox(BoxId id, const Aabb& box);
  uint32_t PlaceStoredBox(BoxId id);
  void SetLeafList(NodeId leaf, std::vector<LeafEntry>&& sorted);
  void ClearStructure();

  // 5.1.2: re-projects the entries and restores the order with an insertion sort (few swaps
  // thanks to temporal coherence), in the leaves whose stored boxes changed since the last call
  // (the thesis re-sorts every leaf; a leaf whose boxes all stayed inside their fat boxes is
  // still sorted). Returns the number of element moves.
  uint64_t SortLeaves();
  // Folds each leaf's escapes of this step into the running mean `motion` of every node (a
  // quarter of the new share each step; an internal node's share is its leaves' escapes over
  // its population) and clears the counts.
  void UpdateMotion();

  // What changed in a leaf's list since PairsRefreshed(), for the pair finder's cached candidates:
  // pairs_stale when the list was rebuilt wholesale (new node, operation, many edits), else the
  // boxes touched one by one (entered, left, or their stored box changed; ids may repeat).
  bool pairs_stale(NodeId leaf) const { return flags_[leaf] & kPairsStale; }
  std::span<const BoxId> touched(NodeId leaf) const { return touched_[leaf]; }
  void PairsRefreshed(NodeId leaf) {
    flags_[leaf] &= uint8_t(~kPairsStale);
    touched_[leaf].clear();
  }
  // Every leaf's pairs to be found afresh: a new pair finder, which knows none of them, takes
  // over the leaves.
  void MarkAllPairsStale();

  // Subtree helpers for the operations. Entries are inserted at their sorted place; populations of
  // the subtree's nodes are kept right (the caller handles the ancestors).
  void InsertIntoSubtree(NodeId n, BoxId id);
  void RemoveFromSubtree(NodeId n, BoxId id);

  // Batched edits for operations that move many boxes (balance, swap): inside a batch, subtree
  // insertions append and removals swap with the last entry; EndBatch() sorts each touched leaf
  // once instead of paying one array shift per box.
  void BeginBatch() { batch_ = true; }
  void EndBatch();

  // Node slots.
  NodeId NewNode();
  void ReserveNodes(size_t count);  // room for `count` slots, so that a build grows no array
  void FreeSubtree(NodeId n);       // also drops the leaves' entries (leaf counts updated)
  void SetDepths(NodeId n, uint16_t depth);

  void CollectLeaves(NodeId n, std::vector<NodeId>& out) const;
  void CollectNodes(NodeId n, std::vector<NodeId>& out) const;  // n and all below it
  // Distinct boxes stored under n (each once, even when in several leaves).
  void CollectBoxes(NodeId n, std::vector<BoxId>& out);

  // Appends `entry` to leaf n's list (sorted insert when `sorted`), counting the box's leaves.
  void PushEntry(NodeId leaf, const LeafEntry& entry, bool sorted);
  LeafEntry MakeEntry(NodeId leaf, BoxId id) const;
  // Moves a leaf's entries to `out` (appended), leaving the leaf empty.
  void TakeEntries(NodeId leaf, std::vector<LeafEntry>& out);
  // Empties a leaf whose entries the caller already copied (TakeEntries without the copy).
  void DropEntries(NodeId leaf);
  void ReserveLeaf(NodeId leaf, size_t entries) { lists_[leaf].reserve(entries); }
  // Re-projects a leaf's list on its (possibly new) sort direction and sorts it.
  void ResortLeaf(NodeId leaf, uint8_t sort_dir);
  // Sorts entries by lo, stable (leaf_list_sort.h); for lists the operations rebuild.
  void SortByLo(std::span<LeafEntry> entries) { sorter_.StableSortByLo(entries); }
  // The direction a child list of `parent` is sorted on (the x axis for the root).
  uint8_t ChildSortDir(NodeId parent) const {
    return parent == kNoNode ? root_dir_ : nodes_[parent].plane_dir;
  }
  // The root leaf's sort direction (BspParams::root_direction; the thesis names none). A root
  // leaf is re-sorted on it at once; below an internal root nothing changes.
  void set_root_direction(uint8_t dir) {
    root_dir_ = dir;
    if (nodes_[root_].IsLeaf() && nodes_[root_].sort_dir != dir) ResortLeaf(root_, dir);
  }

  // Bytes held (capacities).
  size_t MemoryBytes() const;

  void set_root(NodeId r) { root_ = r; }

 private:
  uint32_t Migrate(NodeId n, const Aabb& old_box, const Aabb& new_box, BoxId id, bool was, bool is,
                   bool sorted);
  bool EraseEntry(NodeId leaf, BoxId id);
  void MarkDirty(NodeId leaf);
  void MarkChanged(NodeId leaf) {
    flags_[leaf] = (flags_[leaf] & kFarFromSorted) | kNeedsSort | kPairsStale;
    touched_[leaf].clear();
  }
  void MarkTouched(NodeId leaf, BoxId id);
  Aabb Fatten(const Aabb& box, const Aabb& previous) const;
  bool StaysInHomeLeaf(BoxId id, const Aabb& box) const;
  void ForgetHome(BoxId id) { home_[id].leaf = kNoNode; }
  void EnsureId(BoxId id) { ReserveIds(size_t(id) + 1); }
  void GrowIds(size_t count);

  CutDirections dirs_;
  std::vector<BspNode> nodes_;
  std::vector<std::vector<LeafEntry>> lists_;  // by node id; empty for internal nodes
  std::vector<NodeId> free_nodes_;
  NodeId root_ = kNoNode;
  uint8_t root_dir_ = 0;  // ChildSortDir(kNoNode)

  enum : uint8_t { kNeedsSort = 1, kPairsStale = 2, kFarFromSorted = 4 };
  std::vector<uint8_t> flags_;               // by node id
  std::vector<std::vector<BoxId>> touched_;  // by node id
  bool moving_box_ = false;  // within MoveBox's Migrate: entries and exits count as escapes

  std::vector<Aabb> boxes_;  // stored (fat) boxes
  std::vector<Aabb> exact_;
  std::vector<uint8_t> exact_moved_;  // by box id
  float fat_margin_ = 0;
  float predictive_steps_ = 0, predictive_cap_ = 0;
  std::vector<uint8_t> present_;
  std::vector<uint32_t> leaf_count_;
  // By box id: its single leaf and that leaf's generation when found (see home_leaf()). Lets an
  // escaping box that stays in its leaf skip the descent from the root (MoveBox).
  struct HomeLeaf {
    NodeId leaf = kNoNode;
    uint32_t generation = 0;
  };
  std::vector<HomeLeaf> home_;
  std::vector<uint32_t> stamp_;  // for CollectBoxes' de-duplication
  uint32_t stamp_now_ = 0;
  bool batch_ = false;
  std::vector<NodeId> dirty_leaves_;
  LeafListSorter sorter_;
  uint32_t box_count_ = 0;
  uint64_t total_entries_ = 0;
};

}  // namespace partlab
