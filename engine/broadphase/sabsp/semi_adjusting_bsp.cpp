#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"

#include <algorithm>

#include "engine/broadphase/sabsp/bsp_invariants.h"
#include "engine/debug_draw.h"
#include "engine/depth_palette.h"

namespace partlab {
namespace {

// Which pairs the finder keeps, and what they mean, depends on these: a change makes every kept
// pair suspect.
bool SamePairPath(const BspParams& a, const BspParams& b) {
  return a.leaf_sweep_all_axes == b.leaf_sweep_all_axes &&
         a.exact_leaf_sweep == b.exact_leaf_sweep && a.cached_leaf_pairs == b.cached_leaf_pairs &&
         a.exact_sweep_density == b.exact_sweep_density &&
         a.exact_sweep_escape_rate == b.exact_sweep_escape_rate &&
         a.exact_sweep_best_axis == b.exact_sweep_best_axis &&
         a.exact_sweep_slabs == b.exact_sweep_slabs;
}

}  // namespace

SemiAdjustingBsp::SemiAdjustingBsp(BspParams params, std::string_view name)
    : name_(name), ops_(tree_), scheduler_(tree_, ops_) {
  SetParams(params);
}

void SemiAdjustingBsp::ResetPairFinder() {
  pair_finder_ = BspPairFinder();
  tree_.MarkAllPairsStale();
}

std::string SemiAdjustingBsp::SetParams(const BspParams& params) {
  PlaceUnplaced();
  BspParams p = params;
  std::string note = p.Clamp();
  const bool new_directions = p.relax_directions != params_.relax_directions;
  const bool new_pair_path = !SamePairPath(p, params_);
  const bool enters_thesis = p == BspParams::Thesis() && params_ != BspParams::Thesis();
  params_ = p;
  if (new_pair_path) ResetPairFinder();
  tree_.set_fat_margin(p.fat_margin);
  tree_.set_prediction(p.predictive_steps, p.predictive_cap);
  tree_.set_root_direction(uint8_t(p.root_direction));
  if (new_directions) {
    // Projections and planes depend on the direction set: rebuild from the current boxes.
    std::vector<std::pair<BoxId, Aabb>> boxes;
    for (BoxId id = 0; id < tree_.id_capacity(); ++id) {
      if (tree_.present(id)) boxes.push_back({id, tree_.exact_box(id)});
    }
    tree_.Clear();
    scheduler_.Clear();
    const CutDirections base = ThirteenCutDirections();
    tree_.SetDirections(p.relax_directions ? RelaxByPointRepulsion(base) : base);
    for (const auto& [id, box] : boxes) tree_.AddBox(id, box);
    dirty_ = true;
    if (!stepping_) Rebuild();
  } else if (enters_thesis) {
    RestartFromBoxes();
  }
  return note;
}

// The thesis's tree grows from one leaf by its own operations (5.2.2, 6.3) and stores the exact
// boxes (5.1): a tree that another profile shaped (a bulk build, fat boxes, larger moving leaves)
// is not one the thesis could have reached. Switching to the thesis's profile therefore starts
// over from the present boxes, as sabsp_thesis would if they all arrived now.
void SemiAdjustingBsp::RestartFromBoxes() {
  PlaceUnplaced();
  std::vector<std::pair<BoxId, Aabb>> boxes;
  for (BoxId id = 0; id < tree_.id_capacity(); ++id)
    if (tree_.present(id)) boxes.push_back({id, tree_.exact_box(id)});
  tree_.Clear();
  scheduler_.Clear();
  ResetPairFinder();
  stats_ = BspStepStats{};
  step_ = 0;
  added_ = 0;
  migrations_ = 0;
  for (const auto& [id, box] : boxes) Add(id, box);
  migrations_ = 0;  // re-adding is not the next step's migrations
}

// Construction from nothing: while the tree holds no box, a new box is only appended to staged_;
// the next Update stores them all at once and builds the whole tree (bsp_bulk_build.h) instead of
// descending one box at a time into a root leaf that is about to be split.
bool SemiAdjustingBsp::DefersAdd() const {
  return params_.build_on_bulk_add && !stepping_ && tree_.box_count() == 0;
}

// The staged boxes into the tree's arrays, sized once for the largest id, present and in no leaf
// (unplaced_). An id added twice keeps its later box, as AddBox would.
void SemiAdjustingBsp::StoreStaged() {
  if (staged_.empty()) return;
  BoxId largest = 0;
  for (const StagedBox& s : staged_) largest = std::max(largest, s.id);
  tree_.ReserveIds(size_t(largest) + 1);
  for (const StagedBox& s : staged_) {
    if (!tree_.present(s.id)) unplaced_.push_back(s.id);
    tree_.StoreBox(s.id, s.box);
  }
  staged_.clear();
}

void SemiAdjustingBsp::PlaceUnplaced() {
  StoreStaged();
  for (BoxId id : unplaced_) migrations_ += tree_.PlaceStoredBox(id);
  unplaced_.clear();
}

void SemiAdjustingBsp::Add(BoxId id, const Aabb& box) {
  dirty_ = true;
  if (DefersAdd()) {
    staged_.push_back({box, id});
    ++added_;
    return;
  }
  if (!tree_.present(id)) ++added_;
  PlaceUnplaced();
  migrations_ += tree_.AddBox(id, box);
}

void SemiAdjustingBsp::Remove(BoxId id) {
  PlaceUnplaced();
  migrations_ += tree_.RemoveBox(id);
  dirty_ = true;
}

void SemiAdjustingBsp::Move(BoxId id, const Aabb& box) {
  if (!staged_.empty() || !unplaced_.empty()) [[unlikely]]
    PlaceUnplaced();  // called per box
  migrations_ += tree_.MoveBox(id, box);
  dirty_ = true;
}

// A bulk load: the tree is built top-down over every present box (bsp_bulk_build.h). Its lists
// come out sorted with fresh projections, so nothing is left to sort.
void SemiAdjustingBsp::BuildFromAllBoxes() {
  if (unplaced_.size() != tree_.box_count()) {  // boxes already placed: start over with all
    PlaceUnplaced();
    for (BoxId id = 0; id < tree_.id_capacity(); ++id)
      if (tree_.present(id)) unplaced_.push_back(id);
    tree_.ClearStructure();
  } else if (!tree_.node(tree_.root()).IsLeaf()) {  // the planes of boxes since removed
    tree_.ClearStructure();
  }
  builder_.Build(tree_, unplaced_, params_);
  unplaced_.clear();
  dirty_ = false;
}

void SemiAdjustingBsp::SortIfDirty() {
  if (!dirty_) return;
  stats_.sort_moves += tree_.SortLeaves();
  dirty_ = false;
}

void SemiAdjustingBsp::Update() {
  // The merge budget's start (5.2.1). Read only where that budget is in force: a thread CPU clock
  // is a system call, several per step a measurable share of a small step.
  const bool timed_merges = params_.merge_in_spare_time && params_.spare_time_merges == 0;
  const double step_start_ms = timed_merges ? scheduler_.NowMs() : 0.0;
  stats_ = BspStepStats{};
  stats_.step = ++step_;
  StoreStaged();  // counted in box_count() from here on
  const bool bulk = params_.build_on_bulk_add && !stepping_ &&
                    added_ > 2 * uint32_t(params_.SplitThreshold(tree_.box_count())) &&
                    added_ * 2 > tree_.box_count();
  added_ = 0;
  if (!bulk) PlaceUnplaced();
  stats_.migrations = migrations_;
  migrations_ = 0;
  // 5.1.2: the lists are re-projected and insertion-sorted; only leaves whose stored boxes
  // changed need it (see BspTree::SortLeaves). A bulk build sorts its own lists.
  if (!bulk) SortIfDirty();
  // Every step, whatever the profile: a departure switched on later then starts from the
  // motion of the steps before, not from escapes counted since the last time it was on.
  tree_.UpdateMotion();
  if (bulk) {
    BuildFromAllBoxes();
  } else {
    scheduler_.Step(step_, params_, !stepping_, step_start_ms);
  }
  stats_.ops = scheduler_.TakeCounters();
  ComputeShapeStats();
}

void SemiAdjustingBsp::ComputeShapeStats() {
  uint64_t depth_sum = 0;
  for (const BspNode& n : tree_.nodes()) {
    if (!n.alive) continue;
    ++stats_.nodes;
    if (!n.IsLeaf()) continue;
    ++stats_.leaves;
    depth_sum += n.depth;
    stats_.max_depth = std::max<uint32_t>(stats_.max_depth, n.depth);
  }
  stats_.mean_depth = stats_.leaves ? float(depth_sum) / float(stats_.leaves) : 0;
  stats_.entries = tree_.total_entries();
  stats_.boxes = tree_.box_count();
  stats_.redundancy = stats_.boxes ? float(stats_.entries) / float(stats_.boxes) - 1.0f : 0;
  stats_.split_threshold = params_.SplitThreshold(tree_.box_count());
  stats_.pending = scheduler_.Pending();
}

void SemiAdjustingBsp::FindPairs(std::vector<BoxPair>& out) {
  PlaceUnplaced();
  SortIfDirty();
  // Operations after the step's sort may leave leaves flagged; the pair finder's window needs
  // every touched list sorted with fresh projections (a no-op for unflagged leaves).
  stats_.sort_moves += tree_.SortLeaves();
  const size_t before = out.size();
  pair_finder_.set_slabs(params_.exact_sweep_slabs);
  if (!params_.leaf_sweep_all_axes) {
    // 3.1: the one-direction sweep's candidates, then the exact stage, both counted.
    stats_.candidates = pair_finder_.FindIntervalPairs(tree_, out);
    stats_.exact_tests = pair_finder_.exact_tests();
  } else if (params_.exact_leaf_sweep) {
    stats_.candidates =
        pair_finder_.FindExactPairs(tree_, out, params_.exact_sweep_density,
                                    params_.exact_sweep_escape_rate, params_.exact_sweep_best_axis);
  } else {
    stats_.candidates = pair_finder_.FindPairs(tree_, out, params_.cached_leaf_pairs);
  }
  stats_.swept_leaves = pair_finder_.swept_leaves();
  stats_.slabbed_leaves =
      params_.leaf_sweep_all_axes && params_.exact_leaf_sweep ? pair_finder_.slabbed_leaves() : 0;
  stats_.reclassified_leaves = pair_finder_.reclassified_leaves();
  stats_.pairs = out.size() - before;
}

size_t SemiAdjustingBsp::MemoryBytes() const {
  return sizeof(*this) + tree_.MemoryBytes() + pair_finder_.MemoryBytes() + builder_.MemoryBytes() +
         staged_.capacity() * sizeof(StagedBox) + unplaced_.capacity() * sizeof(BoxId);
}

float SemiAdjustingBsp::NodeBalance(NodeId n) const {
  const BspNode& node = tree_.node(n);
  if (node.IsLeaf()) return 1.0f;
  const uint32_t l = tree_.node(node.child[0]).population;
  const uint32_t r = tree_.node(node.child[1]).population;
  const uint32_t large = std::max(l, r);
  return large == 0 ? 1.0f : float(std::min(l, r)) / float(large);
}

uint32_t SemiAdjustingBsp::NodeRedundancy(NodeId n) const {
  const BspNode& node = tree_.node(n);
  if (node.IsLeaf()) return 0;
  return tree_.node(node.child[0]).population + tree_.node(node.child[1]).population -
         node.population;
}

std::vector<HalfSpace> SemiAdjustingBsp::NodeCell(NodeId n) const {
  std::vector<HalfSpace> cell;
  for (NodeId c = n, p = tree_.node(n).parent; p != kNoNode; c = p, p = tree_.node(p).parent) {
    const BspNode& a = tree_.node(p);
    if (a.child[0] == c) {
      cell.push_back({a.normal, a.offset});  // negative side: n·x <= offset
    } else {
      cell.push_back({-a.normal, -a.offset});  // positive side: n·x >= offset
    }
  }
  return cell;
}

std::vector<glm::vec3> SemiAdjustingBsp::NodeCellPolygon(NodeId n, const Aabb& world) const {
  const BspNode& node = tree_.node(n);
  if (!node.alive || node.IsLeaf()) return {};
  const std::vector<HalfSpace> cell = NodeCell(n);
  return ClipPlaneToCell(node.normal, node.offset, cell, world);
}

std::vector<std::vector<glm::vec3>> SemiAdjustingBsp::NodeCellFaces(NodeId n,
                                                                    const Aabb& world) const {
  if (!tree_.node(n).alive) return {};
  const std::vector<HalfSpace> cell = NodeCell(n);
  return CellFaces(cell, world);
}

Aabb SemiAdjustingBsp::WorldBound() const {
  Aabb world;
  for (BoxId id = 0; id < tree_.id_capacity(); ++id) {
    if (tree_.present(id)) world.Grow(tree_.box(id));
  }
  if (world.IsEmpty()) return Aabb{glm::vec3(-1), glm::vec3(1)};
  const glm::vec3 margin = world.Extent() * 0.02f + 0.01f;
  return Aabb{world.min - margin, world.max + margin};
}

void SemiAdjustingBsp::DrawOverlay(DebugDraw& draw) const {
  const Aabb world = WorldBound();
  const std::span<const BspNode> nodes = tree_.nodes();
  for (size_t n = 0; n < nodes.size(); ++n) {
    if (!nodes[n].alive || nodes[n].IsLeaf()) continue;
    const std::vector<glm::vec3> polygon = NodeCellPolygon(NodeId(n), world);
    if (polygon.size() < 3) continue;
    draw.Polygon(polygon, DepthPaletteColor(nodes[n].depth, 0.22f));
    const Color outline = DepthPaletteColor(nodes[n].depth, 0.9f);
    for (size_t i = 0; i < polygon.size(); ++i) {
      draw.Line(polygon[i], polygon[(i + 1) % polygon.size()], outline);
    }
  }
}

std::string SemiAdjustingBsp::CheckInvariants() const {
  if (dirty_) return "lists not sorted yet: call Update() before checking";
  return CheckBspInvariants(tree_);
}

std::optional<PendingOp> SemiAdjustingBsp::PeekNextOp() {
  PlaceUnplaced();
  SortIfDirty();
  return scheduler_.PeekNext(params_);
}

std::optional<OpRecord> SemiAdjustingBsp::ApplyNextOp() {
  PlaceUnplaced();
  SortIfDirty();
  return scheduler_.ApplyNext(params_);
}

OpRecord SemiAdjustingBsp::ApplyOp(BspOp op, NodeId node) {
  PlaceUnplaced();
  SortIfDirty();
  OpRecord rec;
  rec.op = op;
  rec.node = node;
  rec.step = step_;
  rec.SetReason(FormatReason(N_("applied by hand")));
  const OpResult r = ops_.Apply(op, node, params_);
  rec.ok = r.ok;
  rec.status = r.ok ? OpStatus::kApplied : OpStatus::kFailed;
  rec.result_node = r.result_node;
  std::copy(r.before, r.before + 3, rec.before);
  std::copy(r.after, r.after + 3, rec.after);
  rec.SetOutcome(r.reason);
  return rec;
}

void SemiAdjustingBsp::Rebuild(int rounds) {
  PlaceUnplaced();
  SortIfDirty();
  auto applied = [this] {
    uint32_t total = 0;
    for (uint32_t a : scheduler_.counters().applied) total += a;
    return total;
  };
  for (int round = 0; round < rounds; ++round) {
    const uint32_t before = applied();
    scheduler_.Verify(params_, true);
    while (scheduler_.ApplyNext(params_)) {
    }
    if (applied() == before) break;  // nothing changed: the tree has settled
  }
}

}  // namespace partlab
