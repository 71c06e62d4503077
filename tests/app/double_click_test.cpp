// The double-click rule, checked against ImGui's definition (two presses of the left button at
// most 0.3 s and 6 points apart), independently of how many frames fell between them.
#include "app/double_click.h"

#include <gtest/gtest.h>

namespace partlab {
namespace {

TEST(DoubleClick, TwoQuickPressesAtOnePlaceAreOne) {
  DoubleClickDetector d;
  EXPECT_FALSE(d.Press(10.00, {100, 100}));
  EXPECT_TRUE(d.Press(10.08, {101, 99}));
}

TEST(DoubleClick, PressesTooFarApartInTimeOrSpaceAreNot) {
  DoubleClickDetector slow;
  EXPECT_FALSE(slow.Press(1.0, {50, 50}));
  EXPECT_FALSE(slow.Press(1.5, {50, 50}));  // 0.5 s
  DoubleClickDetector far;
  EXPECT_FALSE(far.Press(1.0, {50, 50}));
  EXPECT_FALSE(far.Press(1.1, {60, 50}));  // 10 points
}

TEST(DoubleClick, ASlowPressStartsANewPair) {
  DoubleClickDetector d;
  EXPECT_FALSE(d.Press(1.0, {0, 0}));
  EXPECT_FALSE(d.Press(2.0, {0, 0}));
  EXPECT_TRUE(d.Press(2.2, {0, 0}));
}

TEST(DoubleClick, ATripleClickIsOneDoubleClick) {
  DoubleClickDetector d;
  EXPECT_FALSE(d.Press(1.0, {0, 0}));
  EXPECT_TRUE(d.Press(1.1, {0, 0}));
  EXPECT_FALSE(d.Press(1.2, {0, 0}));
  EXPECT_TRUE(d.Press(1.3, {0, 0}));  // the fourth pairs with the third
}

TEST(DoubleClick, TimeGoingBackwardsIsNoDoubleClick) {
  DoubleClickDetector d;
  EXPECT_FALSE(d.Press(5.0, {0, 0}));
  EXPECT_FALSE(d.Press(4.9, {0, 0}));
}

}  // namespace
}  // namespace partlab
