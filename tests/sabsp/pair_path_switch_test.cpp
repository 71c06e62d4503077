// The pair search's path switched live, as the UI's departure toggles do mid-run: the exact leaf
// sweep on and off, the cached candidates on and off, the exact sweep's density and escape-rate
// thresholds, its best axis and its slabs. The pairs a finder keeps per leaf mean what the path
// that made them made them, so every switch must still give exactly brute force's pairs, from the
// step of the switch on.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/broadphase/synthetic_motion.h"

namespace partlab {
namespace {

using Switch = std::function<void(BspParams&)>;

constexpr int kSteps = 60;

// Brute force's pairs on each step of `kind` motion: the motion is the same for every switch, so
// its answers are computed once and compared with each switched run.
std::vector<std::vector<BoxPair>> BruteForcePairs(const char* kind) {
  SyntheticMotion motion({*ParseSyntheticKind(kind), 1000, 7});
  BruteForce brute;
  FrameDriver drive(brute);
  std::vector<std::vector<BoxPair>> pairs(kSteps);
  for (auto& want : pairs) {
    drive.Step(motion.frame(), want);
    std::sort(want.begin(), want.end());
    motion.Advance();
  }
  return pairs;
}

// `kind` motion through the BSP; before every seventh step (from step 4) `flip` changes the
// parameters, the same change each time.
void ExpectExactAcrossSwitches(const char* kind, const std::vector<std::vector<BoxPair>>& want,
                               const std::string& what, const Switch& flip) {
  SyntheticMotion motion({*ParseSyntheticKind(kind), 1000, 7});
  SemiAdjustingBsp bsp;
  FrameDriver drive_bsp(bsp);
  std::vector<BoxPair> got;
  for (int step = 0; step < kSteps; ++step) {
    if (step % 7 == 4) {
      BspParams p = bsp.params();
      flip(p);
      bsp.SetParams(p);
    }
    drive_bsp.Step(motion.frame(), got);
    std::sort(got.begin(), got.end());
    ASSERT_EQ(got, want[step]) << kind << ", " << what << ", step " << step;
    motion.Advance();
  }
}

TEST(PairPathSwitch, EveryPairPathParameterSwitchedMidRun) {
  const std::vector<std::pair<std::string, Switch>> switches = {
      {"exact leaf sweep", [](BspParams& p) { p.exact_leaf_sweep = !p.exact_leaf_sweep; }},
      {"three-axis leaf sweep (3.1's one direction when off)",
       [](BspParams& p) { p.leaf_sweep_all_axes = !p.leaf_sweep_all_axes; }},
      {"cached leaf pairs, exact sweep off",
       [](BspParams& p) {
         p.exact_leaf_sweep = false;
         p.cached_leaf_pairs = !p.cached_leaf_pairs;
       }},
      {"exact sweep density",
       [](BspParams& p) { p.exact_sweep_density = p.exact_sweep_density > 0 ? 0.0f : 0.5f; }},
      {"exact sweep escape rate",
       [](BspParams& p) {
         p.exact_sweep_escape_rate = p.exact_sweep_escape_rate > 0 ? 0.0f : 0.3f;
       }},
      {"best axis and slabs",
       [](BspParams& p) {
         p.exact_sweep_best_axis = !p.exact_sweep_best_axis;
         p.exact_sweep_slabs = p.exact_sweep_best_axis;
       }},
  };
  for (const char* kind : {"moving", "swarming", "raining"}) {
    const auto want = BruteForcePairs(kind);
    for (const auto& [what, flip] : switches) ExpectExactAcrossSwitches(kind, want, what, flip);
  }
}

}  // namespace
}  // namespace partlab
