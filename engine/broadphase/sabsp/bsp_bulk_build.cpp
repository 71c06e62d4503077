#include "engine/broadphase/sabsp/bsp_bulk_build.h"

#include <algorithm>
#include <cmath>

#include "engine/broadphase/sabsp/cut_selection.h"
#include "engine/broadphase/sabsp/open_interval_bound.h"
#include "engine/broadphase/sabsp/windowed_cut.h"

namespace partlab {
namespace {

// The evenly strided sample split uses (4.1, 6.1: sample_factor·√n boxes of the n).
size_t SampleSize(const BspParams& params, size_t n) {
  const double m = std::ceil(double(params.sample_factor) * std::sqrt(double(n)));
  return std::clamp<size_t>(size_t(m), 2, n);
}

// The 13 directions (3.5) ranked on the sample, best first: the variance of the box centres along
// a direction, n^T Σ n with Σ their covariance, over the square of the mean projected width
// 2 (|n_x| e_x + |n_y| e_y + |n_z| e_z), e the mean half extents. Both are closed forms of the
// sample's sums, so ranking costs one pass over the sample whatever the number of directions.
void RankDirections(const BspTree& tree, std::span<const BspBulkBuilder::BulkEntry> items, size_t m,
                    int ranked[kCutDirectionCount]) {
  const CutDirections& dirs = tree.directions();
  const size_t n = items.size();
  double s[3] = {0, 0, 0}, ss[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}, e[3] = {0, 0, 0};
  for (size_t i = 0; i < m; ++i) {
    const Aabb& b = tree.box(items[i * n / m].id);
    double c[3];
    for (int a = 0; a < 3; ++a) {
      c[a] = 0.5 * (double(b.min[a]) + double(b.max[a]));
      e[a] += 0.5 * (double(b.max[a]) - double(b.min[a]));
      s[a] += c[a];
    }
    for (int a = 0; a < 3; ++a)
      for (int k = a; k < 3; ++k) ss[a][k] += c[a] * c[k];
  }
  double cov[3][3];
  for (int a = 0; a < 3; ++a)
    for (int k = a; k < 3; ++k)
      cov[a][k] = cov[k][a] = ss[a][k] / double(m) - (s[a] / double(m)) * (s[k] / double(m));
  double score[kCutDirectionCount];
  for (int d = 0; d < kCutDirectionCount; ++d) {
    const glm::vec3& v = dirs[d];
    double variance = 0, width = 0;
    for (int a = 0; a < 3; ++a) {
      width += 2.0 * std::abs(double(v[a])) * e[a] / double(m);
      for (int k = 0; k < 3; ++k) variance += double(v[a]) * cov[a][k] * double(v[k]);
    }
    score[d] = variance / (width * width + 1e-30);
  }
  // Best score first, ties in direction order: an insertion sort (stable, and unlike
  // std::stable_sort it asks for no buffer on every node).
  for (int d = 0; d < kCutDirectionCount; ++d) {
    int k = d;
    for (; k > 0 && score[d] > score[ranked[k - 1]]; --k) ranked[k] = ranked[k - 1];
    ranked[k] = d;
  }
}

// Leaves of this many entries or more are sorted by the radix sort. Lower than LeafListSorter's
// 256: a built leaf holds t to 4t entries in arena order, and in interleaved construction runs
// at 4,250 boxes (leaves of 65 to 260) the radix sort beat std::sort of 64-bit keys there.
constexpr size_t kRadixFromCount = 64;

}  // namespace

void BspBulkBuilder::Build(BspTree& tree, std::span<const BoxId> ids, const BspParams& params) {
  tree_ = &tree;
  params_ = &params;
  split_threshold_ = uint32_t(params.SplitThreshold(tree.box_count()));
  arena_.clear();
  arena_.reserve(ids.size() * 4);  // the path's copies (redundancy may still grow it)
  proj_lo_.resize(ids.size());
  proj_hi_.resize(ids.size());
  for (BoxId id : ids) arena_.push_back(BulkEntry{0, 0, id});
  tree.ReserveNodes(4 * ids.size() / std::max<size_t>(split_threshold_, 1) + 8);
  BuildNode(tree.root(), 0, ids.size(), tree.node(tree.root()).depth, -1);
  arena_.clear();
}

// Projects the range's boxes on direction `dir`, into their entries' lo and hi.
void BspBulkBuilder::Project(size_t begin, size_t end, int dir) {
  const glm::vec3 n = tree_->direction(dir);
  BulkEntry* a = arena_.data();
  const Aabb* boxes = tree_->boxes().data();
  for (size_t i = begin; i < end; ++i) {
    const Interval iv = ProjectAabb(boxes[a[i].id], n);
    a[i].lo = iv.lo;
    a[i].hi = iv.hi;
  }
}

// Projects the range's boxes on `dir` into proj_lo_ and proj_hi_ (the arena's entries keep their
// projections on the node's sort direction, which a leaf needs), with their span.
void BspBulkBuilder::ProjectTried(size_t begin, size_t end, int dir) {
  const glm::vec3 n = tree_->direction(dir);
  const BulkEntry* a = arena_.data() + begin;
  proj_count_ = end - begin;  // a node holds each box once: the arrays hold every box (Build)
  float* lo = proj_lo_.data();
  float* hi = proj_hi_.data();
  float min_lo = 3.0e38f, max_hi = -3.0e38f;
  const Aabb* boxes = tree_->boxes().data();
  const size_t count = proj_count_;
  for (size_t i = 0; i < count; ++i) {
    const Interval iv = ProjectAabb(boxes[a[i].id], n);
    lo[i] = iv.lo;
    hi[i] = iv.hi;
    min_lo = std::min(min_lo, iv.lo);
    max_hi = std::max(max_hi, iv.hi);
  }
  proj_min_ = min_lo;
  proj_max_ = max_hi;
}

// The cut along the direction last projected at `offset`, counted over those projections.
void BspBulkBuilder::Count(int dir, float offset, Cut& cut) const {
  uint32_t left = 0, right = 0;
  const float* lo = proj_lo_.data();
  const float* hi = proj_hi_.data();
  for (size_t i = 0; i < proj_count_; ++i) {
    left += lo[i] <= offset;
    right += hi[i] > offset;
  }
  cut = {dir, offset, left, right};
}

// The limits a split's cut must pass (3.6, 6.1; BspOperations::Criteria and ChooseCut): each side
// keeps a box of its own, balance at least the unbalance limit, straddling boxes within the
// redundancy limit of the node's population.
bool BspBulkBuilder::Acceptable(size_t n, uint32_t left, uint32_t right) const {
  if (left >= n || right >= n) return false;
  const uint32_t small = std::min(left, right), large = std::max(left, right);
  const float balance = float(small) / float(large);
  const float limit = params_->RedundancyLimit(uint32_t(n), tree_->box_count()) * float(n);
  return balance >= params_->unbalance_limit && float(left + right - n) <= limit;
}

// The cut limits of a split of n boxes (BspOperations::Criteria).
CutCriteria BspBulkBuilder::Criteria(size_t n) const {
  CutCriteria criteria;
  criteria.min_balance = params_->unbalance_limit;
  criteria.max_redundancy = params_->RedundancyLimit(uint32_t(n), tree_->box_count());
  criteria.redundancy_first = params_->cut_rule == CutRule::kRedundancyFirst;
  criteria.gap_offset = params_->gap_offset;
  return criteria;
}

// The median of the sample's box centres projected on the direction projected last (proj_lo_,
// proj_hi_ hold the node's projections in arena order).
float BspBulkBuilder::SampleMedianCentre(size_t m) {
  const size_t n = proj_count_;
  lo_.resize(m);
  for (size_t i = 0; i < m; ++i) lo_[i] = 0.5f * proj_lo_[i * n / m] + 0.5f * proj_hi_[i * n / m];
  std::nth_element(lo_.begin(), lo_.begin() + ptrdiff_t(m / 2), lo_.end());
  return lo_[m / 2];
}

// ChooseCut over the whole node's sorted projections, exactly as split places its plane (4.1;
// BspOperations::CutAlong), on the direction projected last. Only the boxes reaching the bins
// where the bound leaves a passing cut possible are sorted (windowed_cut.h): in the 4,250-box
// construction profile, sorting both ends of every box of the node was the largest cost.
// A cut with balance b needs left, right >= k = b n / (1 + b) (left + right >= n): the plane lies
// between the k-th smallest low end and the k-th largest high end, where the search starts and
// stops; every other position fails the balance test anyway.
CutChoice BspBulkBuilder::ExactCut(const CutCriteria& criteria, const PassingCutBins& bins) {
  const size_t n = proj_count_;
  const std::span<const float> lo(proj_lo_.data(), n), hi(proj_hi_.data(), n);
  const size_t k = MinSide(criteria, n);
  if (!bins.binned) return ExactCutOfAll(lo, hi, criteria, k, exact_scratch_);
  return ExactCutInBins(lo, hi, criteria, k, bins, exact_scratch_);
}

// The fewest boxes a side of a cut of n boxes with balance >= the minimum: left + right >= n, so
// min >= b max >= b (n - min), min >= b n / (1 + b).
size_t BspBulkBuilder::MinSide(const CutCriteria& criteria, size_t n) {
  const double b = std::clamp(double(criteria.min_balance), 0.0, 1.0);
  return std::clamp<size_t>(size_t(std::ceil(b * double(n) / (1.0 + b))), 1, n);
}

// The bound from counts (open_interval_bound.h) over the direction projected last: where a
// balanced cut within the redundancy limit may lie. None (first > last) shows that neither the
// median cut nor the exact search can pass. The bound asks for one box a side less than MinSide,
// a margin for the float rounding of the balance test (Acceptable).
PassingCutBins BspBulkBuilder::BinPassingCuts(const CutCriteria& criteria) const {
  const size_t n = proj_count_;
  const uint32_t min_side = uint32_t(std::max<size_t>(MinSide(criteria, n), 2) - 1);
  return FindPassingCutBins({proj_lo_.data(), n}, {proj_hi_.data(), n}, proj_min_, proj_max_,
                            min_side, criteria.max_redundancy * float(n), PassingCutBinCount(n));
}

// About four boxes a bin, from 128 to 1,024 bins. The bound counts only the boxes that cover a
// bin whole, so it is loose by the boxes ending inside a bin: with a fixed 128 bins, the exact
// search of a root of thousands of moving boxes still sorted about two boxes in five; with a bin
// per four boxes, a few in a hundred. More bins cost a longer pass over them, which small nodes do
// not repay. The bins only narrow the search: every count gives the same cut
// (windowed_cut_test.cpp), so the same tree.
int BspBulkBuilder::PassingCutBinCount(size_t n) {
  return int(std::clamp<size_t>(n / 4, 128, size_t(kMaxOpenIntervalBins)));
}

bool BspBulkBuilder::NoCutCanPass(const PassingCutBins& bins) {
  return bins.binned && bins.first > bins.last;
}

// The first split_direction_tries directions in the order of RankDirections, as split tries its
// best sampled directions on the whole list (4.1): the plane through the sample's median centre,
// counted exactly over every box; for the best direction, then the exact cut.
bool BspBulkBuilder::FindCut(size_t begin, size_t end, Cut& cut) {
  const size_t n = end - begin;
  const std::span<const BulkEntry> items(arena_.data() + begin, n);
  const size_t m = SampleSize(*params_, n);
  const CutCriteria criteria = Criteria(n);
  int ranked[kCutDirectionCount];
  RankDirections(*tree_, items, m, ranked);
  for (int k = 0; k < params_->split_direction_tries; ++k) {
    const int d = ranked[k];
    ProjectTried(begin, end, d);
    cut = {d, 0, 0, 0};
    if (k > 0 && NoCutCanPass(BinPassingCuts(criteria))) continue;  // no sample median
    Count(d, SampleMedianCentre(m), cut);
    if (Acceptable(n, cut.left, cut.right)) return true;
    // The exact search sorts the node's projections, so only the best direction gets it: a sample
    // can miss the gaps of a regular grid, while in dense piles, where no cut passes, searching the
    // next directions too only cost time (measured on the construction bench's boxes).
    if (k > 0) continue;
    const PassingCutBins bins = BinPassingCuts(criteria);
    if (NoCutCanPass(bins)) continue;
    const CutChoice exact = ExactCut(criteria, bins);
    if (!exact.found) continue;
    Count(d, exact.offset, cut);
    if (Acceptable(n, cut.left, cut.right)) return true;
  }
  return false;
}

// The node becomes internal; its entries are copied to the arena's end, negative side then
// positive side, taking their projections on the plane's direction (proj_lo_, proj_hi_: the
// direction FindCut projected last) for the children's lists.
void BspBulkBuilder::Split(NodeId node, size_t begin, size_t end, uint16_t depth, const Cut& cut) {
  // Written without branches on the sides (unpredictable): every entry is stored at both write
  // positions, and a position only advances when the entry belongs there. One spare slot after
  // each side takes the last stores past its end. An entry is only its id and its projection (the
  // boxes stay in the tree's array), so each level copies 12 bytes a box, not a whole LeafEntry.
  const size_t mark = arena_.size();
  const size_t right_begin = mark + cut.left + 1;
  arena_.resize(right_begin + cut.right + 1);
  BulkEntry* a = arena_.data();
  const float* lo = proj_lo_.data();
  const float* hi = proj_hi_.data();
  size_t left = mark, right = right_begin;
  for (size_t i = begin; i < end; ++i) {
    const BulkEntry e{lo[i - begin], hi[i - begin], a[i].id};
    a[left] = e;
    a[right] = e;
    left += e.lo <= cut.offset;
    right += e.hi > cut.offset;
  }
  const NodeId c0 = tree_->NewNode(), c1 = tree_->NewNode();  // may grow the node array
  BspNode& parent = tree_->node_mut(node);
  parent.plane_dir = uint8_t(cut.dir);
  parent.normal = tree_->direction(cut.dir);
  parent.offset = cut.offset;
  parent.child[0] = c0;
  parent.child[1] = c1;
  for (NodeId c : {c0, c1}) {
    BspNode& child = tree_->node_mut(c);
    child.parent = node;
    child.depth = uint16_t(depth + 1);
    child.sort_dir = uint8_t(cut.dir);
  }
  BuildNode(c0, mark, mark + cut.left, uint16_t(depth + 1), cut.dir);
  BuildNode(c1, right_begin, right_begin + cut.right, uint16_t(depth + 1), cut.dir);
  arena_.resize(mark);
}

void BspBulkBuilder::BuildNode(NodeId node, size_t begin, size_t end, uint16_t depth,
                               int projected_dir) {
  const size_t n = end - begin;
  tree_->node_mut(node).population = uint32_t(n);
  Cut cut;
  if (n > split_threshold_ && depth < params_->max_depth && FindCut(begin, end, cut)) {
    Split(node, begin, end, depth, cut);
    return;
  }
  if (cut.dir >= 0) BackOff(node);  // a search ran and found no acceptable cut
  MakeLeaf(node, begin, end, projected_dir);
}

// A leaf whose split found no acceptable cut is treated as after a failed split operation
// (BspParams::split_backoff, bsp_scheduler.h): its first failure, at step 0.
void BspBulkBuilder::BackOff(NodeId node) {
  if (params_->split_backoff) tree_->node_mut(node).RecordFailedSplit(0, *params_);
}

// The leaf's entries on its sort direction (its parent's plane), sorted once by their low end and
// stably (ties keep the arena's order): long lists by the radix sort of the lows' order-preserving
// bits, short ones by 64-bit keys holding those bits above the entry's index. Then one gather.
void BspBulkBuilder::MakeLeaf(NodeId node, size_t begin, size_t end, int projected_dir) {
  const int sort_dir = tree_->node(node).sort_dir;
  if (projected_dir != sort_dir) Project(begin, end, sort_dir);
  const size_t n = end - begin;
  const BulkEntry* a = arena_.data() + begin;
  leaf_.clear();
  leaf_.reserve(n);  // appended below: a resize would first write n default (empty) boxes
  if (n >= kRadixFromCount) {
    radix_keys_.resize(n);
    for (size_t k = 0; k < n; ++k) radix_keys_[k] = {SortableFloatBits(a[k].lo), uint32_t(k)};
    RadixSortByKey(radix_keys_, radix_scratch_);
    for (size_t k = 0; k < n; ++k) leaf_.push_back(Entry(a[radix_keys_[k].payload]));
  } else {
    keys_.resize(n);
    for (size_t k = 0; k < n; ++k) keys_[k] = (uint64_t(SortableFloatBits(a[k].lo)) << 32) | k;
    std::sort(keys_.begin(), keys_.end());
    for (size_t k = 0; k < n; ++k) leaf_.push_back(Entry(a[uint32_t(keys_[k])]));
  }
  tree_->SetLeafList(node, std::move(leaf_));  // hands the buffer over: no copy
}

// The leaf entry of an arena entry: its box from the tree's array, beside its projection.
LeafEntry BspBulkBuilder::Entry(const BulkEntry& e) const {
  return LeafEntry{tree_->box(e.id), e.lo, e.hi, e.id};
}

size_t BspBulkBuilder::MemoryBytes() const {
  return arena_.capacity() * sizeof(BulkEntry) + leaf_.capacity() * sizeof(LeafEntry) +
         keys_.capacity() * sizeof(uint64_t) +
         (radix_keys_.capacity() + radix_scratch_.capacity()) * sizeof(KeyedIndex) +
         (lo_.capacity() + proj_lo_.capacity() + proj_hi_.capacity() +
          exact_scratch_.lo.capacity() + exact_scratch_.hi.capacity()) *
             sizeof(float);
}

}  // namespace partlab
