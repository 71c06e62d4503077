// The one clamp-with-note rule every slider, flag and setting goes through
// (engine/params/clamped_value.h).
#include "engine/params/clamped_value.h"

#include <gtest/gtest.h>

#include <cmath>

namespace partlab {
namespace {

constexpr ValueRange<int> kDepth{1, 24, "the root alone", "the BSP's maximum"};
constexpr ValueRange<float> kAlpha{0.02f, 0.6f, "invisible below", "opaque above"};

TEST(ClampWithNote, InsideTheRangeLeavesTheValueAndSaysNothing) {
  for (int v : {1, 12, 24}) {
    int value = v;
    EXPECT_EQ(ClampWithNote(value, kDepth, "depth"), "");
    EXPECT_EQ(value, v);
  }
}

TEST(ClampWithNote, AboveTheRangeClampsToTheTopAndSaysWhy) {
  int value = 32;
  EXPECT_EQ(ClampWithNote(value, kDepth, "depth"), "depth 32 clamped to 24 (the BSP's maximum)");
  EXPECT_EQ(value, 24);
}

TEST(ClampWithNote, BelowTheRangeClampsToTheBottomAndSaysWhy) {
  int value = 0;
  EXPECT_EQ(ClampWithNote(value, kDepth, "depth"), "depth 0 clamped to 1 (the root alone)");
  EXPECT_EQ(value, 1);
  value = -2147483647 - 1;
  EXPECT_EQ(ClampWithNote(value, kDepth, "depth"),
            "depth -2147483648 clamped to 1 (the root alone)");
  EXPECT_EQ(value, 1);
}

TEST(ClampWithNote, FloatsIncludingNanAndInfinity) {
  float value = 0.9f;
  EXPECT_EQ(ClampWithNote(value, kAlpha, "alpha"), "alpha 0.9 clamped to 0.6 (opaque above)");
  EXPECT_EQ(value, 0.6f);
  value = -INFINITY;
  EXPECT_EQ(ClampWithNote(value, kAlpha, "alpha"), "alpha -inf clamped to 0.02 (invisible below)");
  EXPECT_EQ(value, 0.02f);
  value = NAN;
  EXPECT_EQ(ClampWithNote(value, kAlpha, "alpha"), "alpha NaN clamped to 0.02 (invisible below)");
  EXPECT_EQ(value, 0.02f);
  value = 0.3f;
  EXPECT_EQ(ClampWithNote(value, kAlpha, "alpha"), "");
  EXPECT_EQ(value, 0.3f);
}

TEST(AppendNote, JoinsNonEmptyNotesWithSemicolons) {
  std::string notes;
  AppendNote(notes, "");
  EXPECT_EQ(notes, "");
  AppendNote(notes, "a 1 clamped to 2 (x)");
  AppendNote(notes, "");
  AppendNote(notes, "b 9 clamped to 8 (y)");
  EXPECT_EQ(notes, "a 1 clamped to 2 (x); b 9 clamped to 8 (y)");
}

}  // namespace
}  // namespace partlab
