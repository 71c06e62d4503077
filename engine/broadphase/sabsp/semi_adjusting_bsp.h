// The semi-adjusting BSP tree broad phase (Luque, semi-adjusting-bsp.txt, chapters 3–5): a BSP
// whose leaves hold short sorted lists of boxes swept for pairs, updated per step by top-down
// migration and insertion sort (5.1), and repaired a few operations per step (split, shift-split,
// merge, balance, swap; chapter 4) by a scheduler (5.2) with the parameters of 6.1.
//
// Pieces, one concept per file: cut_directions (3.5), projection (3.1–3.2), cut_selection (3.3,
// 3.6), bsp_tree (3.4, 5.1), bsp_operations (4), bsp_scheduler (5.2), bsp_pairs (the sweeps),
// bsp_invariants (the checker), plane_clipping (cells for drawing), bsp_params (6.1).
#pragma once

#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/sabsp/bsp_bulk_build.h"
#include "engine/broadphase/sabsp/bsp_operations.h"
#include "engine/broadphase/sabsp/bsp_pairs.h"
#include "engine/broadphase/sabsp/bsp_params.h"
#include "engine/broadphase/sabsp/bsp_scheduler.h"
#include "engine/broadphase/sabsp/bsp_tree.h"
#include "engine/broadphase/sabsp/plane_clipping.h"

namespace partlab {

// What the last step did, for the stats panel and the plots.
struct BspStepStats {
  uint64_t step = 0;
  OpCounters ops;           // operations applied/failed by type and their time this step
  uint32_t migrations = 0;  // leaf-list insertions + removals by the top-down update
  uint64_t sort_moves = 0;  // element moves of the per-leaf sorts (a radix sort: its estimate)
  uint32_t nodes = 0, leaves = 0;
  float mean_depth = 0;  // mean leaf depth
  uint32_t max_depth = 0;
  uint64_t entries = 0;  // leaf-list entries (boxes counted once per leaf)
  float redundancy = 0;  // entries / boxes - 1
  uint32_t boxes = 0;
  int split_threshold = 0;  // t in force
  size_t pending = 0;       // events waiting
  // Last FindPairs: the candidates. With BspParams::leaf_sweep_all_axes off (the thesis, 3.1),
  // the pairs whose intervals overlap on their leaf's direction, summed over the leaves; on, the
  // pairs the three-axis sweep handed on (or kept) before the shared-leaf rule.
  uint64_t candidates = 0;
  uint64_t exact_tests = 0;   // leaf_sweep_all_axes off: the exact stage's tests (3.1's candidates)
  uint32_t swept_leaves = 0;  // last FindPairs: leaves re-swept (the rest reused candidates)
  uint32_t slabbed_leaves = 0;       // of which swept in slabs (BspParams::exact_sweep_slabs)
  uint32_t reclassified_leaves = 0;  // last FindPairs: leaves whose planes above changed
  uint64_t pairs = 0;                // last FindPairs: pairs reported
};

class SemiAdjustingBsp final : public BroadPhase {
 public:
  // `name` is what the registry lists it as: "sabsp" (BspParams::Ours()) or "sabsp_thesis"
  // (BspParams::Thesis()); the profile is only the parameters, the code is the same.
  explicit SemiAdjustingBsp(BspParams params = {}, std::string_view name = "sabsp");

  std::string_view Name() const override { return name_; }
  void Add(BoxId id, const Aabb& box) override;
  void Remove(BoxId id) override;
  void Move(BoxId id, const Aabb& box) override;
  void Update() override;
  void FindPairs(std::vector<BoxPair>& out) override;
  size_t MemoryBytes() const override;
  uint64_t LastCandidateCount() const override { return stats_.candidates; }
  // Boxes are projected on arbitrary unit normals in float (projection.h, 3.1-3.2): the dot
  // product reaches sqrt(3) times the largest coordinate and cut selection takes differences of
  // two projections, so beyond ~1e38 they overflow to infinity and boxes land on the wrong side
  // (a missed pair, found with boxes near +-3e38). 5e37 keeps every such value finite.
  CoordinateLimit AcceptedCoordinates() const override {
    return {5e37f, "the BSP projects boxes on its cut normals in float"};
  }
  // Each splitting plane clipped to its node's cell, semi-transparent, coloured by depth, with an
  // outline.
  void DrawOverlay(DebugDraw& draw) const override;

  // Parameters (6.1). Clamped to sane ranges; returns a note of what was clamped ("" if nothing).
  // Changing the direction set rebuilds the tree from the current boxes; entering the thesis's
  // profile (BspParams::Thesis()) starts it over from them as the thesis would, from one leaf
  // (RestartFromBoxes).
  const BspParams& params() const { return params_; }
  std::string SetParams(const BspParams& params);

