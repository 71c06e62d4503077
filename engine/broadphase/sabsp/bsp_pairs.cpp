#include "engine/broadphase/sabsp/bsp_pairs.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "engine/broadphase/float_lanes.h"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace partlab {
namespace {

// The same closed-interval test as Overlaps (aabb.h), without branches. With SSE, each corner is
// one 4-float load (lane 3 is the next field of LeafEntry and is masked out): the boxes are
// disjoint when some min exceeds the other's max.
inline bool EntriesOverlap(const LeafEntry& a, const LeafEntry& b) {
#if defined(__SSE2__)
  const __m128 a_min = _mm_loadu_ps(&a.box.min.x), a_max = _mm_loadu_ps(&a.box.max.x);
  const __m128 b_min = _mm_loadu_ps(&b.box.min.x), b_max = _mm_loadu_ps(&b.box.max.x);
  const __m128 apart = _mm_or_ps(_mm_cmpgt_ps(a_min, b_max), _mm_cmpgt_ps(b_min, a_max));
  return (_mm_movemask_ps(apart) & 7) == 0;
#else
  const Aabb &x = a.box, &y = b.box;
  return (x.min.x <= y.max.x) & (y.min.x <= x.max.x) & (x.min.y <= y.max.y) & (y.min.y <= x.max.y) &
         (x.min.z <= y.max.z) & (y.min.z <= x.max.z);
#endif
}

}  // namespace

namespace {

inline bool ExactOverlap(const Aabb& x, const Aabb& y) {
  return (x.min.x <= y.max.x) & (y.min.x <= x.max.x) & (x.min.y <= y.max.y) & (y.min.y <= x.max.y) &
         (x.min.z <= y.max.z) & (y.min.z <= x.max.z);
}

}  // namespace

void LeafPairs::Clear() {
  always.clear();
  depends.clear();
  never.clear();
  classified = false;
}

CanonicalOutlook LeafPairs::Outlook(const BspTree& tree, NodeId leaf, BoxId a, BoxId b) const {
  if (tree.leaf_count(a) == 1 || tree.leaf_count(b) == 1) return CanonicalOutlook::kAlways;
  if (!classified) return CanonicalOutlook::kDepends;
  return CanonicalOutlookOf(tree, leaf, tree.box(a), tree.box(b));
}

void LeafPairs::Keep(const BoxPair& pair, CanonicalOutlook outlook) {
  switch (outlook) {
    case CanonicalOutlook::kAlways:
      always.push_back(pair);
      break;
    case CanonicalOutlook::kNever:
      never.push_back(pair);
      break;
    case CanonicalOutlook::kDepends:
      depends.push_back(pair);
      break;
  }
}

void LeafPairs::Add(const BspTree& tree, NodeId leaf, BoxId a, BoxId b) {
  Keep(MakePair(a, b), Outlook(tree, leaf, a, b));
}

bool LeafPairs::Classify(const BspTree& tree, NodeId leaf, std::vector<BoxPair>& scratch) {
  const bool planes_changed = !path.Unchanged(tree, leaf);
  if (classified && !planes_changed) return false;
  scratch.clear();
  // The planes changed since the sweep or the last classification: a box may now lie in more
  // leaves or fewer, and every pair may have a new outlook, `always` included.
  if (planes_changed) {
    for (const auto* list : {&always, &never})
      scratch.insert(scratch.end(), list->begin(), list->end());
    always.clear();
    never.clear();
  }
  scratch.insert(scratch.end(), depends.begin(), depends.end());
  depends.clear();
  classified = true;
  path.Record(tree, leaf);
  for (const BoxPair& p : scratch) Add(tree, leaf, p.a, p.b);
  return planes_changed;
}

void LeafPairs::EraseStamped(const std::vector<uint32_t>& stamp, uint32_t epoch) {
  const auto stamped = [&](const BoxPair& p) { return stamp[p.a] == epoch || stamp[p.b] == epoch; };
  for (auto* list : {&always, &depends, &never}) std::erase_if(*list, stamped);
}

size_t LeafPairs::MemoryBytes() const {
  return (always.capacity() + depends.capacity() + never.capacity()) * sizeof(BoxPair);
}

// The leaf's list copied as structure-of-arrays, followed by sentinels (interval and box empty,
// starting at +infinity) so that the last group of lanes may read past the end.
void LeafColumns::Fill(std::span<const LeafEntry> list) {
  const size_t n = list.size(), padded = n + kPadding;
  for (auto* column : {&lo, &hi, &min_x, &max_x, &min_y, &max_y, &min_z, &max_z})
    column->resize(padded);
  ids.resize(n);
  for (size_t k = 0; k < n; ++k) {
    const LeafEntry& e = list[k];
    lo[k] = e.lo, hi[k] = e.hi, ids[k] = e.id;
    min_x[k] = e.box.min.x, max_x[k] = e.box.max.x;
    min_y[k] = e.box.min.y, max_y[k] = e.box.max.y;
    min_z[k] = e.box.min.z, max_z[k] = e.box.max.z;
  }
  constexpr float kInf = std::numeric_limits<float>::infinity();
  for (size_t k = n; k < padded; ++k) {
    lo[k] = min_x[k] = min_y[k] = min_z[k] = kInf;
    hi[k] = max_x[k] = max_y[k] = max_z[k] = -kInf;
  }
}

