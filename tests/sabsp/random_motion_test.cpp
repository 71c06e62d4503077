// Randomised motion over thousands of steps: after every step the BSP's pair set
// equals brute force's and the invariant checker passes, for several distributions including the
// degenerate ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/sabsp/bsp_invariants.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"

namespace partlab {
namespace {

enum class Layout {
  kUniform,    // boxes of varied sizes in a cube, random velocities
  kClustered,  // a few dense clusters
  kIdentical,  // every box the same
  kOnePlane,   // every box flat on y = 0, moving within the plane
  kSpanners,   // uniform plus a few boxes spanning everything
  kZeroSize,   // points (zero-size boxes), many coincident
  kChurn,      // uniform, with boxes added and removed mid-run
};

struct Scene {
  std::vector<glm::vec3> pos, vel, half;
  std::vector<bool> present;
};

Scene MakeScene(Layout layout, int n, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1, 1);
  Scene s;
  for (int i = 0; i < n; ++i) {
    glm::vec3 p(u(rng) * 20, u(rng) * 20, u(rng) * 20);
    glm::vec3 h(0.3f + 0.5f * (u(rng) + 1), 0.3f + 0.5f * (u(rng) + 1), 0.3f + 0.5f * (u(rng) + 1));
    glm::vec3 v(u(rng), u(rng), u(rng));
    switch (layout) {
      case Layout::kClustered: {
        const glm::vec3 centre = glm::vec3(float(i % 4) * 12 - 18, 0, float(i % 3) * 9);
        p = centre + glm::vec3(u(rng), u(rng), u(rng)) * 3.0f;
        break;
      }
      case Layout::kIdentical:
        p = glm::vec3(1, 2, 3);
        h = glm::vec3(0.5f);
        v = glm::vec3(0);
        break;
      case Layout::kOnePlane:
        p.y = 0;
        h.y = 0;
        v.y = 0;
        break;
      case Layout::kSpanners:
        if (i < 3) h = glm::vec3(40);
        break;
      case Layout::kZeroSize:
        h = glm::vec3(0);
        p = glm::round(p / 4.0f) * 4.0f;  // many coincident points
        v = glm::round(v);
        break;
      default:
        break;
    }
    s.pos.push_back(p);
    s.vel.push_back(v * 0.4f);
    s.half.push_back(h);
    s.present.push_back(true);
  }
  return s;
}

// Moves every box, bouncing inside the cube; the identical and zero-size layouts keep some stay.
void Advance(Scene& s, Layout layout, int step, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1, 1);
  for (size_t i = 0; i < s.pos.size(); ++i) {
    if (layout == Layout::kIdentical) {
      // All identical, all moving together now and then: degenerate for every cut.
      if (step % 50 == 0) s.pos[i] += glm::vec3(0.25f, 0, 0);
      continue;
    }
    s.vel[i] += glm::vec3(u(rng), layout == Layout::kOnePlane ? 0 : u(rng), u(rng)) * 0.05f;
    s.pos[i] += s.vel[i];
    for (int a = 0; a < 3; ++a) {
      if (std::abs(s.pos[i][a]) > 22) s.vel[i][a] = -s.vel[i][a];
    }
    if (layout == Layout::kZeroSize && step % 7 == 0) s.pos[i] = glm::round(s.pos[i]);
  }
  if (layout == Layout::kChurn) {
    std::uniform_int_distribution<size_t> pick(0, s.pos.size() - 1);
    for (int k = 0; k < 8; ++k) {
      const size_t i = pick(rng);
      s.present[i] = !s.present[i];
    }
    if (step % 100 == 0) {  // new ids appear too
      s.pos.push_back(glm::vec3(u(rng), u(rng), u(rng)) * 15.0f);
      s.vel.push_back(glm::vec3(u(rng), u(rng), u(rng)) * 0.3f);
      s.half.push_back(glm::vec3(0.7f));
      s.present.push_back(true);
    }
  }
}

std::vector<Aabb> Frame(const Scene& s) {
  std::vector<Aabb> frame(s.pos.size());
  for (size_t i = 0; i < s.pos.size(); ++i) {
    if (s.present[i]) frame[i] = Aabb::FromCenterHalf(s.pos[i], s.half[i]);
  }
  return frame;
}

