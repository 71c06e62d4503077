// What the BSP's incremental-path tests share: heaps of resting boxes, a box shifted, and a fixture
// that steps the BSP and brute force on the same frames and checks, after every step, the exact
// pair set (no pair twice) and the tree's invariants.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"

namespace partlab {

// Heaps of four overlapping boxes of size 1 on a sparse jittered grid 3 apart: planes between the
// heaps cut nothing, so the tree can split (many leaves, many pairs).
inline std::vector<Aabb> HeapsOfFour(int n, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-0.3f, 0.3f);
  std::vector<Aabb> boxes;
  for (int i = 0; i < n; ++i) {
    const int heap = i / 4;
    const glm::vec3 base(float(heap % 8) * 3.0f, float(heap / 64) * 3.0f,
                         float((heap / 8) % 8) * 3.0f);
    boxes.push_back(
        Aabb::FromCenterHalf(base + glm::vec3(u(rng), u(rng), u(rng)), glm::vec3(0.5f)));
  }
  return boxes;
}

// A box moved by `d` (both corners).
inline Aabb Shifted(const Aabb& b, const glm::vec3& d) {
  return Aabb{b.min + d, b.max + d};
}

class BspAgainstBrute : public ::testing::Test {
 protected:
  explicit BspAgainstBrute(const BspParams& params)
      : bsp(params), drive_bsp(bsp), drive_brute(brute) {}

  // One step of both broad phases: the same pairs, none twice, and a valid tree.
  void Step(const std::vector<Aabb>& frame) {
    drive_bsp.Step(frame, got);
    drive_brute.Step(frame, want);
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    ASSERT_EQ(got, want) << "step " << step << ": " << got.size() << " vs " << want.size();
    ASSERT_TRUE(std::adjacent_find(got.begin(), got.end()) == got.end()) << "a pair twice";
    ASSERT_EQ(bsp.CheckInvariants(), "") << "step " << step;
    ++step;
  }
  // The operations the scheduler applied in the last step.
  uint32_t AppliedOps() const {
    uint32_t ops = 0;
    for (uint32_t a : bsp.last_stats().ops.applied) ops += a;
    return ops;
  }

  SemiAdjustingBsp bsp;
  BruteForce brute;
  FrameDriver drive_bsp, drive_brute;
  std::vector<BoxPair> got, want;
  int step = 0;
};

}  // namespace partlab
