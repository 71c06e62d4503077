// The polygon-aligned BSP of section 3.2.3.3 on the room scene, with every splitter heuristic:
// splitting keeps the area, the painter's order is right for sampled observers (checked with rays:
// along every ray, what is drawn later is nearer), and subtree culling drops nothing visible.
#include "engine/visibility/polygon_bsp.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <random>

#include "engine/visibility/room_scene.h"

namespace partlab {
namespace {

const RoomScene& Room() {
  static const RoomScene room = MakeRoomScene(Aabb{{-5, 0, -4}, {5, 2.5f, 4}});
  return room;
}

class BspTest : public ::testing::TestWithParam<SplitterHeuristic> {
 protected:
  PolygonBsp bsp_{Room().polygons, GetParam()};
};

// Ray against a convex planar polygon, in double: the plane hit, then inside every edge.
bool HitPolygon(const glm::dvec3& o, const glm::dvec3& d, const std::vector<glm::vec3>& poly,
                double* t_out) {
  const Plane pl = PolygonPlane(poly);
  const glm::dvec3 n(pl.n);
  const double denom = glm::dot(n, d);
  if (std::abs(denom) < 1e-12) return false;
  const double t = -(glm::dot(n, o) + double(pl.d)) / denom;
  if (t <= 1e-6) return false;
  const glm::dvec3 p = o + t * d;
  for (size_t i = 0; i < poly.size(); ++i) {
    const glm::dvec3 a = poly[i], b = poly[(i + 1) % poly.size()];
    if (glm::dot(glm::cross(b - a, p - a), n) < -1e-9) return false;
  }
  *t_out = t;
  return true;
}

TEST_P(BspTest, SplittingPreservesTheAreaOfEveryInputPolygon) {
  const auto& input = Room().polygons;
  std::vector<double> area(input.size(), 0.0);
  for (const BspPolygon& p : bsp_.polygons()) {
    area[p.source] += PolygonArea(p.vertices);
    // Every piece stays in its source's plane.
    const Plane src = PolygonPlane(input[p.source]);
    for (const glm::vec3& v : p.vertices) EXPECT_NEAR(src.Distance(v), 0.0f, 1e-4f);
  }
  for (size_t i = 0; i < input.size(); ++i)
    EXPECT_NEAR(area[i], PolygonArea(input[i]), 1e-4 * PolygonArea(input[i])) << "polygon " << i;
  EXPECT_EQ(bsp_.stats().polygons, input.size() + bsp_.stats().splits);
  EXPECT_EQ(bsp_.nodes().size(), bsp_.polygons().size());  // one polygon per node, as drawn
}

// The build invariant: everything in a node's front subtree is on or in front of its plane, and
// everything in its back subtree on or behind it.
void CollectSubtree(const PolygonBsp& bsp, int32_t node, std::vector<uint32_t>* out) {
  if (node < 0) return;
  out->push_back(bsp.nodes()[node].polygon);
  CollectSubtree(bsp, bsp.nodes()[node].front, out);
  CollectSubtree(bsp, bsp.nodes()[node].back, out);
}

TEST_P(BspTest, SubtreesLieOnTheirSideOfEverySplitter) {
  for (const PolygonBspNode& node : bsp_.nodes()) {
    std::vector<uint32_t> front, back;
    CollectSubtree(bsp_, node.front, &front);
    CollectSubtree(bsp_, node.back, &back);
    for (uint32_t p : front) {
      for (const glm::vec3& v : bsp_.polygons()[p].vertices) {
        EXPECT_GE(node.plane.Distance(v), -2 * bsp_.epsilon());
      }
    }
    for (uint32_t p : back) {
      for (const glm::vec3& v : bsp_.polygons()[p].vertices) {
        EXPECT_LE(node.plane.Distance(v), 2 * bsp_.epsilon());
      }
    }
  }
}

std::vector<glm::vec3> SampleEyes(int n) {
  std::mt19937 rng(99);
  std::uniform_real_distribution<float> x(-9.0f, 9.0f), y(0.2f, 6.0f), z(-8.0f, 8.0f);
  std::vector<glm::vec3> eyes;
  for (int k = 0; k < n; ++k) eyes.push_back({x(rng), y(rng), z(rng)});
  return eyes;
}

TEST_P(BspTest, FarSubtreeThenSplitterThenNearSubtree) {
  std::vector<uint32_t> order;
  for (const glm::vec3& eye : SampleEyes(200)) {
    bsp_.BackToFront(eye, &order);
    ASSERT_EQ(order.size(), bsp_.polygons().size());
    std::vector<int> position(order.size(), -1);
    for (size_t i = 0; i < order.size(); ++i) position[order[i]] = int(i);
    for (int p : position) ASSERT_GE(p, 0);  // each polygon exactly once
    for (const PolygonBspNode& node : bsp_.nodes()) {
      const bool in_front = node.plane.Distance(eye) >= 0.0f;
      std::vector<uint32_t> far_side, near_side;
      CollectSubtree(bsp_, in_front ? node.back : node.front, &far_side);
      CollectSubtree(bsp_, in_front ? node.front : node.back, &near_side);
      const int self = position[node.polygon];
      for (uint32_t p : far_side) ASSERT_LT(position[p], self);
      for (uint32_t p : near_side) ASSERT_GT(position[p], self);
    }
  }
}

// The painter's property itself (section 3.2.3.3: "todos os polígonos serão plotados na ordem de
// trás para frente"): along any ray from the eye, the polygons it crosses are drawn farthest
// first, so what the painter leaves on top is the nearest, as a Z-buffer would.
struct RayCheck {
  size_t violations = 0;      // rays along which a polygon is drawn after a nearer one
  size_t multi_hit_rays = 0;  // rays that cross two polygons or more
};

RayCheck CheckOrderWithRays(const PolygonBsp& bsp, const glm::vec3& eye,
                            const std::vector<uint32_t>& order, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  RayCheck check;
  for (int r = 0; r < 300; ++r) {
    glm::dvec3 d(u(rng), u(rng), u(rng));
    if (glm::length(d) < 0.1) continue;
    d = glm::normalize(d);
    double last_t = 1e300;
    int hits = 0;
    bool violated = false;
    for (uint32_t p : order) {
      double t;
      if (!HitPolygon(glm::dvec3(eye), d, bsp.polygons()[p].vertices, &t)) continue;
      ++hits;
      violated |= t > last_t + 1e-4;
      last_t = t;
    }
    check.multi_hit_rays += hits >= 2;
    check.violations += violated;
  }
  return check;
}

// The painter's property itself (section 3.2.3.3: "todos os polígonos serão plotados na ordem de
// trás para frente"): along any ray from the eye, the polygons it crosses are drawn farthest
// first, so what the painter leaves on top is the nearest, as a Z-buffer would. The reversed
// order must fail the same check (so the check can tell).
TEST_P(BspTest, AlongEveryRayLaterDrawnPolygonsAreNearer) {
  std::mt19937 rng(7);
  std::vector<uint32_t> order;
  size_t multi_hit_rays = 0, reversed_violations = 0;
  for (const glm::vec3& eye : SampleEyes(120)) {
    bsp_.BackToFront(eye, &order);
    const RayCheck check = CheckOrderWithRays(bsp_, eye, order, rng);
    ASSERT_EQ(check.violations, 0u) << "eye " << eye.x << " " << eye.y << " " << eye.z;
    multi_hit_rays += check.multi_hit_rays;
    std::reverse(order.begin(), order.end());
    reversed_violations += CheckOrderWithRays(bsp_, eye, order, rng).violations;
  }
  EXPECT_GT(multi_hit_rays, 2000u);  // the rays did cross several walls
  EXPECT_GT(reversed_violations, 1000u);
}

TEST_P(BspTest, SubtreeCullingKeepsOrderAndEverythingInTheFrustum) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f), w(0.0f, 1.0f);
  std::vector<uint32_t> full, culled;
  std::vector<uint8_t> culled_nodes;
  size_t subtrees_culled = 0, polygons_kept = 0;
  for (const glm::vec3& eye : SampleEyes(200)) {
    const glm::vec3 look(u(rng) * 5.0f, 1.0f, u(rng) * 4.0f);
    if (glm::length(look - eye) < 0.5f) continue;
    const glm::mat4 vp = glm::perspective(0.9f, 1.5f, 0.05f, 2.0f + 8.0f * w(rng)) *
                         glm::lookAt(eye, look, glm::vec3(0, 1, 0));
    const Frustum f(vp);
    BspCullStats stats;
    bsp_.BackToFront(eye, &full);
    bsp_.BackToFrontCulled(eye, f, &culled, &stats, &culled_nodes);
    EXPECT_EQ(stats.polygons_drawn, culled.size());
    // A subsequence of the full back-to-front order.
    size_t j = 0;
    for (uint32_t p : full)
      if (j < culled.size() && culled[j] == p) ++j;
    ASSERT_EQ(j, culled.size());
    // Nothing with a sampled point inside the frustum is dropped.
    std::vector<uint8_t> kept(bsp_.polygons().size(), 0);
    for (uint32_t p : culled) kept[p] = 1;
    for (size_t p = 0; p < kept.size(); ++p) {
      if (kept[p]) continue;
      const auto& v = bsp_.polygons()[p].vertices;
      for (int s = 0; s < 50; ++s) {
        // A random point of the convex polygon: a random blend of a fan triangle.
        const size_t k = 1 + size_t(w(rng) * float(v.size() - 2)) % (v.size() - 2);
        float a = w(rng), b = w(rng);
        if (a + b > 1) a = 1 - a, b = 1 - b;
        const glm::vec3 q = v[0] + a * (v[k] - v[0]) + b * (v[k + 1] - v[0]);
        ASSERT_FALSE(f.Contains(q)) << "polygon " << p << " culled but visible";
      }
    }
    subtrees_culled += stats.subtrees_culled;
    polygons_kept += culled.size();
  }
  EXPECT_GT(subtrees_culled, 0u);  // the culling did happen
  EXPECT_GT(polygons_kept, 0u);
}

