// Larger leaves where the boxes move (BspParams::moving_leaf_scale, BspNode::motion): a swarm of
// boxes that wander a box size per step beside a resting field of heaps. The swarm's leaves count
// as moving and grow past t, up to moving_leaf_scale times t; the resting heaps keep leaves of at
// most t, as 6.1's single threshold gives. With the departure off (scale 1) every leaf stays at
// most t, and their motion is still measured. Every step's pairs are brute force's and the tree's
// invariants hold.
#include <random>
#include <vector>

#include "tests/sabsp/bsp_against_brute.h"

namespace partlab {
namespace {

constexpr int kSwarm = 512;  // boxes 0 .. 511 wander; 512 .. 1023 rest
constexpr int kBoxes = 1024;
constexpr float kSide = 320.0f;

BspParams WithScale(float scale) {
  BspParams p;  // our profile: t = sqrt(1024) = 32
  p.moving_leaf_scale = scale;
  return p;
}

// The swarm in a cube of side 320 at the origin, sparse enough that planes between leaves of t or
// of 4 t boxes cut fewer than 2.5 % of their fat boxes (6.1's redundancy limit); the heaps of four
// past it along x.
std::vector<Aabb> StartFrame(std::mt19937& rng) {
  std::uniform_real_distribution<float> u(0.0f, kSide);
  std::vector<Aabb> frame;
  for (int i = 0; i < kSwarm; ++i)
    frame.push_back(Aabb::FromCenterHalf(glm::vec3(u(rng), u(rng), u(rng)), glm::vec3(0.5f)));
  for (const Aabb& b : HeapsOfFour(kBoxes - kSwarm, rng))
    frame.push_back(Shifted(b, glm::vec3(kSide + 10, 0, 0)));
  return frame;
}

// Each swarm box steps a tenth of its size in a random direction, turned back at the cube's faces:
// its fat box, stretched along its last step, does not contain the next one about half the time.
void Wander(std::vector<Aabb>& frame, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-0.1f, 0.1f);
  for (int i = 0; i < kSwarm; ++i) {
    glm::vec3 c = frame[size_t(i)].Center() + glm::vec3(u(rng), u(rng), u(rng));
    c = glm::clamp(c, glm::vec3(0.0f), glm::vec3(kSide));
    frame[size_t(i)] = Aabb::FromCenterHalf(c, glm::vec3(0.5f));
  }
}

struct LeafShape {
  uint32_t largest_swarm_leaf = 0, largest_resting_leaf = 0;
  float least_swarm_motion = 1, most_resting_motion = 0;
};

// Leaves holding only swarm boxes or only resting ones, their largest population and motion.
LeafShape Shape(const SemiAdjustingBsp& bsp) {
  LeafShape s;
  for (size_t n = 0; n < bsp.nodes().size(); ++n) {
    const BspNode& node = bsp.nodes()[n];
    if (!node.alive || !node.IsLeaf() || node.population == 0) continue;
    bool swarm = false, resting = false;
    for (const LeafEntry& e : bsp.tree().leaf(NodeId(n))) (e.id < kSwarm ? swarm : resting) = true;
    if (swarm && !resting) {
      s.largest_swarm_leaf = std::max(s.largest_swarm_leaf, node.population);
      s.least_swarm_motion = std::min(s.least_swarm_motion, node.motion);
    } else if (resting && !swarm) {
      s.largest_resting_leaf = std::max(s.largest_resting_leaf, node.population);
      s.most_resting_motion = std::max(s.most_resting_motion, node.motion);
    }
  }
  return s;
}

class MovingLeaves : public BspAgainstBrute {
 protected:
  MovingLeaves() : BspAgainstBrute(WithScale(BspParams{}.moving_leaf_scale)) {}

  LeafShape Run(float scale) {
    bsp.SetParams(WithScale(scale));
    std::mt19937 rng(7);
    std::vector<Aabb> frame = StartFrame(rng);
    for (int s = 0; s < 300; ++s) {
      Wander(frame, rng);
      Step(frame);
      if (HasFatalFailure()) return {};
    }
    return Shape(bsp);
  }
};

TEST_F(MovingLeaves, SwarmLeavesGrowWhileRestingLeavesKeepT) {
  const BspParams ours;
  ASSERT_GT(ours.moving_leaf_scale, 1.0f);
  const uint32_t t = uint32_t(ours.SplitThreshold(kBoxes));
  const LeafShape s = Run(ours.moving_leaf_scale);
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_GT(s.least_swarm_motion, ours.moving_leaf_rate) << "the swarm's leaves count as moving";
  EXPECT_LT(s.most_resting_motion, 0.5f * ours.moving_leaf_rate) << "the heaps' do not";
  EXPECT_GT(s.largest_swarm_leaf, t) << "the swarm's leaves grew past t";
  EXPECT_LE(s.largest_swarm_leaf, uint32_t(float(t) * ours.moving_leaf_scale));
  EXPECT_GT(s.largest_resting_leaf, 0u);
  EXPECT_LE(s.largest_resting_leaf, t) << "resting leaves keep 6.1's threshold";
}

// The motion is measured with the departure off as well, so that switching it on mid-run starts
// from the recent steps' motion, not from escapes counted since the start.
TEST_F(MovingLeaves, ScaleOneKeepsEveryLeafAtT) {
  const BspParams ours;
  const uint32_t t = uint32_t(ours.SplitThreshold(kBoxes));
  const LeafShape s = Run(1.0f);
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_GT(s.largest_swarm_leaf, 0u);
  EXPECT_LE(s.largest_swarm_leaf, t);
  EXPECT_LE(s.largest_resting_leaf, t);
  EXPECT_GT(s.least_swarm_motion, ours.moving_leaf_rate) << "measured with the departure off";
  EXPECT_LT(s.most_resting_motion, 0.5f * ours.moving_leaf_rate);
}

}  // namespace
}  // namespace partlab
