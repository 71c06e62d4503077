// Pair enumeration of the semi-adjusting BSP: one sweep along each leaf's sorted list with the
// exact AABB test (touching counts), as in sweep-and-prune but on short lists (3.1, 5.1.2).
//
// A pair whose boxes share several leaves (both straddle the same planes) must be reported once.
// The canonical rule: the intersection I of the two boxes is itself a box; descend the tree with I,
// going to the negative side whenever I reaches it. Both boxes contain I and projections are
// monotone, so both reach every node on that path: exactly one leaf holding both is the first
// common leaf, and only that leaf reports the pair. Pairs where either box lives in a single leaf
// need no check at all, which is nearly every pair; for the others, the rule's answer is mostly
// known when the pair is found and kept with it (canonical_leaf.h).
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "engine/broadphase/sabsp/bsp_tree.h"
#include "engine/broadphase/sabsp/canonical_leaf.h"
#include "engine/broadphase/sabsp/exact_sweep_slabs.h"

namespace partlab {

// One leaf's list as structure-of-arrays for the lane sweep (kept between leaves and steps: a
// warm sweep allocates nothing).
struct LeafColumns {
  static constexpr size_t kPadding = 8;  // sentinels: the widest lanes may read this far past
  std::vector<float> lo, hi, min_x, max_x, min_y, max_y, min_z, max_z;
  std::vector<BoxId> ids;
  // Filled by FillInSlabs only: bit 0 (1) the box is in more than one leaf (the exact sweep's
  // rule), bit 1 (kFirstSlab) this is the first slab the box reaches (every row of a leaf swept
  // whole).
  std::vector<uint8_t> shared;
  static constexpr uint8_t kFirstSlab = 2;
  void Fill(std::span<const LeafEntry> list);
  // n rows in sweep order (row(k) gives the k-th as a GatheredBox) copied slab after slab
  // (exact_sweep_slabs.h; one slab when plan.count < 2), each slab followed by kPadding
  // sentinels; `spans` and `fill` are scratch (bsp_pairs.cpp).
  template <typename Row>
  void FillInSlabs(const SlabPlan& plan, size_t n, Row&& row, std::vector<uint16_t>& spans,
                   std::vector<uint32_t>& fill);
  size_t MemoryBytes() const;
};

// A leaf entry's exact box as gathered for the exact sweep.
struct GatheredBox {
  Aabb box;
  float lo, hi;  // its projection on the direction the leaf is swept along
  BoxId id;
  uint8_t shared;  // the box lies in more than one leaf
};

// What choosing a leaf's sweep direction needs (BspPairFinder::SweepDirection): the summed widths
// of its boxes per axis, and the range of their centres per axis and along its sort direction.
struct SpreadStats {
  glm::vec3 width{0.0f};
  glm::vec3 lowest{std::numeric_limits<float>::max()}, highest{-std::numeric_limits<float>::max()};
  float lowest_along = std::numeric_limits<float>::max();
  float highest_along = -std::numeric_limits<float>::max();
  static SpreadStats Of(std::span<const GatheredBox> boxes, const glm::vec3& dir);
  static SpreadStats Of(std::span<const LeafEntry> entries, const glm::vec3& dir);
};

// The overlaps found by sweeping one leaf's sorted columns, by position: entry i overlaps the
// entries partners[end[i - 1] .. end[i]) (end[-1] = 0), all after i; after a sweep that asked for
// them, owners[h] is the entry that partners[h] overlaps (i above), so the overlaps can also be
// read as one flat list of pairs.
struct LeafOverlaps {
  std::vector<uint32_t> partners, owners;  // always the same size
  std::vector<uint32_t> end;
  void Reserve(size_t room);  // room for `room` partners and owners at least
};

// The pairs a leaf keeps between steps (its candidates on the cached path, its exact pairs on the
// exact one), sorted by the canonical rule's outlook (canonical_leaf.h): `always` are the leaf's
// to report, `depends` need IsCanonicalLeaf on the exact boxes each step, `never` belong to
// another leaf and are kept only to be sorted again if the planes above the leaf change (`path`).
// The outlook holds while both stored boxes keep still; a box whose stored box changed is
// touched in each of its leaves, which drop and find again its pairs. Which box lies in one leaf
// only, and so which pairs are `always` at a sweep, holds while the path holds too. A sweep does
// not classify (a leaf swept every step would use each outlook once): every pair of two boxes in
// several leaves goes to `depends`, and they are classified at the first step that reuses them.
struct LeafPairs {
  std::vector<BoxPair> always, depends, never;
  LeafPath path;
  bool classified = false;  // `depends` holds only pairs whose outlook is kDepends under `path`
  void Clear();
  // Keeps the pair (a, b): under its outlook once the leaf is classified, else as above.
  void Add(const BspTree& tree, NodeId leaf, BoxId a, BoxId b);
  void Keep(const BoxPair& pair, CanonicalOutlook outlook);
  CanonicalOutlook Outlook(const BspTree& tree, NodeId leaf, BoxId a, BoxId b) const;
  // Before a step reuses the pairs: sorts every pair again if the planes above the leaf changed
  // since the sweep or the last classification, else classifies them if the sweep did not
  // (`scratch` is a spare list). Returns true in the first case.
  bool Classify(const BspTree& tree, NodeId leaf, std::vector<BoxPair>& scratch);
  // Drops the pairs with a stamped box (stamp[id] == epoch).
  void EraseStamped(const std::vector<uint32_t>& stamp, uint32_t epoch);
  size_t Reportable() const { return always.size() + depends.size(); }
  size_t MemoryBytes() const;
};

// Pair enumeration with candidates kept per leaf. The sweep of a leaf runs on its stored (fat)
// boxes and keeps the pairs whose fat boxes overlap as the leaf's candidates; each step every
// candidate is re-tested on the exact boxes (and the canonical rule). A leaf whose list did not
// change since its last sweep (no entry in or out, every box still inside its fat box) cannot
// gain a candidate, so its sweep is skipped and its candidates reused: the persistent pairs of
// sweep-and-prune and DBVT, per leaf. When only a few of a leaf's boxes were touched (see
// BspTree::touched), only their candidates are dropped and found again, one box against the list.
class BspPairFinder {
 public:
  BspPairFinder();
  // Appends every overlapping pair once; returns the number of candidates tested. Without
  // `reuse_candidates` every leaf is swept, as the thesis does (BspParams::cached_leaf_pairs).
  uint64_t FindPairs(BspTree& tree, std::vector<BoxPair>& out, bool reuse_candidates = true);
  // The exact leaf sweep (BspParams::exact_leaf_sweep): every leaf whose list changed or one of
  // whose boxes moved is swept on its boxes' EXACT boxes, sorted afresh on the leaf's direction
  // (an insertion sort from the stored order, which the fat boxes keep close; a radix sort while
  // the leaf's last sort found it far from sorted, or along another axis), with AVX2 lanes
  // where the processor has them; the pairs are final, with no candidate list re-tested later.
  // A leaf where nothing moved hands on last step's pairs; one where a few boxes changed (at
  // most a quarter) re-pairs only those. Only leaves with at least `min_density` pairs per entry
  // at their last search take the exact sweep; sparser ones keep the cached candidates (FindPairs'
  // path), which cost less there (BspParams::exact_sweep_density; 0: every leaf exact). Returns
  // the candidates tested (exact leaves: the pairs they hold, before the shared-leaf rule).
  // A leaf also needs at least `min_escape_rate` of its entries touched per step (a running mean,
  // BspParams::exact_sweep_escape_rate; 0: no such condition): in a resting or jittering pile no
  // box leaves its fat box, the cached candidates stay valid and their exact re-test costs less
  // than re-sweeping every leaf whose boxes jittered. Unless those candidates are many more than
  // the pairs and than the entries (kMaxCandidateExcess, kMaxCandidateSurplus: fat or predicted
  // boxes much larger than the gaps between boxes, as in a dense swirl, a jittering cluster or a
  // sparse rain of fast boxes): re-testing them all then costs more than the sweep, and the leaf
  // takes the exact sweep whatever its density and escapes.
  // With `best_axis` (BspParams::exact_sweep_best_axis) a leaf is swept along whichever of its
  // direction and the three axes spreads its boxes most for their widths (SweepDirection).
  uint64_t FindExactPairs(BspTree& tree, std::vector<BoxPair>& out, float min_density = 0,
                          float min_escape_rate = 0, bool best_axis = false);
  // The thesis's pair search (3.1, 5.1.2; BspParams::three_axis_sweep off), in two stages. The
  // sweep: along each leaf's list, sorted on the leaf's one direction, every two boxes whose
  // intervals on that direction overlap are a candidate pair, "uma possível colisão" (3.1: one
  // pass instead of three, and no pruning phase). The exact stage, which our interface requires
  // (BroadPhase::FindPairs reports overlapping boxes only, each pair once): each candidate is
  // tested on the exact boxes' three axes and on the canonical rule (bsp_pairs.h, top). Returns
  // the candidates, summed over the leaves; exact_tests() is the candidates of the exact stage
  // (the same number: every candidate is tested).
  uint64_t FindIntervalPairs(BspTree& tree, std::vector<BoxPair>& out);
  uint64_t exact_tests() const { return exact_tests_; }
  // The direction the leaf's last exact sweep ran along: 0 its sort direction, 1-3 x, y, z.
  uint8_t sweep_direction(NodeId leaf) const {
    return size_t(leaf) < sweep_dir_.size() ? sweep_dir_[leaf] : 0;
  }
  // The slabs of the leaf's last exact sweep (exact_sweep_slabs.h; 0: swept whole).
  uint8_t slab_count(NodeId leaf) const {
    return size_t(leaf) < slabs_.size() ? slabs_[leaf].count : 0;
  }
  // Leaves the last FindExactPairs swept in slabs.
  uint32_t slabbed_leaves() const { return slabbed_leaves_; }
  // Leaves re-swept by the last FindPairs (the rest reused their candidates).
  uint32_t swept_leaves() const { return swept_; }
  // Leaves of the last FindPairs whose kept pairs were sorted again because a plane above them
  // changed while their list did not (LeafPairs::Classify).
  uint32_t reclassified_leaves() const { return reclassified_; }
  // Both sweeps take AVX2's eight lanes where the processor has them (on by default); off holds
  // them to four, so that tests can compare the widths.
  void set_wide_lanes(bool on);
  // Large leaves' exact sweeps in slabs (BspParams::exact_sweep_slabs; needs best_axis).
  void set_slabs(bool on) { slabbed_ = on; }
  size_t MemoryBytes() const;

