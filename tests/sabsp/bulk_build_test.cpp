// Construction of the semi-adjusting BSP from a bulk load, and the sorts it relies on: the lists'
// sorts against std::stable_sort, the float sort against std::sort, and the tree built from
// thousands of boxes at once against its invariants and an overlap test written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "engine/broadphase/radix_sort.h"
#include "engine/broadphase/sabsp/leaf_list_sort.h"
#include "engine/broadphase/sabsp/open_interval_bound.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/broadphase/synthetic_motion.h"

namespace partlab {
namespace {

// Lows with many ties, both zeros and negatives: where a sort's stability and key order show.
std::vector<LeafEntry> TiedEntries(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> value(-40, 40);
  std::vector<LeafEntry> entries(n);
  for (size_t i = 0; i < n; ++i) {
    const int v = value(rng);
    entries[i].lo = v == 0 ? (i % 2 ? -0.0f : 0.0f) : float(v) * 0.25f;
    entries[i].hi = entries[i].lo + 1.0f;
    entries[i].id = BoxId(i);
  }
  return entries;
}

std::vector<BoxId> Ids(const std::vector<LeafEntry>& entries) {
  std::vector<BoxId> ids;
  for (const LeafEntry& e : entries) ids.push_back(e.id);
  return ids;
}

TEST(LeafListSort, StableSortByLoMatchesStdStableSortAboveAndBelowTheRadixSize) {
  LeafListSorter sorter;
  for (size_t n : {0u, 1u, 7u, 255u, 256u, 3000u}) {
    std::vector<LeafEntry> mine = TiedEntries(n, uint32_t(n)), theirs = mine;
    sorter.StableSortByLo(mine);
    std::stable_sort(theirs.begin(), theirs.end(), ByLo);
    EXPECT_EQ(Ids(mine), Ids(theirs)) << n << " entries";
  }
}

TEST(LeafListSort, InsertionSortMatchesStdStableSortNearlySortedOrReversed) {
  LeafListSorter sorter;
  std::vector<LeafEntry> nearly = TiedEntries(2000, 5);
  std::stable_sort(nearly.begin(), nearly.end(), ByLo);
  std::swap(nearly[10], nearly[11]);  // a few local moves: the insertion sort proper
  nearly[500].lo = nearly[400].lo;
  std::vector<LeafEntry> reversed = TiedEntries(2000, 6);  // far from sorted: the fallback
  std::reverse(reversed.begin(), reversed.end());
  for (std::vector<LeafEntry>* list : {&nearly, &reversed}) {
    std::vector<LeafEntry> theirs = *list;
    std::stable_sort(theirs.begin(), theirs.end(), ByLo);
    sorter.InsertionSort(*list);
    EXPECT_EQ(Ids(*list), Ids(theirs));
  }
}

TEST(SortFloats, MatchesStdSort) {
  FloatSortScratch scratch;
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> value(-1e6f, 1e6f);
  for (size_t n : {0u, 3u, 63u, 64u, 383u, 384u, 5000u}) {
    std::vector<float> mine(n);
    for (float& v : mine) v = value(rng);
    if (n > 2) mine[1] = -0.0f, mine[2] = 0.0f;
    std::vector<float> theirs = mine;
    SortFloats(mine, scratch);
    std::sort(theirs.begin(), theirs.end());
    EXPECT_EQ(mine, theirs) << n << " values";  // -0 == 0, so the two orders compare equal
  }
}

std::vector<BoxPair> AllOverlaps(std::span<const Aabb> boxes) {
  std::vector<BoxPair> out;
  for (BoxId i = 0; i < boxes.size(); ++i)
    for (BoxId j = i + 1; j < boxes.size(); ++j)
      if (glm::all(glm::lessThanEqual(boxes[i].min, boxes[j].max)) &&
          glm::all(glm::lessThanEqual(boxes[j].min, boxes[i].max)))
        out.push_back({i, j});
  return out;
}

// Every box in one step, as a broad phase switched on live or the bench's first frame: our profile
// builds the whole tree at once, the thesis's grows from one leaf; both must be valid and exact.
TEST(BulkBuild, BothProfilesBuildAValidTreeWithExactPairs) {
  for (SyntheticKind kind : {SyntheticKind::kUniform, SyntheticKind::kClustered}) {
    SyntheticMotion motion({kind, 4000, 3});
    const std::span<const Aabb> boxes = motion.frame();
    const std::vector<BoxPair> want = AllOverlaps(boxes);
    for (const BspParams& params : {BspParams::Ours(), BspParams::Thesis()}) {
      SemiAdjustingBsp bsp(params);
      for (BoxId id = 0; id < boxes.size(); ++id) bsp.Add(id, boxes[id]);
      bsp.Update();
      EXPECT_EQ(bsp.CheckInvariants(), "");
      std::vector<BoxPair> got;
      bsp.FindPairs(got);
      std::sort(got.begin(), got.end());
      EXPECT_EQ(got, want);
    }
  }
}

std::vector<BoxPair> SortedPairs(SemiAdjustingBsp& bsp) {
  std::vector<BoxPair> got;
  bsp.FindPairs(got);
  std::sort(got.begin(), got.end());
  return got;
}

// Every internal node of a bulk-built tree, checked against the limits a split's cut must pass
// (semi-adjusting-bsp.txt 3.6, 6.1), worked out here from the populations (which
// CheckInvariants recounts from the boxes): each side keeps boxes of its own, balance at least
// the unbalance limit, straddling boxes within the redundancy limit, and more than t boxes, so
// that verification has nothing to merge.
void ExpectCutsWithinTheSplitLimits(const SemiAdjustingBsp& bsp) {
  const BspParams& p = bsp.params();
  const uint32_t boxes = bsp.tree().box_count();
  const uint32_t t = uint32_t(p.SplitThreshold(boxes));
  for (const BspNode& node : bsp.nodes()) {
    if (!node.alive || node.IsLeaf()) continue;
    const uint32_t l = bsp.tree().node(node.child[0]).population;
    const uint32_t r = bsp.tree().node(node.child[1]).population;
    const uint32_t straddling = l + r - node.population;
    EXPECT_GT(node.population, t);
    EXPECT_LT(l, node.population);
    EXPECT_LT(r, node.population);
    EXPECT_GE(float(std::min(l, r)) / float(std::max(l, r)), p.unbalance_limit);
    EXPECT_LE(float(straddling), p.RedundancyLimit(node.population, boxes) * node.population);
  }
}

// The bench's construction scene (4,250 moving boxes), a regular grid whose gaps a sample can
// miss, and dense uniform boxes: the bulk build gives a valid tree, brute force's pairs, and cuts
// a split would accept.
TEST(BulkBuild, TopDownTreeIsValidExactAndWithinTheSplitLimits) {
  std::vector<std::vector<Aabb>> scenes;
  for (SyntheticKind kind : {SyntheticKind::kMoving, SyntheticKind::kUniform}) {
    SyntheticMotion motion({kind, 4250, 7});
    scenes.emplace_back(motion.frame().begin(), motion.frame().end());
  }
  std::vector<Aabb>& grid = scenes.emplace_back();
  for (int x = 0; x < 24; ++x)
    for (int y = 0; y < 24; ++y)
      for (int z = 0; z < 4; ++z)
        grid.push_back({glm::vec3(2.0f * float(x), 2.0f * float(y), 2.0f * float(z)),
                        glm::vec3(2.0f * float(x) + 1, 2.0f * float(y) + 1, 2.0f * float(z) + 1)});
  for (const std::vector<Aabb>& boxes : scenes) {
    SemiAdjustingBsp bsp;
    for (BoxId id = 0; id < boxes.size(); ++id) bsp.Add(id, boxes[id]);
    bsp.Update();
    EXPECT_EQ(bsp.CheckInvariants(), "");
    EXPECT_GT(bsp.last_stats().leaves, 1u);
    ExpectCutsWithinTheSplitLimits(bsp);
    EXPECT_EQ(SortedPairs(bsp), AllOverlaps(boxes));
  }
}

// The grid splits down to the threshold everywhere: every 2x2x2 block of boxes can be cut
// without straddling, so no leaf of more than t boxes may remain.
TEST(BulkBuild, RegularGridReachesTheThresholdInEveryLeaf) {
  BspParams p;
  p.adaptive_split_threshold = false;
  p.split_threshold = 8;
  SemiAdjustingBsp bsp(p);
  BoxId id = 0;
  for (int x = 0; x < 16; ++x)
    for (int y = 0; y < 16; ++y)
      bsp.Add(id++, {glm::vec3(2.0f * float(x), 2.0f * float(y), 0),
                     glm::vec3(2.0f * float(x) + 1, 2.0f * float(y) + 1, 1)});
  bsp.Update();
  EXPECT_EQ(bsp.CheckInvariants(), "");
  for (const BspNode& n : bsp.nodes()) {
    if (n.alive && n.IsLeaf()) {
      EXPECT_LE(n.population, 8u);
    }
  }
}

// Boxes that no plane can separate (all the same box): the build leaves one leaf and stays valid.
TEST(BulkBuild, InseparableBoxesStayInOneLeaf) {
  SemiAdjustingBsp bsp;
  const Aabb box{glm::vec3(0), glm::vec3(1)};
  for (BoxId id = 0; id < 500; ++id) bsp.Add(id, box);
  bsp.Update();
  EXPECT_EQ(bsp.CheckInvariants(), "");
  EXPECT_EQ(bsp.last_stats().leaves, 1u);
  EXPECT_EQ(SortedPairs(bsp).size(), 500u * 499u / 2u);
}

// A bulk-built tree is settled: with nothing moving, the following steps' verifications find no
// node to balance, merge, swap or split (the leaves whose split failed wait, as after a failed
// split operation).
TEST(BulkBuild, FollowingStepsFindNothingToRepair) {
  SyntheticMotion motion({SyntheticKind::kMoving, 4250, 3});
  const std::span<const Aabb> boxes = motion.frame();
  SemiAdjustingBsp bsp;
  for (BoxId id = 0; id < boxes.size(); ++id) bsp.Add(id, boxes[id]);
  bsp.Update();
  for (int step = 0; step < 12; ++step) {
    bsp.Update();
    uint32_t applied = 0, failed = 0;
    for (int op = 0; op < kBspOpCount; ++op) {
      applied += bsp.last_stats().ops.applied[op];
      failed += bsp.last_stats().ops.failed[op];
    }
    EXPECT_EQ(applied + failed, 0u) << "step " << step;
  }
  EXPECT_EQ(bsp.CheckInvariants(), "");
}

// Boxes added to an empty tree wait for the next Update; any edit or query before it places them
// one by one. Removing, moving and querying before the first Update must give brute force's pairs.
TEST(BulkBuild, EditsBeforeTheFirstUpdatePlaceTheWaitingBoxes) {
  SyntheticMotion motion({SyntheticKind::kUniform, 3000, 11});
  std::vector<Aabb> boxes(motion.frame().begin(), motion.frame().end());
  SemiAdjustingBsp queried;
  for (BoxId id = 0; id < boxes.size(); ++id) queried.Add(id, boxes[id]);
  EXPECT_EQ(SortedPairs(queried), AllOverlaps(boxes));  // FindPairs with no Update
  queried.Update();
  EXPECT_EQ(queried.CheckInvariants(), "");

  SemiAdjustingBsp edited;
  for (BoxId id = 0; id < boxes.size(); ++id) edited.Add(id, boxes[id]);
  const glm::vec3 shift(3.0f, -2.0f, 1.0f);
  for (BoxId id = 0; id < boxes.size(); id += 7) {
    boxes[id] = {boxes[id].min + shift, boxes[id].max + shift};
    edited.Move(id, boxes[id]);
  }
  std::vector<Aabb> present;
  std::vector<BoxId> ids;
  for (BoxId id = 0; id < boxes.size(); ++id) {
    if (id % 5 == 0) {
      edited.Remove(id);
    } else {
      present.push_back(boxes[id]);
      ids.push_back(id);
    }
  }
  edited.Update();
  EXPECT_EQ(edited.CheckInvariants(), "");
  std::vector<BoxPair> want;
  for (const BoxPair& p : AllOverlaps(present)) want.push_back(MakePair(ids[p.a], ids[p.b]));
  std::sort(want.begin(), want.end());
  EXPECT_EQ(SortedPairs(edited), want);
}

// A bulk load waits outside the tree until the next Update (or an edit, or a query) stores it in
// one go: ids far apart (5 i) size the tree's per-id arrays for the largest, and an id added twice
// is stored once and keeps its later box, as AddBox does. The repeated id's first box lies where
// it would overlap others, its later one overlaps a box of its own; the pairs must be those of the
// final boxes, worked out by brute force here, whether the load is built by Update, placed one by
// one by a Move before it, or placed by FindPairs with no Update at all.
TEST(BulkBuild, SparseAndRepeatedIdsKeepEachIdsLastBox) {
  SyntheticMotion motion({SyntheticKind::kMoving, 2000, 4});
  const std::vector<Aabb> boxes(motion.frame().begin(), motion.frame().end());
  const std::vector<BoxPair> overlaps = AllOverlaps(boxes);
  ASSERT_GE(overlaps.size(), 2u);
  const BoxId repeated = overlaps[0].a,
              decoy = overlaps[1].a == repeated ? overlaps[1].b : overlaps[1].a;
  const Aabb far{glm::vec3(1e5f), glm::vec3(1e5f + 1.0f)};
  std::vector<Aabb> final_boxes = boxes;
  final_boxes[decoy] = far;
  std::vector<BoxPair> want;
  for (const BoxPair& p : AllOverlaps(final_boxes)) want.push_back(MakePair(5 * p.a, 5 * p.b));
  std::sort(want.begin(), want.end());
  enum class Then { kUpdate, kMoveThenUpdate, kFindPairs };
  for (const Then then : {Then::kUpdate, Then::kMoveThenUpdate, Then::kFindPairs}) {
    SemiAdjustingBsp bsp;
    bsp.Add(5 * repeated, boxes[decoy]);  // replaced by its own box below
    for (BoxId i = 0; i < boxes.size(); ++i) bsp.Add(5 * i, boxes[i]);
    bsp.Add(5 * decoy, far);  // moves away before it was ever stored
    if (then == Then::kFindPairs) {
      EXPECT_EQ(SortedPairs(bsp), want) << "placed by the query";
      continue;
    }
    if (then == Then::kMoveThenUpdate) bsp.Move(5 * 3, boxes[3]);  // places the waiting load
    bsp.Update();
    EXPECT_EQ(bsp.CheckInvariants(), "");
    EXPECT_EQ(bsp.tree().box_count(), boxes.size());
    EXPECT_EQ(bsp.tree().id_capacity(), 5 * (boxes.size() - 1) + 1);
    EXPECT_EQ(SortedPairs(bsp), want) << (then == Then::kUpdate ? "bulk built" : "placed");
  }
}

// Every box removed, then a new bulk load: the old planes go and the tree is built again.
TEST(BulkBuild, EmptiedTreeIsBuiltAgainFromTheNextBulkLoad) {
  SyntheticMotion first({SyntheticKind::kUniform, 3000, 1}),
      second({SyntheticKind::kMoving, 3000, 2});
  SemiAdjustingBsp bsp;
  for (BoxId id = 0; id < 3000; ++id) bsp.Add(id, first.frame()[id]);
  bsp.Update();
  for (BoxId id = 0; id < 3000; ++id) bsp.Remove(id);
  bsp.Update();
  for (BoxId id = 0; id < 3000; ++id) bsp.Add(id, second.frame()[id]);
  bsp.Update();
  EXPECT_EQ(bsp.CheckInvariants(), "");
  ExpectCutsWithinTheSplitLimits(bsp);
  EXPECT_EQ(SortedPairs(bsp), AllOverlaps(second.frame()));
}

// A tree of 600 boxes receives 2,400 more in one step (more than half of all boxes arrive at
// once): the whole tree is built again over all 3,000, placed and new alike.
TEST(BulkBuild, LargeArrivalRebuildsOverEveryBox) {
  SyntheticMotion motion({SyntheticKind::kClustered, 3000, 5});
  const std::span<const Aabb> boxes = motion.frame();
  SemiAdjustingBsp bsp;
  for (BoxId id = 0; id < 600; ++id) bsp.Add(id, boxes[id]);
  bsp.Update();
  for (BoxId id = 600; id < 3000; ++id) bsp.Add(id, boxes[id]);
  bsp.Update();
  EXPECT_EQ(bsp.CheckInvariants(), "");
  ExpectCutsWithinTheSplitLimits(bsp);
  EXPECT_EQ(SortedPairs(bsp), AllOverlaps(boxes));
}

// The fewest open intervals over every cut leaving at least `min_side` on each side, by brute
// force over every offset where the counts change (each interval end): the side rule of
// cut_selection.h, lo <= c on the left, hi > c on the right.
uint32_t FewestOpenByBruteForce(const std::vector<float>& lo, const std::vector<float>& hi,
                                uint32_t min_side) {
  uint32_t fewest = UINT32_MAX;
  std::vector<float> offsets = lo;
  offsets.insert(offsets.end(), hi.begin(), hi.end());
  for (float c : offsets) {
    uint32_t left = 0, right = 0, open = 0;
    for (size_t i = 0; i < lo.size(); ++i) {
      left += lo[i] <= c;
      right += hi[i] > c;
      open += lo[i] <= c && hi[i] > c;
    }
    if (left >= min_side && right >= min_side) fewest = std::min(fewest, open);
  }
  return fewest;
}

TEST(OpenIntervalBound, NeverAboveTheFewestOpenIntervalsOfABalancedCut) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    const size_t n = 2 + rng() % 300;
    // Dense piles and sparse rows, widths from points to the whole span, ends on a coarse grid
    // half the time (ties, intervals ending exactly on bin edges).
    const float span = float(1 + rng() % 100), width = span * float(rng() % 100) / 100.0f;
    const bool grid = trial % 2 == 0;
    std::uniform_real_distribution<float> start(-span, span), extent(0.0f, width);
    std::vector<float> lo(n), hi(n);
    for (size_t i = 0; i < n; ++i) {
      lo[i] = grid ? std::round(start(rng)) : start(rng);
      hi[i] = lo[i] + (grid ? std::round(extent(rng)) : extent(rng));
    }
    const float min_lo = *std::min_element(lo.begin(), lo.end());
    const float max_hi = *std::max_element(hi.begin(), hi.end());
    const uint32_t min_side = 1 + uint32_t(rng() % (n / 2 + 1));
    const uint32_t exact = FewestOpenByBruteForce(lo, hi, min_side);
    for (int bins : {1, 8, 128, kMaxOpenIntervalBins})
      EXPECT_LE(MinOpenIntervalsBound(lo, hi, min_lo, max_hi, min_side, bins), exact)
          << "trial " << trial << ", " << n << " intervals, " << min_side << " a side, " << bins
          << " bins";
  }
}

