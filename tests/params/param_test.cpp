// A parameter row enforces its range the same way whatever the value came from: a number outside
// the range goes to the nearest bound with a note giving the bound's reason; a value that is not a
// finite number, or text that is not a number, falls back to the default with a note. The
// expected values below are read off the row written here, not off the code's output.
#include "engine/params/param.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace partlab {
namespace {

constexpr Param<int> kDepth{"test.depth", "--depth", "Depth", 8, {1, 12, "the root", "the maximum"},
                            "levels",     "tip"};
constexpr Param<float> kAlpha{
    "test.alpha", "--alpha", "Alpha", 0.5f, {0.05f, 0.95f, "faint", "opaque"}, "", "tip"};

TEST(Param, AValueInsideTheRangeIsKeptWithoutANote) {
  int depth = 12;
  EXPECT_EQ(EnforceParam(kDepth, depth, "test.depth"), "");
  EXPECT_EQ(depth, 12);
  float alpha = 0.05f;
  EXPECT_EQ(EnforceParam(kAlpha, alpha, "test.alpha"), "");
  EXPECT_EQ(alpha, 0.05f);
}

TEST(Param, AValueOutOfRangeGoesToTheNearestBoundWithItsReason) {
  int depth = 40;
  EXPECT_EQ(EnforceParam(kDepth, depth, "test.depth"), "test.depth 40 clamped to 12 (the maximum)");
  EXPECT_EQ(depth, 12);
  depth = -3;
  EXPECT_EQ(EnforceParam(kDepth, depth, "--depth"), "--depth -3 clamped to 1 (the root)");
  EXPECT_EQ(depth, 1);
  float alpha = 7.0f;
  EXPECT_EQ(EnforceParam(kAlpha, alpha, "Alpha"), "Alpha 7 clamped to 0.95 (opaque)");
  EXPECT_EQ(alpha, 0.95f);
}

TEST(Param, NaNAndInfinitiesFallBackToTheDefaultNotABound) {
  for (float bad : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                    -std::numeric_limits<float>::infinity()}) {
    float alpha = bad;
    const std::string note = EnforceParam(kAlpha, alpha, "test.alpha");
    EXPECT_EQ(alpha, 0.5f) << bad;
    EXPECT_NE(note.find("is not a finite number; the default 0.5 is used"), std::string::npos)
        << note;
  }
}

TEST(Param, TextIsParsedThenEnforced) {
  float alpha = 0;
  EXPECT_EQ(ParamFromText(kAlpha, "0.25", alpha, "test.alpha"), "");
  EXPECT_EQ(alpha, 0.25f);
  EXPECT_NE(ParamFromText(kAlpha, "nan", alpha, "test.alpha"), "");
  EXPECT_EQ(alpha, 0.5f);
  EXPECT_NE(ParamFromText(kAlpha, "inf", alpha, "test.alpha"), "");
  EXPECT_EQ(alpha, 0.5f);
  int depth = 0;
  EXPECT_EQ(ParamFromText(kDepth, "+3", depth, "test.depth"), "");
  EXPECT_EQ(depth, 3);
  EXPECT_EQ(ParamFromText(kDepth, "99", depth, "test.depth"),
            "test.depth 99 clamped to 12 (the maximum)");
  EXPECT_EQ(depth, 12);
}

TEST(Param, TextOfTheWrongTypeFallsBackToTheDefaultNamingTheRange) {
  int depth = 3;
  EXPECT_EQ(ParamFromText(kDepth, "deep", depth, "test.depth"),
            "test.depth 'deep' is not an integer in 1..12; the default 8 is used");
  EXPECT_EQ(depth, 8);
  depth = 3;
  EXPECT_NE(ParamFromText(kDepth, "4.5", depth, "test.depth"), "");  // an int, not a float
  EXPECT_EQ(depth, 8);
  depth = 3;
  EXPECT_NE(ParamFromText(kDepth, "99999999999", depth, "test.depth"), "");  // beyond an int
  EXPECT_EQ(depth, 8);
  float alpha = 0.1f;
  EXPECT_EQ(ParamFromText(kAlpha, "", alpha, "test.alpha"),
            "test.alpha '' is not a number in 0.05..0.95; the default 0.5 is used");
  EXPECT_EQ(alpha, 0.5f);
}

TEST(Param, FloatsRoundTripThroughTheirText) {
  const float third = 1.0f / 3.0f;
  float back = 0;
  const Param<float> any{"k", "", "k", 0.0f, {-1, 1, "", ""}, "", ""};
  EXPECT_EQ(ParamFromText(any, NumberToText(third), back, "k"), "");
  EXPECT_EQ(back, third);
}

TEST(ChoiceParam, FindsNamesAndCountsThem) {
  constexpr ChoiceParam kPlacement{"p", "--placement", "Placement", 0, {"paper", "leaf"}, ""};
  EXPECT_EQ(kPlacement.count(), 2);
  EXPECT_EQ(kPlacement.Find("leaf"), 1);
  EXPECT_EQ(kPlacement.Find("Leaf"), -1);
}

}  // namespace
}  // namespace partlab
