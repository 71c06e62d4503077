// The frustum's planes and its exact box classification, against independent references: points
// mapped through the matrix itself (clip-space test), and a generic separating-axis test between
// two convex polyhedra given only by their corners and edges.
#include "engine/visibility/frustum.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>
#include <random>

#include "tests/visibility/test_cameras.h"

namespace partlab {
namespace {

bool InsideClip(const glm::mat4& vp, const glm::vec3& p) {
  const glm::vec4 c = vp * glm::vec4(p, 1.0f);
  return c.w > 0 && std::abs(c.x) <= c.w && std::abs(c.y) <= c.w && std::abs(c.z) <= c.w;
}

// Edges of a hexahedron whose corners are ordered like Frustum::corners().
constexpr int kEdges[12][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6},
                               {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};

std::array<glm::dvec3, 8> BoxCorners(const Aabb& b) {
  return {glm::dvec3(b.min.x, b.min.y, b.min.z), glm::dvec3(b.max.x, b.min.y, b.min.z),
          glm::dvec3(b.max.x, b.max.y, b.min.z), glm::dvec3(b.min.x, b.max.y, b.min.z),
          glm::dvec3(b.min.x, b.min.y, b.max.z), glm::dvec3(b.max.x, b.min.y, b.max.z),
          glm::dvec3(b.max.x, b.max.y, b.max.z), glm::dvec3(b.min.x, b.max.y, b.max.z)};
}

// Brute force in double: every face normal (from three corners of each face, found as cross
// products of edge pairs) and every edge-edge cross product, 12 x 12 + 2 x 66 axes.
bool DisjointSat(const std::array<glm::dvec3, 8>& a, const std::array<glm::dvec3, 8>& b) {
  auto separated = [&](const glm::dvec3& axis) {
    if (glm::dot(axis, axis) < 1e-18) return false;
    double alo = 1e300, ahi = -1e300, blo = 1e300, bhi = -1e300;
    for (const auto& p : a)
      alo = std::min(alo, glm::dot(axis, p)), ahi = std::max(ahi, glm::dot(axis, p));
    for (const auto& p : b)
      blo = std::min(blo, glm::dot(axis, p)), bhi = std::max(bhi, glm::dot(axis, p));
    return ahi < blo || bhi < alo;
  };
  std::vector<glm::dvec3> ea, eb;
  for (const auto& e : kEdges) ea.push_back(a[e[1]] - a[e[0]]), eb.push_back(b[e[1]] - b[e[0]]);
  for (const auto* edges : {&ea, &eb})
    for (size_t i = 0; i < edges->size(); ++i)
      for (size_t j = i + 1; j < edges->size(); ++j)
        if (separated(glm::cross((*edges)[i], (*edges)[j]))) return true;
  for (const auto& x : ea)
    for (const auto& y : eb)
      if (separated(glm::cross(x, y))) return true;
  return false;
}

TEST(Frustum, PlanesAgreeWithClipSpaceOnRandomPoints) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-8.0f, 8.0f);
  int inside = 0;
  for (int cam = 0; cam < 50; ++cam) {
    const test::TestCamera c = test::RandomCamera(rng);
    const Frustum f(c.view_projection);
    for (int k = 0; k < 2000; ++k) {
      // Points near the frustum: random blends of its corners, pushed a little in or out.
      std::uniform_int_distribution<int> pick(0, 7);
      std::uniform_real_distribution<float> w(0.0f, 1.0f);
      const glm::vec3 p = glm::mix(f.corners()[pick(rng)], f.corners()[pick(rng)], w(rng)) +
                          glm::vec3(u(rng), u(rng), u(rng)) * 0.05f;
      const glm::vec4 clip = c.view_projection * glm::vec4(p, 1.0f);
      const float margin = std::min(
          {clip.w - std::abs(clip.x), clip.w - std::abs(clip.y), clip.w - std::abs(clip.z)});
      if (std::abs(margin) < 1e-3f * std::abs(clip.w) + 1e-4f) continue;  // on a face: skip
      EXPECT_EQ(f.Contains(p), InsideClip(c.view_projection, p));
      inside += f.Contains(p);
    }
  }
  EXPECT_GT(inside, 1000);  // the sampling did reach the inside
}

