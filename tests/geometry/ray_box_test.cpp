// The slab test (Owen 1998, cited by the octree paper's traversal), exact and fast variants.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "engine/geometry/ray_box.h"

namespace partlab {
namespace {

const Aabb kBox{{-1, -1, -1}, {1, 1, 1}};
constexpr float kInf = std::numeric_limits<float>::infinity();

TEST(RayBox, EntersAndLeavesAlongAnAxis) {
  RayBoxInterval iv;
  ASSERT_TRUE(IntersectRayBox({{-5, 0, 0}, {1, 0, 0}}, kBox, 0, kInf, &iv));
  EXPECT_FLOAT_EQ(iv.t_enter, 4.0f);
  EXPECT_FLOAT_EQ(iv.t_exit, 6.0f);
}

TEST(RayBox, BoxBehindTheOriginIsMissed) {
  RayBoxInterval iv;
  EXPECT_FALSE(IntersectRayBox({{5, 0, 0}, {1, 0, 0}}, kBox, 0, kInf, &iv));
  EXPECT_TRUE(IntersectRayBox({{5, 0, 0}, {-1, 0, 0}}, kBox, 0, kInf, &iv));
}

TEST(RayBox, OriginInsideStartsAtTMin) {
  RayBoxInterval iv;
  ASSERT_TRUE(IntersectRayBox({{0, 0, 0}, {0, 1, 0}}, kBox, 0, kInf, &iv));
  EXPECT_FLOAT_EQ(iv.t_enter, 0.0f);
  EXPECT_FLOAT_EQ(iv.t_exit, 1.0f);
}

// Zero direction components: inside the slab for all t when the origin is between its planes
// (inclusive, so grazing a face counts), never otherwise — no 0/0 = NaN deciding it.
TEST(RayBox, AxisParallelRaysAndZeroComponents) {
  RayBoxInterval iv;
  EXPECT_TRUE(IntersectRayBox({{-5, 0.5f, -0.5f}, {1, 0, 0}}, kBox, 0, kInf, &iv));
  EXPECT_FALSE(IntersectRayBox({{-5, 1.5f, 0}, {1, 0, 0}}, kBox, 0, kInf, &iv));
  EXPECT_TRUE(IntersectRayBox({{-5, 1.0f, 1.0f}, {1, 0, 0}}, kBox, 0, kInf, &iv));  // on an edge
  EXPECT_TRUE(IntersectRayBox({{0.5f, -5, 0}, {0, 2, 0}}, kBox, 0, kInf, &iv));
  EXPECT_FLOAT_EQ(iv.t_enter, 2.0f);
  EXPECT_TRUE(IntersectRayBox({{-5, -5, 0}, {1, 1, 0}}, kBox, 0, kInf, &iv));       // z = 0
  EXPECT_FALSE(IntersectRayBox({{-5, -5, 1.01f}, {1, 1, 0}}, kBox, 0, kInf, &iv));  // above
  EXPECT_FALSE(IntersectRayBox({{0, 0, 0}, {0, 0, 0}}, kBox, 0, kInf, &iv));  // zero direction
}

TEST(RayBox, RespectsTMax) {
  RayBoxInterval iv;
  EXPECT_FALSE(IntersectRayBox({{-5, 0, 0}, {1, 0, 0}}, kBox, 0, 3.9f, &iv));
  EXPECT_TRUE(IntersectRayBox({{-5, 0, 0}, {1, 0, 0}}, kBox, 0, 4.1f, &iv));
}

// The fast variant (tilted zero components, no branches) agrees with the exact one on random rays,
// a third of them with zero components, away from the grazing cases where rounding may differ.
TEST(RayBox, FastSlabTestAgreesWithExact) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> pos(-3, 3), dir(-1, 1);
  std::uniform_int_distribution<int> pick(0, 5);
  int agreed = 0, hits = 0;
  for (int i = 0; i < 20000; ++i) {
    Ray r{{pos(rng), pos(rng), pos(rng)}, {dir(rng), dir(rng), dir(rng)}};
    const int zero = pick(rng);
    if (zero < 3) r.direction[zero] = 0.0f;
    if (!IsUsableRay(r)) continue;
    RayBoxInterval exact;
    const bool want = IntersectRayBox(r, kBox, 0, kInf, &exact);
    // Skip rays within 1e-4 of grazing: grow and shrink the box and require the same answer.
    const Aabb grown{kBox.min - 1e-4f, kBox.max + 1e-4f},
        shrunk{kBox.min + 1e-4f, kBox.max - 1e-4f};
    RayBoxInterval g, s;
    if (IntersectRayBox(r, grown, 0, kInf, &g) != IntersectRayBox(r, shrunk, 0, kInf, &s)) continue;
    const SlabRay fast = MakeSlabRay(r);
    float enter;
    const bool got = SlabTest(fast, kBox.min, kBox.max, 0, kInf, &enter);
    ASSERT_EQ(got, want) << "ray " << i;
    if (want) {
      EXPECT_NEAR(enter, exact.t_enter, 1e-4f * (1 + exact.t_enter));
      ++hits;
    }
    ++agreed;
  }
  EXPECT_GT(agreed, 15000);
  EXPECT_GT(hits, 1500);
}

// The SSE MakeSlabRay against the per-component one, bit for bit (IEEE division and
// multiplication round the same in either), on random directions with zero, negative-zero and
// tiny components, whose replacement by +tiny is where the two could part.
TEST(RayBox, SlabRayMatchesThePerComponentOneBitForBit) {
  std::mt19937 rng(23);
  std::uniform_real_distribution<float> pos(-1e3f, 1e3f), dir(-1, 1);
  std::uniform_int_distribution<int> pick(0, 8);
  auto same = [](float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; };
  int checked = 0;
  for (int i = 0; i < 50000; ++i) {
    Ray r{{pos(rng), pos(rng), pos(rng)}, {dir(rng), dir(rng), dir(rng)}};
    const int k = pick(rng);
    if (k < 3) r.direction[k] = 0.0f;
    if (k >= 3 && k < 6) r.direction[k - 3] = -0.0f;
    if (k == 6) r.direction[i % 3] = r.direction[(i + 1) % 3] * 1e-10f;  // below tiny
    if (!IsUsableRay(r)) continue;
    const SlabRay fast = MakeSlabRay(r), plain = MakeSlabRayScalar(r);
    ASSERT_EQ(fast.sign_mask, plain.sign_mask) << "ray " << i;
    for (int a = 0; a < 3; ++a) {
      ASSERT_TRUE(same(fast.inv_dir[a], plain.inv_dir[a])) << "ray " << i << " axis " << a;
      ASSERT_TRUE(same(fast.origin_times_inv[a], plain.origin_times_inv[a])) << "ray " << i;
    }
    ++checked;
  }
  EXPECT_GT(checked, 45000);
}

}  // namespace
}  // namespace partlab
