// Cut selection by sweeping sorted intervals (semi-adjusting-bsp.txt, 3.3 and 3.6), on lists
// small enough to check by hand.
#include "engine/broadphase/sabsp/cut_selection.h"

#include <gtest/gtest.h>

#include <vector>

namespace partlab {
namespace {

TEST(SabspCutSelection, DisjointIntervalsCutAtTheMedianGap) {
  // [0,1] [2,3] [4,5] [6,7]: the cut after [2,3] splits 2 | 2 with no box straddling; the plane
  // goes mid-gap at 3.5. The sweep evaluates ends 0,1,2,3 and stops at 4 (3 | 2 is worse).
  const std::vector<float> lo = {0, 2, 4, 6}, hi = {1, 3, 5, 7};
  const CutChoice c = ChooseCut(lo, hi, CutCriteria{});
  ASSERT_TRUE(c.found);
  EXPECT_FLOAT_EQ(c.offset, 3.5f);
  EXPECT_EQ(c.left, 2u);
  EXPECT_EQ(c.right, 2u);
  EXPECT_EQ(c.redundancy, 0u);
  EXPECT_FLOAT_EQ(c.balance, 1.0f);
  EXPECT_EQ(c.evaluated, 5u);
}

TEST(SabspCutSelection, TheMedianIsNotTheBestCutWhenItDuplicatesABox) {
  // Figure 3.3's situation: [4,10] spans the middle. With no redundancy allowed the best cut is
  // before it (2 | 3 at 3.5), not at the median (3 | 3 would duplicate [4,10]).
  const std::vector<float> lo = {0, 2, 4, 5, 11}, hi = {1, 3, 6, 10, 12};
  CutCriteria strict;
  strict.min_balance = 0;
  strict.max_redundancy = 0;
  CutChoice c = ChooseCut(lo, hi, strict);
  ASSERT_TRUE(c.found);
  EXPECT_FLOAT_EQ(c.offset, 3.5f);
  EXPECT_EQ(c.left, 2u);
  EXPECT_EQ(c.right, 3u);
  EXPECT_EQ(c.redundancy, 0u);
  // Allowing one duplicate in five (20 %) takes the balanced cut through [4,10] at 4.5.
  CutCriteria loose = strict;
  loose.max_redundancy = 0.2f;
  c = ChooseCut(lo, hi, loose);
  ASSERT_TRUE(c.found);
  EXPECT_FLOAT_EQ(c.offset, 4.5f);
  EXPECT_EQ(c.left, 3u);
  EXPECT_EQ(c.right, 3u);
  EXPECT_EQ(c.redundancy, 1u);
}

TEST(SabspCutSelection, IdenticalIntervalsHaveNoCut) {
  const std::vector<float> lo = {0, 0, 0, 0}, hi = {1, 1, 1, 1};
  CutCriteria any;
  any.min_balance = 0;
  any.max_redundancy = 1;
  EXPECT_FALSE(ChooseCut(lo, hi, any).found);
}

TEST(SabspCutSelection, BalanceBelowTheLimitIsRejected) {
  // Only cut without redundancy: after [0,1], 1 | 3 = balance 0.33 < 0.5.
  const std::vector<float> lo = {0, 2, 2, 2}, hi = {1, 3, 3, 3};
  EXPECT_FALSE(ChooseCut(lo, hi, CutCriteria{}).found);
  CutCriteria lax;
  lax.min_balance = 0.3f;
  const CutChoice c = ChooseCut(lo, hi, lax);
  ASSERT_TRUE(c.found);
  EXPECT_FLOAT_EQ(c.offset, 1.5f);
}

TEST(SabspCutSelection, ExtraCountsAndOffsetLimitsForBalance) {
  // The heavy side's boxes [0,1] [2,3] [4,5] [6,7] [8,9] [10,11] plus 2 boxes always on the right,
  // plane allowed only up to 9.5: best is 4 | 4 at 7.5.
  const std::vector<float> lo = {0, 2, 4, 6, 8, 10}, hi = {1, 3, 5, 7, 9, 11};
  CutCriteria c;
  c.extra_right = 2;
  c.max_offset = 9.5f;
  const CutChoice cut = ChooseCut(lo, hi, c);
  ASSERT_TRUE(cut.found);
  EXPECT_FLOAT_EQ(cut.offset, 7.5f);
  EXPECT_EQ(cut.left, 4u);
  EXPECT_EQ(cut.right, 4u);
  // Limited to offsets <= 2.5, only 1 | 7 and 2 | 6 remain, both below balance 0.5.
  c.max_offset = 2.5f;
  EXPECT_FALSE(ChooseCut(lo, hi, c).found);
}

TEST(SabspCutSelection, MinOffsetStartsAfterEarlierEventsWithTheirCounts) {
  // [0,1] [2,3] [4,5] [6,7] [8,9] [10,11] and 2 boxes always on the left. From 1.5 on, the best
  // cut is 4 | 4 at 3 (after [0,1] and [2,3] close), placed mid-gap at 3.5: the ends below 1.5
  // still count. From 3.2 on, that cut is gone: 5 | 4 at 4 (box [4,5] open), placed at 4.5.
  const std::vector<float> lo = {0, 2, 4, 6, 8, 10}, hi = {1, 3, 5, 7, 9, 11};
  CutCriteria c;
  c.extra_left = 2;
  c.max_redundancy = 1.0f;
  c.min_offset = 1.5f;
  CutChoice cut = ChooseCut(lo, hi, c);
  ASSERT_TRUE(cut.found);
  EXPECT_FLOAT_EQ(cut.offset, 3.5f);
  EXPECT_EQ(cut.left, 4u);
  EXPECT_EQ(cut.right, 4u);
  EXPECT_EQ(cut.redundancy, 0u);
  c.min_offset = 3.2f;
  cut = ChooseCut(lo, hi, c);
  ASSERT_TRUE(cut.found);
  EXPECT_FLOAT_EQ(cut.offset, 4.5f);
  EXPECT_EQ(cut.left, 5u);
  EXPECT_EQ(cut.right, 4u);
  EXPECT_EQ(cut.redundancy, 1u);
}

TEST(SabspCutSelection, SweepStopsOnceBalanceCanOnlyGetWorse) {
  std::vector<float> lo, hi;
  for (int i = 0; i < 1000; ++i) {
    lo.push_back(float(2 * i));
    hi.push_back(float(2 * i + 1));
  }
  const CutChoice c = ChooseCut(lo, hi, CutCriteria{});
  ASSERT_TRUE(c.found);
  EXPECT_EQ(c.left, 500u);
  EXPECT_EQ(c.right, 500u);
  EXPECT_LT(c.evaluated, 1010u);  // of 2000 interval ends: just past the median
}

}  // namespace
}  // namespace partlab