// Counted first (each row's first and last slab kept in `spans`), so that each slab's place is
// known; then written, a box in each slab it reaches, in sweep order within each. The sweep's loop
// over an entry's successors stops at its slab's end, since a sentinel starts at +infinity, past
// every finite projection (the accepted coordinates keep them finite), and its last group of lanes
// reads only sentinels past it. The sentinels are rows too, with no overlaps. `shared` gets each
// row's bit 0 from the row and kFirstSlab in the first slab the box reaches.
template <typename Row>
void LeafColumns::FillInSlabs(const SlabPlan& plan, size_t n, Row&& row,
                              std::vector<uint16_t>& spans, std::vector<uint32_t>& fill) {
  const uint32_t count = std::max<uint32_t>(plan.count, 1);
  const int axis = plan.axis;
  spans.resize(n);
  fill.assign(count, 0);
  for (size_t k = 0; k < n; ++k) {
    const GatheredBox& e = row(k);
    const Aabb& box = e.box;
    const uint32_t first = count > 1 ? plan.SlabOf(box.min[axis]) : 0;
    const uint32_t last = count > 1 ? plan.SlabOf(box.max[axis]) : 0;
    spans[k] = uint16_t(first | last << 8);
    for (uint32_t s = first; s <= last; ++s) ++fill[s];
  }
  uint32_t next = 0;
  for (uint32_t s = 0; s < count; ++s) {
    const uint32_t size = fill[s];
    fill[s] = next;
    next += size + uint32_t(kPadding);
  }
  const size_t rows = next, padded = rows + kPadding;
  for (auto* column : {&lo, &hi, &min_x, &max_x, &min_y, &max_y, &min_z, &max_z})
    column->resize(padded);
  ids.resize(rows);
  shared.resize(rows);
  for (size_t k = 0; k < n; ++k) {
    const GatheredBox& e = row(k);
    const uint32_t first = spans[k] & 0xff, last = spans[k] >> 8;
    for (uint32_t s = first; s <= last; ++s) {
      const uint32_t r = fill[s]++;
      lo[r] = e.lo, hi[r] = e.hi;
      ids[r] = e.id;
      shared[r] = uint8_t(e.shared | (s == first ? kFirstSlab : 0));
      min_x[r] = e.box.min.x, max_x[r] = e.box.max.x;
      min_y[r] = e.box.min.y, max_y[r] = e.box.max.y;
      min_z[r] = e.box.min.z, max_z[r] = e.box.max.z;
    }
  }
  // After each slab (fill[s] is now its end), and after the last: sentinels.
  constexpr float kInf = std::numeric_limits<float>::infinity();
  auto sentinels = [&](size_t from, size_t to) {
    for (size_t r = from; r < to; ++r) {
      lo[r] = min_x[r] = min_y[r] = min_z[r] = kInf;
      hi[r] = max_x[r] = max_y[r] = max_z[r] = -kInf;
      if (r < rows) ids[r] = 0, shared[r] = 0;
    }
  };
  for (uint32_t s = 0; s < count; ++s) sentinels(fill[s], fill[s] + kPadding);
  sentinels(rows, padded);
}

