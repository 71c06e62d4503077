// The semi-adjusting BSP built top-down in one pass from a bulk load (our profile's departure
// BspParams::build_on_bulk_add; the thesis grows its tree from one leaf, 5.2.2 and 6.3).
//
// The incremental path would reach the same kind of tree through its own operations (4.1 split,
// 4.4 balance...), each projecting, sorting and copying its node's whole list; run from nothing
// that is the whole tree rebuilt level by level through sorted lists. Here every box is copied
// once per level over one flat arena, and entries are sorted only in the leaves:
//   1. A node over the split threshold t (6.1) ranks the 13 cut directions (3.5) on a strided
//      sample of sample_factor·√n boxes, as split does (4.1), but by a closed-form score (split
//      sorts the sample's projections on each direction and places a cut on them): the
//      variance of the sample's centres along the direction over the square of its mean projected
//      width (a direction that spreads the boxes far relative to their size cuts few of them).
//   2. Along the best of the first split_direction_tries directions, the whole node is projected
//      (into scratch arrays) and the plane goes through the sample's median centre; the cut must
//      pass the limits a split's cut must pass (balance and redundancy, 3.6 and 6.1). Failing
//      that, a bound from counts (open_interval_bound.h: the projections binned, no sort) may
//      show that every balanced cut leaves more boxes straddling than the redundancy limit
//      allows; otherwise the exact cut of the whole sorted node, as split places its plane
//      (ChooseCut over both ends of every box), which only sorts the boxes reaching the bins
//      where the bound leaves a passing cut possible (windowed_cut.h).
//      The next directions get the bound, then their median cut.
//   3. The node's entries are copied to the end of the arena, negative side then positive side
//      (a straddling box to both), taking their projections on the plane's direction: exactly
//      the keys their children's lists are sorted on (3.4). The children are built in turn and
//      the arena shrinks back.
//   4. A leaf (t boxes or fewer, max depth, or no acceptable cut) sorts its entries once by the
//      low end and hands them to the tree. A leaf with no acceptable cut waits as after a failed
//      split (BspParams::split_backoff).
// The result satisfies every invariant of the incremental tree (bsp_invariants.h): same side
// rule, populations, sorted lists with fresh projections; its cuts pass the split's limits and
// every node above a leaf holds more than t boxes, so verification finds nothing to merge.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/broadphase/radix_sort.h"
#include "engine/broadphase/sabsp/bsp_params.h"
#include "engine/broadphase/sabsp/bsp_tree.h"
#include "engine/broadphase/sabsp/cut_selection.h"
#include "engine/broadphase/sabsp/open_interval_bound.h"
#include "engine/broadphase/sabsp/windowed_cut.h"

namespace partlab {

class BspBulkBuilder {
 public:
  // A box on the current path: its id and its projection on the node's sort direction (the
  // direction of the plane above), the keys its leaf's list is sorted on.
  struct BulkEntry {
    float lo, hi;
    BoxId id;
  };

  // Builds the tree over the boxes `ids` (present, stored in `tree`, and in no leaf yet) under its
  // root, which must be an empty leaf.
  void Build(BspTree& tree, std::span<const BoxId> ids, const BspParams& params);
  size_t MemoryBytes() const;

 private:
  struct Cut {
    int dir = -1;
    float offset = 0;
    uint32_t left = 0, right = 0;
  };
  void BuildNode(NodeId node, size_t begin, size_t end, uint16_t depth, int projected_dir);
  bool FindCut(size_t begin, size_t end, Cut& cut);
  CutCriteria Criteria(size_t n) const;
  float SampleMedianCentre(size_t m);
  void ProjectTried(size_t begin, size_t end, int dir);
  static size_t MinSide(const CutCriteria& criteria, size_t n);
  PassingCutBins BinPassingCuts(const CutCriteria& criteria) const;
  static int PassingCutBinCount(size_t n);  // bins of the bound for a node of n boxes
  static bool NoCutCanPass(const PassingCutBins& bins);
  void Count(int dir, float offset, Cut& cut) const;
  CutChoice ExactCut(const CutCriteria& criteria, const PassingCutBins& bins);
  void Project(size_t begin, size_t end, int dir);
  bool Acceptable(size_t n, uint32_t left, uint32_t right) const;
  void Split(NodeId node, size_t begin, size_t end, uint16_t depth, const Cut& cut);
  void BackOff(NodeId node);
  void MakeLeaf(NodeId node, size_t begin, size_t end, int projected_dir);
  LeafEntry Entry(const BulkEntry& e) const;

  BspTree* tree_ = nullptr;
  const BspParams* params_ = nullptr;
  uint32_t split_threshold_ = 0;
  std::vector<BulkEntry> arena_;  // every node's entries on the current path, then scratch
  std::vector<LeafEntry> leaf_;   // one leaf's entries in sorted order
  std::vector<uint64_t> keys_;    // a short leaf's sort keys: low end's bits, entry's index
  std::vector<KeyedIndex> radix_keys_, radix_scratch_;  // a long leaf's
  std::vector<float> proj_lo_, proj_hi_;  // the node's projections on the direction tried last
  size_t proj_count_ = 0;                 // how many of them are the node's
  float proj_min_ = 0, proj_max_ = 0;     // their smallest low end and largest high end
  std::vector<float> lo_;                 // a sample's projected centres
  ExactCutScratch exact_scratch_;
};

}  // namespace partlab
