// The motion family: tuning and held-out seeds are disjoint and the report plan draws only
// held-out ones; the same seed gives the same frames; every box stays finite and inside the stated
// world; and each parameter shows in the frames as the header says (measured here from the boxes,
// independently of the generator's internals).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "engine/broadphase/motion_family.h"

namespace partlab {
namespace {

TEST(MotionFamily, TuningAndHeldOutSeedsAreDisjoint) {
  const auto tuning = FamilySeeds(SeedSet::kTuning), held = FamilySeeds(SeedSet::kHeldOut);
  ASSERT_FALSE(tuning.empty());
  ASSERT_FALSE(held.empty());
  const std::set<uint32_t> t(tuning.begin(), tuning.end());
  EXPECT_EQ(t.size(), tuning.size());
  for (uint32_t s : held) EXPECT_FALSE(t.contains(s)) << s;
}

TEST(MotionFamily, ReportPlanUsesOnlyHeldOutSeeds) {
  const auto held = FamilySeeds(SeedSet::kHeldOut);
  const auto plan = FamilyPlan(*ParseSeedSet("heldout"), 0, 1000, 50000);
  EXPECT_EQ(plan.size(), held.size());
  for (const auto& p : plan) {
    EXPECT_NE(std::find(held.begin(), held.end(), p.seed), held.end()) << p.seed;
    EXPECT_GE(p.boxes, 1000u);
    EXPECT_LE(p.boxes, 50000u);
  }
  EXPECT_EQ(FamilyPlan(SeedSet::kHeldOut, 5, 1000, 2000).size(), 5u);
}

// The draws cover the family: every size spread, speed profile, flat and 3-D among 64 traces.
TEST(MotionFamily, PlanSpansEveryParameter) {
  std::set<int> sizes, speeds, flat;
  for (const auto& p : FamilyPlan(SeedSet::kHeldOut, 0, 1000, 50000)) {
    sizes.insert(int(p.sizes));
    speeds.insert(int(p.speed));
    flat.insert(p.flat);
  }
  EXPECT_EQ(sizes.size(), 3u);
  EXPECT_EQ(speeds.size(), 5u);
  EXPECT_EQ(flat.size(), 2u);
}

bool SameFrame(std::span<const Aabb> a, std::span<const Aabb> b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].min != b[i].min || a[i].max != b[i].max) return false;
  return true;
}

MotionFamilyParams Trace(SpeedProfile speed, SizeSpread sizes, bool flat, bool clustered) {
  MotionFamilyParams p;
  p.boxes = 1500;
  p.speed = speed;
  p.sizes = sizes;
  p.flat = flat;
  p.clustered = clustered;
  p.seed = 5;
  return p;
}

TEST(MotionFamily, DeterministicFiniteAndInsideTheWorld) {
  for (SpeedProfile speed : kAllSpeedProfiles)
    for (SizeSpread sizes : kAllSizeSpreads)
      for (bool flat : {false, true}) {
        const auto p = Trace(speed, sizes, flat, !flat);
        FamilyMotion a(p), b(p);
        for (int f = 0; f < 70; ++f) {  // past the ballistic trace's first burst
          ASSERT_TRUE(SameFrame(a.frame(), b.frame())) << Describe(p) << " frame " << f;
          for (const Aabb& box : a.frame()) {
            const glm::vec3 c = (box.min + box.max) * 0.5f;
            for (int k = 0; k < 3; ++k) {
              ASSERT_TRUE(std::isfinite(box.min[k]) && std::isfinite(box.max[k]));
              ASSERT_GE(c[k], -1e-3f * a.extent()[k]) << Describe(p);
              ASSERT_LE(c[k], a.extent()[k] * 1.001f) << Describe(p);
            }
          }
          a.Advance();
          b.Advance();
        }
      }
}

// Mean centre displacement per step in mean box sizes, over frames 1-10.
double MeanSpeed(const MotionFamilyParams& p) {
  FamilyMotion m(p);
  std::vector<Aabb> last(m.frame().begin(), m.frame().end());
  double sum = 0;
  for (int f = 0; f < 10; ++f) {
    m.Advance();
    for (size_t i = 0; i < last.size(); ++i) {
      const glm::vec3 d = (m.frame()[i].min - last[i].min);
      sum += std::sqrt(double(d.x * d.x + d.y * d.y + d.z * d.z));
    }
    last.assign(m.frame().begin(), m.frame().end());
  }
  return sum / (10.0 * double(last.size()) * m.mean_size());
}

TEST(MotionFamily, SpeedProfilesAreOrderedAsNamed) {
  const auto speed = [](SpeedProfile s) {
    return MeanSpeed(Trace(s, SizeSpread::kUniform, false, false));
  };
  const double resting = speed(SpeedProfile::kResting), jitter = speed(SpeedProfile::kJitter),
               flow = speed(SpeedProfile::kFlow), ballistic = speed(SpeedProfile::kBallistic);
  EXPECT_LT(resting, 0.01);
  EXPECT_GT(jitter, 0.02);
  EXPECT_GT(flow, jitter);
  EXPECT_GT(ballistic, 3 * flow);
}

// Few-huge: about one box in a hundred at least ten times the median edge; uniform: none.
TEST(MotionFamily, SizeSpreadsShowInTheBoxes) {
  const auto huge_share = [](SizeSpread s) {
    FamilyMotion m(Trace(SpeedProfile::kResting, s, false, false));
    std::vector<float> edges;
    for (const Aabb& b : m.frame()) edges.push_back(b.max.x - b.min.x);
    std::vector<float> sorted = edges;
    std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
    const float median = sorted[sorted.size() / 2];
    return double(std::count_if(edges.begin(), edges.end(),
                                [&](float e) { return e > 10 * median; })) /
           double(edges.size());
  };
  EXPECT_EQ(huge_share(SizeSpread::kUniform), 0.0);
  EXPECT_GT(huge_share(SizeSpread::kFewHuge), 0.003);
  EXPECT_LT(huge_share(SizeSpread::kFewHuge), 0.02);
  EXPECT_GT(huge_share(SizeSpread::kLogNormal), 0.0);
}

// Flat: the world is a few boxes thick.
TEST(MotionFamily, FlatWorldsAreThin) {
  FamilyMotion flat(Trace(SpeedProfile::kFlow, SizeSpread::kUniform, true, false));
  EXPECT_LT(flat.extent().y, 0.1f * flat.extent().x);
  FamilyMotion cube(Trace(SpeedProfile::kFlow, SizeSpread::kUniform, false, false));
  EXPECT_EQ(cube.extent().x, cube.extent().y);
}

}  // namespace
}  // namespace partlab
