// Box pruning against Terdiman's own test and against brute force; its radix sort against
// std::stable_sort.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <vector>

#include "engine/broadphase/box_pruning.h"
#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/radix_sort.h"
#include "tests/broadphase/sorted_pairs.h"

namespace partlab {
namespace {

std::vector<BoxPair> PairsOf(BroadPhase& bp, const std::vector<Aabb>& boxes) {
  for (BoxId id = 0; id < boxes.size(); ++id) bp.Add(id, boxes[id]);
  bp.Update();
  std::vector<BoxPair> pairs;
  bp.FindPairs(pairs);
  return Sorted(std::move(pairs));
}

// The boxes of Terdiman's box pruning test: srand(42), centres (rand() & 4095) - 2048 and half
// extents rand() & 127, drawn x, y, z then ex, ey, ez for each box.
std::vector<Aabb> TerdimanBoxes() {
  std::srand(42);
  std::vector<Aabb> boxes(10000);
  for (Aabb& b : boxes) {
    glm::vec3 c, e;
    for (int k = 0; k < 3; ++k) c[k] = static_cast<float>(std::rand() & 4095) - 2048.0f;
    for (int k = 0; k < 3; ++k) e[k] = static_cast<float>(std::rand() & 127);
    b = Aabb::FromCenterHalf(c, e);
  }
  return boxes;
}

TEST(BoxPruning, TerdimansTestEqualsBruteForce) {
  const std::vector<Aabb> boxes = TerdimanBoxes();
  BoxPruning pruning;
  BruteForce brute;
  const std::vector<BoxPair> got = PairsOf(pruning, boxes);
  EXPECT_EQ(got, PairsOf(brute, boxes));
#ifdef __GLIBC__
  // The count Terdiman's test prints with glibc's rand().
  EXPECT_EQ(got.size(), 11677u);
#endif
  EXPECT_GE(pruning.LastCandidateCount(), got.size());
}

// Every lane width this build and processor run (scalar always; SSE2 on x86-64; AVX2 when the
// processor has it) gives brute force's pairs, in the same order as the scalar path, on
// Terdiman's scene (11,677 pairs with glibc) and on a dense random one whose sweeps end at every
// position within a group of lanes.
TEST(BoxPruning, EveryLaneWidthGivesTheSamePairs) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> pos(-20, 20), half(0, 3);
  std::vector<Aabb> dense(1237);
  for (Aabb& b : dense)
    b = Aabb::FromCenterHalf({pos(rng), pos(rng), pos(rng)}, {half(rng), half(rng), half(rng)});
  for (const std::vector<Aabb>& boxes : {TerdimanBoxes(), dense}) {
    BruteForce brute;
    const std::vector<BoxPair> want = PairsOf(brute, boxes);
    std::vector<BoxPair> scalar_order;
    for (SimdPath path : {SimdPath::kScalar, SimdPath::kSse2, SimdPath::kAvx2}) {
      if (!SimdPathAvailable(path)) {
        std::printf("lane width %s not available here: skipped\n", SimdPathName(path).data());
        continue;
      }
      BoxPruning pruning;
      ASSERT_TRUE(pruning.SetSimdPath(path));
      for (BoxId id = 0; id < boxes.size(); ++id) pruning.Add(id, boxes[id]);
      std::vector<BoxPair> got;
      pruning.FindPairs(got);
      if (path == SimdPath::kScalar) scalar_order = got;
      EXPECT_EQ(got, scalar_order) << SimdPathName(path) << ": order differs from scalar";
      EXPECT_EQ(Sorted(got), want) << SimdPathName(path);
#ifdef __GLIBC__
      if (boxes.size() == 10000) {
        EXPECT_EQ(got.size(), 11677u) << SimdPathName(path);
      }
#endif
    }
  }
  // The scalar path exists everywhere and the constructor picks the widest available.
  EXPECT_TRUE(SimdPathAvailable(SimdPath::kScalar));
  EXPECT_TRUE(SimdPathAvailable(BoxPruning().simd_path()));
}

TEST(BoxPruning, RepeatedStepsAfterMovesAndRemovals) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> pos(-50, 50), half(0, 4);
  std::vector<Aabb> boxes(700);
  auto random_box = [&] {
    return Aabb::FromCenterHalf({pos(rng), pos(rng), pos(rng)}, {half(rng), half(rng), half(rng)});
  };
  for (Aabb& b : boxes) b = random_box();
  BoxPruning pruning;
  BruteForce brute;
  for (BoxId id = 0; id < boxes.size(); ++id) pruning.Add(id, boxes[id]), brute.Add(id, boxes[id]);
  for (int step = 0; step < 20; ++step) {
    for (BoxId id = step; id < boxes.size(); id += 3) {
      boxes[id] = random_box();
      pruning.Move(id, boxes[id]);
      brute.Move(id, boxes[id]);
    }
    if (step % 4 == 1) pruning.Remove(step * 11), brute.Remove(step * 11);
    std::vector<BoxPair> got, want;
    pruning.FindPairs(got);
    brute.FindPairs(want);
    ASSERT_EQ(Sorted(got), Sorted(want)) << "step " << step;
  }
}

