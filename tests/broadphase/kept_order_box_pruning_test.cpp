// Box pruning from last step's order against brute force: boxes that walk and swap places, boxes
// removed, added and added again between steps, every lane width; and the insertion sort's moves
// against the inversions counted pair by pair.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <random>
#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/kept_order_box_pruning.h"
#include "tests/broadphase/random_boxes.h"
#include "tests/broadphase/sorted_pairs.h"

namespace partlab {
namespace {

// Random walkers that come and go (WalkAndChurn): the pairs must equal brute force's as a sorted
// list (no pair twice).
void WalkAgainstBruteForce(KeptOrderBoxPruning& kept, float step, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Aabb> boxes = RandomBoxes(rng, 700, 30, 2.5f);
  std::vector<uint8_t> present(boxes.size(), 1);
  BruteForce brute;
  for (BoxId id = 0; id < boxes.size(); ++id) kept.Add(id, boxes[id]), brute.Add(id, boxes[id]);
  uint64_t moves = 0;
  for (int s = 0; s < 30; ++s) {
    std::vector<BoxPair> got, want;
    kept.FindPairs(got);
    brute.FindPairs(want);
    ASSERT_EQ(Sorted(got), Sorted(want)) << "step " << s << ", walk " << step;
    moves += kept.last_sort_moves();
    WalkAndChurn(rng, boxes, present, step, {&kept, &brute});
  }
  EXPECT_GT(moves, 0u) << "the walk never made the insertion sort move a box";
}

TEST(KeptOrderBoxPruning, EqualsBruteForceWhileBoxesWalkOrJump) {
  for (float step : {0.05f, 0.5f, 40.0f}) {
    KeptOrderBoxPruning kept;
    WalkAgainstBruteForce(kept, step, 31);
  }
}

TEST(KeptOrderBoxPruning, EveryLaneWidthGivesTheSamePairs) {
  for (SimdPath path : {SimdPath::kScalar, SimdPath::kSse2, SimdPath::kAvx2}) {
    if (!SimdPathAvailable(path)) {
      std::printf("lane width %s not available here: skipped\n", SimdPathName(path).data());
      continue;
    }
    KeptOrderBoxPruning kept;
    ASSERT_TRUE(kept.SetSimdPath(path));
    WalkAgainstBruteForce(kept, 0.5f, 37);
  }
}

// The moves of the mending sort are the inversions between last step's order (the boxes sorted by
// their old minimum X) and the new minimum X: every pair, counted directly. The keys are distinct
// floats, so both orders are unambiguous.
TEST(KeptOrderBoxPruning, SortMovesAreTheInversionsSinceLastStep) {
  std::mt19937 rng(41);
  std::vector<Aabb> boxes = RandomBoxes(rng, 400, 20, 1);
  KeptOrderBoxPruning kept;
  for (BoxId id = 0; id < boxes.size(); ++id) kept.Add(id, boxes[id]);
  std::vector<BoxPair> pairs;
  kept.FindPairs(pairs);
  EXPECT_EQ(kept.last_sort_moves(), 0u);  // every box was added: sorted apart, nothing mended
  std::uniform_real_distribution<float> nudge(-1.5f, 1.5f);
  for (int s = 0; s < 5; ++s) {
    std::vector<BoxId> last(boxes.size());
    std::iota(last.begin(), last.end(), 0);
    std::sort(last.begin(), last.end(),
              [&](BoxId a, BoxId b) { return boxes[a].min.x < boxes[b].min.x; });
    for (BoxId id = 0; id < boxes.size(); ++id) {
      const glm::vec3 d{nudge(rng), 0, 0};
      boxes[id] = {boxes[id].min + d, boxes[id].max + d};
      kept.Move(id, boxes[id]);
    }
    uint64_t inversions = 0;
    for (size_t i = 0; i < last.size(); ++i)
      for (size_t j = i + 1; j < last.size(); ++j)
        inversions += boxes[last[i]].min.x > boxes[last[j]].min.x;
    pairs.clear();
    kept.FindPairs(pairs);
    EXPECT_EQ(kept.last_sort_moves(), inversions) << "step " << s;
    EXPECT_GT(inversions, 0u);
  }
}

// Boxes removed and added again in one step (at a new place), added and removed before any step,
// and a second crowd added to a running order: all as brute force says.
TEST(KeptOrderBoxPruning, ChurnBetweenSteps) {
  std::mt19937 rng(43);
  std::vector<Aabb> boxes = RandomBoxes(rng, 600, 10, 2);
  KeptOrderBoxPruning kept;
  BruteForce brute;
  auto compare = [&](const char* what) {
    std::vector<BoxPair> got, want;
    kept.FindPairs(got);
    brute.FindPairs(want);
    EXPECT_EQ(Sorted(got), Sorted(want)) << what;
  };
  for (BoxId id = 0; id < 300; ++id) kept.Add(id, boxes[id]), brute.Add(id, boxes[id]);
  compare("first half");
  for (BoxId id = 0; id < 300; id += 3) {
    const Aabb moved{boxes[id].min + 5.0f, boxes[id].max + 5.0f};
    kept.Remove(id), brute.Remove(id);
    kept.Add(id, moved), brute.Add(id, moved);
  }
  kept.Add(599, boxes[599]), kept.Remove(599);  // never in a step: brute force never sees it
  compare("removed and added again");
  for (BoxId id = 300; id < 600; ++id) kept.Add(id, boxes[id]), brute.Add(id, boxes[id]);
  compare("second half added to a running order");
  for (BoxId id = 0; id < 600; id += 2) kept.Remove(id), brute.Remove(id);
  compare("every other box removed");
}

}  // namespace
}  // namespace partlab
