// Operation stepping: one press shows the next scheduled operation on its node
// with its reason, the next applies exactly that operation; nothing else changes the tree while
// stepping, and the tree stays valid after every applied operation.
#include <gtest/gtest.h>

#include <random>

#include "app/views/simulation/sim_op_stepper.h"

namespace partlab {
namespace {

SemiAdjustingBsp SteppingTree(uint32_t n) {
  BspParams params;
  params.build_on_bulk_add = false;  // a bulk load would build the tree without us
  SemiAdjustingBsp bsp(params);
  bsp.SetOperationStepping(true);
  std::mt19937 rng(4);
  std::uniform_real_distribution<float> pos(-40.0f, 40.0f), size(0.1f, 0.5f);
  for (BoxId id = 0; id < n; ++id) {
    const glm::vec3 c(pos(rng), pos(rng), pos(rng));
    const glm::vec3 h(size(rng), size(rng), size(rng));
    bsp.Add(id, Aabb{c - h, c + h});
  }
  bsp.Update();  // verifies and schedules, applies nothing
  return bsp;
}

uint32_t AliveNodes(const SemiAdjustingBsp& bsp) {
  uint32_t n = 0;
  for (const BspNode& node : bsp.nodes()) n += node.alive;
  return n;
}

TEST(SimOpStepper, ShowThenApplyOneOperationPerPress) {
  SemiAdjustingBsp bsp = SteppingTree(2000);
  ASSERT_EQ(AliveNodes(bsp), 1u) << "stepping: the scheduler must not have split by itself";
  ASSERT_GT(bsp.PendingOps(), 0u);
  OpStepper stepper;
  EXPECT_EQ(stepper.highlight(), OpStepper::Highlight::kNone);

  const std::string& shown = stepper.Advance(bsp);
  EXPECT_EQ(stepper.highlight(), OpStepper::Highlight::kBefore);
  EXPECT_EQ(stepper.highlighted_node(), bsp.root());
  const std::optional<PendingOp> next = bsp.PeekNextOp();
  ASSERT_TRUE(next.has_value());
  const std::string name = BspOpName(next->op);  // the engine picks split or shift-split (4.2)
  EXPECT_EQ(shown.rfind("next: " + name + " on node " + std::to_string(bsp.root()), 0), 0u)
      << shown;
  EXPECT_NE(shown.find("2000 >"), std::string::npos)
      << "the reason names the population: " << shown;
  EXPECT_EQ(AliveNodes(bsp), 1u) << "showing changes nothing";

  const std::string& applied = stepper.Advance(bsp);
  EXPECT_EQ(applied.rfind("applied " + name, 0), 0u) << applied;
  EXPECT_EQ(stepper.highlight(), OpStepper::Highlight::kAfter);
  ASSERT_TRUE(stepper.last_applied().has_value());
  EXPECT_EQ(AliveNodes(bsp), 3u) << "one split: a node and two leaves";
  const NodeId after = stepper.highlighted_node();
  ASSERT_NE(after, kNoNode);
  EXPECT_TRUE(bsp.tree().node(after).alive);
  EXPECT_EQ(bsp.CheckInvariants(), "");
  stepper.Reset();
  EXPECT_EQ(stepper.highlight(), OpStepper::Highlight::kNone);
  EXPECT_TRUE(stepper.message().empty());
}

TEST(SimOpStepper, SteppingThroughEveryPendingOperationKeepsTheTreeValid) {
  SemiAdjustingBsp bsp = SteppingTree(3000);
  OpStepper stepper;
  int applied = 0;
  for (int press = 0; press < 400; ++press) {
    const size_t nodes_before = AliveNodes(bsp);
    const std::string message = stepper.Advance(bsp);
    if (message.rfind("no operation pending", 0) == 0) {
      // Physics steps: the scheduler verifies again within verify_interval steps (5.2).
      for (int step = 0; step <= bsp.params().verify_interval && bsp.PendingOps() == 0; ++step)
        bsp.Update();
      if (bsp.PendingOps() == 0) break;
      continue;
    }
    if (stepper.highlight() == OpStepper::Highlight::kBefore) {
      EXPECT_EQ(AliveNodes(bsp), nodes_before);
      continue;
    }
    if (message.rfind("applied", 0) == 0) ++applied;
    ASSERT_EQ(bsp.CheckInvariants(), "") << "after: " << message;
  }
  EXPECT_GT(applied, 5) << "3000 boxes need several operations";
  EXPECT_GT(bsp.last_stats().max_depth, 0u);
}

}  // namespace
}  // namespace partlab