 private:
  void Sweep(const BspTree& tree, NodeId leaf, bool slabs);
  // columns_ into overlaps_, with the widest lanes the processor has (and the owners if asked).
  template <bool kOwners>
  void SweepColumns();
  void FillExactColumns(const BspTree& tree, NodeId leaf, bool best_axis);
  bool SortExactKeys(bool by_radix);
  static uint8_t SweepDirection(const SpreadStats& stats, const glm::vec3& sort_dir, uint8_t last);
  void SweepExact(const BspTree& tree, NodeId leaf);
  bool ChooseExact(size_t n, size_t entries, float min_density, float min_escape_rate) const;
  uint64_t ExactLeafPairs(BspTree& tree, NodeId leaf, bool full, bool best_axis,
                          std::vector<BoxPair>& out);
  uint64_t CandidateLeafPairs(BspTree& tree, NodeId leaf, bool full, bool slabs,
                              std::vector<BoxPair>& out);
  size_t StampChanged(const BspTree& tree, NodeId leaf);
  void RepairExact(const BspTree& tree, NodeId leaf);
  static void ReportDependingPairs(const BspTree& tree, NodeId leaf,
                                   std::span<const BoxPair> depends, std::vector<BoxPair>& out);
  void Repair(const BspTree& tree, NodeId leaf);
  static void ReportCandidates(const BspTree& tree, NodeId leaf, const LeafPairs& kept,
                               std::vector<BoxPair>& out);
  void GrowPerNode(size_t nodes);

