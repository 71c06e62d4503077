// Clipping a splitting plane to its cell, for the overlay.
#include "engine/broadphase/sabsp/plane_clipping.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

namespace partlab {
namespace {

float Area(const std::vector<glm::vec3>& p) {
  glm::vec3 sum(0);
  for (size_t i = 0; i < p.size(); ++i) sum += glm::cross(p[i], p[(i + 1) % p.size()]);
  return 0.5f * glm::length(sum);
}

const Aabb kUnit{{0, 0, 0}, {1, 1, 1}};

TEST(SabspPlaneClipping, AxisPlaneInABoxIsTheSquareSection) {
  const auto poly = ClipPlaneToCell({1, 0, 0}, 0.5f, {}, kUnit);
  ASSERT_EQ(poly.size(), 4u);
  for (const glm::vec3& v : poly) EXPECT_NEAR(v.x, 0.5f, 1e-5f);
  EXPECT_NEAR(Area(poly), 1.0f, 1e-5f);
}

TEST(SabspPlaneClipping, AncestorHalfSpacesCutThePolygon) {
  const HalfSpace below_half_y{{0, 1, 0}, 0.5f};  // y <= 0.5
  const auto poly = ClipPlaneToCell({1, 0, 0}, 0.5f, std::span(&below_half_y, 1), kUnit);
  EXPECT_NEAR(Area(poly), 0.5f, 1e-5f);
  for (const glm::vec3& v : poly) EXPECT_LE(v.y, 0.5f + 1e-5f);
}

TEST(SabspPlaneClipping, DiagonalPlaneThroughTheCubeIsAHexagon) {
  // x + y + z = 1.5 (normal unnormalised as (1,1,1)/√3 with offset 1.5/√3) cuts a regular hexagon.
  const float r3 = 1 / std::sqrt(3.0f);
  const auto poly = ClipPlaneToCell({r3, r3, r3}, 1.5f * r3, {}, kUnit);
  ASSERT_EQ(poly.size(), 6u);
  EXPECT_NEAR(Area(poly), 3 * std::sqrt(3.0f) / 4, 1e-4f);  // side √2/2
}

TEST(SabspPlaneClipping, PlaneMissingTheCellGivesNothing) {
  EXPECT_TRUE(ClipPlaneToCell({1, 0, 0}, 2.0f, {}, kUnit).empty());
}

TEST(SabspPlaneClipping, CellFacesOfAHalfCube) {
  const HalfSpace left_half{{1, 0, 0}, 0.5f};  // x <= 0.5
  const auto faces = CellFaces(std::span(&left_half, 1), kUnit);
  // [0,0.5] x [0,1] x [0,1]: the cut face and x = 0 (area 1 each), four 0.5 x 1 sides; the box's
  // x = 1 face lies outside the cell and gives nothing.
  ASSERT_EQ(faces.size(), 6u);
  float total = 0;
  for (const auto& f : faces) total += Area(f);
  EXPECT_NEAR(total, 4.0f, 1e-4f);
}

}  // namespace
}  // namespace partlab