TEST(Frustum, CornersMapToTheNdcCube) {
  std::mt19937 rng(3);
  for (int cam = 0; cam < 20; ++cam) {
    const test::TestCamera c = test::RandomCamera(rng);
    const Frustum f(c.view_projection);
    for (const glm::vec3& p : f.corners()) {
      const glm::vec4 clip = c.view_projection * glm::vec4(p, 1.0f);
      const glm::vec3 ndc = glm::vec3(clip) / clip.w;
      EXPECT_NEAR(std::abs(ndc.x), 1.0f, 1e-3f);
      EXPECT_NEAR(std::abs(ndc.y), 1.0f, 1e-3f);
      EXPECT_NEAR(std::abs(ndc.z), 1.0f, 1e-3f);
      for (const Plane& pl : f.planes()) {
        EXPECT_GT(pl.Distance(p), -1e-3f * (1 + glm::length(p)));
      }
    }
  }
}

// Classify against the references on random boxes: kInside iff all eight corners are inside,
// kOutside iff the generic SAT finds a separating axis; and no box with a sampled point inside
// the frustum is ever called outside.
TEST(Frustum, ClassificationMatchesBruteForceOnRandomBoxes) {
  std::mt19937 rng(11);
  int counts[3] = {0, 0, 0}, planes_only_false_positives = 0, skipped = 0;
  for (int cam = 0; cam < 200; ++cam) {
    const test::TestCamera c = test::RandomCamera(rng);
    const Frustum f(c.view_projection);
    std::array<glm::dvec3, 8> fc;
    for (int k = 0; k < 8; ++k) fc[k] = glm::dvec3(f.corners()[k]);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f), size(0.01f, 1.5f);
    for (int k = 0; k < 200; ++k) {
      const glm::vec3 centre = glm::mix(f.corners()[k % 8], f.corners()[(k * 5 + 3) % 8], 0.5f) +
                               glm::vec3(u(rng), u(rng), u(rng)) * 1.5f;
      const glm::vec3 half(size(rng), size(rng), size(rng));
      const Aabb box = Aabb::FromCenterHalf(centre, half);
      const auto bc = BoxCorners(box);
      bool all_in = true;
      float worst_margin = 1e30f;
      for (const auto& p : bc) {
        for (const Plane& pl : f.planes())
          worst_margin = std::min(worst_margin, std::abs(pl.Distance(glm::vec3(p))));
        all_in &= f.Contains(glm::vec3(p));
      }
      const bool disjoint = DisjointSat(fc, bc);
      const BoxClass got = f.Classify(box);
      // Boxes grazing a plane within float rounding may go either way; they are rare.
      if (worst_margin < 1e-5f) {
        ++skipped;
        continue;
      }
      const BoxClass want =
          disjoint ? BoxClass::kOutside : (all_in ? BoxClass::kInside : BoxClass::kIntersecting);
      ASSERT_EQ(got, want) << "camera " << cam << " box " << k;
      ++counts[int(got)];
      if (!disjoint) {  // the conservative test never calls an overlapping box outside
        ASSERT_NE(f.ClassifyPlanesOnly(box), BoxClass::kOutside);
      }
      if (disjoint && f.ClassifyPlanesOnly(box) != BoxClass::kOutside)
        ++planes_only_false_positives;
    }
  }
  // Every class was exercised, and the plane-only test's conservative answers did occur.
  EXPECT_GT(counts[int(BoxClass::kOutside)], 100);
  EXPECT_GT(counts[int(BoxClass::kInside)], 100);
  EXPECT_GT(counts[int(BoxClass::kIntersecting)], 100);
  EXPECT_GT(planes_only_false_positives, 0);
  EXPECT_LT(skipped, 100);
}

TEST(Frustum, SampledPointsOfOutsideBoxesAreOutside) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f), w(0.0f, 1.0f);
  for (int cam = 0; cam < 100; ++cam) {
    const test::TestCamera c = test::RandomCamera(rng);
    const Frustum f(c.view_projection);
    for (int k = 0; k < 100; ++k) {
      const Aabb box = Aabb::FromCenterHalf(f.corners()[k % 8] + glm::vec3(u(rng), u(rng), u(rng)),
                                            glm::vec3(0.3f + w(rng)));
      const BoxClass got = f.Classify(box);
      for (int s = 0; s < 64; ++s) {
        const glm::vec3 p = glm::mix(box.min, box.max, glm::vec3(w(rng), w(rng), w(rng)));
        const bool in = InsideClip(c.view_projection, p);
        if (in) {
          ASSERT_NE(got, BoxClass::kOutside);
        }
        if (!in && got == BoxClass::kInside) ADD_FAILURE() << "an inside box has a point outside";
      }
    }
  }
}

}  // namespace
}  // namespace partlab
