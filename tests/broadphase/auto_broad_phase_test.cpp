// The `auto` broad phase against brute force while its choice is forced to change: a cost model
// (AutoParams's test hook) makes one candidate cheap in some frames and the other in others, so
// trials hand the pairs from one structure to the other mid-trace; every frame's pairs must still
// be exactly brute force's.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/broadphase/auto_broad_phase.h"
#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/motion_family.h"
#include "tests/broadphase/trace_scenarios.h"

namespace partlab {
namespace {

// Short trial schedule so that a few hundred frames see many trials.
AutoParams QuickParams(std::vector<std::string> candidates) {
  AutoParams p;
  p.candidates = std::move(candidates);
  p.warmup_frames = 1;
  p.timed_frames = 2;
  p.first_interval = 8;
  p.max_interval = 16;
  p.min_interval = 4;
  p.settled_share = 1.0;  // every candidate may be tried in any step
  return p;
}

// The preferred candidate flips every 40 frames between box_pruning and sabsp, the other costing
// ten times more: the choice follows, at the latest by a routine trial (at most 16 frames apart
// here), and every frame's pairs stay brute force's through every hand-over.
TEST(AutoBroadPhase, SwitchesBackAndForthAndKeepsExactPairs) {
  int frame = 0;
  AutoBroadPhase bp(QuickParams({"box_pruning", "sabsp"}), [&frame](std::string_view name, double) {
    const bool sabsp_era = (frame / 40) % 2 == 1;
    return name == (sabsp_era ? "sabsp" : "box_pruning") ? 1.0 : 10.0;
  });
  MotionFamilyParams p;
  p.boxes = 600;
  p.speed = SpeedProfile::kBallistic;
  p.sizes = SizeSpread::kLogNormal;
  FamilyMotion motion(p);
  BruteForce brute;
  FrameDriver driver(bp), reference(brute);
  std::vector<BoxPair> got, want;
  std::vector<std::string> chosen;
  for (frame = 0; frame < 200;) {
    driver.Step(motion.frame(), got);
    reference.Step(motion.frame(), want);
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    ASSERT_EQ(got, want) << "frame " << frame << " with " << bp.active() << " in charge";
    chosen.emplace_back(bp.active());
    motion.Advance();
    ++frame;
  }
  EXPECT_GE(bp.switches(), 4u);
  for (int era_end = 39; era_end < 200; era_end += 40)
    EXPECT_EQ(chosen[era_end], (era_end / 40) % 2 == 1 ? "sabsp" : "box_pruning") << era_end;
}

// Steps one scene through `bp` for `frames` frames, calling `each(frame)` after every step.
template <typename Each>
void RunFrames(AutoBroadPhase& bp, int& frame, int frames, Each each) {
  MotionFamilyParams p;
  p.boxes = 400;
  p.speed = SpeedProfile::kFlow;
  FamilyMotion motion(p);
  BruteForce brute;
  FrameDriver driver(bp), reference(brute);
  std::vector<BoxPair> got, want;
  for (frame = 0; frame < frames; ++frame) {
    driver.Step(motion.frame(), got);
    reference.Step(motion.frame(), want);
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    ASSERT_EQ(got, want) << "frame " << frame << " with " << bp.active() << " in charge";
    each(frame);
    motion.Advance();
  }
}

// The first trial's choice goes wrong later (the incumbent's own cost climbs tenfold at frame 60,
// as a BSP's does when its pair search turns costly): with the default schedule, whose next
// routine trial is 256 frames away, the climb is seen within a few timed steps and a trial of
// every candidate hands over within six frames of it, the pairs exact throughout.
TEST(AutoBroadPhase, LastingClimbOfTheIncumbentBringsATrialAtOnce) {
  int frame = 0;
  AutoBroadPhase bp({.candidates = {"box_pruning", "sabsp"}},
                    [&frame](std::string_view name, double) {
                      if (name == "sabsp") return 3.0;
                      return frame < 60 ? 1.0 : 10.0;
                    });
  int handed_over = -1;
  RunFrames(bp, frame, 100, [&](int f) {
    if (f == 59) EXPECT_EQ(bp.active(), "box_pruning");
    if (handed_over < 0 && bp.active() == "sabsp") handed_over = f;
  });
  EXPECT_GE(handed_over, 60);
  EXPECT_LE(handed_over, 66) << "the climb should be acted on within a few steps";
  EXPECT_EQ(bp.switches(), 1u);
}

// A slow step or two now and then (a rebuild inside the incumbent) is no climb: the incumbent,
// cheapest otherwise, is never put on trial again before its routine trial (256 frames away).
TEST(AutoBroadPhase, OccasionalSlowStepsBringNoTrial) {
  int frame = 0;
  AutoBroadPhase bp({.candidates = {"box_pruning", "sabsp"}},
                    [&frame](std::string_view name, double) {
                      if (name == "sabsp") return 3.0;
                      return frame % 10 < 2 ? 10.0 : 1.0;  // two slow steps in every ten
                    });
  RunFrames(bp, frame, 150, [](int) {});
  EXPECT_EQ(bp.trials(), 1u);
  EXPECT_EQ(bp.active(), "box_pruning");
}

// A challenger that costs under half the incumbent on its first timed frame takes over there:
// the first trial (build on step 1, warm-up on step 2, timed from step 3) ends after step 3
// instead of timing more frames of two structures.
TEST(AutoBroadPhase, ClearWinnerTakesOverOnItsFirstTimedFrame) {
  int frame = 0;
  AutoBroadPhase bp({.candidates = {"box_pruning", "sabsp"}},
                    [](std::string_view name, double) { return name == "sabsp" ? 0.3 : 1.0; });
  std::vector<std::string> chosen;
  RunFrames(bp, frame, 8, [&](int) { chosen.emplace_back(bp.active()); });
  EXPECT_EQ(chosen[2], "box_pruning");
  EXPECT_EQ(chosen[3], "sabsp");
  EXPECT_EQ(bp.trials(), 1u);
}

// With the real clock, on every scenario of the registry's equivalence test and a quick schedule.
TEST(AutoBroadPhase, MatchesBruteForceWithFrequentTrials) {
  for (const auto& s : testing::AllScenarios()) {
    AutoBroadPhase bp(QuickParams({"sabsp", "box_pruning", "sap", "hash"}));
    BruteForce brute;
    FrameDriver driver(bp), reference(brute);
    std::vector<BoxPair> got, want;
    for (size_t f = 0; f < s.trace.FrameCount(); ++f) {
      driver.Step(s.trace.Frame(f), got);
      reference.Step(s.trace.Frame(f), want);
      std::sort(got.begin(), got.end());
      std::sort(want.begin(), want.end());
      ASSERT_EQ(got, want) << s.name << " frame " << f << " with " << bp.active();
    }
    EXPECT_GT(bp.trials(), 0u) << s.name;
  }
}

// A challenger that costs far more than the incumbent is dropped after one timed frame and never
// takes over; one that is only a little cheaper (inside the margin) does not take over either.
TEST(AutoBroadPhase, HysteresisKeepsTheIncumbent) {
  AutoParams params = QuickParams({"box_pruning", "sabsp"});
  AutoBroadPhase bp(params, [](std::string_view name, double) {
    return name == "box_pruning" ? 1.0 : 0.97;  // sabsp 3 % cheaper, inside the 8 % margin
  });
  MotionFamilyParams p;
  p.boxes = 300;
  FamilyMotion motion(p);
  FrameDriver driver(bp);
  std::vector<BoxPair> pairs;
  driver.Step(motion.frame(), pairs);
  for (int f = 0; f < 5; ++f) motion.Advance(), driver.Step(motion.frame(), pairs);
  // The first trial (steps 1-3) picks the cheaper outright: sabsp.
  EXPECT_EQ(bp.active(), "sabsp");
  EXPECT_EQ(bp.switches(), 1u);
  for (int f = 0; f < 150; ++f) motion.Advance(), driver.Step(motion.frame(), pairs);
  EXPECT_EQ(bp.switches(), 1u);  // box_pruning's 3 % disadvantage never wins it back
  // It was tried again (trials 8 to 16 frames apart, a loser sitting out 1, then 3 of them).
  EXPECT_GE(bp.trials(), 3u);
}

// Sweep-and-prune is tried only in steps where few boxes move: even made the cheapest by the cost
// model, it never takes charge of a scene in full motion, and does take a resting one.
TEST(AutoBroadPhase, SettledOnlyCandidateWaitsForAStillScene) {
  for (SpeedProfile speed : {SpeedProfile::kBallistic, SpeedProfile::kResting}) {
    AutoParams params;  // the default candidates and settled share
    params.first_interval = 8;
    AutoBroadPhase bp(params, [](std::string_view name, double) {
      return name == "sap" ? 0.1 : name == "sabsp" ? 1.0 : 2.0;
    });
    MotionFamilyParams p;
    p.boxes = 500;
    p.speed = speed;
    FamilyMotion motion(p);
    FrameDriver driver(bp);
    std::vector<BoxPair> pairs;
    bool sap_in_charge = false;
    for (int f = 0; f < 60; ++f) {
      driver.Step(motion.frame(), pairs);
      sap_in_charge = sap_in_charge || bp.active() == "sap";
      motion.Advance();
    }
    EXPECT_EQ(sap_in_charge, speed == SpeedProfile::kResting) << SpeedProfileName(speed);
    EXPECT_EQ(bp.active(), speed == SpeedProfile::kResting ? "sap" : "sabsp");
  }
}

}  // namespace
}  // namespace partlab
