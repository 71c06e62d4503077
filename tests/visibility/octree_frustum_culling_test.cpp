// Hierarchical frustum culling over the octree (section 3.2.3.2): exactly the triangles of the
// cells that are not outside, never a triangle that is inside the frustum, and inside cells
// accepted without testing their children.
#include "engine/visibility/octree_frustum_culling.h"

#include <gtest/gtest.h>

#include <random>

#include "engine/octree/random_scenes.h"
#include "tests/visibility/test_cameras.h"

namespace partlab {
namespace {

std::vector<Triangle> Soup(uint64_t seed, size_t n) {
  std::mt19937 rng{uint32_t(seed)};
  std::uniform_real_distribution<float> u(-3.0f, 3.0f), s(-0.2f, 0.2f);
  std::vector<Triangle> t(n);
  for (auto& tri : t) {
    const glm::vec3 c(u(rng), u(rng), u(rng));
    tri = {c + glm::vec3(s(rng), s(rng), s(rng)), c + glm::vec3(s(rng), s(rng), s(rng)),
           c + glm::vec3(s(rng), s(rng), s(rng))};
  }
  return t;
}

void CheckAgainstBruteForce(const Octree& octree, Placement placement) {
  std::mt19937 rng(placement == Placement::kLeafReferences ? 21 : 22);
  OctreeCullResult r;
  size_t accepted_sum = 0, total_sum = 0, inside_cells = 0;
  for (int cam = 0; cam < 60; ++cam) {
    const test::TestCamera c = test::RandomCamera(rng, 4.0f);
    const Frustum f(c.view_projection);
    CullOctree(octree, f, &r);
    // Reference: a triangle is accepted iff some cell storing it is not outside the frustum.
    std::vector<uint8_t> want(octree.triangles().size(), 0);
    const auto nodes = octree.nodes();
    for (size_t i = 0; i < nodes.size(); ++i) {
      if (f.Classify(nodes[i].Bounds()) == BoxClass::kOutside) continue;
      for (const PackedTriangle& t : octree.ReferencesOf(nodes[i])) want[t.id] = 1;
    }
    ASSERT_EQ(r.accepted, want) << "camera " << cam;
    size_t count = 0;
    for (uint8_t a : want) count += a;
    EXPECT_EQ(r.triangles_accepted, count);
    // Never drops a triangle that has a point inside the frustum (vertices, centroid, edge
    // midpoints: brute force per triangle).
    for (size_t t = 0; t < octree.triangles().size(); ++t) {
      const Triangle& tri = octree.triangles()[t];
      const glm::vec3 probes[7] = {tri.v0,
                                   tri.v1,
                                   tri.v2,
                                   (tri.v0 + tri.v1 + tri.v2) / 3.0f,
                                   (tri.v0 + tri.v1) * 0.5f,
                                   (tri.v1 + tri.v2) * 0.5f,
                                   (tri.v2 + tri.v0) * 0.5f};
      for (const glm::vec3& p : probes) {
        if (f.Contains(p)) {
          ASSERT_TRUE(r.accepted[t]) << "triangle " << t << " camera " << cam;
        }
      }
    }
    // Children of inside or outside cells are never tested.
    for (size_t i = 0; i < nodes.size(); ++i) {
      const uint8_t cls = r.cell_class[i];
      if (cls == uint8_t(BoxClass::kIntersecting) || cls == OctreeCullResult::kNotVisited) continue;
      inside_cells += cls == uint8_t(BoxClass::kInside);
      for (int o = 0; o < 8; ++o) {
        if (nodes[i].HasChild(o)) {
          ASSERT_EQ(r.cell_class[nodes[i].Child(o)], OctreeCullResult::kNotVisited);
        }
      }
    }
    EXPECT_EQ(r.cells_tested, r.cells_inside + r.cells_outside + r.cells_intersecting);
    EXPECT_LE(r.cells_tested, nodes.size());
    accepted_sum += r.triangles_accepted;
    total_sum += r.triangles_total;
  }
  EXPECT_GT(accepted_sum, 0u);             // the cameras saw something ...
  EXPECT_LT(accepted_sum, total_sum / 2);  // ... and culled most
  EXPECT_GT(inside_cells, 0u);             // whole subtrees were accepted untested
}

TEST(OctreeFrustumCulling, LeafReferencesMatchBruteForce) {
  const auto tris = Soup(1, 4000);
  OctreeBuildOptions opt;
  opt.placement = Placement::kLeafReferences;
  CheckAgainstBruteForce(Octree(tris, opt), opt.placement);
}

TEST(OctreeFrustumCulling, PapersPlacementMatchesBruteForce) {
  const auto tris = Soup(2, 4000);
  OctreeBuildOptions opt;
  opt.placement = Placement::kDeepestContaining;
  opt.max_depth = 6;
  CheckAgainstBruteForce(Octree(tris, opt), opt.placement);
}

TEST(OctreeFrustumCulling, EverythingInsideIsAcceptedFromTheRootAlone) {
  const auto tris = Soup(3, 500);
  const Octree octree(tris, OctreeBuildOptions{});
  // A camera far back looking at the whole soup, with a generous far plane.
  const glm::mat4 vp = glm::perspective(1.2f, 1.0f, 0.1f, 100.0f) *
                       glm::lookAt(glm::vec3(0, 0, 30), glm::vec3(0), glm::vec3(0, 1, 0));
  OctreeCullResult r;
  CullOctree(octree, Frustum(vp), &r);
  EXPECT_EQ(r.cells_tested, 1u);
  EXPECT_EQ(r.triangles_accepted, octree.usable_triangle_count());
}

}  // namespace
}  // namespace partlab