TEST(PolygonBsp, SplitPolygonCutsAQuadAlongThePlane) {
  const std::vector<glm::vec3> quad = {{-1, 0, 0}, {1, 0, 0}, {1, 2, 0}, {-1, 2, 0}};
  const Plane plane{{1, 0, 0}, -0.5f};  // x = 0.5
  EXPECT_EQ(ClassifyPolygon(quad, plane, 1e-4f), PlaneSide::kStraddling);
  std::vector<glm::vec3> front, back;
  SplitPolygon(quad, plane, 1e-4f, &front, &back);
  EXPECT_NEAR(PolygonArea(front), 1.0, 1e-6);
  EXPECT_NEAR(PolygonArea(back), 3.0, 1e-6);
  for (const auto& v : front) EXPECT_GE(v.x, 0.5f - 1e-6f);
  for (const auto& v : back) EXPECT_LE(v.x, 0.5f + 1e-6f);
  // Within epsilon of the plane counts as on it: no sliver is made.
  const Plane grazing{{1, 0, 0}, 1.0f - 5e-5f};  // x = -1 + 5e-5
  EXPECT_EQ(ClassifyPolygon(quad, grazing, 1e-4f), PlaneSide::kFront);
}

TEST(RoomScene, FacesPointWhereTheyShould) {
  const RoomScene& room = Room();
  ASSERT_GE(room.polygons.size(), 30u);
  const glm::vec3 centre = room.bounds.Center();
  for (size_t i = 0; i < room.polygons.size(); ++i) {
    const Plane pl = PolygonPlane(room.polygons[i]);
    glm::vec3 c(0.0f);
    for (const auto& v : room.polygons[i]) c += v;
    c /= float(room.polygons[i].size());
    if (room.labels[i] == "floor") {
      EXPECT_GT(pl.n.y, 0.99f);
    }
    if (room.labels[i].rfind("outer wall", 0) == 0) {
      EXPECT_LT(glm::dot(pl.n, c - glm::vec3(centre.x, c.y, centre.z)), 0.0f) << room.labels[i];
    }
    if (room.labels[i].find(" top") != std::string::npos) {
      EXPECT_GT(pl.n.y, 0.99f);
    }
  }
}