// Two threads: the sweep split at its balanced point (forced on from the first box), steps of
// moves and removals, clustered and spread boxes and a few huge ones (an uneven split); every step
// the same pairs as one thread and as brute force, each pair once.
TEST(BoxPruning, TwoThreadsGiveTheSamePairsAsOne) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> pos(-50, 50), half(0, 3), cluster(-3, 3);
  std::vector<Aabb> boxes(1500);
  auto random_box = [&](size_t i) {
    const glm::vec3 c = i % 3 == 0 ? glm::vec3(20 + cluster(rng), cluster(rng), cluster(rng))
                                   : glm::vec3(pos(rng), pos(rng), pos(rng));
    const float grow = i % 97 == 0 ? 10.0f : 1.0f;
    return Aabb::FromCenterHalf(c, glm::vec3(half(rng), half(rng), half(rng)) * grow);
  };
  for (size_t i = 0; i < boxes.size(); ++i) boxes[i] = random_box(i);
  BoxPruning one, two(2);
  two.SetParallelMinBoxes(0);
  EXPECT_EQ(two.Name(), "box_pruning_2t");
  BruteForce brute;
  for (BoxId id = 0; id < boxes.size(); ++id)
    one.Add(id, boxes[id]), two.Add(id, boxes[id]), brute.Add(id, boxes[id]);
  for (int step = 0; step < 12; ++step) {
    for (BoxId id = step; id < boxes.size(); id += 4) {
      boxes[id] = random_box(id);
      one.Move(id, boxes[id]), two.Move(id, boxes[id]), brute.Move(id, boxes[id]);
    }
    if (step % 3 == 1) one.Remove(step * 13), two.Remove(step * 13), brute.Remove(step * 13);
    std::vector<BoxPair> got_one, got_two, want;
    one.FindPairs(got_one);
    two.FindPairs(got_two);
    brute.FindPairs(want);
    const auto sorted_two = Sorted(got_two);
    EXPECT_EQ(std::adjacent_find(sorted_two.begin(), sorted_two.end()), sorted_two.end());
    ASSERT_EQ(sorted_two, Sorted(want)) << "step " << step;
    ASSERT_EQ(Sorted(got_one), sorted_two) << "step " << step;
    EXPECT_EQ(one.LastCandidateCount(), two.LastCandidateCount()) << "step " << step;
  }
}

// Negative, zero-width, touching and extreme boxes: the sort's key mapping and the sentinels.
TEST(BoxPruning, ExtremeAndDegenerateBoxes) {
  const float big = 3e38f;
  const std::vector<Aabb> boxes = {
      {{-big, -big, -big}, {big, big, big}},  // contains everything
      {{-0.0f, 0, 0}, {0, 0, 0}},             // a point at -0
      {{0, 0, 0}, {1, 1, 1}},                 // touches the point
      {{1, 1, 1}, {2, 2, 2}},                 // touches at a corner
      {{-5, -5, -5}, {-4, -4, -4}},
      {{-4, -6, -6}, {-3, -5, -5}},  // touches the previous one on X and Y
      {{2.5f, 0, 0}, {3, 1, 1}},     // alone but for the big box
  };
  BoxPruning pruning;
  BruteForce brute;
  EXPECT_EQ(PairsOf(pruning, boxes), PairsOf(brute, boxes));
}

TEST(RadixSort, EqualsStableSortOnFloatKeys) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> value(-1e6f, 1e6f);
  std::vector<float> values(5000);
  for (float& v : values) v = value(rng);
  values[10] = -0.0f, values[11] = 0.0f, values[12] = std::numeric_limits<float>::max();
  values[13] = std::numeric_limits<float>::lowest(), values[14] = values[15] = 1.5f;
  std::vector<KeyedIndex> items, scratch;
  for (uint32_t i = 0; i < values.size(); ++i) items.push_back({SortableFloatBits(values[i]), i});
  RadixSortByKey(items, scratch);

  std::vector<uint32_t> want(values.size());
  for (uint32_t i = 0; i < want.size(); ++i) want[i] = i;
  // Float order, with -0 before +0 as the key mapping orders them (they compare equal as floats).
  std::stable_sort(want.begin(), want.end(), [&](uint32_t a, uint32_t b) {
    if (values[a] == values[b]) return std::signbit(values[a]) && !std::signbit(values[b]);
    return values[a] < values[b];
  });
  ASSERT_EQ(items.size(), want.size());
  for (size_t k = 0; k < want.size(); ++k) ASSERT_EQ(items[k].payload, want[k]) << "rank " << k;
}

TEST(RadixSort, EmptyAndSingle) {
  std::vector<KeyedIndex> items, scratch;
  RadixSortByKey(items, scratch);
  EXPECT_TRUE(items.empty());
  items.push_back({SortableFloatBits(2.0f), 9});
  RadixSortByKey(items, scratch);
  EXPECT_EQ(items[0].payload, 9u);
}

}  // namespace
}  // namespace partlab