// `ops_out`, when given, receives the operations applied and failed by type over the run.
// `min_ops`: operations the run must apply to count as having exercised the tree (0: no such
// requirement).
void RunAgainstBruteForce(Layout layout, int boxes, int steps, BspParams params = {},
                          OpCounters* ops_out = nullptr, uint32_t min_ops = 10,
                          MsClock clock = nullptr) {
  std::mt19937 rng(1234 + int(layout));
  Scene scene = MakeScene(layout, boxes, rng);
  SemiAdjustingBsp bsp(params);
  if (clock) bsp.set_clock(clock);
  // The tree invariants after every single operation, not only at the end of each step.
  std::string broken_by_op;
  bsp.set_op_observer([&](const OpRecord& r) {
    if (!broken_by_op.empty()) return;
    const std::string broken = CheckBspInvariants(bsp.tree());
    if (!broken.empty())
      broken_by_op = std::string(BspOpName(r.op)) + " #" + std::to_string(r.seq) + " (" +
                     r.outcome + "): " + broken;
  });
  BruteForce brute;
  FrameDriver drive_bsp(bsp), drive_brute(brute);
  std::vector<BoxPair> got, want;
  uint32_t ops = 0;
  OpCounters total;
  for (int step = 0; step < steps; ++step) {
    const std::vector<Aabb> frame = Frame(scene);
    drive_bsp.Step(frame, got);
    drive_brute.Step(frame, want);
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    ASSERT_EQ(got, want) << "step " << step << ": " << got.size() << " pairs vs " << want.size();
    const std::string broken = bsp.CheckInvariants();
    ASSERT_EQ(broken, "") << "step " << step;
    ASSERT_EQ(broken_by_op, "") << "step " << step;
    for (int k = 0; k < kBspOpCount; ++k) {
      ops += bsp.last_stats().ops.applied[k];
      total.applied[k] += bsp.last_stats().ops.applied[k];
      total.failed[k] += bsp.last_stats().ops.failed[k];
    }
    Advance(scene, layout, step, rng);
  }
  for (int k = 0; k < kBspOpCount; ++k) {
    std::printf("%s %u/%u  ", BspOpName(BspOp(k)), total.applied[k], total.failed[k]);
  }
  std::printf("| leaves %u depth %.1f/%u\n", bsp.last_stats().leaves, bsp.last_stats().mean_depth,
              bsp.last_stats().max_depth);
  // The scenario must have exercised the tree, not just a single leaf (except the identical boxes,
  // where no cut exists).
  if (layout != Layout::kIdentical) {
    if (min_ops > 0) {
      EXPECT_GT(ops, min_ops);
    }
  } else {
    EXPECT_EQ(bsp.last_stats().leaves, 1u);
  }
  if (ops_out) *ops_out = total;
}

BspParams SmallTree() {
  BspParams p;
  p.adaptive_split_threshold = false;
  p.split_threshold = 12;  // small leaves: deep trees and many operations on few boxes
  // Dense random boxes have no 2.5 % cut once fattened: the allowance keeps them splitting, and
  // short stretches keep boxes leaving leaves (merges), so that every operation runs (and the
  // allowance's own limits are exercised).
  p.overfull_allowance = true;
  p.predictive_cap = 1;
  return p;
}

// Every operation must have been exercised by the randomised runs, not just split.
void ExpectEveryOperation(const OpCounters& c, bool merge) {
  EXPECT_GT(c.applied[int(BspOp::kBalance)], 0u);
  EXPECT_GT(c.applied[int(BspOp::kShiftSplit)], 0u);
  EXPECT_GT(c.applied[int(BspOp::kSplit)], 0u);
  EXPECT_GT(c.applied[int(BspOp::kSwap)], 0u);
  if (merge) {
    EXPECT_GT(c.applied[int(BspOp::kMerge)], 0u);
  }
}

TEST(SabspRandomMotion, Uniform) {
  OpCounters ops;
  RunAgainstBruteForce(Layout::kUniform, 300, 1500, SmallTree(), &ops);
  ExpectEveryOperation(ops, false);
}
// The default profile: with its fat and predicted boxes, these fast random boxes straddle every
// plane at the thesis's 2.5 % limit, and without the overfull allowance (off by default) its tree
// may stay one leaf: the run checks its pairs and invariants (min_ops 0). Points, some coincident,
// some moving, do make the defaults split, merge and balance.
TEST(SabspRandomMotion, UniformDefaults) {
  RunAgainstBruteForce(Layout::kUniform, 1000, 300, BspParams{}, nullptr, 0);
}
TEST(SabspRandomMotion, ZeroSizeDefaults) {
  RunAgainstBruteForce(Layout::kZeroSize, 1000, 300);
}
TEST(SabspRandomMotion, Clustered) {
  RunAgainstBruteForce(Layout::kClustered, 300, 1500, SmallTree());
}
TEST(SabspRandomMotion, Identical) {
  RunAgainstBruteForce(Layout::kIdentical, 60, 500, SmallTree());
}
TEST(SabspRandomMotion, OnePlane) {
  RunAgainstBruteForce(Layout::kOnePlane, 300, 1500, SmallTree());
}
// The default parameters store fat boxes (BspParams::fat_margin). These runs store the exact
// boxes, as the thesis does: every moved box migrates and every leaf is re-swept.
BspParams ExactBoxes(BspParams p) {
  p.fat_margin = 0;
  return p;
}

