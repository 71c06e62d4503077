// The thesis's pair search (semi-adjusting-bsp.txt 3.1; BspParams::leaf_sweep_all_axes off in
// sabsp_thesis) on small versions of the thesis's four simulations: per step, the candidates it
// counts are the pairs of boxes whose intervals on their leaf's direction overlap, counted here by
// brute force over every two entries of every leaf with intervals projected afresh; and the pairs
// it reports after the exact stage are brute force's.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <span>
#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/sabsp/projection.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "tests/scenes/scene_test_util.h"

namespace partlab {
namespace {

// 3.1 by brute force: every two entries of a leaf whose intervals on the leaf's direction overlap
// (closed intervals, as the exact test), over every leaf.
uint64_t OneDirectionOverlaps(const BspTree& tree) {
  uint64_t count = 0;
  const std::span<const BspNode> nodes = tree.nodes();
  for (size_t n = 0; n < nodes.size(); ++n) {
    if (!nodes[n].alive || !nodes[n].IsLeaf()) continue;
    const glm::vec3& dir = tree.direction(nodes[n].sort_dir);
    const std::span<const LeafEntry> list = tree.leaf(NodeId(n));
    for (size_t i = 0; i < list.size(); ++i) {
      const Interval a = ProjectAabb(tree.exact_box(list[i].id), dir);
      for (size_t j = i + 1; j < list.size(); ++j) {
        const Interval b = ProjectAabb(tree.exact_box(list[j].id), dir);
        count += a.lo <= b.hi && b.lo <= a.hi;
      }
    }
  }
  return count;
}

// The merge budget (5.2.1) on a clock that advances per reading: the same every run.
double SteadyClock() {
  static double now = 0;
  return now += 0.05;
}

class ThesisPairSearch : public ::testing::TestWithParam<int> {};

TEST_P(ThesisPairSearch, CandidatesAreOneDirectionOverlapsAndPairsAreExact) {
  const int number = GetParam();
  // The scene's frames, as its physics (with brute force as broad phase) produced them.
  auto scene = testing::MakeSmallScene(number, "brute", 300);
  ASSERT_NE(scene, nullptr);
  std::vector<std::vector<Aabb>> frames;
  scene->world().SetFrameObserver([&](std::span<const Aabb> frame, std::span<const BoxPair>) {
    frames.emplace_back(frame.begin(), frame.end());
  });
  const int steps = 2 * testing::StepsToSee(number);
  for (int s = 0; s < steps; ++s) scene->Step();
  ASSERT_EQ(frames.size(), size_t(steps));

  SemiAdjustingBsp bsp(BspParams::Thesis(), "sabsp_thesis");
  bsp.set_clock(&SteadyClock);
  BruteForce brute;
  FrameDriver drive(bsp), drive_brute(brute);
  std::vector<BoxPair> got, want;
  uint64_t candidates = 0, pairs = 0;
  for (size_t f = 0; f < frames.size(); ++f) {
    drive.Step(frames[f], got);
    drive_brute.Step(frames[f], want);
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    ASSERT_EQ(got, want) << "scene " << number << " step " << f;
    const BspStepStats& stats = bsp.last_stats();
    ASSERT_EQ(stats.candidates, OneDirectionOverlaps(bsp.tree()))
        << "scene " << number << " step " << f;
    ASSERT_EQ(stats.exact_tests, stats.candidates);  // the exact stage tests every candidate
    ASSERT_EQ(stats.pairs, want.size());
    candidates += stats.candidates;
    pairs += want.size();
  }
  // The scene made the tree and the stage work: the root was split, and candidates the exact test
  // turned down (the one-direction sweep hands on more than the pairs).
  EXPECT_GT(bsp.last_stats().leaves, 1u) << "scene " << number;
  EXPECT_GT(candidates, pairs) << "scene " << number;
  EXPECT_GT(pairs, 0u) << "scene " << number;
}

INSTANTIATE_TEST_SUITE_P(ThesisScenes, ThesisPairSearch, ::testing::Values(1, 2, 3, 4));

}  // namespace
}  // namespace partlab