namespace {

// reach[i]: the largest high end of entries 0..i of a sorted list (it never decreases).
void FillReach(std::span<const LeafEntry> list, std::vector<float>& reach) {
  reach.resize(list.size());
  float highest = -std::numeric_limits<float>::infinity();
  for (size_t i = 0; i < list.size(); ++i) reach[i] = highest = std::max(highest, list[i].hi);
}

// Calls keep(e[i], e[j]) for each stamped entry i of a leaf's sorted list and its neighbours j
// that overlap it (overlap(e[i], e[j]), which must not branch): forward while the next entry
// starts before it ends (as in the sweep), backward while some entry at or before j still reaches
// e[i].lo (`reach`, the running maximum of the high ends, is scratch: exact, with no slack, and it
// stops the scan at the last entry that can overlap, where a bound from the widest interval scans
// on past every short one). A pair of two stamped entries is visited once, from the earlier one.
// Whether a neighbour overlaps is a coin toss, so it is not a branch: every neighbour is written
// to `hits` (scratch) and kept there only when it overlaps; keep() then runs on the hits.
template <typename Overlap, typename Keep>
void PairStampedWithNeighbours(std::span<const LeafEntry> list, const std::vector<uint32_t>& stamp,
                               uint32_t epoch, std::vector<float>& reach,
                               std::vector<uint32_t>& hits, Overlap&& overlap, Keep&& keep) {
  const LeafEntry* e = list.data();
  const size_t size = list.size();
  FillReach(list, reach);
  hits.resize(size);
  uint32_t* hit = hits.data();
  for (size_t i = 0; i < size; ++i) {
    if (stamp[e[i].id] != epoch) continue;
    size_t found = 0;
    for (size_t j = i + 1; j < size && e[j].lo <= e[i].hi; ++j) {
      hit[found] = uint32_t(j);
      found += overlap(e[i], e[j]);
    }
    for (size_t j = i; j-- > 0 && reach[j] >= e[i].lo;) {
      hit[found] = uint32_t(j);  // a stamped e[j] pairs from itself
      found += (stamp[e[j].id] != epoch) & overlap(e[i], e[j]);
    }
    for (size_t k = 0; k < found; ++k) keep(e[i], e[hit[k]]);
  }
}

// Repair copies a leaf as columns from this many entries on, and 1 in 32 of them touched. Below,
// the copy cost more than it saved on the thesis's scenes' piles (scene 3: leaves of a few hundred
// boxes); a leaf this large is one that could not be split, with long windows.
constexpr size_t kColumnRepairFrom = 1024;

// Calls visit(i, k) for every overlap found by a sweep (column i with a later column k) or a
// repair (column i with any other).
template <typename Visit>
void ForEachOverlap(const LeafOverlaps& overlaps, size_t columns, Visit&& visit) {
  const uint32_t* partner = overlaps.partners.data();
  uint32_t h = 0;
  for (uint32_t i = 0; i < columns; ++i)
    for (const uint32_t end = overlaps.end[i]; h < end; ++h) visit(i, partner[h]);
}

// The lanes of columns j .. j + kWidth - 1 whose entry is not stamped, as bits.
template <typename Lanes>
inline unsigned UnstampedLanes(const uint8_t* stamped, uint32_t j) {
  unsigned bits = 0;
  for (unsigned k = 0; k < Lanes::kWidth; ++k) bits |= unsigned(stamped[j + k] == 0) << k;
  return bits;
}

// Column i's box in every lane, tested against columns j .. j + kWidth - 1 (always inlined, as
// SweepColumns, so that the lanes stay in registers).
template <typename Lanes>
struct LaneBox {
  Lanes min_x, max_x, min_y, max_y, min_z, max_z;
  [[gnu::always_inline]] LaneBox(const LeafColumns& c, uint32_t i)
      : min_x(Lanes::Splat(c.min_x[i])),
        max_x(Lanes::Splat(c.max_x[i])),
        min_y(Lanes::Splat(c.min_y[i])),
        max_y(Lanes::Splat(c.max_y[i])),
        min_z(Lanes::Splat(c.min_z[i])),
        max_z(Lanes::Splat(c.max_z[i])) {}
  [[gnu::always_inline]] unsigned OverlapBits(const LeafColumns& c, uint32_t j) const {
    return ((Lanes::Load(&c.min_x[j]) <= max_x) & (min_x <= Lanes::Load(&c.max_x[j])) &
            (Lanes::Load(&c.min_y[j]) <= max_y) & (min_y <= Lanes::Load(&c.max_y[j])) &
            (Lanes::Load(&c.min_z[j]) <= max_z) & (min_z <= Lanes::Load(&c.max_z[j])))
        .Bits();
  }
};

// The neighbours of column i whose stored boxes overlap its own (the window of
// PairStampedWithNeighbours, Lanes::kWidth columns at a time): forward from i + 1 while the next
// column starts before i's projection ends (a lane past that cannot pass, as in SweepColumns),
// then backward over the columns before i that some entry at or before still reaches (`reach`),
// skipping stamped ones (they pair from themselves). Their positions go to `hit` (room for every
// column and a group more); returns how many.
template <typename Lanes>
[[gnu::always_inline]] inline size_t OverlappingNeighbours(const LeafColumns& c,
                                                           const uint8_t* stamped,
                                                           const float* reach, uint32_t i,
                                                           uint32_t* hit) {
  const uint32_t size = uint32_t(c.ids.size());
  const LaneBox<Lanes> a(c, i);
  size_t found = 0;
  for (uint32_t j = i + 1; j < size && c.lo[j] <= c.hi[i]; j += Lanes::kWidth)
    found += Lanes::PackIndices(a.OverlapBits(c, j), j, hit + found);
  // reach never decreases: the first column that some entry at or before still reaches i.
  const uint32_t first = uint32_t(std::lower_bound(reach, reach + i, c.lo[i]) - reach);
  for (uint32_t j = first; j < i; j += Lanes::kWidth) {
    const unsigned before_i =
        i - j >= Lanes::kWidth ? (1u << Lanes::kWidth) - 1 : (1u << (i - j)) - 1;
    const unsigned bits = a.OverlapBits(c, j) & before_i & UnstampedLanes<Lanes>(stamped, j);
    found += Lanes::PackIndices(bits, j, hit + found);
  }
  return found;
}

template <typename Lanes>
[[gnu::always_inline]] inline void NeighboursOfStamped(const LeafColumns& c, const uint8_t* stamped,
                                                       const float* reach, LeafOverlaps& hits) {
  const uint32_t size = uint32_t(c.ids.size());
  hits.end.resize(size);
  hits.Reserve(2 * (size + 2 * Lanes::kWidth));
  uint32_t* end = hits.end.data();
  size_t count = 0;
  for (uint32_t i = 0; i < size; ++i) {
    if (stamped[i]) {
      // Forward and backward, each writes a group past its last hit.
      if (count + size + 2 * Lanes::kWidth > hits.partners.size()) [[unlikely]]
        hits.Reserve(count + size + 2 * Lanes::kWidth);
      count += OverlappingNeighbours<Lanes>(c, stamped, reach, i, hits.partners.data() + count);
    }
    end[i] = uint32_t(count);
  }
}

#if defined(PARTLAB_HAS_AVX2_LANES)
[[gnu::target("avx2")]] void NeighboursOfStampedAvx2(const LeafColumns& c, const uint8_t* stamped,
                                                     const float* reach, LeafOverlaps& hits) {
  NeighboursOfStamped<FloatLanes8>(c, stamped, reach, hits);
}
#endif

}  // namespace

// Drops the candidates of the touched boxes and finds them again, each touched box against its
// neighbours in the sorted list: forward while the next entry starts before it ends (as in the
// sweep), backward while an earlier entry still reaches it. A pair of two touched boxes is found
// once, from the earlier entry. In a large leaf (one that could not be split: dense, so each box
// has many neighbours in the sorted list) with more than a few touched boxes, the list is copied
// as columns first, so that the neighbours are tested a group of lanes at a time, as the sweep
// does; in a small or sparse leaf, or for a few boxes, the copy costs more than it saves.
void BspPairFinder::Repair(const BspTree& tree, NodeId leaf) {
  if (stamp_.size() < tree.id_capacity()) stamp_.resize(tree.id_capacity(), 0);
  if (++epoch_ == 0) {
    std::fill(stamp_.begin(), stamp_.end(), 0);
    epoch_ = 1;
  }
  for (BoxId id : tree.touched(leaf)) stamp_[id] = epoch_;
  LeafPairs& kept = kept_[leaf];
  kept.EraseStamped(stamp_, epoch_);
  const std::span<const LeafEntry> list = tree.leaf(leaf);
  if (list.size() < kColumnRepairFrom || tree.touched(leaf).size() * 32 < list.size()) {
    PairStampedWithNeighbours(
        list, stamp_, epoch_, reach_, hits_, EntriesOverlap,
        [&](const LeafEntry& a, const LeafEntry& b) { kept.Add(tree, leaf, a.id, b.id); });
    return;
  }
  columns_.Fill(list);
  const size_t size = list.size();
  FillReach(list, reach_);
  stamped_.resize(size + LeafColumns::kPadding);
  for (size_t i = 0; i < size; ++i) stamped_[i] = uint8_t(stamp_[list[i].id] == epoch_);
  std::fill(stamped_.begin() + ptrdiff_t(size), stamped_.end(), uint8_t(0));
#if defined(PARTLAB_HAS_AVX2_LANES)
  if (avx2_) {
    NeighboursOfStampedAvx2(columns_, stamped_.data(), reach_.data(), overlaps_);
  } else
#endif
  {
    NeighboursOfStamped<FloatLanes4>(columns_, stamped_.data(), reach_.data(), overlaps_);
  }
  const std::vector<BoxId>& ids = columns_.ids;
  ForEachOverlap(overlaps_, size,
                 [&](uint32_t i, uint32_t k) { kept.Add(tree, leaf, ids[i], ids[k]); });
}

