// The exact leaf sweep (BspParams::exact_leaf_sweep, bsp_pairs.h): each leaf where a box moved is
// swept on the exact boxes, and a leaf where nothing moved hands on last step's pairs. Every step
// is checked against brute force and the tree's invariants: resting heaps (everything handed on),
// heaps where only some boxes move, boxes straddling planes (the canonical rule on handed-on
// pairs) while operations rebuild leaves, and boxes added and removed among resting ones.
#include <random>
#include <vector>

#include "tests/sabsp/bsp_against_brute.h"

namespace partlab {
namespace {

BspParams SmallLeaves() {
  BspParams p;  // our profile: the exact leaf sweep is on
  p.adaptive_split_threshold = false;
  p.split_threshold = 12;         // many leaves for few boxes
  p.exact_sweep_density = 0;      // every leaf on the exact sweep, however sparse
  p.exact_sweep_escape_rate = 0;  // and however still its boxes
  return p;
}

class ExactLeafSweep : public BspAgainstBrute {
 protected:
  ExactLeafSweep() : BspAgainstBrute(SmallLeaves()) {}
};

TEST_F(ExactLeafSweep, RestingBoxesHandOnEveryLeafsPairs) {
  std::mt19937 rng(3);
  const std::vector<Aabb> frame = HeapsOfFour(600, rng);
  for (int i = 0; i < 100; ++i) Step(frame);
  bsp.Rebuild();
  ASSERT_GT(bsp.last_stats().leaves, 8u);
  ASSERT_GT(want.size(), 400u);
  int quiet_steps = 0;
  for (int s = 0; s < 40; ++s) {
    Step(frame);  // nothing moves: FrameDriver issues no Move at all
    if (AppliedOps() != 0) continue;
    EXPECT_EQ(bsp.last_stats().swept_leaves, 0u) << "step " << step;
    ++quiet_steps;
  }
  EXPECT_GT(quiet_steps, 30);
}

// One heap in eight jitters (inside its fat boxes): its leaves are swept again, the others hand
// on their pairs, and the pairs inside the jittering heaps appear and vanish exactly.
TEST_F(ExactLeafSweep, OnlyLeavesWithMovingBoxesAreSwept) {
  std::mt19937 rng(5);
  std::vector<Aabb> frame = HeapsOfFour(600, rng);
  const std::vector<Aabb> rest = frame;
  for (int i = 0; i < 100; ++i) Step(frame);
  bsp.Rebuild();
  std::uniform_real_distribution<float> jitter(-0.02f, 0.02f);
  bool some_leaves_handed_on = false;
  for (int s = 0; s < 60; ++s) {
    for (size_t i = 0; i < frame.size(); ++i) {
      if ((i / 4) % 8 == 0) frame[i] = Shifted(rest[i], glm::vec3(jitter(rng), 0, jitter(rng)));
    }
    Step(frame);
    const BspStepStats& st = bsp.last_stats();
    EXPECT_GT(st.swept_leaves, 0u) << "step " << step;
    some_leaves_handed_on |= st.swept_leaves < st.leaves;
  }
  EXPECT_TRUE(some_leaves_handed_on);
}

// Long boxes straddling many planes (pairs found in several leaves, the canonical rule decides)
// among resting heaps, moving slowly while operations rebuild the leaves around them.
TEST_F(ExactLeafSweep, StraddlingBoxesAcrossOperations) {
  std::mt19937 rng(11);
  std::vector<Aabb> frame = HeapsOfFour(400, rng);
  for (int k = 0; k < 12; ++k) {
    const float z = 1.5f + 3.0f * float(k % 6);
    frame.push_back(
        Aabb{glm::vec3(-1, 0.2f * float(k), z), glm::vec3(22, 0.2f * float(k) + 0.5f, z + 0.4f)});
  }
  uint32_t ops = 0;
  for (int s = 0; s < 150; ++s) {
    for (size_t i = 400; i < frame.size(); ++i) {
      const float dz = (s / 30) % 2 == 0 ? 0.05f : -0.05f;
      frame[i] = Shifted(frame[i], glm::vec3(0, 0, dz));
    }
    Step(frame);
    ops += AppliedOps();
  }
  EXPECT_GT(ops, 0u);  // the scene did exercise the operations
}

// Boxes removed and added back among resting ones: the leaves they leave or enter are swept,
// the others hand on.
TEST_F(ExactLeafSweep, AddAndRemoveAmongRestingBoxes) {
  std::mt19937 rng(9);
  std::vector<Aabb> frame = HeapsOfFour(400, rng);
  const std::vector<Aabb> full = frame;
  for (int i = 0; i < 60; ++i) Step(frame);
  for (int s = 0; s < 40; ++s) {
    const size_t i = (size_t(s / 2) * 37) % frame.size();  // removed, then added back
    frame[i] = s % 2 == 0 ? Aabb{} : full[i];              // an empty box is absent (FrameDriver)
    Step(frame);
  }
}

// Our profile's default threshold (BspParams::exact_sweep_density): dense leaves take the exact
// sweep, sparse ones the cached candidates. Heaps spread apart and gather again, so leaves cross
// the threshold both ways (each switch rebuilds the leaf's pairs in the other path).
TEST_F(ExactLeafSweep, LeavesSwitchBetweenCandidatesAndExactSweep) {
  BspParams p = SmallLeaves();
  p.exact_sweep_density = BspParams{}.exact_sweep_density;
  ASSERT_GT(p.exact_sweep_density, 0.0f);
  bsp.SetParams(p);
  std::mt19937 rng(13);
  const std::vector<Aabb> packed = HeapsOfFour(400, rng);
  std::vector<glm::vec3> away(packed.size());
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (glm::vec3& d : away) d = glm::vec3(u(rng), u(rng), u(rng)) * 2.5f;
  std::vector<Aabb> frame = packed;
  size_t fewest = SIZE_MAX, most = 0;
  for (int s = 0; s < 160; ++s) {
    const float phase = float(s % 40) / 20.0f;  // 0 -> 1 -> 2: packed, spread, packed
    const float spread = phase <= 1.0f ? phase : 2.0f - phase;
    for (size_t i = 0; i < frame.size(); ++i) frame[i] = Shifted(packed[i], away[i] * spread);
    Step(frame);
    fewest = std::min(fewest, want.size()), most = std::max(most, want.size());
  }
  EXPECT_LT(fewest * 3, most);  // the scene did go from dense to sparse and back
}

// Our profile's escape condition (BspParams::exact_sweep_escape_rate): in a pile whose boxes
// jitter inside their fat boxes, every leaf would be re-swept each step on the exact path; with
// the condition the leaves go over to the cached candidates and no leaf is swept at all, and the
// pairs stay brute force's every step. Without the condition (0) the same pile keeps sweeping.
TEST_F(ExactLeafSweep, JitteringPilesLeaveTheExactSweep) {
  std::mt19937 rng(21);
  const std::vector<Aabb> pile = HeapsOfFour(400, rng);
  std::uniform_real_distribution<float> jitter(-0.004f, 0.004f);  // well inside a 3 % margin
  for (float rate : {0.0f, BspParams{}.exact_sweep_escape_rate}) {
    BspParams p = SmallLeaves();
    p.exact_sweep_density = BspParams{}.exact_sweep_density;
    p.exact_sweep_escape_rate = rate;
    bsp.SetParams(p);
    uint32_t swept_late = 0;
    for (int s = 0; s < 60; ++s) {
      std::vector<Aabb> frame = pile;
      for (Aabb& b : frame) b = Shifted(b, glm::vec3(jitter(rng), jitter(rng), jitter(rng)));
      Step(frame);
      if (s >= 40) swept_late += bsp.last_stats().swept_leaves;
    }
    if (rate > 0) {
      EXPECT_EQ(swept_late, 0u) << "a resting pile's leaves should reuse their candidates";
    } else {
      EXPECT_GT(swept_late, 0u) << "without the condition the jittering leaves are re-swept";
    }
  }
}

// The same condition's limit (BspPairFinder::kMaxCandidateExcess): rows of boxes that overlap
// their neighbours along x and stand a hair apart along y and z, closer than their fat margins,
// jittering inside their fat boxes. Few of them escape, so the escape condition alone would send
// the leaves to the cached candidates, and those candidates (every fat neighbour, up to 13 a box)
// are several times the pairs (one or two a box). Such leaves stay on the exact sweep: late in
// the run the candidates tested are about the pairs, and the pairs are brute force's every step.
TEST_F(ExactLeafSweep, StillRowsWithManyFatNeighboursStayExact) {
  BspParams p = SmallLeaves();
  p.exact_sweep_density = BspParams{}.exact_sweep_density;
  p.exact_sweep_escape_rate = BspParams{}.exact_sweep_escape_rate;
  bsp.SetParams(p);
  std::vector<Aabb> rows;
  for (int z = 0; z < 6; ++z)
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 16; ++x)  // x: 0.9 apart, overlapping; y, z: 0.01 gaps
        rows.push_back(Aabb::FromCenterHalf(
            glm::vec3(float(x) * 0.9f, float(y) * 1.01f, float(z) * 1.01f), glm::vec3(0.5f)));
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> jitter(-0.001f, 0.001f);
  uint64_t late_candidates = 0, late_pairs = 0;
  for (int s = 0; s < 60; ++s) {
    std::vector<Aabb> frame = rows;
    for (Aabb& b : frame) b = Shifted(b, glm::vec3(jitter(rng), jitter(rng), jitter(rng)));
    Step(frame);
    if (s >= 40) late_candidates += bsp.last_stats().candidates, late_pairs += want.size();
  }
  ASSERT_GT(late_pairs, 20u * 500u);  // about one pair a box along x
  EXPECT_LT(double(late_candidates), 1.3 * double(late_pairs))
      << "leaves with far more fat candidates than pairs should keep the exact sweep";
}

// The same limit on a sparse scene: boxes flying fast in one large leaf, few of them touching, each
// with a fat box stretched along its motion (predictive fattening): the candidates are many times
// the pairs and several per entry, so however sparse the leaf (under the density threshold), it
// takes the exact sweep, and the pairs are brute force's every step.
TEST(ExactSweepCandidateLimit, SparseFastBoxesTakeTheExactSweep) {
  BspParams p;  // our profile, as the registry's `sabsp`
  p.adaptive_split_threshold = false;
  p.split_threshold = 1024;  // one leaf
  class Run : public BspAgainstBrute {
   public:
    explicit Run(const BspParams& params) : BspAgainstBrute(params) {}
    void TestBody() override {}
    using BspAgainstBrute::bsp, BspAgainstBrute::Step, BspAgainstBrute::want;
  } run(p);
  // Unit boxes flying diagonally through a 40-wide cube, most of a size per step along every
  // axis: their predicted fat boxes are several sizes long on all three.
  std::mt19937 rng(41);
  std::uniform_real_distribution<float> u(0.0f, 40.0f), speed(0.6f, 0.9f);
  std::vector<glm::vec3> centre(600), velocity(centre.size());
  for (size_t i = 0; i < centre.size(); ++i) {
    centre[i] = glm::vec3(u(rng), u(rng), u(rng));
    for (int a = 0; a < 3; ++a) velocity[i][a] = (rng() % 2 ? 1.0f : -1.0f) * speed(rng);
  }
  std::vector<Aabb> frame(centre.size());
  uint64_t late_candidates = 0, late_pairs = 0;
  for (int s = 0; s < 60; ++s) {
    for (size_t i = 0; i < centre.size(); ++i) {
      centre[i] += velocity[i];
      for (int a = 0; a < 3; ++a)
        if (centre[i][a] < 0 || centre[i][a] > 40) velocity[i][a] = -velocity[i][a];
      frame[i] = Aabb::FromCenterHalf(centre[i], glm::vec3(0.5f));
    }
    run.Step(frame);
    ASSERT_EQ(run.bsp.last_stats().leaves, 1u);
    if (s >= 40) late_candidates += run.bsp.last_stats().candidates, late_pairs += run.want.size();
  }
  ASSERT_LT(late_pairs, 20u * 600u / 4u);  // sparse: under a quarter of a pair per box
  EXPECT_LT(double(late_candidates), 1.3 * double(late_pairs) + 20.0 * 20.0)
      << "a sparse leaf whose candidates are many per entry should take the exact sweep";
}

// One leaf of boxes that stream past each other (half move one way along x, half the other, a
// size every two steps): the predicted fat boxes (BspParams::predictive_steps) keep them in place
// in the stored list for several steps while the exact boxes cross, so the exact order is far
// from the stored one and the leaf's exact sort goes over from the insertion sort to the radix
// sort, here with an odd number of passes (its result in the other buffer). Every step's pairs are
// brute force's.
TEST_F(ExactLeafSweep, OneLeafWhoseBoxesStreamPastEachOther) {
  BspParams p = SmallLeaves();
  p.split_threshold = 1024;  // one leaf: no split for 600 boxes
  bsp.SetParams(p);
  std::mt19937 rng(31);
  std::uniform_real_distribution<float> u(0.0f, 20.0f);
  std::vector<glm::vec3> centre(600), velocity(centre.size());
  for (size_t i = 0; i < centre.size(); ++i) {
    // From x = 64 on, every low end shares its float's top byte: the radix sort skips that pass.
    centre[i] = glm::vec3(65.0f + u(rng), u(rng) * 0.25f, u(rng) * 0.25f);
    velocity[i] = glm::vec3(i % 2 ? 0.5f : -0.5f, 0, 0);
  }
  std::vector<Aabb> frame(centre.size());
  for (int s = 0; s < 40; ++s) {
    for (size_t i = 0; i < centre.size(); ++i) {
      centre[i] += velocity[i];
      if (centre[i].x < 65 || centre[i].x > 85) velocity[i] = -velocity[i];
      frame[i] = Aabb::FromCenterHalf(centre[i], glm::vec3(0.5f));
    }
    Step(frame);
    ASSERT_EQ(bsp.last_stats().leaves, 1u);
  }
  EXPECT_GT(want.size(), 1000u);
}

// A leaf whose boxes lie in a slab thin along its sort direction (the root's: x) and long along
// z (BspParams::exact_sweep_best_axis): swept along z, where each box's window holds a few boxes
// instead of the whole slab; without the departure, along x. Both give brute force's pairs.
TEST(ExactSweepDirection, ThinSlabIsSweptAlongItsLength) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> across(0.0f, 1.0f), along(0.0f, 100.0f);
  std::vector<Aabb> boxes;
  for (int i = 0; i < 500; ++i)
    boxes.push_back(
        Aabb::FromCenterHalf(glm::vec3(across(rng), across(rng) * 4, along(rng)), glm::vec3(0.5f)));
  std::vector<BoxPair> want;
  BruteForce brute;
  FrameDriver(brute).Step(boxes, want);
  std::sort(want.begin(), want.end());
  for (bool best_axis : {true, false}) {
    BspTree tree;
    for (BoxId id = 0; id < boxes.size(); ++id) tree.AddBox(id, boxes[id]);
    tree.SortLeaves();
    ASSERT_EQ(tree.node(tree.root()).sort_dir, 0);  // the root's list is sorted on x
    BspPairFinder finder;
    std::vector<BoxPair> got;
    finder.FindExactPairs(tree, got, 0, 0, best_axis);
    EXPECT_EQ(finder.sweep_direction(tree.root()), best_axis ? 3 : 0);
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, want) << (best_axis ? "along z" : "along x");
  }
  EXPECT_GT(want.size(), 500u);
}

}  // namespace
}  // namespace partlab