TEST(SabspRandomMotion, Spanners) {
  RunAgainstBruteForce(Layout::kSpanners, 300, 1500, ExactBoxes(SmallTree()));
}
// With fat boxes the spanners' boxes grow by 8 units: the tree is exercised less (fewer boxes
// migrate, so fewer events), but the pair set must stay exact.
TEST(SabspRandomMotion, SpannersFatBoxes) {
  RunAgainstBruteForce(Layout::kSpanners, 300, 1500, SmallTree(), nullptr, 5);
}
TEST(SabspRandomMotion, UniformExactBoxes) {
  OpCounters ops;
  // Every exact box moves every step, so every leaf counts as moving and would split only past
  // moving_leaf_scale times t: one threshold, so that leaves of 12 keep splitting.
  BspParams p = ExactBoxes(SmallTree());
  p.moving_leaf_scale = 1;
  RunAgainstBruteForce(Layout::kUniform, 300, 1500, p, &ops);
  ExpectEveryOperation(ops, false);
}
TEST(SabspRandomMotion, AddedAndRemovedExactBoxes) {
  RunAgainstBruteForce(Layout::kChurn, 300, 2000, ExactBoxes(SmallTree()));
}
TEST(SabspRandomMotion, ZeroSize) {
  RunAgainstBruteForce(Layout::kZeroSize, 300, 1500, SmallTree());
}
TEST(SabspRandomMotion, AddedAndRemoved) {
  OpCounters ops;
  // Churning boxes count as moving everywhere: one threshold, so that leaves of 12 keep every
  // operation busy (the moving leaves have their own test, moving_leaves_test.cpp).
  BspParams p = SmallTree();
  p.moving_leaf_scale = 1;
  RunAgainstBruteForce(Layout::kChurn, 300, 2000, p, &ops);
  ExpectEveryOperation(ops, true);
}

TEST(SabspRandomMotion, RelaxedDirectionsAndManyOpsPerCycle) {
  BspParams p = SmallTree();
  p.relax_directions = true;
  p.ops_per_cycle_max = 16;
  p.verify_interval = 3;
  RunAgainstBruteForce(Layout::kUniform, 300, 1000, p);
}

// The thesis's profile (BspParams::Thesis(), registered as sabsp_thesis) on the same scenes: exact
// boxes, every leaf swept, the thesis's balance, cut rule and scheduling. Its merge budget runs on
// a clock that advances a fixed 0.05 ms per reading, so the runs are reproducible.
double TickingClock() {
  static double now = 0;
  return now += 0.05;
}

BspParams ThesisSmallTree() {
  BspParams p = BspParams::Thesis();
  p.adaptive_split_threshold = false;
  p.split_threshold = 12;
  return p;
}

TEST(SabspThesisRandomMotion, Uniform) {
  OpCounters ops;
  RunAgainstBruteForce(Layout::kUniform, 300, 800, ThesisSmallTree(), &ops, 10, &TickingClock);
  ExpectEveryOperation(ops, false);
}
TEST(SabspThesisRandomMotion, UniformThesisThreshold) {
  RunAgainstBruteForce(Layout::kUniform, 1000, 300, BspParams::Thesis(), nullptr, 10,
                       &TickingClock);
}
TEST(SabspThesisRandomMotion, Clustered) {
  RunAgainstBruteForce(Layout::kClustered, 300, 800, ThesisSmallTree(), nullptr, 10, &TickingClock);
}
TEST(SabspThesisRandomMotion, Identical) {
  RunAgainstBruteForce(Layout::kIdentical, 60, 500, ThesisSmallTree(), nullptr, 10, &TickingClock);
}
TEST(SabspThesisRandomMotion, OnePlane) {
  RunAgainstBruteForce(Layout::kOnePlane, 300, 800, ThesisSmallTree(), nullptr, 10, &TickingClock);
}
TEST(SabspThesisRandomMotion, Spanners) {
  RunAgainstBruteForce(Layout::kSpanners, 300, 800, ThesisSmallTree(), nullptr, 10, &TickingClock);
}
TEST(SabspThesisRandomMotion, ZeroSize) {
  RunAgainstBruteForce(Layout::kZeroSize, 300, 800, ThesisSmallTree(), nullptr, 10, &TickingClock);
}
TEST(SabspThesisRandomMotion, AddedAndRemoved) {
  OpCounters ops;
  RunAgainstBruteForce(Layout::kChurn, 300, 1000, ThesisSmallTree(), &ops, 10, &TickingClock);
  ExpectEveryOperation(ops, false);  // merge has its own test (thesis_profile_test.cpp)
}

}  // namespace
}  // namespace partlab