// The exact test of a leaf's candidates, written so that the unpredictable outcome is not a
// branch: every candidate is stored at the end of `out` and kept by advancing the size only when
// it overlaps. The few whose canonical leaf depends on the exact boxes are then checked one by one
// (the canonical leaf of the exact intersection is reached by both exact boxes, hence by both
// fat ones).
void BspPairFinder::ReportCandidates(const BspTree& tree, NodeId leaf, const LeafPairs& kept,
                                     std::vector<BoxPair>& out) {
  size_t size = out.size();
  out.resize(size + kept.always.size());
  BoxPair* dst = out.data();
  for (const BoxPair& p : kept.always) {
    dst[size] = p;
    size += ExactOverlap(tree.exact_box(p.a), tree.exact_box(p.b));
  }
  out.resize(size);
  for (const BoxPair& p : kept.depends) {
    const Aabb &a = tree.exact_box(p.a), &b = tree.exact_box(p.b);
    if (ExactOverlap(a, b) && IsCanonicalLeaf(tree, leaf, a, b)) out.push_back(p);
  }
}

BspPairFinder::BspPairFinder() {
  set_wide_lanes(true);
}

void BspPairFinder::set_wide_lanes(bool on) {
#if defined(PARTLAB_HAS_AVX2_LANES)
  avx2_ = on && __builtin_cpu_supports("avx2");
#else
  avx2_ = false;
  (void)on;
#endif
}

// Stamps the leaf's boxes whose pairs may have changed since its last pairs: those that entered
// or left it or whose stored box changed (BspTree::touched) and those whose exact box moved.
// Returns how many (a box may count twice).
size_t BspPairFinder::StampChanged(const BspTree& tree, NodeId leaf) {
  if (stamp_.size() < tree.id_capacity()) stamp_.resize(tree.id_capacity(), 0);
  if (++epoch_ == 0) {
    std::fill(stamp_.begin(), stamp_.end(), 0);
    epoch_ = 1;
  }
  size_t changed = 0;
  for (BoxId id : tree.touched(leaf)) stamp_[id] = epoch_, ++changed;
  for (const LeafEntry& e : tree.leaf(leaf)) {
    if (tree.exact_moved(e.id)) stamp_[e.id] = epoch_, ++changed;
  }
  return changed;
}

// A few changed boxes in a leaf (stamped by StampChanged): their pairs are dropped and found
// again, each changed box against its neighbours in the stored sorted list (forward while the
// next entry starts before it ends, backward while an earlier entry still reaches it, as Repair
// does on the candidates) with the exact test. The stored boxes contain the exact ones, so this
// window holds every box the exact box can meet.
void BspPairFinder::RepairExact(const BspTree& tree, NodeId leaf) {
  LeafPairs& kept = kept_[leaf];
  kept.EraseStamped(stamp_, epoch_);
  PairStampedWithNeighbours(
      tree.leaf(leaf), stamp_, epoch_, reach_, hits_,
      [&](const LeafEntry& a, const LeafEntry& b) {
        return ExactOverlap(tree.exact_box(a.id), tree.exact_box(b.id));
      },
      [&](const LeafEntry& a, const LeafEntry& b) { kept.Add(tree, leaf, a.id, b.id); });
}

namespace {

// A leaf's sweep direction is chosen again after this many of its exact sweeps.
constexpr uint8_t kSweepsPerChoice = 8;

glm::vec3 Axis(int a) {
  glm::vec3 v(0.0f);
  v[a] = 1.0f;
  return v;
}

}  // namespace

namespace {

template <typename Boxed>
SpreadStats SpreadOf(std::span<const Boxed> boxes, const glm::vec3& dir) {
  SpreadStats s;
  for (const Boxed& g : boxes) {
    const glm::vec3 c = (g.box.min + g.box.max) * 0.5f;
    s.width += g.box.max - g.box.min;
    s.lowest = glm::min(s.lowest, c), s.highest = glm::max(s.highest, c);
    const float along = c.x * dir.x + c.y * dir.y + c.z * dir.z;
    s.lowest_along = std::min(s.lowest_along, along);
    s.highest_along = std::max(s.highest_along, along);
  }
  return s;
}

}  // namespace

SpreadStats SpreadStats::Of(std::span<const GatheredBox> boxes, const glm::vec3& dir) {
  return SpreadOf(boxes, dir);
}

SpreadStats SpreadStats::Of(std::span<const LeafEntry> entries, const glm::vec3& dir) {
  return SpreadOf(entries, dir);
}

// A sweep tests, for each box, the boxes whose projections start inside its own: about
// n * n * (mean projected width) / (spread of the projected centres). The direction with the least
// such cost, among the leaf's sort direction (0) and the three axes (1-3); the last choice is
// kept unless another is a quarter cheaper, so that a leaf does not flip between near equals.
uint8_t BspPairFinder::SweepDirection(const SpreadStats& s, const glm::vec3& sort_dir,
                                      uint8_t last) {
  float cost[4];
  const glm::vec3 abs_dir = glm::abs(sort_dir);
  cost[0] = glm::dot(s.width, abs_dir) / std::max(s.highest_along - s.lowest_along, 1e-30f);
  for (int a = 0; a < 3; ++a)
    cost[a + 1] = s.width[a] / std::max(s.highest[a] - s.lowest[a], 1e-30f);
  uint8_t best = 0;
  for (uint8_t d = 1; d < 4; ++d)
    if (cost[d] < cost[best]) best = d;
  return cost[best] < 0.75f * cost[last] ? best : last;
}

