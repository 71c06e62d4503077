// The ordered traversal's lane type: the SSE lanes must give exactly what the plain float lanes
// give (the same crossed children, bit-identical entry distances and child ranges), so the one
// traversal loop visits the same cells whichever the machine compiles.
#include "engine/octree/octree_lanes.h"

#include <gtest/gtest.h>

#include <cstring>
#include <glm/common.hpp>
#include <random>

namespace partlab::octree_lanes {
namespace {

#if defined(PARTLAB_OCTREE_SSE_LANES)

glm::vec3 ToVec(sse::Lanes l) {
  float out[4];
  _mm_storeu_ps(out, l.v);
  return {out[0], out[1], out[2]};
}

bool SameBits(float a, float b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// The mid-planes' t from a node's centre loaded with its half edge after it: x, y, z as the plain
// lanes compute them, and w back to 0 (the half edge times the inverse direction's 0), so the
// child ranges built from it keep w = 0 like those from MakeLanes.
TEST(OctreeLanes, CenterLoadedWithItsHalfEdgeGivesThePlainMidPlanes) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> pos(-60.0f, 60.0f), inv(-1e3f, 1e3f), half(1e-3f, 60.0f);
  for (int trial = 0; trial < 5000; ++trial) {
    const float node[4] = {pos(rng), pos(rng), pos(rng), half(rng)};  // centre, then half edge
    const glm::vec3 inv_dir{inv(rng), inv(rng), trial % 5 == 0 ? 0.0f : inv(rng)};
    const glm::vec3 oti{pos(rng), pos(rng), pos(rng)};
    const glm::vec3 want =
        (scalar::LoadCenterLanes(node) * scalar::MakeLanes(inv_dir) - scalar::MakeLanes(oti)).v;
    const __m128 got =
        (sse::LoadCenterLanes(node) * sse::MakeLanes(inv_dir) - sse::MakeLanes(oti)).v;
    float out[4];
    _mm_storeu_ps(out, got);
    for (int a = 0; a < 3; ++a) ASSERT_TRUE(SameBits(want[a], out[a])) << "trial " << trial;
    ASSERT_TRUE(SameBits(out[3], 0.0f)) << "trial " << trial;
    // The same as the three floats computed one by one, as the traversal did before.
    for (int a = 0; a < 3; ++a)
      ASSERT_TRUE(SameBits(out[a], node[a] * inv_dir[a] - oti[a])) << "trial " << trial;
  }
}

TEST(OctreeLanes, SseMatchesThePlainLanesBitForBit) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> t(-50.0f, 50.0f), width(0.0f, 30.0f);
  for (int trial = 0; trial < 20000; ++trial) {
    // A cell's ranges, its mid-planes' t strictly inside on most axes, and a grown margin.
    glm::vec3 near(0.0f), far(0.0f), mid(0.0f), grow(0.0f);
    for (int a = 0; a < 3; ++a) {
      near[a] = t(rng);
      far[a] = near[a] + width(rng);
      mid[a] = near[a] + (far[a] - near[a]) * std::uniform_real_distribution<float>(0, 1)(rng);
      grow[a] = trial % 3 == 0 ? 0.0f : 0.01f * width(rng);
    }
    const float t_min = trial % 4 == 0 ? 0.0f : t(rng), limit = t_min + width(rng) * 3;
    const scalar::Lanes s_near_of[2] = {{near}, {mid - grow}};
    const scalar::Lanes s_far_of[2] = {{mid + grow}, {far}};
    const sse::Lanes v_near_of[2] = {sse::MakeLanes(near), sse::MakeLanes(mid - grow)};
    const sse::Lanes v_far_of[2] = {sse::MakeLanes(mid + grow), sse::MakeLanes(far)};
    float s_enter[8], v_enter[8];
    const unsigned s_mask = scalar::CrossedChildren(s_near_of, s_far_of, t_min, limit, s_enter);
    const unsigned v_mask = sse::CrossedChildren(v_near_of, v_far_of, t_min, limit, v_enter);
    ASSERT_EQ(s_mask, v_mask) << "trial " << trial;
    for (int m = 0; m < 8; ++m) {
      ASSERT_TRUE(SameBits(s_enter[m], v_enter[m])) << "trial " << trial << " child " << m;
      const glm::vec3 sn = scalar::Pick(m, s_near_of[0], s_near_of[1]).v;
      const glm::vec3 vn = ToVec(sse::Pick(m, v_near_of[0], v_near_of[1]));
      const glm::vec3 sf = scalar::Pick(m, s_far_of[0], s_far_of[1]).v;
      const glm::vec3 vf = ToVec(sse::Pick(m, v_far_of[0], v_far_of[1]));
      for (int a = 0; a < 3; ++a) {
        ASSERT_TRUE(SameBits(sn[a], vn[a])) << "trial " << trial << " child " << m;
        ASSERT_TRUE(SameBits(sf[a], vf[a])) << "trial " << trial << " child " << m;
      }
    }
  }
}

// The content-box test: the SSE lanes decide exactly as the plain ones, on random boxes and rays
// (zero components of the inverse direction included, and ties at the box's faces).
TEST(OctreeLanes, SseCrossesBoxMatchesThePlainLanes) {
  std::mt19937 rng(17);
  std::uniform_real_distribution<float> pos(-60.0f, 60.0f), inv(-5.0f, 5.0f), size(0.0f, 20.0f);
  int crossed = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    float box[7];  // min, max, then the next box's first float (read into the unused lane)
    for (int a = 0; a < 3; ++a) {
      box[a] = pos(rng);
      box[3 + a] = box[a] + (trial % 7 == 0 ? 0.0f : size(rng));
    }
    box[6] = pos(rng);
    const glm::vec3 inv_dir{inv(rng), trial % 5 == 0 ? 0.0f : inv(rng), inv(rng)};
    // Half the rays aimed through the box's centre at t = t0, the others anywhere.
    const glm::vec3 centre =
        0.5f * (glm::vec3(box[0], box[1], box[2]) + glm::vec3(box[3], box[4], box[5]));
    const float t0 = pos(rng);
    const glm::vec3 oti =
        trial % 2 == 0 ? centre * inv_dir - t0 : glm::vec3(pos(rng), pos(rng), pos(rng));
    const glm::vec3 grow = trial % 3 == 0 ? glm::vec3(0.0f) : 0.01f * glm::abs(inv_dir);
    const float t_min = trial % 4 == 0 ? t0 - 10.0f : pos(rng), limit = t_min + 3.0f * size(rng);
    const bool want =
        scalar::CrossesBox(box, box + 3, scalar::MakeLanes(inv_dir), scalar::MakeLanes(oti),
                           scalar::MakeLanes(grow), t_min, limit);
    const bool got = sse::CrossesBox(box, box + 3, sse::MakeLanes(inv_dir), sse::MakeLanes(oti),
                                     sse::MakeLanes(grow), t_min, limit);
    ASSERT_EQ(want, got) << "trial " << trial;
    crossed += got;
  }
  EXPECT_GT(crossed, 1000);  // both outcomes are exercised
  EXPECT_LT(crossed, 19000);
}

