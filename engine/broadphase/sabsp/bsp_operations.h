// The five structural operations of the semi-adjusting BSP (semi-adjusting-bsp.txt, chapter 4).
// Each one either changes the tree and says what it did, or leaves the tree untouched and says why
// it could not (a split finds no acceptable cut, a balance no acceptable position...). When to
// apply them is the scheduler's business (bsp_scheduler.h, chapter 5).
#pragma once

#include "engine/broadphase/sabsp/op_reason.h"

#include <string>
#include <vector>

#include "engine/broadphase/radix_sort.h"
#include "engine/broadphase/sabsp/bsp_params.h"
#include "engine/broadphase/sabsp/bsp_tree.h"
#include "engine/broadphase/sabsp/cut_selection.h"

namespace partlab {

// In the order of priority of 5.2.1.
enum class BspOp : uint8_t { kBalance, kShiftSplit, kSplit, kSwap, kMerge };
constexpr int kBspOpCount = 5;
const char* BspOpName(BspOp op);

// One list of a merge's bottom-up combination (4.3, Figure 4.4): a node of the merged subtree and
// its boxes' sorted list on the merge's direction, its leaves' lists combined. Stages come children
// first, so the subtree's root is last.
struct MergeStage {
  NodeId node = kNoNode;
  int depth = 0;         // below the merged node (0: the node itself)
  bool leaf = false;     // a leaf's own list, re-sorted if its direction differed
  uint8_t sort_dir = 0;  // the merge's direction: the one the merged node's parent sorts its
                         // children's lists on
  std::vector<LeafEntry> list;
};

struct OpResult {
  bool ok = false;
  OpText reason;  // what was done, or why nothing was (op_reason.h)
  // Populations of the node and of its two children (0 for a leaf) before and after.
  uint32_t before[3] = {0, 0, 0};
  uint32_t after[3] = {0, 0, 0};
  NodeId result_node =
      kNoNode;  // the node that holds the operation's result (swap: the kept child)
};

class BspOperations {
 public:
  explicit BspOperations(BspTree& tree) : tree_(tree) {}

  // 4.1: turns a leaf into a node with two leaves. The direction is the best of the 13 on a sample
  // of sample_factor·√n boxes; the offset is then chosen on the whole list along that direction.
  OpResult Split(NodeId leaf, const BspParams& params);
  // 4.2: like split but along the parent's normal, reusing the leaf's list (already sorted on it)
  // instead of projecting and sorting samples.
  OpResult ShiftSplit(NodeId leaf, const BspParams& params);
  // 4.3: replaces a node's subtree by one leaf, merging the sorted lists bottom-up.
  OpResult Merge(NodeId node, const BspParams& params);
  // 4.4: moves a node's plane along its normal to restore balance and redundancy; only the boxes
  // in the region between the old and new position change sides. Two procedures
  // (BspParams::balance_by_merge):
  //   BalanceByMerge, the thesis's: both sides recovered by the merge procedure into one sorted
  //     list, the plane placed anew on it; it moves either way.
  //   BalanceHeavySide, ours: only the heavy subtree's boxes are re-projected, a region sized by a
  //     guessed count is sorted, and the plane only moves towards the heavy side.
  OpResult Balance(NodeId node, const BspParams& params);
  OpResult BalanceByMerge(NodeId node, const BspParams& params);
  OpResult BalanceHeavySide(NodeId node, const BspParams& params);
  // 4.5: replaces a node by its more populated subtree; boxes only in the other one migrate.
  OpResult Swap(NodeId node, const BspParams& params);

  OpResult Apply(BspOp op, NodeId node, const BspParams& params);

  // The lists a merge of `node` would combine, level by level, without changing the tree: the
  // very procedure Merge runs (MergeLists), each node's result recorded (Figure 4.4).
  std::vector<MergeStage> TraceMerge(NodeId node);

 private:
  // The cut limits of 6.1 for a node of `population` boxes (overfull nodes: BspParams).
  CutCriteria Criteria(const BspParams& params, uint32_t population) const;
  // Projects entries on direction d into lo_/hi_ (each sorted) and chooses a cut.
  CutChoice CutAlong(std::span<const LeafEntry> entries, int d, const CutCriteria& criteria);
  CutChoice CutAlongWholeList(NodeId leaf, int d, const CutCriteria& criteria);
  void ProjectLeafEntries(NodeId leaf, int d);
  void MakeChildren(NodeId leaf, int d, float offset, bool projected = false);
  // `stages`, when given, receives each node's combined list (TraceMerge).
  void MergeLists(NodeId n, uint8_t sort_dir, std::vector<LeafEntry>& out,
                  std::vector<MergeStage>* stages = nullptr, int depth = 0);
  void Populations(NodeId n, uint32_t out[3]) const;

  BspTree& tree_;
  std::vector<float> lo_, hi_;
  FloatSortScratch float_scratch_;
  std::vector<Interval> intervals_;
  std::vector<LeafEntry> entries_, sample_, merge_a_, merge_b_;
  std::vector<BoxId> ids_;
  std::vector<uint8_t> seen_;
};

}  // namespace partlab
