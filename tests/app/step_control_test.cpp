// The View base's stepping against counts worked out by hand: whole steps from accumulated time,
// stalls clamped, nothing while paused except one step on request.
#include "app/view/step_control.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "app/view/notices.h"

namespace partlab {
namespace {

TEST(StepControl, RunsTheWholeStepsTheAccumulatedTimeHolds) {
  StepControl s(0.01, 0.25);
  EXPECT_EQ(s.StepsDue(0.025), 2);  // 25 ms: two 10 ms steps, 5 ms left over
  EXPECT_EQ(s.StepsDue(0.006), 1);  // 5 + 6 = 11 ms: one more
  EXPECT_EQ(s.StepsDue(0.0), 0);
}

TEST(StepControl, AStallIsClampedNotReplayedAsABurst) {
  StepControl s(1.0 / 64, 0.25);   // binary fractions: the count is exact
  EXPECT_EQ(s.StepsDue(3.0), 16);  // 3 s counted as 0.25 s
}

TEST(StepControl, BadFrameTimesAddNothing) {
  StepControl s(0.01, 0.25);
  EXPECT_EQ(s.StepsDue(std::numeric_limits<double>::quiet_NaN()), 0);
  EXPECT_EQ(s.StepsDue(-1.0), 0);
  EXPECT_EQ(s.StepsDue(0.01), 1);
}

TEST(StepControl, PausedRunsNothingAndPilesNothingUpExceptASingleStep) {
  StepControl s(0.01, 0.25);
  s.Pause();
  EXPECT_EQ(s.StepsDue(0.1), 0);
  s.RequestSingleStep();
  EXPECT_EQ(s.StepsDue(0.1), 1);
  EXPECT_EQ(s.StepsDue(0.1), 0);  // the request is used up
  s.Play();
  EXPECT_EQ(s.StepsDue(0.015), 1);  // the paused time did not pile up
}

TEST(StepControl, SpeedScalesTheTimeCounted) {
  StepControl s(1.0 / 64, 0.25);
  s.speed() = 0.5f;
  EXPECT_EQ(s.StepsDue(4.0 / 64), 2);  // four steps of wall time at half speed: two steps
  s.speed() = 2.0f;
  EXPECT_EQ(s.StepsDue(1.0 / 64), 2);
  s.speed() = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(s.StepsDue(1.0 / 64), 0);  // a bad speed adds nothing
}

TEST(StepControl, AFrameAtTheStepLimitDropsTheRest) {
  StepControl s(1.0 / 64, 0.25);
  s.set_max_steps_per_frame(5);
  EXPECT_EQ(s.StepsDue(8.0 / 64), 5);  // eight steps due, five run
  EXPECT_EQ(s.StepsDue(0.0), 0);       // the three left over were dropped, not carried
  EXPECT_EQ(s.StepsDue(3.0 / 64), 3);
}

TEST(StepControl, TheViewsOwnStepSetsTheCount) {
  StepControl s(1.0 / 60, 0.25);
  s.set_step_seconds(1.0 / 256);
  EXPECT_EQ(s.StepsDue(4.0 / 64), 16);
  s.set_step_seconds(0.0);  // ignored
  s.set_step_seconds(-1.0);
  EXPECT_EQ(s.step_seconds(), 1.0 / 256);
}

TEST(Notices, KeepsErrorsAndNotesOnceEachAndDismisses) {
  Notices n;
  n.Error("partlab: a.obj: line 3: bad face");
  n.Note("partlab: settings.ini: octree.max_depth 40 clamped to 12 (the maximum)");
  n.Note("partlab: settings.ini: octree.max_depth 40 clamped to 12 (the maximum)");
  ASSERT_EQ(n.list().size(), 2u);
  EXPECT_EQ(n.list()[0].kind, Notice::Kind::kError);
  EXPECT_EQ(n.list()[1].kind, Notice::Kind::kNote);
  n.Dismiss(0);
  ASSERT_EQ(n.list().size(), 1u);
  EXPECT_EQ(n.list()[0].kind, Notice::Kind::kNote);
  n.Dismiss(5);  // out of range: nothing happens
  EXPECT_EQ(n.list().size(), 1u);
}

// The one path to the user: a line posted is printed on stderr once, however often it is posted
// again while shown, and kept for the status bar.
TEST(Notices, PrintsEachLineOnStderrOnce) {
  Notices n;
  testing::internal::CaptureStderr();
  n.Error("partlab: level.txt:4: a portal joins a cell to itself");
  n.Error("partlab: level.txt:4: a portal joins a cell to itself");
  n.Note("partlab: --preset: 'x' means nothing to the Portals view, ignored");
  const std::string printed = testing::internal::GetCapturedStderr();
  EXPECT_EQ(printed,
            "partlab: level.txt:4: a portal joins a cell to itself\n"
            "partlab: --preset: 'x' means nothing to the Portals view, ignored\n");
  EXPECT_EQ(n.list().size(), 2u);
}

}  // namespace
}  // namespace partlab
