// Values derived from legal floats: the --fit100 normalisation, rays of any direction length,
// and the camera framing. Each expected answer is computed here, independently: the fitted
// coordinates from a long double formula, the ray hits from a double-precision intersection
// written in this file, the framing verdicts from the model's size as constructed.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "engine/geometry/mesh_triangles.h"
#include "engine/octree/brute_force_rays.h"
#include "engine/octree/octree.h"
#include "engine/octree/random_scenes.h"
#include "engine/view/model_framing.h"
#include "engine/view/orbit_camera.h"

namespace partlab {
namespace {

// ---- --fit100 ----

std::vector<Triangle> Tetrahedron(glm::vec3 origin, float size) {
  const glm::vec3 a = origin, b = origin + glm::vec3(size, 0, 0),
                  c = origin + glm::vec3(0, size, 0), d = origin + glm::vec3(0, 0, size);
  return {{a, b, c}, {a, b, d}, {a, c, d}, {b, c, d}};
}

// The fit checked against the definition (formats.md) evaluated in long double.
void ExpectFitted(std::vector<Triangle> tris) {
  const std::vector<Triangle> original = tris;
  ASSERT_EQ(FitTo100Cube(tris), "");
  long double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  for (const Triangle& t : original)
    for (const glm::vec3& p : {t.v0, t.v1, t.v2})
      for (int a = 0; a < 3; ++a) {
        lo[a] = std::min(lo[a], (long double)p[a]);
        hi[a] = std::max(hi[a], (long double)p[a]);
      }
  const long double largest = std::max({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]});
  for (size_t i = 0; i < tris.size(); ++i)
    for (int c = 0; c < 3; ++c)
      for (int a = 0; a < 3; ++a) {
        const glm::vec3& p = c == 0 ? original[i].v0 : c == 1 ? original[i].v1 : original[i].v2;
        const glm::vec3& q = c == 0 ? tris[i].v0 : c == 1 ? tris[i].v1 : tris[i].v2;
        const long double expected = (p[a] - (lo[a] + hi[a]) / 2) * 100 / largest;
        ASSERT_TRUE(std::isfinite(q[a]));
        EXPECT_NEAR(double(q[a]), double(expected), 1e-4) << "triangle " << i;
        EXPECT_LE(std::fabs(q[a]), 50.0f + 1e-4f);
      }
}

TEST(FitTo100, ModelsNearTheEndsOfTheFloatRangeFit) {
  const float m = 3e38f;  // extent 6e38: overflows a float
  ExpectFitted({{{-m, -m, -m}, {m, -m, -m}, {-m, m, -m}},
                {{-m, -m, -m}, {m, -m, -m}, {-m, -m, m}},
                {{m, m, m}, {-m, m, m}, {m, -m, m}}});
  ExpectFitted(Tetrahedron({1e30f, -1e30f, 5e29f}, 1e29f));
  ExpectFitted(Tetrahedron({0, 0, 0}, 1e-40f));  // 100 / extent overflows a float
  ExpectFitted(Tetrahedron({1e-38f, 0, 0}, 1e-44f));
  ExpectFitted(Tetrahedron({-5, 7, 1e3f}, 0.25f));  // an ordinary one
}

TEST(FitTo100, ModelsWithNothingToScaleAreSaidSoAndLeftAlone) {
  std::vector<Triangle> point(2, Triangle{{1e38f, 2, 3}, {1e38f, 2, 3}, {1e38f, 2, 3}});
  const std::vector<Triangle> before = point;
  EXPECT_NE(FitTo100Cube(point).find("zero extent"), std::string::npos);
  EXPECT_EQ(point[0].v0, before[0].v0);
  std::vector<Triangle> none(1, Triangle{{NAN, 0, 0}, {INFINITY, 0, 0}, {0, NAN, 0}});
  EXPECT_EQ(FitTo100Cube(none), "no finite vertex to fit");
}

// ---- Rays of any direction length ----

// Nearest two-sided hit with t > 1e-6 (in units of the direction) in double: the reference.
struct DoubleHit {
  bool hit = false;
  double t = INFINITY;
  uint32_t id = 0;
  double edge = INFINITY;  // smallest barycentric margin of the hit (near 0: ambiguous)
};
DoubleHit NearestInDouble(const std::vector<Triangle>& tris, glm::dvec3 o, glm::dvec3 d) {
  DoubleHit best;
  for (uint32_t i = 0; i < tris.size(); ++i) {
    const glm::dvec3 v0(tris[i].v0), e1 = glm::dvec3(tris[i].v1) - v0,
                                     e2 = glm::dvec3(tris[i].v2) - v0;
    const glm::dvec3 p = glm::cross(d, e2);
    const double det = glm::dot(p, e1);
    if (det == 0) continue;
    const glm::dvec3 r = o - v0, q = glm::cross(r, e1);
    const double u = glm::dot(r, p) / det, v = glm::dot(d, q) / det, t = glm::dot(e2, q) / det;
    if (u < 0 || v < 0 || u + v > 1 || !(t > 1e-6) || t >= best.t) continue;
    best = {true, t, i, std::min({u, v, 1 - u - v})};
  }
  return best;
}

TEST(RayDirectionLength, TinyAndHugeDirectionsHitWhatTheUnitOneHits) {
  const std::vector<Triangle> tris = MakeTriangleSoup(Affinity::kMedium, 300, 7);
  const PreparedTriangles prepared(tris);
  const Octree trees[2] = {Octree(tris, {Placement::kDeepestContaining}),
                           Octree(tris, {Placement::kLeafReferences})};
  const std::vector<Ray> rays = MakeRandomRays(300, 11);
  size_t compared = 0;
  for (float scale : {1e-19f, 1e-15f, 1e-9f, 3e-3f, 1.0f, 1e4f, 1e12f, 1e25f, 1e37f}) {
    SCOPED_TRACE(scale);
    for (const Ray& unit : rays) {
      const Ray ray{unit.origin, unit.direction * scale};
      const RayHit brute = BruteForceNearest(prepared, ray);
      // The octree agrees with brute force exactly, on both placements and traversals.
      for (const Octree& tree : trees)
        for (Traversal tr : {Traversal::kPaper, Traversal::kOrdered}) {
          const RayHit h = tree.Nearest(ray, tr);
          ASSERT_EQ(h.hit, brute.hit);
          if (h.hit) {
            ASSERT_EQ(h.t, brute.t);
            ASSERT_EQ(h.triangle, brute.triangle);
          }
        }
      // And both agree with the double-precision reference wherever it is unambiguous.
      const DoubleHit ref =
          NearestInDouble(tris, glm::dvec3(ray.origin), glm::dvec3(ray.direction));
      if (ref.hit && ref.edge < 1e-4) continue;
      if (ref.hit && ref.t * scale < 1e-3) continue;  // at the t > 1e-6 threshold: ambiguous
      ASSERT_EQ(brute.hit, ref.hit);
      if (ref.hit) {
        EXPECT_EQ(brute.triangle, ref.id);
        EXPECT_NEAR(double(brute.t) / ref.t, 1.0, 1e-4);
      }
      ++compared;
    }
  }
  EXPECT_GT(compared, 2000u);
}

TEST(RayOriginDistance, FarOriginsHitWhatTheRayPointsAt) {
  // Rays from far away aimed at the soup: before, an origin at 2e18 made the octree miss what
  // the brute force hit. Expected: the double-precision reference from the same origin.
  const std::vector<Triangle> tris = MakeTriangleSoup(Affinity::kMedium, 300, 8);
  const PreparedTriangles prepared(tris);
  const Octree trees[2] = {Octree(tris, {Placement::kDeepestContaining}),
                           Octree(tris, {Placement::kLeafReferences})};
  const std::vector<Ray> targets = MakeRandomRays(200, 12);
  size_t hits = 0;
  for (float distance : {1e3f, 1e6f, 1e9f, 2e18f, 1e30f}) {
    SCOPED_TRACE(distance);
    for (const Ray& r : targets) {
      // From `distance` along -direction, aimed back through the random ray's origin.
      const glm::dvec3 aim(r.origin), dir = glm::normalize(glm::dvec3(r.direction));
      const Ray ray{glm::vec3(aim - dir * double(distance)), glm::vec3(dir)};
      const RayHit brute = BruteForceNearest(prepared, ray);
      for (const Octree& tree : trees)
        for (Traversal tr : {Traversal::kPaper, Traversal::kOrdered}) {
          const RayHit h = tree.Nearest(ray, tr);
          ASSERT_EQ(h.hit, brute.hit);
          if (h.hit) {
            ASSERT_EQ(h.t, brute.t);
            ASSERT_EQ(h.triangle, brute.triangle);
          }
        }
      // The reference from the float origin: t relative to the distance travelled.
      const DoubleHit ref =
          NearestInDouble(tris, glm::dvec3(ray.origin), glm::dvec3(ray.direction));
      if (!ref.hit || ref.edge < 1e-3) continue;
      if (distance > 1e6f)
        continue;  // beyond, the float origin itself is off by more than a triangle
      ASSERT_TRUE(brute.hit);
      EXPECT_EQ(brute.triangle, ref.id);
      EXPECT_NEAR(double(brute.t), ref.t, ref.t * 1e-6 + 1e-3);
      ++hits;
    }
  }
  EXPECT_GT(hits, 50u);
}

TEST(RayDirectionLength, DirectionsBelowTheSmallestAreRefusedAndCounted) {
  const std::vector<Triangle> tris = MakeTriangleSoup(Affinity::kLow, 50, 3);
  const PreparedTriangles prepared(tris);
  const Octree tree(tris, {});
  for (float tiny : {1e-21f, 1e-30f, 1e-45f, 0.0f}) {
    const Ray ray{{0, 0, -60}, {0, 0, tiny}};
    QueryStats brute_stats, tree_stats;
    EXPECT_FALSE(BruteForceNearest(prepared, ray, {}, &brute_stats).hit);
    EXPECT_FALSE(tree.Nearest(ray, Traversal::kOrdered, {}, &tree_stats).hit);
    EXPECT_EQ(brute_stats.rays_skipped, 1u);
    EXPECT_EQ(tree_stats.rays_skipped, 1u);
  }
}

// ---- Camera framing ----

std::vector<glm::vec3> Cube(glm::vec3 centre, float half) {
  std::vector<glm::vec3> v;
  for (int i = 0; i < 8; ++i)
    v.push_back(centre + half * glm::vec3(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1));
  return v;
}

TEST(ModelFraming, ModelsTheCameraCannotFrameAreNamed) {
  EXPECT_NE(FramingProblem(Cube({0, 0, 0}, 3e38f)).find("is beyond"), std::string::npos);
  EXPECT_NE(FramingProblem(Cube({0, 0, 0}, 1e7f)).find("is beyond"), std::string::npos);
  EXPECT_NE(FramingProblem(Cube({0, 0, 0}, 1e-40f)).find("is below the"), std::string::npos);
  EXPECT_NE(FramingProblem(Cube({0, 0, 0}, 1e-6f)).find("is below the"), std::string::npos);
  EXPECT_NE(FramingProblem(Cube({1e8f, 0, 0}, 1.0f)).find("float precision"), std::string::npos);
  EXPECT_EQ(FramingProblem({}), "it has no vertices");
}

TEST(ModelFraming, OrdinaryModelsAndSinglePointsFrameWithFiniteCameras) {
  for (auto [centre, half] : {std::pair{glm::vec3(0), 1.0f},
                              {glm::vec3(3, -2, 5), 0.001f},
                              {glm::vec3(1e4f, 0, 0), 500.0f},
                              {glm::vec3(-2e5f), 5e5f},
                              {glm::vec3(1, 1, 1), 0.0f}}) {
    const std::vector<glm::vec3> points = Cube(centre, half);
    EXPECT_EQ(FramingProblem(points), "") << half;
    OrbitCamera camera;
    camera.FramePoints(points, 16.0f / 9.0f);
    EXPECT_TRUE(std::isfinite(camera.distance));
    EXPECT_GE(camera.distance, kCameraMinDistance);
    EXPECT_LE(camera.distance, kCameraMaxDistance);
    // Every corner projects inside the viewport: the framing's own definition.
    const glm::mat4 vp = camera.ProjectionMatrix(16.0f / 9.0f) * camera.ViewMatrix();
    for (const glm::vec3& p : points) {
      const glm::vec4 clip = vp * glm::vec4(p, 1.0f);
      ASSERT_GT(clip.w, 0.0f);
      EXPECT_LE(std::fabs(clip.x / clip.w), 1.0f + 1e-3f);
      EXPECT_LE(std::fabs(clip.y / clip.w), 1.0f + 1e-3f);
    }
  }
}

TEST(ModelFraming, FramingAModelNearTheFloatLimitNeverMakesNaN) {
  OrbitCamera camera;
  camera.FramePoints(Cube({0, 0, 0}, 3.4e38f), 1.0f);
  EXPECT_TRUE(std::isfinite(camera.distance));
  EXPECT_TRUE(std::isfinite(camera.target.x));
}

}  // namespace
}  // namespace partlab
