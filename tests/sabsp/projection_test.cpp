// Projection of AABBs on arbitrary normals through support vertices (semi-adjusting-bsp.txt, 3.2),
// with hand-computed answers.
#include "engine/broadphase/sabsp/projection.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace partlab {
namespace {

const Aabb kBox{{0, 0, 0}, {1, 2, 3}};

TEST(SabspProjection, AxisNormalsGiveTheBoxExtents) {
  const Interval x = ProjectAabb(kBox, {1, 0, 0}), z = ProjectAabb(kBox, {0, 0, 1});
  EXPECT_FLOAT_EQ(x.lo, 0);
  EXPECT_FLOAT_EQ(x.hi, 1);
  EXPECT_FLOAT_EQ(z.lo, 0);
  EXPECT_FLOAT_EQ(z.hi, 3);
}

TEST(SabspProjection, DiagonalNormalsUseTheSupportVertices) {
  const float r2 = 1 / std::sqrt(2.0f), r3 = 1 / std::sqrt(3.0f);
  // (1,1,0): min corner (0,0,·) and max corner (1,2,·): [0, 3/√2].
  Interval iv = ProjectAabb(kBox, {r2, r2, 0});
  EXPECT_FLOAT_EQ(iv.lo, 0);
  EXPECT_FLOAT_EQ(iv.hi, 3 * r2);
  // (1,-1,0): lowest at (0,2), highest at (1,0): [-2/√2, 1/√2].
  iv = ProjectAabb(kBox, {r2, -r2, 0});
  EXPECT_FLOAT_EQ(iv.lo, -2 * r2);
  EXPECT_FLOAT_EQ(iv.hi, 1 * r2);
  // (-1,1,1): lowest at (1,0,0), highest at (0,2,3): [-1/√3, 5/√3].
  iv = ProjectAabb(kBox, {-r3, r3, r3});
  EXPECT_FLOAT_EQ(iv.lo, -r3);
  EXPECT_FLOAT_EQ(iv.hi, 5 * r3);
}

TEST(SabspProjection, SideRuleSendsEveryBoxSomewhereAndFlatBoxesNegative) {
  EXPECT_TRUE(ReachesNegative({1, 1}, 1));  // a flat box on the plane: negative side only
  EXPECT_FALSE(ReachesPositive({1, 1}, 1));
  EXPECT_TRUE(ReachesNegative({0, 2}, 1));  // straddles: both
  EXPECT_TRUE(ReachesPositive({0, 2}, 1));
  EXPECT_FALSE(ReachesNegative({1.5f, 2}, 1));
  EXPECT_TRUE(ReachesPositive({1.5f, 2}, 1));
  EXPECT_TRUE(ReachesNegative({0, 1}, 1));  // touching from below: negative only
  EXPECT_FALSE(ReachesPositive({0, 1}, 1));
}

// The pair rule relies on this: a box inside another projects inside it, exactly, in floats.
TEST(SabspProjection, ContainedBoxesProjectInsideExactly) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-100, 100), t(0, 1);
  for (int k = 0; k < 20000; ++k) {
    glm::vec3 a(u(rng), u(rng), u(rng)), b(u(rng), u(rng), u(rng));
    const Aabb outer{glm::min(a, b), glm::max(a, b)};
    glm::vec3 p = outer.min + (outer.max - outer.min) * glm::vec3(t(rng), t(rng), t(rng));
    glm::vec3 q = outer.min + (outer.max - outer.min) * glm::vec3(t(rng), t(rng), t(rng));
    const Aabb inner{glm::min(p, q), glm::max(p, q)};
    const glm::vec3 n = glm::vec3(u(rng), u(rng), u(rng)) / 173.2f;
    const Interval o = ProjectAabb(outer, n), i = ProjectAabb(inner, n);
    ASSERT_LE(o.lo, i.lo);
    ASSERT_LE(i.lo, i.hi);
    ASSERT_LE(i.hi, o.hi);
  }
}

}  // namespace
}  // namespace partlab
