// The generated game-motion traces (raining, swarming, bursting): the same seed gives the same
// frames, every box stays finite and inside the stated cube, and each kind shows the property it
// is named for, checked against quantities computed here independently of the generator (floors,
// distances, brute-force overlap counts).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

#include "engine/broadphase/synthetic_motion.h"

namespace partlab {
namespace {

constexpr SyntheticKind kGameKinds[] = {SyntheticKind::kRaining, SyntheticKind::kSwarming,
                                        SyntheticKind::kBursting};

bool SameBox(const Aabb& a, const Aabb& b) {
  for (int k = 0; k < 3; ++k)
    if (a.min[k] != b.min[k] || a.max[k] != b.max[k]) return false;
  return true;
}

// Overlapping pairs counted the obvious way (closed boxes, as the broad phases count them).
size_t BruteForceOverlaps(std::span<const Aabb> boxes) {
  size_t count = 0;
  for (size_t i = 0; i < boxes.size(); ++i)
    for (size_t j = i + 1; j < boxes.size(); ++j) {
      bool overlap = true;
      for (int k = 0; k < 3; ++k)
        overlap =
            overlap && boxes[i].min[k] <= boxes[j].max[k] && boxes[j].min[k] <= boxes[i].max[k];
      count += overlap;
    }
  return count;
}

glm::vec3 Centre(const Aabb& b) {
  return (b.min + b.max) * 0.5f;
}

TEST(GameMotion, NamesParseAndAreListed) {
  EXPECT_EQ(ParseSyntheticKind("raining"), SyntheticKind::kRaining);
  EXPECT_EQ(ParseSyntheticKind("swarming"), SyntheticKind::kSwarming);
  EXPECT_EQ(ParseSyntheticKind("bursting"), SyntheticKind::kBursting);
  EXPECT_FALSE(ParseSyntheticKind("rain"));
  for (const char* name : {"raining", "swarming", "bursting"})
    EXPECT_NE(SyntheticKindNames().find(name), std::string_view::npos) << name;
}

TEST(GameMotion, SameSeedSameFramesOtherSeedOtherFrames) {
  for (SyntheticKind kind : kGameKinds) {
    SyntheticMotion a({kind, 500, 7}), b({kind, 500, 7}), c({kind, 500, 8});
    bool all_same = true, any_differs_from_other_seed = false;
    for (int f = 0; f < 150; ++f) {
      for (uint32_t i = 0; i < a.box_count(); ++i) {
        all_same = all_same && SameBox(a.frame()[i], b.frame()[i]);
        any_differs_from_other_seed =
            any_differs_from_other_seed || !SameBox(a.frame()[i], c.frame()[i]);
      }
      a.Advance();
      b.Advance();
      c.Advance();
    }
    EXPECT_TRUE(all_same) << int(kind);
    EXPECT_TRUE(any_differs_from_other_seed) << int(kind);
  }
}

// Centres in [0, side]^3, half-extents the generator's [0.5, 1.5], every coordinate finite, over
// more than two bursting cycles.
TEST(GameMotion, BoxesStayFiniteAndInsideTheCube) {
  for (SyntheticKind kind : kGameKinds)
    for (uint32_t n : {1u, 300u, 2000u}) {
      SyntheticMotion m({kind, n, 3});
      const float side = m.world_side();
      EXPECT_NEAR(side, std::cbrt(64.0f * float(n)), 1e-3f);
      bool ok = true;
      for (uint32_t f = 0; f < 2 * kBurstCycle + 20 && ok; ++f, m.Advance())
        for (const Aabb& b : m.frame()) {
          const glm::vec3 c = Centre(b), h = (b.max - b.min) * 0.5f;
          for (int k = 0; k < 3; ++k)
            ok = ok && std::isfinite(b.min[k]) && std::isfinite(b.max[k]) && c[k] >= -1e-3f &&
                 c[k] <= side + 1e-3f && h[k] >= 0.5f - 1e-4f && h[k] <= 1.5f + 1e-4f;
          if (!ok) ADD_FAILURE() << "kind " << int(kind) << ", " << n << " boxes, frame " << f;
        }
    }
}

// Raining: no box ever goes below the floor y = 0; boxes do come to rest on it (bottom exactly
// 0); falling boxes accelerate (gravity) and resting ones leave again from the top.
TEST(GameMotion, RainingBoxesFallPileOnTheFloorAndRespawnAtTheTop) {
  SyntheticMotion m({SyntheticKind::kRaining, 1500, 5});
  const float side = m.world_side();
  std::vector<Aabb> previous(m.frame().begin(), m.frame().end());
  float lowest = 1e30f;
  size_t on_floor = 0, respawned = 0, accelerating = 0;
  std::vector<float> fall(previous.size(), 0.0f);  // last step's drop per box
  for (int f = 1; f < 300; ++f) {
    m.Advance();
    for (size_t i = 0; i < previous.size(); ++i) {
      const Aabb& b = m.frame()[i];
      lowest = std::min(lowest, b.min.y);
      on_floor += b.min.y == 0.0f;
      const float drop = previous[i].min.y - b.min.y;
      if (drop < -side * 0.25f) ++respawned;  // jumped up: back at the top
      if (drop > 0 && fall[i] > 0 && drop > fall[i] + 1e-4f)
        ++accelerating;  // faster than last step
      fall[i] = drop;
      previous[i] = b;
    }
  }
  EXPECT_GE(lowest, 0.0f);
  EXPECT_GT(on_floor, 0u);
  EXPECT_GT(respawned, 100u);
  EXPECT_GT(accelerating, 1000u);
}

// Swarming: boxes gather near their moving attractors (boxes uniform in the cube would be about
// half a side from the cube's centre, farther from any other point; here at most a quarter), the
// attractors do move, and the clusters are dense: more than twice the overlapping pairs of the same
// boxes spread by the 'uniform' kind.
TEST(GameMotion, SwarmingBoxesClusterAroundMovingAttractors) {
  const uint32_t n = 1000;
  SyntheticMotion m({SyntheticKind::kSwarming, n, 9});
  const glm::vec3 first_attractor = m.attractor_of(0);
  for (int f = 0; f < 200; ++f) m.Advance();
  double distance = 0;
  for (uint32_t i = 0; i < n; ++i)
    distance += glm::length(Centre(m.frame()[i]) - m.attractor_of(i));
  distance /= n;
  EXPECT_LT(distance, 0.25 * m.world_side());
  EXPECT_GT(glm::length(m.attractor_of(0) - first_attractor), 2.0f);
  SyntheticMotion uniform({SyntheticKind::kUniform, n, 9});
  EXPECT_GT(BruteForceOverlaps(m.frame()), 2 * BruteForceOverlaps(uniform.frame()));
}

// Bursting: still while at rest; during each burst's first steps the mean distance from the
// centre grows every step; back at the packed places at the next cycle's start, burst again.
TEST(GameMotion, BurstingBoxesRestThenFlyApartRepeatedly) {
  const uint32_t n = 800;
  SyntheticMotion m({SyntheticKind::kBursting, n, 4});
  const std::vector<Aabb> packed(m.frame().begin(), m.frame().end());
  auto mean_distance = [&] {
    double d = 0;
    for (const Aabb& b : m.frame()) d += glm::length(Centre(b) - m.burst_centre());
    return d / n;
  };
  for (int cycle = 0; cycle < 2; ++cycle) {
    for (uint32_t s = 1; s < kBurstRest; ++s) m.Advance();  // at rest
    for (uint32_t i = 0; i < n; ++i) ASSERT_TRUE(SameBox(m.frame()[i], packed[i])) << cycle;
    double before = mean_distance();
    const double at_rest = before;
    for (int s = 0; s < 15; ++s) {
      m.Advance();
      const double now = mean_distance();
      EXPECT_GT(now, before) << "cycle " << cycle << ", flight step " << s;
      before = now;
    }
    EXPECT_GT(before, 1.3 * at_rest);
    while (m.step() % kBurstCycle != 0) m.Advance();  // rest of the flight, then the return
    for (uint32_t i = 0; i < n; ++i) EXPECT_NEAR(m.frame()[i].min.x, packed[i].min.x, 1e-3f);
  }
  // The packed ball is dense: several overlaps per box, counted by brute force.
  EXPECT_GT(BruteForceOverlaps(packed), 2 * n);
}

}  // namespace
}  // namespace partlab
