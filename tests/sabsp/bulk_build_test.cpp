// Construction of the semi-adjusting BSP from a bulk load, and the sorts it relies on: the lists'
// sorts against std::stable_sort, the float sort against std::sort, and the tree built from
// thousands of boxes at once against its invariants and an overlap test written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "engine/broadphase/radix_sort.h"
#include "engine/broadphase/sabsp/leaf_list_sort.h"
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
  for (size_t n : {0u, 3u, 383u, 384u, 5000u}) {
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

}  // namespace
}  // namespace partlab