namespace {

// The axis a leaf's exact sweep runs along (0-2), or -1 for a sort direction off the axes.
int SweepAxis(uint8_t choice, const glm::vec3& sort_dir) {
  if (choice > 0) return choice - 1;
  for (int a = 0; a < 3; ++a)
    if (std::abs(sort_dir[a]) == 1.0f) return a;
  return -1;
}

}  // namespace

// Sorts exact_keys_ (by insertion, or by radix when `by_radix`) and returns whether the next sort
// of the same leaf should take the radix sort: when this one moved keys more than twice the count
// (insertion: the moves; radix: half the total displacement, which an insertion sort would at
// least have made).
bool BspPairFinder::SortExactKeys(bool by_radix) {
  KeyedIndex* key = exact_keys_.data();
  const size_t n = exact_keys_.size();
  uint64_t moves = 0;
  if (by_radix) {
    RadixSortByKey(exact_keys_, radix_scratch_);
    key = exact_keys_.data();
    for (size_t k = 0; k < n; ++k)
      moves += key[k].payload > k ? key[k].payload - k : k - key[k].payload;
    moves /= 2;
  } else {
    InsertionSortWithin(
        key, n, [](const KeyedIndex& k) { return k.key; }, UINT64_MAX, moves);
  }
  return moves > 2 * n;
}

// The leaf's exact boxes in its stored order, projected on its sort direction (or, with
// `best_axis`, on the direction SweepDirection chose), put in order by an insertion sort: the
// stored order is that of the fat boxes, which contain the exact ones, so the exact order is
// nearly the same (5.1.2's temporal coherence, once more). Where it is not (boxes
// that swirl past each other every step, as a swarm's), a radix sort (four linear passes, no
// branch on the data) costs less than the insertion sort's moves and mispredicted comparisons; a
// leaf takes it while its last sort was that far from its start (SortExactKeys). Then copied as
// columns followed by sentinels, as LeafColumns::Fill.
void BspPairFinder::FillExactColumns(const BspTree& tree, NodeId leaf, bool best_axis) {
  const std::span<const LeafEntry> list = tree.leaf(leaf);
  const glm::vec3 sort_dir = tree.direction(tree.node(leaf).sort_dir);
  const size_t n = list.size();
  // One gather of the exact boxes in list order, then 8-byte sort keys: the keys are sorted, and
  // the columns are then read from the gathered copy in sorted order.
  exact_keys_.resize(n);
  gathered_.resize(n);
  KeyedIndex* key = exact_keys_.data();
  GatheredBox* g = gathered_.data();
  // The boxes' spread changes slowly: the direction (and the slabs) are chosen again every few
  // sweeps of the leaf, from the gathered boxes; between choices the gather also projects them.
  const bool choose = best_axis && choose_in_[leaf] == 0;
  if (!best_axis) sweep_dir_[leaf] = 0, slabs_[leaf] = SlabPlan{};
  const auto direction = [&] {
    const uint8_t choice = sweep_dir_[leaf];
    return choice == 0 ? sort_dir : Axis(choice - 1);
  };
  glm::vec3 dir = direction();
  const auto project = [&](size_t k) {
    const Interval iv = ProjectAabb(g[k].box, dir);
    g[k].lo = iv.lo, g[k].hi = iv.hi;
    key[k] = {SortableFloatBits(iv.lo + 0.0f), uint32_t(k)};  // + 0: -0 and +0 share a key
  };
  for (size_t k = 0; k < n; ++k) {
    const BoxId id = list[k].id;
    g[k].box = tree.exact_box(id);
    g[k].id = id;
    g[k].shared = uint8_t(tree.leaf_count(id) > 1);
    if (!choose) project(k);
  }
  if (choose) {
    const SpreadStats stats = SpreadStats::Of(gathered_, sort_dir);
    sweep_dir_[leaf] = SweepDirection(stats, sort_dir, sweep_dir_[leaf]);
    slabs_[leaf] = slabbed_ ? SlabPlan::Of(stats.width, stats.lowest, stats.highest,
                                           SweepAxis(sweep_dir_[leaf], sort_dir), n)
                            : SlabPlan{};
    choose_in_[leaf] = kSweepsPerChoice;
    dir = direction();
    for (size_t k = 0; k < n; ++k) project(k);
  }
  if (choose_in_[leaf] > 0) --choose_in_[leaf];
  // Along another direction the stored order means nothing: the radix sort.
  const bool along_sort_dir = sweep_dir_[leaf] == 0;
  radix_exact_[leaf] = SortExactKeys(radix_exact_[leaf] || !along_sort_dir);
  key = exact_keys_.data();  // the radix sort may have swapped its buffers
  slabbed_leaves_ += slabs_[leaf].count >= 2;
  columns_.FillInSlabs(
      slabs_[leaf], n, [&](size_t k) -> const GatheredBox& { return g[key[k].payload]; },
      slab_spans_, slab_fill_);
}

