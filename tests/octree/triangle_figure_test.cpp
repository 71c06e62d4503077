// The octree paper's Figures 2 and 4 on a hit triangle (engine/octree/triangle_figure.h): the
// barycentrics by areas agree with Möller–Trumbore's (u, v) on random hits, satisfy the paper's
// conditions (A) and (B) exactly when the point is inside, and the figure draws the edge vectors
// from V0 and the parallelogram's fourth corner V0 + E1 + E2.
#include "engine/octree/triangle_figure.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "engine/geometry/moller_trumbore.h"

namespace partlab {
namespace {

TEST(TriangleFigure, AreasGiveTheCoordinatesInTheEdgeBasis) {
  const Triangle t{{1, 1, 1}, {3, 1, 1}, {1, 5, 1}};
  // T = V0 + 0.25·E1 + 0.5·E2 (equation 2), on the plane z = 1.
  const AreaBarycentrics b = BarycentricsByAreas(t, {1.5f, 3.0f, 1.0f});
  ASSERT_FALSE(b.degenerate);
  EXPECT_FLOAT_EQ(b.u, 0.25f);
  EXPECT_FLOAT_EQ(b.v, 0.5f);
  EXPECT_FLOAT_EQ(b.plane_distance, 0.0f);
  // Off the plane by 2, outside the triangle (u + v > 1, condition B).
  const AreaBarycentrics off = BarycentricsByAreas(t, {3.0f, 5.0f, 3.0f});
  EXPECT_FLOAT_EQ(off.plane_distance, 2.0f);
  EXPECT_GT(off.u + off.v, 1.0f);
  EXPECT_TRUE(BarycentricsByAreas({{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}, {0, 0, 0}).degenerate);
}

TEST(TriangleFigure, AreasAgreeWithMollerTrumboreOnRandomHits) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> coord(-10.0f, 10.0f);
  auto point = [&] { return glm::vec3(coord(rng), coord(rng), coord(rng)); };
  int hits = 0;
  for (int i = 0; i < 20000 && hits < 500; ++i) {
    const Triangle t{point(), point(), point()};
    const Ray ray{point(), glm::normalize(point())};
    RayTriangleHit hit;
    if (!IntersectRayTriangle(ray, t, RayTriangleOptions{}, &hit)) continue;
    ++hits;
    const AreaBarycentrics b = BarycentricsByAreas(t, ray.origin + hit.t * ray.direction);
    ASSERT_FALSE(b.degenerate);
    EXPECT_NEAR(b.u, hit.u, 2e-3f) << i;
    EXPECT_NEAR(b.v, hit.v, 2e-3f) << i;
    EXPECT_LT(b.plane_distance, 2e-3f) << i;
  }
  EXPECT_EQ(hits, 500);  // enough hits were found for the comparison to mean something
}

class Recorder final : public DebugDraw {
 public:
  void Line(const glm::vec3& a, const glm::vec3& b, const Color& c) override {
    lines.push_back({a, b, c});
  }
  void Point(const glm::vec3& p, float, const Color& c) override { points.push_back({p, c}); }
  void Polygon(std::span<const glm::vec3> v, const Color&) override { polygon_sides = v.size(); }
  struct Segment {
    glm::vec3 a, b;
    Color c;
  };
  struct Dot {
    glm::vec3 p;
    Color c;
  };
  std::vector<Segment> lines;
  std::vector<Dot> points;
  size_t polygon_sides = 0;
};

TEST(TriangleFigure, DrawsTheEdgeVectorsTheParallelogramAndThePlane) {
  namespace tf = triangle_figure;
  const Triangle t{{0, 0, 0}, {2, 0, 0}, {0, 3, 0}};
  Recorder draw;
  DrawTriangleFigure(t, {0.5f, 0.5f, 0.0f}, 0.2f, draw);
  EXPECT_EQ(draw.polygon_sides, 4u);  // the plane's patch
  auto has = [&](glm::vec3 a, glm::vec3 b, Color c) {
    for (const auto& s : draw.lines)
      if (s.a == a && s.b == b && s.c == c) return true;
    return false;
  };
  EXPECT_TRUE(has(t.v0, t.v1, tf::kEdge1));
  EXPECT_TRUE(has(t.v0, t.v2, tf::kEdge2));
  EXPECT_TRUE(has(t.v1, {2, 3, 0}, tf::kFarSides));  // V0 + E1 + E2
  EXPECT_TRUE(has(t.v2, {2, 3, 0}, tf::kFarSides));
  // The normal from the centroid, perpendicular to both edges, as long as the longer edge (3).
  bool normal = false;
  for (const auto& s : draw.lines)
    if (s.c == tf::kNormal) normal = glm::all(glm::equal(s.b - s.a, glm::vec3(0, 0, 3)));
  EXPECT_TRUE(normal);
  ASSERT_EQ(draw.points.size(), 2u);
  EXPECT_EQ(draw.points[1].p, glm::vec3(0.5f, 0.5f, 0.0f));
}

}  // namespace
}  // namespace partlab
