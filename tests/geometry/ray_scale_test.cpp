// Moving far origins to the scene (ray_scale.h): the float shortcut for origins just outside the
// scene's box must only ever skip the double test where that test would leave the ray as it is.
#include "engine/geometry/ray_scale.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

namespace partlab {
namespace {

// The sum of the origin's distances outside the box along each axis, in long double.
long double ExactOutsideSum(const glm::vec3& p, const Aabb& box) {
  long double sum = 0;
  for (int a = 0; a < 3; ++a) {
    const long double lo = box.min[a], hi = box.max[a], x = p[a];
    sum += x < lo ? lo - x : (x > hi ? x - hi : 0);
  }
  return sum;
}

long double Size(const Aabb& box) {
  long double size = 0;
  for (int a = 0; a < 3; ++a) size = std::max(size, (long double)box.max[a] - box.min[a]);
  return size;
}

// Boxes of sizes 1e-3 to 1e6 anywhere up to 1e7 from the origin, origins at 0 to 100 box sizes
// (log-uniform, so both sides of the thresholds are dense), a few at the float range's end.
TEST(RayScale, FloatNearTestSkipsOnlyWhatTheDoubleTestLeaves) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> unit(0, 1), exponent(-3, 6), where(-7, 7);
  int near = 0, checked = 0;
  for (int i = 0; i < 100000; ++i) {
    const float size = std::pow(10.0f, exponent(rng));
    const glm::vec3 corner(std::copysign(std::pow(10.0f, where(rng)), unit(rng) - 0.5f),
                           size * unit(rng), -size * unit(rng));
    const Aabb box{corner, corner + size * glm::vec3(unit(rng), unit(rng), 1.0f)};
    const float distance = size * std::pow(10.0f, 2.0f * unit(rng)) * unit(rng);
    glm::vec3 dir(unit(rng) - 0.5f, unit(rng) - 0.5f, unit(rng) - 0.5f);
    dir /= std::fabs(dir.x) + std::fabs(dir.y) + std::fabs(dir.z);
    glm::vec3 p = 0.5f * (box.min + box.max) + distance * dir;
    if (i % 1000 == 0) p = glm::vec3(3e38f, -3e38f, 3e38f);
    const bool fast = IsSurelyNearInFloat(p, box);
    const long double sum = ExactOutsideSum(p, box), box_size = Size(box);
    // Near in float only when the exact sum is within the double test's first threshold.
    if (fast) {
      ASSERT_LE(sum, 0.5L * kFarOrigin * box_size) << "origin " << i;
    }
    // And near wherever the exact sum leaves a clear margin below the float threshold.
    if (sum <= 0.24L * kFarOrigin * box_size) {
      ASSERT_TRUE(fast) << "origin " << i;
    }
    if (fast) {  // then the double test leaves the ray exactly as it was
      ScaledQuery q{Ray{p, {0.3f, -0.2f, 0.5f}}, RayTriangleOptions{}};
      const ScaledQuery before = q;
      MoveOutsideOriginToScene(q, box);
      ASSERT_EQ(std::memcmp(&q.ray, &before.ray, sizeof q.ray), 0) << "origin " << i;
      ASSERT_EQ(q.t_offset, 0.0);
      ASSERT_FALSE(q.misses || q.refused);
      ++near;
    }
    ++checked;
  }
  EXPECT_GT(near, 20000);  // both outcomes are exercised
  EXPECT_LT(near, checked - 20000);
}

}  // namespace
}  // namespace partlab