namespace {

// Box pruning's sweep (box_pruning.cpp) on one leaf's columns (the exact boxes or the stored
// ones), sorted by their projection on the leaf's direction: the entries after i that start before
// i's projection ends are tested on the three axes, Lanes::kWidth at a time. A lane past the cut
// cannot pass: two boxes that overlap have overlapping projections (projection.h), so no interval
// test is needed. The passing lanes' positions are packed into `partners` without a branch per
// group (Lanes::PackIndices) and no call in the loop (a call would make the compiler keep the
// broadcast lanes on the stack); room for every group of entry i is made before its loop. With
// kOwners, each group also stores i beside its hits (`owners`), for SweepExact's flat loop.
template <typename Lanes, bool kOwners>
[[gnu::always_inline]] inline void SweepColumns(const LeafColumns& c, LeafOverlaps& hits) {
  const uint32_t size = uint32_t(c.ids.size());
  const float *lo = c.lo.data(), *hi = c.hi.data();
  const float *min_x = c.min_x.data(), *max_x = c.max_x.data();
  const float *min_y = c.min_y.data(), *max_y = c.max_y.data();
  const float *min_z = c.min_z.data(), *max_z = c.max_z.data();
  hits.end.resize(size);
  uint32_t* end = hits.end.data();
  uint32_t count = 0;
  for (uint32_t i = 0; i < size; ++i) {
    // At most one group per later entry, rounded up, each writing kWidth values.
    const size_t room = count + (size - i) + 2 * Lanes::kWidth;
    if (room > hits.owners.size()) [[unlikely]]
      hits.Reserve(room);
    uint32_t* out = hits.partners.data();
    uint32_t* owner = hits.owners.data();
    const float cut = hi[i];
    const Lanes a_min_x = Lanes::Splat(min_x[i]), a_max_x = Lanes::Splat(max_x[i]);
    const Lanes a_min_y = Lanes::Splat(min_y[i]), a_max_y = Lanes::Splat(max_y[i]);
    const Lanes a_min_z = Lanes::Splat(min_z[i]), a_max_z = Lanes::Splat(max_z[i]);
    // The j < size test keeps an infinite cut inside the arrays (as in box pruning).
    for (uint32_t j = i + 1; j < size && lo[j] <= cut; j += Lanes::kWidth) {
      const unsigned overlap =
          ((Lanes::Load(&min_x[j]) <= a_max_x) & (a_min_x <= Lanes::Load(&max_x[j])) &
           (Lanes::Load(&min_y[j]) <= a_max_y) & (a_min_y <= Lanes::Load(&max_y[j])) &
           (Lanes::Load(&min_z[j]) <= a_max_z) & (a_min_z <= Lanes::Load(&max_z[j])))
              .Bits();
      if constexpr (kOwners) Lanes::StoreSplat(i, owner + count);
      count += Lanes::PackIndices(overlap, j, out + count);
    }
    end[i] = count;
  }
}

#if defined(PARTLAB_HAS_AVX2_LANES)
template <bool kOwners>
[[gnu::target("avx2")]] void SweepColumnsAvx2(const LeafColumns& c, LeafOverlaps& hits) {
  SweepColumns<FloatLanes8, kOwners>(c, hits);
}
#endif

}  // namespace

template <bool kOwners>
void BspPairFinder::SweepColumns() {
#if defined(PARTLAB_HAS_AVX2_LANES)
  if (avx2_) return SweepColumnsAvx2<kOwners>(columns_, overlaps_);
#endif
  partlab::SweepColumns<FloatLanes4, kOwners>(columns_, overlaps_);
}

namespace {

// The slabs of a candidate sweep along the leaf's sort direction, from its stored boxes; none for
// a leaf too small to take them.
SlabPlan ListSlabPlan(const BspTree& tree, NodeId leaf) {
  const std::span<const LeafEntry> list = tree.leaf(leaf);
  if (list.size() < 2 * SlabPlan::kEntriesPerSlab) return SlabPlan{};
  const glm::vec3 sort_dir = tree.direction(tree.node(leaf).sort_dir);
  const SpreadStats stats = SpreadStats::Of(list, sort_dir);
  return SlabPlan::Of(stats.width, stats.lowest, stats.highest, SweepAxis(0, sort_dir),
                      list.size());
}

}  // namespace

// The sweep of 5.1.2 along the leaf's sorted list, on the stored boxes (the leaf's candidates are
// the pairs whose stored boxes overlap). With `slabs`, a large leaf is swept in slabs along its
// sort direction as the exact sweep is (exact_sweep_slabs.h), planned afresh from its stored boxes.
void BspPairFinder::Sweep(const BspTree& tree, NodeId leaf, bool slabs) {
  LeafPairs& kept = kept_[leaf];
  kept.Clear();
  const std::span<const LeafEntry> list = tree.leaf(leaf);
  const std::vector<BoxId>& ids = columns_.ids;
  const SlabPlan plan = slabs ? ListSlabPlan(tree, leaf) : SlabPlan{};
  if (plan.count < 2) {
    columns_.Fill(list);
    SweepColumns<false>();
    ForEachOverlap(overlaps_, ids.size(),
                   [&](uint32_t i, uint32_t k) { kept.Add(tree, leaf, ids[i], ids[k]); });
  } else {
    ++slabbed_leaves_;
    columns_.FillInSlabs(
        plan, list.size(),
        [&](size_t k) {
          const LeafEntry& e = list[k];
          return GatheredBox{e.box, e.lo, e.hi, e.id, 0};
        },
        slab_spans_, slab_fill_);
    SweepColumns<true>();
    const size_t found = overlaps_.end.empty() ? 0 : overlaps_.end.back();
    const uint8_t* shared = columns_.shared.data();
    const uint32_t *partner = overlaps_.partners.data(), *owner = overlaps_.owners.data();
    for (size_t h = 0; h < found; ++h) {
      const uint32_t i = owner[h], k = partner[h];
      if ((shared[i] | shared[k]) & LeafColumns::kFirstSlab) kept.Add(tree, leaf, ids[i], ids[k]);
    }
  }
  kept.path.Record(tree, leaf);
}

