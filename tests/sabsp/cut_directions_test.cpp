// The 13 candidate directions (semi-adjusting-bsp.txt, 3.5) and their point-repulsion relaxation.
#include "engine/broadphase/sabsp/cut_directions.h"

#include <gtest/gtest.h>

#include <cmath>
#include <glm/geometric.hpp>

namespace partlab {
namespace {

// The smallest angle between two of the lines (a direction and its opposite are one line).
float MinLineAngle(const CutDirections& d) {
  float best = 10;
  for (int i = 0; i < kCutDirectionCount; ++i) {
    for (int j = i + 1; j < kCutDirectionCount; ++j) {
      best = std::min(best, std::acos(std::min(1.0f, std::abs(glm::dot(d[i], d[j])))));
    }
  }
  return best;
}

TEST(SabspCutDirections, ThirteenDistinctUnitLinesAxesFirst) {
  const CutDirections d = ThirteenCutDirections();
  EXPECT_EQ(d[0], glm::vec3(1, 0, 0));
  EXPECT_EQ(d[1], glm::vec3(0, 1, 0));
  EXPECT_EQ(d[2], glm::vec3(0, 0, 1));
  int face = 0, body = 0;
  for (const glm::vec3& v : d) {
    EXPECT_NEAR(glm::length(v), 1.0f, 1e-6f);
    const int nonzero = (v.x != 0) + (v.y != 0) + (v.z != 0);
    face += nonzero == 2;
    body += nonzero == 3;
  }
  EXPECT_EQ(face, 6);
  EXPECT_EQ(body, 4);
  // Closest lines: a face diagonal and a body diagonal, acos(sqrt(2/3)) = 35.26 degrees.
  EXPECT_NEAR(MinLineAngle(d), std::acos(std::sqrt(2.0f / 3.0f)), 1e-4f);
}

TEST(SabspCutDirections, PointRepulsionSpreadsTheLines) {
  const CutDirections base = ThirteenCutDirections();
  const CutDirections relaxed = RelaxByPointRepulsion(base);
  for (const glm::vec3& v : relaxed) EXPECT_NEAR(glm::length(v), 1.0f, 1e-5f);
  // From 35.26 degrees (face vs body diagonal) to about 36.3 for this electrostatic relaxation.
  EXPECT_GT(MinLineAngle(relaxed), MinLineAngle(base) + 0.01f);
}

}  // namespace
}  // namespace partlab
