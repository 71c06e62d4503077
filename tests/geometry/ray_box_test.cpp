// The slab test (Owen 1998, cited by the octree paper's traversal), exact and fast variants.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace partlab
