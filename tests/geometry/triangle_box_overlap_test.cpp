// Exact triangle–box overlap (SAT), used by the octree's leaf-reference placement.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <random>

#include "engine/geometry/triangle_box_overlap.h"

namespace partlab {
namespace {

const Aabb kBox{{0, 0, 0}, {1, 1, 1}};

TEST(TriangleBoxOverlap, InsideOutsideAndTouching) {
  EXPECT_TRUE(
      TriangleOverlapsBox({{0.2f, 0.2f, 0.2f}, {0.8f, 0.2f, 0.2f}, {0.2f, 0.8f, 0.2f}}, kBox));
  EXPECT_FALSE(TriangleOverlapsBox({{2, 2, 2}, {3, 2, 2}, {2, 3, 2}}, kBox));
  EXPECT_TRUE(
      TriangleOverlapsBox({{1, 0, 0}, {2, 0, 0}, {2, 1, 0}}, kBox));  // shares an edge point
}

// All vertices outside, the triangle pierces the box: only the triangle's plane / edge axes decide.
TEST(TriangleBoxOverlap, LargeTriangleThroughTheBox) {
  EXPECT_TRUE(TriangleOverlapsBox({{-10, -10, 0.5f}, {10, -10, 0.5f}, {0, 20, 0.5f}}, kBox));
}

// Bounding boxes overlap but the triangle passes by the box's corner: the SAT says no.
TEST(TriangleBoxOverlap, BoundingBoxesOverlapButTriangleMissesCorner) {
  const Triangle near_corner{{1.6f, 0.5f, 0.5f}, {0.5f, 1.6f, 0.5f}, {1.6f, 1.6f, 0.5f}};
  EXPECT_TRUE(Overlaps(near_corner.Bounds(), kBox));
  EXPECT_FALSE(TriangleOverlapsBox(near_corner, kBox));
  // A plane that passes the corner (1,1,1) outside: x + y + z = 3.2.
  EXPECT_FALSE(TriangleOverlapsBox({{3.2f, 0, 0}, {0, 3.2f, 0}, {0, 0, 3.2f}}, kBox));
  EXPECT_TRUE(TriangleOverlapsBox({{2.8f, 0, 0}, {0, 2.8f, 0}, {0, 0, 2.8f}}, kBox));
}

// Never a false "no": every sampled triangle point inside the box implies overlap, and a triangle
// whose samples are all far outside (beyond a margin) is never reported for the shrunken box.
TEST(TriangleBoxOverlap, AgreesWithPointSampling) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> pos(-1, 2), w(0, 1);
  int positives = 0;
  for (int i = 0; i < 4000; ++i) {
    const Triangle t{{pos(rng), pos(rng), pos(rng)},
                     {pos(rng), pos(rng), pos(rng)},
                     {pos(rng), pos(rng), pos(rng)}};
    bool sampled_inside = false;
    for (int s = 0; s < 400 && !sampled_inside; ++s) {
      float a = w(rng), b = w(rng);
      if (a + b > 1) a = 1 - a, b = 1 - b;
      const glm::vec3 p = t.v0 + a * t.Edge1() + b * t.Edge2();
      sampled_inside = kBox.Contains({p, p});
    }
    if (sampled_inside) {
      ASSERT_TRUE(TriangleOverlapsBox(t, kBox)) << "triangle " << i;
      ++positives;
    }
  }
  EXPECT_GT(positives, 500);
}

// The separating axis theorem written out plainly here, all 13 axes as full dot and cross
// products: the library's test, which skips the known-zero products, must give the same answer on
// every triangle, including those whose edges lie along the box's axes and those touching it.
bool PlainSatOverlap(const Triangle& tri, const Aabb& box) {
  const glm::vec3 c = box.Center(), h = box.Extent() * 0.5f;
  const glm::vec3 v[3] = {tri.v0 - c, tri.v1 - c, tri.v2 - c};
  auto separates = [&](const glm::vec3& axis) {
    const float p[3] = {glm::dot(axis, v[0]), glm::dot(axis, v[1]), glm::dot(axis, v[2])};
    const float r = h.x * std::fabs(axis.x) + h.y * std::fabs(axis.y) + h.z * std::fabs(axis.z);
    return std::min({p[0], p[1], p[2]}) > r || std::max({p[0], p[1], p[2]}) < -r;
  };
  const glm::vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const glm::vec3 e[3] = {v[1] - v[0], v[2] - v[1], v[0] - v[2]};
  for (const glm::vec3& a : axes)
    if (separates(a)) return false;
  if (separates(glm::cross(e[0], e[1]))) return false;
  for (const glm::vec3& edge : e)
    for (const glm::vec3& a : axes)
      if (separates(glm::cross(a, edge))) return false;
  return true;
}

TEST(TriangleBoxOverlap, EqualsThePlainThirteenAxisTest) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> pos(-1, 2);
  std::uniform_int_distribution<int> grid(-2, 6);  // quarter steps: edges on the box's axes
  int overlaps = 0, disjoint = 0;
  for (int i = 0; i < 20000; ++i) {
    const bool snapped = i % 2;
    auto point = [&] {
      return snapped ? glm::vec3(grid(rng), grid(rng), grid(rng)) * 0.25f
                     : glm::vec3(pos(rng), pos(rng), pos(rng));
    };
    const Triangle t{point(), point(), point()};
    const bool expected = PlainSatOverlap(t, kBox);
    ASSERT_EQ(TriangleOverlapsBox(t, kBox), expected) << "triangle " << i;
    (expected ? overlaps : disjoint)++;
  }
  EXPECT_GT(overlaps, 1000);
  EXPECT_GT(disjoint, 1000);
}

}  // namespace
}  // namespace partlab