  // Read access for the UI and the tests.
  const BspTree& tree() const { return tree_; }
  std::span<const BspNode> nodes() const { return tree_.nodes(); }
  NodeId root() const { return tree_.root(); }
  const glm::vec3& Direction(int index) const { return tree_.direction(index); }
  float NodeBalance(NodeId n) const;        // min(L, R) / max(L, R); 1 for a leaf
  uint32_t NodeRedundancy(NodeId n) const;  // boxes straddling the node's plane; 0 for a leaf
  // The node's splitting plane clipped by its ancestors' half-spaces within `world` (empty for a
  // leaf or when the plane misses the cell).
  std::vector<glm::vec3> NodeCellPolygon(NodeId n, const Aabb& world) const;
  // The faces of a node's cell within `world` (to shade a leaf's cell or highlight a node's).
  std::vector<std::vector<glm::vec3>> NodeCellFaces(NodeId n, const Aabb& world) const;
  // The half-spaces bounding a node's cell (its ancestors' sides).
  std::vector<HalfSpace> NodeCell(NodeId n) const;
  Aabb WorldBound() const;  // all present boxes, slightly enlarged
  const BspStepStats& last_stats() const { return stats_; }
  const std::deque<OpRecord>& op_log() const { return scheduler_.log(); }
  // Figure 5.4: the last verification's visits, top-down, and where each ended.
  const std::vector<BspScheduler::VerifyVisit>& last_verification() const {
    return scheduler_.last_verification();
  }
  std::string CheckInvariants() const;

  // Operation stepping: while on, Update() only migrates, sorts and schedules;
  // the caller applies pending events one at a time.
  void SetOperationStepping(bool on) {
    PlaceUnplaced();
    stepping_ = on;
  }
  bool operation_stepping() const { return stepping_; }
  std::optional<PendingOp> PeekNextOp();
  std::optional<OpRecord> ApplyNextOp();
  size_t PendingOps() const { return scheduler_.Pending(); }

  // The clock of the merge budget (BspParams::merge_in_spare_time); tests give a deterministic one.
  void set_clock(MsClock clock) { scheduler_.set_clock(clock); }
  // Called after every operation the scheduler runs (tests check invariants there; the lists may
  // still await the step's sort, CheckBspInvariants(tree()) checks the rest).
  void set_op_observer(std::function<void(const OpRecord&)> f) {
    scheduler_.set_observer(std::move(f));
  }

  // The lists a merge of `node` would combine bottom-up (4.3, Figure 4.4); the tree is unchanged.
  std::vector<MergeStage> TraceMerge(NodeId node) {
    PlaceUnplaced();
    return ops_.TraceMerge(node);
  }
  // Applies one operation to a node now, bypassing the queues (tests, UI buttons).
  OpRecord ApplyOp(BspOp op, NodeId node);
  // Verifies and applies until nothing is left to do (at most `rounds` verifications): a tree
  // built for the current boxes, as when a broad phase is switched on live.
  void Rebuild(int rounds = 64);

 private:
  void SortIfDirty();
  void ComputeShapeStats();
  // Boxes added to a tree that holds none wait in staged_, outside the tree, for the next
  // Update: it stores them all into the tree's arrays at once (StoreStaged) and builds the whole
  // tree over them (bsp_bulk_build.h). Any other edit or query first stores them and places them
  // one by one (BspTree::PlaceStoredBox). Until then the tree's accessors do not show them.
  bool DefersAdd() const;
  void StoreStaged();
  void PlaceUnplaced();
  void BuildFromAllBoxes();
  // A new pair finder that knows no leaf, and every leaf's pairs to be found afresh. The pairs the
  // finder keeps per leaf mean what its path made them (candidates re-tested each step, or last
  // step's exact pairs handed on where nothing moved; bsp_pairs.h), so pairs kept under one path
  // and read under another miss pairs: a change of path, live from the UI, starts afresh.
  void ResetPairFinder();
  // An empty tree, scheduler and pair finder, then every present box added again in id order
  // (SetParams, on entering the thesis's profile).
  void RestartFromBoxes();

  struct StagedBox {
    Aabb box;
    BoxId id;
  };

  std::string_view name_;
  BspParams params_;
  BspTree tree_;
  BspOperations ops_;
  BspScheduler scheduler_;
  BspStepStats stats_;
  BspPairFinder pair_finder_;
  BspBulkBuilder builder_;
  std::vector<StagedBox> staged_;  // added to an empty tree, not stored yet (see DefersAdd)
  std::vector<BoxId> unplaced_;    // stored, in no leaf yet (see DefersAdd)
  uint32_t migrations_ = 0;
  uint32_t added_ = 0;  // boxes added since the last Update, to detect bulk loads
  uint64_t step_ = 0;
  bool dirty_ = false;  // boxes edited since the lists were last sorted
  bool stepping_ = false;
};

}  // namespace partlab
