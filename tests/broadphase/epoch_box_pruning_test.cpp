// Box pruning with candidates renewed together, against brute force: epochs begun on schedule,
// forced by many escapes or by boxes added and removed, and boxes renewed alone in between.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/epoch_box_pruning.h"
#include "tests/broadphase/kept_candidates_check.h"
#include "tests/broadphase/random_boxes.h"
#include "tests/broadphase/sorted_pairs.h"

namespace partlab {
namespace {

void ExpectSamePairs(BroadPhase& epoch, BroadPhase& brute, const std::string& what) {
  std::vector<BoxPair> got, want;
  epoch.FindPairs(got);
  brute.FindPairs(want);
  ASSERT_EQ(Sorted(got), Sorted(want)) << what;  // Sorted keeps repeats: a pair twice fails
}

// Boxes flying on paths that bend a little every step, a few kicked off their paths now and then:
// most stay inside their fat boxes for the whole epoch, the kicked ones are renewed alone, and
// the epochs end on schedule.
TEST(EpochBoxPruning, EqualsBruteForceAsBoxesFlyOnBendingPaths) {
  std::mt19937 rng(7);
  std::vector<Aabb> boxes = RandomBoxes(rng, 600, 20, 1.5f);
  std::uniform_real_distribution<float> speed(-0.4f, 0.4f), bend(-0.03f, 0.03f);
  std::uniform_int_distribution<BoxId> any(0, BoxId(boxes.size() - 1));
  std::vector<glm::vec3> velocity(boxes.size());
  for (glm::vec3& v : velocity) v = {speed(rng), speed(rng), speed(rng)};
  EpochBoxPruning epoch;
  BruteForce brute;
  for (BoxId id = 0; id < boxes.size(); ++id) epoch.Add(id, boxes[id]), brute.Add(id, boxes[id]);
  size_t epochs = 0, alone = 0;
  for (int s = 0; s < 80; ++s) {
    for (BoxId id = 0; id < boxes.size(); ++id) {
      velocity[id] += glm::vec3{bend(rng), bend(rng), bend(rng)};
      boxes[id] = {boxes[id].min + velocity[id], boxes[id].max + velocity[id]};
    }
    for (int k = 0; k < 3; ++k) {  // kicks: a jump of several box sizes
      const BoxId id = any(rng);
      const glm::vec3 jump{speed(rng) * 20, speed(rng) * 20, speed(rng) * 20};
      boxes[id] = {boxes[id].min + jump, boxes[id].max + jump};
    }
    for (BoxId id = 0; id < boxes.size(); ++id)
      epoch.Move(id, boxes[id]), brute.Move(id, boxes[id]);
    ExpectSamePairs(epoch, brute, "step " + std::to_string(s));
    if (epoch.last_renewed() == boxes.size()) ++epochs;
    if (epoch.last_renewed() > 0 && epoch.last_renewed() < boxes.size()) ++alone;
  }
  EXPECT_GE(epochs, 80u / epoch.rule().steps);  // on schedule, or sooner
  EXPECT_LT(epochs, 80u);
  EXPECT_GT(alone, 0u);
}

// Random walkers that come and go: every step adds or removes boxes, so every step begins an
// epoch; and walkers that jump far, so that too many escape: every epoch length.
TEST(EpochBoxPruning, EqualsBruteForceWithChurnAndJumps) {
  for (uint32_t steps : {1u, 4u, 16u}) {
    for (float step : {0.3f, 20.0f}) {
      std::mt19937 rng(steps * 100 + uint32_t(step));
      std::vector<Aabb> boxes = RandomBoxes(rng, 500, 30, 2.5f);
      std::vector<uint8_t> present(boxes.size(), 1);
      EpochRule rule;
      rule.steps = steps;
      EpochBoxPruning epoch(rule);
      BruteForce brute;
      for (BoxId id = 0; id < boxes.size(); ++id)
        epoch.Add(id, boxes[id]), brute.Add(id, boxes[id]);
      for (int s = 0; s < 20; ++s) {
        WalkAndChurn(rng, boxes, present, step, {&epoch, &brute});
        ExpectSamePairs(epoch, brute,
                        "epoch " + std::to_string(steps) + " steps, walk " + std::to_string(step) +
                            ", step " + std::to_string(s));
      }
    }
  }
}

TEST(EpochBoxPruning, KeptCandidatesAreTestedOnTheExactBoxes) {
  EpochRule rule;
  rule.fat = {1.0f, 0, 0};
  EpochBoxPruning epoch(rule);
  ExpectKeptCandidatesTestedOnTheExactBoxes(epoch, [&] { return epoch.last_renewed(); });
}

// An epoch of 16 steps; fat boxes grown by a tenth of their size and not stretched.
EpochRule LongEpochOfUnstretchedBoxes() {
  EpochRule rule;
  rule.steps = 16;
  rule.fat = {0.1f, 0, 0};
  return rule;
}

// A hundred boxes in a row on X from 10 on, which never move, and two more: 100 at `a` and 101 at
// `b`; then the epoch's first step (no pair).
void StillRowAndTwo(EpochBoxPruning& epoch, const Aabb& a, const Aabb& b) {
  for (BoxId id = 0; id < 100; ++id) {
    const float x = 10.0f + 3.0f * float(id);
    epoch.Add(id, {{x, 0, 0}, {x + 1, 1, 1}});
  }
  epoch.Add(100, a);
  epoch.Add(101, b);
  std::vector<BoxPair> pairs;
  epoch.FindPairs(pairs);
  EXPECT_TRUE(pairs.empty());
}

// Two boxes that leave their fat boxes in the same step, among boxes that keep theirs, are renewed
// alone and paired once; so are they when only one of them leaves again.
TEST(EpochBoxPruning, BoxesRenewedAloneArePairedOnce) {
  EpochBoxPruning epoch(LongEpochOfUnstretchedBoxes());
  StillRowAndTwo(epoch, {{-20, 0, 0}, {-19, 1, 1}}, {{-40, 0, 0}, {-39, 1, 1}});
  std::vector<BoxPair> pairs;
  epoch.Move(100, {{-5, 0, 0}, {-4, 1, 1}});
  epoch.Move(101, {{-4.5f, 0.5f, 0}, {-3.5f, 1.5f, 1}});
  epoch.FindPairs(pairs);
  EXPECT_EQ(epoch.last_renewed(), 2u);
  EXPECT_EQ(pairs, (std::vector<BoxPair>{{100, 101}}));
  epoch.Move(101, {{-4.2f, 0.2f, 0}, {-3.2f, 1.2f, 1}});  // leaves its new fat box again
  pairs.clear();
  epoch.FindPairs(pairs);
  EXPECT_EQ(epoch.last_renewed(), 1u);
  EXPECT_EQ(pairs, (std::vector<BoxPair>{{100, 101}}));
  epoch.Move(100, {{9.5f, 0, 0}, {10.5f, 1, 1}});  // onto box 0, whose row is the epoch's
  pairs.clear();
  epoch.FindPairs(pairs);
  EXPECT_EQ(epoch.last_renewed(), 1u);
  EXPECT_EQ(pairs, (std::vector<BoxPair>{{0, 100}}));
}

// A box renewed alone keeps its row of the epoch's start, now stale: a box renewed beside it finds
// it through the list of boxes renewed alone, not again through that row.
TEST(EpochBoxPruning, StaleRowsOfBoxesRenewedAloneAreSkipped) {
  EpochBoxPruning epoch(LongEpochOfUnstretchedBoxes());
  // 101's row: fat box [-5.1, -3.9] on X.
  StillRowAndTwo(epoch, {{-20, 0, 0}, {-19, 1, 1}}, {{-5, 0, 0}, {-4, 1, 1}});
  std::vector<BoxPair> pairs;
  epoch.Move(101, {{-4.7f, 0, 0}, {-3.7f, 1, 1}});  // a little out of its fat box
  epoch.Move(100, {{-4.5f, 0, 0}, {-3.5f, 1, 1}});  // onto it, and onto its old row
  epoch.FindPairs(pairs);
  EXPECT_EQ(epoch.last_renewed(), 2u);
  EXPECT_EQ(pairs, (std::vector<BoxPair>{{100, 101}}));
  epoch.Move(100, {{-4.2f, 0, 0}, {-3.2f, 1, 1}});  // alone this time; 101's row still stale
  pairs.clear();
  epoch.FindPairs(pairs);
  EXPECT_EQ(epoch.last_renewed(), 1u);
  EXPECT_EQ(pairs, (std::vector<BoxPair>{{100, 101}}));
}

// Extreme boxes: fat boxes whose growth overflows, and points.
TEST(EpochBoxPruning, ExtremeBoxes) {
  const std::vector<Aabb> boxes = OverflowingAndPointBoxes();
  for (float slack : {0.0f, 1.0f, FatBoxRule::kMost}) {
    EpochRule rule;
    rule.lateral_slack = slack;
    rule.fat = {FatBoxRule::kMost, 8, FatBoxRule::kMost};
    EpochBoxPruning epoch(rule);
    BruteForce brute;
    for (BoxId id = 0; id < boxes.size(); ++id) epoch.Add(id, boxes[id]), brute.Add(id, boxes[id]);
    for (int s = 0; s < 3; ++s) {
      ExpectSamePairs(epoch, brute,
                      "slack " + std::to_string(slack) + ", step " + std::to_string(s));
      const Aabb moved{boxes[2].min + float(s + 1) * 7.5e37f,
                       boxes[2].max + float(s + 1) * 7.5e37f};
      epoch.Move(2, moved), brute.Move(2, moved);
    }
  }
}

// Worked by hand: a 2x1x1 box whose centre moved +1 on X, for 4 steps, margin 0.5, cap 3, slack
// 0.25: grown by 0.5 * 2 = 1 on every side, stretched by min(4 * 1, 3 * 2) = 4 on X's high side,
// then grown by min(0.25 * 4 * 1, 3 * 2) = 1 on every side.
TEST(EpochBoxPruning, FatBoxForAnEpochByHand) {
  EpochRule rule;
  rule.fat = {0.5f, 0, 3};
  rule.lateral_slack = 0.25f;
  const Aabb fat = FattenForEpoch(rule, {{0, 0, 0}, {2, 1, 1}}, {{-1, 0, 0}, {1, 1, 1}}, 4);
  EXPECT_EQ(fat.min, glm::vec3(-2, -2, -2));
  EXPECT_EQ(fat.max, glm::vec3(8, 3, 3));
}

TEST(EpochBoxPruning, RuleClamped) {
  EpochRule wild;
  wild.steps = 1000;
  wild.lateral_slack = std::nanf("");
  wild.most_escaped = 5;
  const EpochRule r = wild.Clamped();
  EXPECT_EQ(r.steps, EpochRule::kMostSteps);
  EXPECT_EQ(r.lateral_slack, 0.0f);
  EXPECT_EQ(r.most_escaped, 1.0f);
  wild.steps = 0;
  EXPECT_EQ(wild.Clamped().steps, 1u);
}

}  // namespace
}  // namespace partlab
