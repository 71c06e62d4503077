// ReducedExtent: the size the octree view draws at while the camera moves
// (app/render/reduced_size.h).
#include "app/render/reduced_size.h"

#include <gtest/gtest.h>

#include <limits>

namespace partlab {
namespace {

TEST(ReducedExtent, ScalesAndRounds) {
  EXPECT_EQ(ReducedExtent(1280, 0.7f), 896);
  EXPECT_EQ(ReducedExtent(720, 0.7f), 504);
  EXPECT_EQ(ReducedExtent(1001, 0.5f), 501);  // 500.5 rounds up
  EXPECT_EQ(ReducedExtent(3, 0.5f), 2);
}

TEST(ReducedExtent, FactorOneKeepsTheSize) {
  EXPECT_EQ(ReducedExtent(1280, 1.0f), 1280);
  EXPECT_EQ(ReducedExtent(1, 1.0f), 1);
}

TEST(ReducedExtent, NeverZeroPixelsForAVisibleWindow) {
  EXPECT_EQ(ReducedExtent(1, 0.5f), 1);
  EXPECT_EQ(ReducedExtent(1, 0.0f), 1);
  EXPECT_EQ(ReducedExtent(5, 0.01f), 1);
  EXPECT_EQ(ReducedExtent(5, -3.0f), 1);
}

TEST(ReducedExtent, NeverLargerThanTheWindow) {
  EXPECT_EQ(ReducedExtent(720, 2.0f), 720);
  EXPECT_EQ(ReducedExtent(720, std::numeric_limits<float>::infinity()), 720);
  EXPECT_EQ(ReducedExtent(720, std::numeric_limits<float>::quiet_NaN()), 720);
}

TEST(ReducedExtent, AnEmptyWindowStaysEmpty) {
  EXPECT_EQ(ReducedExtent(0, 0.7f), 0);
  EXPECT_EQ(ReducedExtent(-4, 0.7f), 0);
}

}  // namespace
}  // namespace partlab