  // By node id: the leaf's candidates (cached path) or its pairs of last step (exact path).
  std::vector<LeafPairs> kept_;
  std::vector<BoxPair> reclassify_scratch_;
  // The swept leaf's exact order: keys are SortableFloatBits of the low ends, payloads places in
  // gathered_ (scratch).
  std::vector<KeyedIndex> exact_keys_, radix_scratch_;
  std::vector<uint8_t> radix_exact_;   // by node id: 1 when its exact order is sorted by radix
  std::vector<uint8_t> sweep_dir_;     // by node id: 0 the leaf's sort direction, 1-3 x, y, z
  std::vector<uint8_t> choose_in_;     // by node id: exact sweeps until the direction is chosen
  std::vector<SlabPlan> slabs_;        // by node id: the slabs of its exact sweep (with best_axis)
  std::vector<uint32_t> slab_fill_;    // LeafColumns::FillInSlabs' scratch: per slab, next row
  std::vector<uint16_t> slab_spans_;   // and per row in sweep order, its first and last slab
  bool slabbed_ = true;                // BspParams::exact_sweep_slabs
  LeafOverlaps overlaps_;              // the swept leaf's overlaps, scratch
  std::vector<GatheredBox> gathered_;  // the swept leaf's exact boxes in list order, scratch
  std::vector<uint8_t> exact_mode_;    // by node id: 1 while the leaf takes the exact sweep
  std::vector<uint32_t> leaf_pairs_;   // by node id: pairs at the leaf's last search
  std::vector<float> escape_rate_;     // by node id: running mean of the touched share per step
  // By node id, measured when the leaf last kept cached candidates: its candidates per pair (1:
  // none seen yet) and its candidates beyond the pairs per entry (0), drifting back to 1 and 0
  // while it sweeps exactly, so that it tries the candidates again now and then.
  std::vector<float> candidate_excess_, candidate_surplus_;
  // A leaf whose cached candidates outnumber its pairs by both of these re-tests more candidates
  // each step than an exact sweep of its entries costs: it takes the exact sweep however sparse
  // its pairs or still its boxes (ChooseExact).
  static constexpr float kMaxCandidateExcess = 1.5f;   // candidates per pair
  static constexpr float kMaxCandidateSurplus = 2.0f;  // candidates beyond the pairs, per entry
  bool avx2_ = false;
  LeafColumns columns_;  // the swept leaf's list, scratch
  uint32_t swept_ = 0;
  uint64_t exact_tests_ = 0;  // FindIntervalPairs' exact stage: candidates tested
  uint32_t slabbed_leaves_ = 0;
  uint32_t reclassified_ = 0;
  void ClassifyKept(const BspTree& tree, NodeId leaf);
  std::vector<uint32_t> stamp_;  // by box id: == epoch_ while the box is touched in this leaf
  uint32_t epoch_ = 0;
  std::vector<float> reach_;      // the repairs' scratch: a leaf's running maximum of high ends
  std::vector<uint32_t> hits_;    // the repairs' scratch: one entry's overlapping neighbours
  std::vector<uint8_t> stamped_;  // the repairs' scratch: by column, 1 when the box is stamped
};

}  // namespace partlab