TEST(OpenIntervalBound, SeesThatLongOverlappingIntervalsLeaveNoCleanCut) {
  // 200 intervals [i, i + 100): a cut at c leaving 50 boxes a side has c in [49, 249), and
  // leaves min(c + 1, 100, 299 - c) open: 50 at best, at either end. The bound must see most
  // of them, or it would never rule a node out.
  std::vector<float> lo, hi;
  for (int i = 0; i < 200; ++i) lo.push_back(float(i)), hi.push_back(float(i + 100));
  const uint32_t exact = FewestOpenByBruteForce(lo, hi, 50);
  ASSERT_EQ(exact, 50u);
  const uint32_t bound = MinOpenIntervalsBound(lo, hi, 0.0f, 299.0f, 50, 128);
  EXPECT_LE(bound, exact);
  EXPECT_GE(bound, 40u);
  // Finer bins lose fewer of them: the boxes ending inside the cut's bin.
  const uint32_t finer = MinOpenIntervalsBound(lo, hi, 0.0f, 299.0f, 50, kMaxOpenIntervalBins);
  EXPECT_LE(finer, exact);
  EXPECT_GT(finer, bound);
  // No cut leaves 201 boxes on each side of 200.
  EXPECT_EQ(MinOpenIntervalsBound(lo, hi, 0.0f, 299.0f, 201, 128), UINT32_MAX);
}

}  // namespace
}  // namespace partlab