// The overlaps as box pairs: a pair of two boxes that both lie in several leaves waits in
// `depends` for its outlook (LeafPairs).
void BspPairFinder::SweepExact(const BspTree& tree, NodeId leaf) {
  SweepColumns<true>();
  const LeafColumns& c = columns_;
  const size_t size = c.ids.size();
  const size_t found = size == 0 ? 0 : overlaps_.end.back();
  LeafPairs& kept = kept_[leaf];
  // As kept.Clear(), but `always` keeps its size until the end: growing it back from empty would
  // zero every slot before they are written.
  kept.depends.clear();
  kept.never.clear();
  kept.classified = false;
  std::vector<BoxPair>& own = kept.always;
  if (own.size() < found) own.resize(found);
  BoxPair* next_own = own.data();
  const BoxId* ids = c.ids.data();
  const uint8_t* shared = c.shared.data();
  const uint32_t *partner = overlaps_.partners.data(), *owner = overlaps_.owners.data();
  // One flat loop over the overlaps, without a branch that depends on the data: a masked swap
  // orders each pair (MakePair's comparison, which compilers turn into a branch, is a coin toss
  // per pair here), and every pair is written to `own` but kept there only when it is the leaf's
  // own. The exception, two boxes that both lie in several leaves, is rare.
  for (size_t h = 0; h < found; ++h) {
    const uint32_t i = owner[h], k = partner[h];
    const BoxId a = ids[i], b = ids[k];
    const BoxId swap = (a ^ b) & (0u - BoxId(b < a));  // a ^ b when b < a, else 0
    const BoxPair pair{a ^ swap, b ^ swap};
    // Found in a slab that is neither box's first: found in an earlier one too (SlabPlan).
    const bool here = (shared[i] | shared[k]) & LeafColumns::kFirstSlab;
    const bool depends = shared[i] & shared[k] & 1;
    if (depends & here) [[unlikely]]
      kept.depends.push_back(pair);  // classified when reused (LeafPairs)
    *next_own = pair;
    next_own += !depends & here;
  }
  own.resize(size_t(next_own - own.data()));
  kept.path.Record(tree, leaf);
}

// Pairs of two boxes that both lie in several leaves whose canonical leaf depends on the exact
// boxes (see the top of bsp_pairs.h): checked every step, also on handed-on pairs.
void BspPairFinder::ReportDependingPairs(const BspTree& tree, NodeId leaf,
                                         std::span<const BoxPair> depends,
                                         std::vector<BoxPair>& out) {
  for (const BoxPair& p : depends)
    if (IsCanonicalLeaf(tree, leaf, tree.exact_box(p.a), tree.exact_box(p.b))) out.push_back(p);
}

void BspPairFinder::ClassifyKept(const BspTree& tree, NodeId leaf) {
  reclassified_ += kept_[leaf].Classify(tree, leaf, reclassify_scratch_);
}

void BspPairFinder::GrowPerNode(size_t nodes) {
  if (kept_.size() >= nodes) return;
  kept_.resize(nodes);
  exact_mode_.resize(nodes, 0);
  radix_exact_.resize(nodes, 0);
  sweep_dir_.resize(nodes, 0);
  choose_in_.resize(nodes, 0);
  slabs_.resize(nodes);
  leaf_pairs_.resize(nodes, 0);
  escape_rate_.resize(nodes, 1.0f);  // a new leaf counts as moving until seen resting
  candidate_excess_.resize(nodes, 1.0f);
  candidate_surplus_.resize(nodes, 0.0f);
}

uint64_t BspPairFinder::FindExactPairs(BspTree& tree, std::vector<BoxPair>& out, float min_density,
                                       float min_escape_rate, bool best_axis) {
  std::span<const BspNode> nodes = tree.nodes();
  GrowPerNode(nodes.size());
  uint64_t found = 0;
  swept_ = 0;
  slabbed_leaves_ = 0;
  reclassified_ = 0;
  for (size_t n = 0; n < nodes.size(); ++n) {
    if (!nodes[n].alive || !nodes[n].IsLeaf()) continue;
    const NodeId leaf = NodeId(n);
    const size_t entries = tree.leaf(leaf).size();
    const float touched = entries ? float(tree.touched(leaf).size()) / float(entries) : 0.0f;
    escape_rate_[n] += 0.25f * (std::min(touched, 1.0f) - escape_rate_[n]);
    if (exact_mode_[n]) {
      candidate_excess_[n] = 1.0f + 0.98f * (candidate_excess_[n] - 1.0f);
      candidate_surplus_[n] *= 0.98f;
    }
    const bool exact = ChooseExact(n, entries, min_density, min_escape_rate);
    const bool switched = exact != bool(exact_mode_[n]);
    exact_mode_[n] = exact;
    if (exact) {
      found += ExactLeafPairs(tree, leaf, switched, best_axis, out);
    } else {
      found += CandidateLeafPairs(tree, leaf, switched, best_axis && slabbed_, out);
    }
  }
  tree.ClearExactMoved();
  return found;
}

// Hysteresis around both thresholds, so that a leaf near one does not switch back and forth
// (each switch costs a full sweep). Both at 0 keep every leaf on the exact sweep. A leaf whose
// cached candidates were far more than its pairs and its entries stays exact however sparse or
// still, until that excess, measured when it last kept candidates, has drifted back under the
// limits (a few dozen steps or more: then it tries the candidates again, at the cost of one sweep).
bool BspPairFinder::ChooseExact(size_t n, size_t entries, float min_density,
                                float min_escape_rate) const {
  if (candidate_excess_[n] >= kMaxCandidateExcess && candidate_surplus_[n] >= kMaxCandidateSurplus)
    return true;
  const float slack = exact_mode_[n] ? 0.8f : 1.25f;
  const float density = entries ? float(leaf_pairs_[n]) / float(entries) : 0.0f;
  return density >= slack * min_density && escape_rate_[n] >= slack * min_escape_rate;
}

uint64_t BspPairFinder::ExactLeafPairs(BspTree& tree, NodeId leaf, bool full, bool best_axis,
                                       std::vector<BoxPair>& out) {
  if (full || tree.pairs_stale(leaf)) {
    FillExactColumns(tree, leaf, best_axis);
    SweepExact(tree, leaf);
    ++swept_;
  } else {
    const size_t changed = StampChanged(tree, leaf);
    if (changed * 4 > tree.leaf(leaf).size() + 8) {
      FillExactColumns(tree, leaf, best_axis);
      SweepExact(tree, leaf);
      ++swept_;
    } else {
      ClassifyKept(tree, leaf);
      if (changed > 0) RepairExact(tree, leaf);
    }
  }
  tree.PairsRefreshed(leaf);
  const LeafPairs& kept = kept_[leaf];
  out.insert(out.end(), kept.always.begin(), kept.always.end());
  ReportDependingPairs(tree, leaf, kept.depends, out);
  leaf_pairs_[leaf] = uint32_t(kept.Reportable());
  return kept.Reportable();
}