#endif

// Independent of either: a ray crosses a box within [t_min, limit] exactly when the slab rule,
// worked out by hand for a ray along known directions, says so.
TEST(OctreeLanes, CrossesBoxFollowsTheSlabRule) {
  // The ray from (0, 0, 0) along (1, 0.5, 0.25): inverse direction (1, 2, 4), O/D = 0.
  const Lanes inv = MakeLanes({1.0f, 2.0f, 4.0f}), oti = MakeLanes(glm::vec3(0.0f));
  const Lanes no_grow = MakeLanes(glm::vec3(0.0f));
  auto crosses = [&](glm::vec3 lo, glm::vec3 hi, float t_min, float limit, Lanes grow) {
    const float box[7] = {lo.x, lo.y, lo.z, hi.x, hi.y, hi.z, 0.0f};
    return CrossesBox(box, box + 3, inv, oti, grow, t_min, limit);
  };
  // Around the point at t = 4, (4, 2, 1): entered at t = 3, left at t = 5.
  EXPECT_TRUE(crosses({3, 1.5f, 0.75f}, {5, 2.5f, 1.25f}, 0.0f, 100.0f, no_grow));
  EXPECT_FALSE(crosses({3, 1.5f, 0.75f}, {5, 2.5f, 1.25f}, 0.0f, 2.5f, no_grow));    // beyond limit
  EXPECT_FALSE(crosses({3, 1.5f, 0.75f}, {5, 2.5f, 1.25f}, 6.0f, 100.0f, no_grow));  // behind
  // Beside the ray: y from 3 to 4 is crossed for t in [6, 8], x from 3 to 5 for t in [3, 5].
  EXPECT_FALSE(crosses({3, 3, 0}, {5, 4, 10}, 0.0f, 100.0f, no_grow));
  // Grown by one unit of t on every axis, the slabs overlap: [5, 9] and [2, 6].
  EXPECT_TRUE(crosses({3, 3, 0}, {5, 4, 10}, 0.0f, 100.0f, MakeLanes(glm::vec3(1.0f))));
  // Touching counts: the y slab [5, 6] starts where the x slab [3, 5] ends.
  EXPECT_TRUE(crosses({3, 2.5f, 0}, {5, 3, 10}, 0.0f, 100.0f, no_grow));
}

// Independent of either: a child is crossed exactly when its box's slab interval (from the
// per-axis ranges picked by hand) is non-empty and meets [t_min, limit].
TEST(OctreeLanes, CrossedChildrenFollowsTheSlabRule) {
  const glm::vec3 near(0, 1, 2), mid(5, 5, 5), far(10, 9, 8);
  const Lanes near_of[2] = {MakeLanes(near), MakeLanes(mid)};
  const Lanes far_of[2] = {MakeLanes(mid), MakeLanes(far)};
  float enter[8];
  const unsigned mask = CrossedChildren(near_of, far_of, 0.0f, 100.0f, enter);
  for (int m = 0; m < 8; ++m) {
    const float in[3] = {m & 1 ? 5.0f : 0.0f, m & 2 ? 5.0f : 1.0f, m & 4 ? 5.0f : 2.0f};
    const float out[3] = {m & 1 ? 10.0f : 5.0f, m & 2 ? 9.0f : 5.0f, m & 4 ? 8.0f : 5.0f};
    const float enter_m = std::max({in[0], in[1], in[2]});
    const float leave_m = std::min({out[0], out[1], out[2]});
    EXPECT_EQ(enter[m], enter_m) << m;
    EXPECT_EQ(bool(mask >> m & 1), enter_m <= leave_m) << m;
  }
}

}  // namespace
}  // namespace partlab::octree_lanes