TEST(PolygonBsp, HeuristicsBuildDifferentTrees) {
  const PolygonBsp first(Room().polygons, SplitterHeuristic::kFirst);
  const PolygonBsp least(Room().polygons, SplitterHeuristic::kLeastSplits);
  const PolygonBsp balance(Room().polygons, SplitterHeuristic::kBestBalance);
  // The greedy choices are not optimal, but on this room they do what their names say.
  EXPECT_LT(least.stats().splits, first.stats().splits);
  EXPECT_LT(balance.stats().depth, first.stats().depth);
  std::printf("splits/depth: first %zu/%d, least-splits %zu/%d, balance %zu/%d\n",
              first.stats().splits, first.stats().depth, least.stats().splits, least.stats().depth,
              balance.stats().splits, balance.stats().depth);
}

std::string HeuristicTestName(const ::testing::TestParamInfo<SplitterHeuristic>& param) {
  std::string n = SplitterHeuristicName(param.param);
  std::replace(n.begin(), n.end(), '-', '_');
  return n;
}

INSTANTIATE_TEST_SUITE_P(Heuristics, BspTest,
                         ::testing::Values(SplitterHeuristic::kFirst,
                                           SplitterHeuristic::kLeastSplits,
                                           SplitterHeuristic::kBestBalance),
                         HeuristicTestName);

}  // namespace
}  // namespace partlab
