// Predictive fattening (BspParams::predictive_steps, predictive_cap): the fat box a box gets when
// it escapes is the exact box grown by the margin and stretched along its last displacement, as
// the formula below (written here independently of BspTree::Fatten) says; a box moving steadily
// then stays inside for that many steps; the stretch is capped for jumps; and the pairs stay
// exactly brute force's on fast boxes.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/broadphase/synthetic_motion.h"

namespace partlab {
namespace {

BspParams Predicting(float steps, float cap = 1.0f) {
  BspParams p;
  p.fat_margin = 0.03f;
  p.predictive_steps = steps;
  p.predictive_cap = cap;
  return p;
}

// The expected fat box: margin on every side, then on each axis the end the box moved towards
// pushed by min(|d| * steps, cap * largest extent).
Aabb ExpectedFat(const Aabb& b, const glm::vec3& d, const BspParams& p) {
  const glm::vec3 size = b.max - b.min;
  const float largest = std::max({size.x, size.y, size.z});
  Aabb fat{b.min - p.fat_margin * largest, b.max + p.fat_margin * largest};
  for (int a = 0; a < 3; ++a) {
    const float stretch = std::min(std::abs(d[a]) * p.predictive_steps, p.predictive_cap * largest);
    if (d[a] > 0) fat.max[a] += stretch;
    if (d[a] < 0) fat.min[a] -= stretch;
  }
  return fat;
}

void ExpectBoxEq(const Aabb& got, const Aabb& want) {
  for (int a = 0; a < 3; ++a) {
    EXPECT_FLOAT_EQ(got.min[a], want.min[a]) << "axis " << a;
    EXPECT_FLOAT_EQ(got.max[a], want.max[a]) << "axis " << a;
  }
}

// A box 2 wide moving by d = (0.5, -0.25, 0) per step with a 4-step prediction: it escapes on the
// first move, gets the predicted fat box, and then stays inside it for 4 steps (4 d plus the
// margin covers them, 5 d does not), so its stored box changes only every 5th step.
TEST(PredictiveFattening, SteadyBoxRefattensEveryFifthStep) {
  const BspParams p = Predicting(4.0f);
  SemiAdjustingBsp bsp(p);
  const glm::vec3 d(0.5f, -0.25f, 0.0f);
  Aabb box{{0, 0, 0}, {2, 2, 2}};
  bsp.Add(0, box);
  bsp.Add(1, Aabb{{50, 50, 50}, {51, 51, 51}});  // a second box far away
  bsp.Update();
  std::vector<int> refattened;
  Aabb stored = bsp.tree().box(0);
  for (int step = 1; step <= 16; ++step) {
    box = Aabb{box.min + d, box.max + d};
    bsp.Move(0, box);
    bsp.Update();
    const Aabb now = bsp.tree().box(0);
    if (now.min != stored.min || now.max != stored.max) {
      refattened.push_back(step);
      ExpectBoxEq(now, ExpectedFat(box, d, p));
    }
    // The stored box always contains the exact one.
    EXPECT_TRUE(glm::all(glm::lessThanEqual(now.min, box.min)) &&
                glm::all(glm::lessThanEqual(box.max, now.max)))
        << "step " << step;
    stored = now;
  }
  EXPECT_EQ(refattened, (std::vector<int>{1, 6, 11, 16}));
}

// A jump of 100 units: the stretch stops at cap x the box's size (2 here), and without
// prediction (0 steps) the fat box is the margin alone.
TEST(PredictiveFattening, JumpsAreCappedAndZeroStepsIsThePlainFatBox) {
  for (float steps : {0.0f, 4.0f}) {
    const BspParams p = Predicting(steps, 0.5f);
    SemiAdjustingBsp bsp(p);
    const Aabb start{{0, 0, 0}, {2, 2, 2}}, jumped{{100, 0, -100}, {102, 2, -98}};
    bsp.Add(0, start);
    bsp.Update();
    bsp.Move(0, jumped);
    bsp.Update();
    ExpectBoxEq(bsp.tree().box(0), ExpectedFat(jumped, jumped.min - start.min, p));
  }
}

// Fast boxes (the generated 'moving' scene: a fifth of their size per step, bouncing) at several
// prediction lengths: every step's pairs equal brute force's and the tree's invariants hold.
TEST(PredictiveFattening, FastBoxesGiveBruteForcePairs) {
  for (float steps : {1.0f, 4.0f, 16.0f}) {
    SyntheticParams sp;
    sp.kind = SyntheticKind::kMoving;
    sp.boxes = 700;
    sp.seed = 3;
    SyntheticMotion motion(sp);
    SemiAdjustingBsp bsp(Predicting(steps));
    BruteForce brute;
    FrameDriver drive_bsp(bsp), drive_brute(brute);
    std::vector<BoxPair> got, want;
    for (int frame = 0; frame < 40; ++frame) {
      drive_bsp.Step(motion.frame(), got);
      drive_brute.Step(motion.frame(), want);
      std::sort(got.begin(), got.end());
      std::sort(want.begin(), want.end());
      ASSERT_EQ(got, want) << steps << " steps, frame " << frame;
      ASSERT_EQ(bsp.CheckInvariants(), "") << steps << " steps, frame " << frame;
      motion.Advance();
    }
  }
}

}  // namespace
}  // namespace partlab
