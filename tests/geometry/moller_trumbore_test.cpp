// Möller–Trumbore (the octree paper's "Formulação matemática"): known hits and misses, the two
// quirks of the paper's listing shown on concrete rays, and degenerate input.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "engine/geometry/moller_trumbore.h"

namespace partlab {
namespace {

// Counter-clockwise seen from +z: its front faces +z.
const Triangle kTri{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};

TEST(MollerTrumbore, HitReportsDistanceAndBarycentrics) {
  RayTriangleHit h;
  ASSERT_TRUE(IntersectRayTriangle({{0.25f, 0.5f, 2}, {0, 0, -1}}, kTri, {}, &h));
  EXPECT_FLOAT_EQ(h.t, 2.0f);
  EXPECT_FLOAT_EQ(h.u, 0.25f);  // weight of V1 (equation 3)
  EXPECT_FLOAT_EQ(h.v, 0.5f);   // weight of V2
}

TEST(MollerTrumbore, DistanceIsInUnitsOfTheDirection) {
  RayTriangleHit h;
  ASSERT_TRUE(IntersectRayTriangle({{0.2f, 0.2f, 2}, {0, 0, -4}}, kTri, {}, &h));
  EXPECT_FLOAT_EQ(h.t, 0.5f);
}

TEST(MollerTrumbore, MissesOutsideEachEdge) {
  RayTriangleHit h;
  EXPECT_FALSE(IntersectRayTriangle({{-0.1f, 0.5f, 1}, {0, 0, -1}}, kTri, {}, &h));  // u < 0
  EXPECT_FALSE(IntersectRayTriangle({{0.5f, -0.1f, 1}, {0, 0, -1}}, kTri, {}, &h));  // v < 0
  EXPECT_FALSE(IntersectRayTriangle({{0.6f, 0.6f, 1}, {0, 0, -1}}, kTri, {}, &h));   // u + v > 1
}

TEST(MollerTrumbore, RayInThePlaneIsParallelNotAHit) {
  RayTriangleHit h;
  EXPECT_FALSE(IntersectRayTriangle({{-1, 0.2f, 0}, {1, 0, 0}}, kTri, {}, &h));
}

TEST(MollerTrumbore, RespectsTMinAndTMax) {
  RayTriangleHit h;
  const Ray ray{{0.2f, 0.2f, 1}, {0, 0, -1}};
  RayTriangleOptions opt;
  opt.t_max = 0.5f;
  EXPECT_FALSE(IntersectRayTriangle(ray, kTri, opt, &h));
  opt.t_max = 2.0f;
  EXPECT_TRUE(IntersectRayTriangle(ray, kTri, opt, &h));
  // An origin on the triangle (t = 0) is not a hit: t must exceed 1e-6 (HITS0001).
  EXPECT_FALSE(IntersectRayTriangle({{0.2f, 0.2f, 0}, {0, 0, -1}}, kTri, {}, &h));
}

// Quirk 1: line 17 `if (div < margemDeErro) continue;` drops every triangle seen from behind. A ray
// from below (-z) going up hits the back of kTri: the paper's code misses it, ours does not, and
// ours agrees with the paper only when asked to cull back faces.
TEST(PaperListingQuirks, OneSidedDivisorTestMissesBackFaces) {
  const Ray from_below{{0.25f, 0.25f, -1}, {0, 0, 1}};
  const PaperCollision paper = PaperRayTriangle(from_below, std::span(&kTri, 1));
  EXPECT_FALSE(paper.hit);

  RayTriangleHit h;
  ASSERT_TRUE(IntersectRayTriangle(from_below, kTri, {}, &h));
  EXPECT_FLOAT_EQ(h.t, 1.0f);
  RayTriangleOptions cull;
  cull.cull_backfaces = true;
  EXPECT_FALSE(IntersectRayTriangle(from_below, kTri, cull, &h));

  // The front face: both agree.
  const Ray from_above{{0.25f, 0.25f, 1}, {0, 0, -1}};
  EXPECT_TRUE(PaperRayTriangle(from_above, std::span(&kTri, 1)).hit);
  EXPECT_TRUE(IntersectRayTriangle(from_above, kTri, cull, &h));
}

// Quirk 2: line 27 `t = fabs(...)` reports a triangle behind the origin. The ray starts below the
// triangle and points away from it (down): t = -1, which the paper's code turns into a hit at 1.
TEST(PaperListingQuirks, FabsAcceptsHitsBehindTheOrigin) {
  const Ray away{{0.25f, 0.25f, -1}, {0, 0, -1}};
  const PaperCollision paper = PaperRayTriangle(away, std::span(&kTri, 1));
  ASSERT_TRUE(paper.hit);
  EXPECT_DOUBLE_EQ(paper.distance, 1.0);
  RayTriangleHit h;
  EXPECT_FALSE(IntersectRayTriangle(away, kTri, {}, &h));
}

// The same quirk changes which triangle is "nearest": the paper picks the one behind the ray.
TEST(PaperListingQuirks, FabsCanHideTheTrueNearestHit) {
  const Triangle behind{{0, 0, 1}, {1, 0, 1}, {0, 1, 1}};       // at z = 1, origin at z = 0.5
  const Triangle in_front{{0, 0, -2}, {1, 0, -2}, {0, 1, -2}};  // at z = -2
  const Triangle both[2] = {behind, in_front};
  const Ray down{{0.25f, 0.25f, 0.5f}, {0, 0, -1}};
  const PaperCollision paper = PaperRayTriangle(down, both);
  ASSERT_TRUE(paper.hit);
  EXPECT_EQ(paper.triangle, 0);
  EXPECT_DOUBLE_EQ(paper.distance, 0.5);
  RayTriangleHit h;
  EXPECT_FALSE(IntersectRayTriangle(down, behind, {}, &h));
  ASSERT_TRUE(IntersectRayTriangle(down, in_front, {}, &h));
  EXPECT_FLOAT_EQ(h.t, 2.5f);
}

TEST(Degenerates, DefectsAreClassified) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(FindDefect(kTri), TriangleDefect::kNone);
  EXPECT_EQ(FindDefect({{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}), TriangleDefect::kZeroArea);  // collinear
  EXPECT_EQ(FindDefect({{0, 0, 0}, {0, 0, 0}, {0, 1, 0}}), TriangleDefect::kZeroArea);  // repeated
  EXPECT_EQ(FindDefect({{nan, 0, 0}, {1, 0, 0}, {0, 1, 0}}), TriangleDefect::kNonFinite);
  EXPECT_EQ(FindDefect({{0, 0, 0}, {inf, 0, 0}, {0, 1, 0}}), TriangleDefect::kNonFinite);
  // Finite but so large that the normal overflows.
  EXPECT_EQ(FindDefect({{0, 0, 0}, {3e30f, 0, 0}, {0, 3e30f, 0}}), TriangleDefect::kZeroArea);
}

TEST(Degenerates, ZeroAreaTriangleIsNeverHit) {
  const Triangle flat{{0, 0, 0}, {1, 1, 0}, {2, 2, 0}};
  RayTriangleHit h;
  EXPECT_FALSE(IntersectRayTriangle({{1, 1, 1}, {0, 0, -1}}, flat, {}, &h));
}

TEST(Degenerates, UnusableRaysAreRecognised) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(IsUsableRay({{0, 0, 0}, {0, 0, 1e-3f}}));
  EXPECT_FALSE(IsUsableRay({{0, 0, 0}, {0, 0, 0}}));
  EXPECT_FALSE(IsUsableRay({{0, 0, 0}, {0, -0.0f, 0}}));
  EXPECT_FALSE(IsUsableRay({{nan, 0, 0}, {0, 0, 1}}));
  EXPECT_FALSE(IsUsableRay({{0, 0, 0}, {0, std::numeric_limits<float>::infinity(), 1}}));
  // The kernel itself returns "no hit" (no division by a zero determinant) for a zero direction.
  RayTriangleHit h;
  EXPECT_FALSE(IntersectRayTriangle({{0.2f, 0.2f, 1}, {0, 0, 0}}, kTri, {}, &h));
}

}  // namespace
}  // namespace partlab