// The cached candidates' path (FindPairs) for one leaf.
uint64_t BspPairFinder::CandidateLeafPairs(BspTree& tree, NodeId leaf, bool full, bool slabs,
                                           std::vector<BoxPair>& out) {
  // A large leaf where many boxes escaped (a burst of escapes, as predicted boxes give): its whole
  // sweep in slabs costs less than repairing most of its boxes' long windows.
  const size_t size = tree.leaf(leaf).size(), touched = tree.touched(leaf).size();
  const bool many_escaped = slabs && size >= 2 * SlabPlan::kEntriesPerSlab && touched * 4 > size;
  if (full || tree.pairs_stale(leaf) || many_escaped) {
    Sweep(tree, leaf, slabs);
    ++swept_;
  } else {
    ClassifyKept(tree, leaf);
    if (touched > 0) Repair(tree, leaf);
  }
  tree.PairsRefreshed(leaf);
  const size_t before = out.size();
  ReportCandidates(tree, leaf, kept_[leaf], out);
  leaf_pairs_[leaf] = uint32_t(out.size() - before);
  const size_t candidates = kept_[leaf].Reportable(), pairs = leaf_pairs_[leaf];
  candidate_excess_[leaf] = float(candidates) / float(std::max<size_t>(pairs, 1));
  candidate_surplus_[leaf] =
      float(candidates - std::min(candidates, pairs)) / float(std::max<size_t>(size, 1));
  return kept_[leaf].Reportable();
}

uint64_t BspPairFinder::FindPairs(BspTree& tree, std::vector<BoxPair>& out, bool reuse_candidates) {
  std::span<const BspNode> nodes = tree.nodes();
  GrowPerNode(nodes.size());
  uint64_t tested = 0;
  swept_ = 0;
  reclassified_ = 0;
  for (size_t n = 0; n < nodes.size(); ++n) {
    if (!nodes[n].alive || !nodes[n].IsLeaf()) continue;
    const NodeId leaf = NodeId(n);
    if (!reuse_candidates || tree.pairs_stale(leaf)) {
      Sweep(tree, leaf, false);
      ++swept_;
    } else {
      ClassifyKept(tree, leaf);
      if (!tree.touched(leaf).empty()) Repair(tree, leaf);
    }
    tree.PairsRefreshed(leaf);
    tested += kept_[n].Reportable();
    ReportCandidates(tree, leaf, kept_[n], out);
  }
  tree.ClearExactMoved();
  return tested;
}

// The two stages of FindIntervalPairs, one leaf at a time. The list is sorted by the low ends of
// the entries' intervals on the leaf's direction (SortLeaves ran before), so the candidates of
// entry i are the entries after it that start before it ends (closed intervals: touching counts,
// as in the exact test).
uint64_t BspPairFinder::FindIntervalPairs(BspTree& tree, std::vector<BoxPair>& out) {
  std::span<const BspNode> nodes = tree.nodes();
  uint64_t candidates = 0;
  exact_tests_ = 0;
  swept_ = 0;
  slabbed_leaves_ = 0;
  reclassified_ = 0;
  for (size_t n = 0; n < nodes.size(); ++n) {
    if (!nodes[n].alive || !nodes[n].IsLeaf()) continue;
    const NodeId leaf = NodeId(n);
    const std::span<const LeafEntry> list = tree.leaf(leaf);
    for (size_t i = 0; i < list.size(); ++i) {
      const LeafEntry& e = list[i];
      for (size_t j = i + 1; j < list.size() && list[j].lo <= e.hi; ++j) {
        ++candidates;  // 3.1: the intervals overlap
        const BoxId a = e.id, b = list[j].id;
        const Aabb &box_a = tree.exact_box(a), &box_b = tree.exact_box(b);
        if (!ExactOverlap(box_a, box_b)) continue;  // the exact stage
        const bool own = tree.leaf_count(a) == 1 || tree.leaf_count(b) == 1 ||
                         IsCanonicalLeaf(tree, leaf, box_a, box_b);
        if (own) out.push_back(MakePair(a, b));
      }
    }
    ++swept_;
    tree.PairsRefreshed(leaf);
  }
  exact_tests_ = candidates;
  tree.ClearExactMoved();
  return candidates;
}

size_t BspPairFinder::MemoryBytes() const {
  size_t bytes =
      kept_.capacity() * sizeof(LeafPairs) + columns_.MemoryBytes() +
      (exact_keys_.capacity() + radix_scratch_.capacity()) * sizeof(KeyedIndex) +
      (overlaps_.partners.capacity() + overlaps_.owners.capacity() + overlaps_.end.capacity()) *
          sizeof(uint32_t) +
      gathered_.capacity() * sizeof(GatheredBox);
  for (const LeafPairs& kept : kept_) bytes += kept.MemoryBytes();
  bytes += exact_mode_.capacity() + radix_exact_.capacity() + sweep_dir_.capacity() +
           choose_in_.capacity() + stamped_.capacity() + hits_.capacity() * 4 +
           slabs_.capacity() * sizeof(SlabPlan) + slab_fill_.capacity() * sizeof(uint32_t) +
           slab_spans_.capacity() * sizeof(uint16_t) +
           (leaf_pairs_.capacity() + escape_rate_.capacity() + candidate_excess_.capacity() +
            candidate_surplus_.capacity()) *
               4;
  return bytes;
}

void LeafOverlaps::Reserve(size_t room) {
  if (room > partners.size()) partners.resize(std::max(room, 2 * partners.size()));
  owners.resize(partners.size());
}

size_t LeafColumns::MemoryBytes() const {
  size_t bytes = ids.capacity() * sizeof(BoxId) + shared.capacity();
  for (const auto* column : {&lo, &hi, &min_x, &max_x, &min_y, &max_y, &min_z, &max_z})
    bytes += column->capacity() * sizeof(float);
  return bytes;
}

}  // namespace partlab
