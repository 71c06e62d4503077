// The scheduler of 5.2 and the parameters of 6.1: verification, priorities, budget per step,
// operation stepping with reasons, clamping; and the overlay the UI draws.
#include "engine/broadphase/sabsp/bsp_scheduler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <glm/geometric.hpp>
#include <vector>

#include "engine/broadphase/sabsp/bsp_param_table.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/debug_draw.h"

namespace partlab {
namespace {

Aabb UnitAt(float x, float y = 0) {
  return {{x, y, 0}, {x + 1, y + 1, 1}};
}

BspParams Fixed(int t) {
  BspParams p;
  p.adaptive_split_threshold = false;
  p.split_threshold = t;
  return p;
}

TEST(SabspParams, ThesisDefaultsAndAdaptiveThreshold) {
  const BspParams p;
  EXPECT_FLOAT_EQ(p.unbalance_limit, 0.5f);
  EXPECT_FLOAT_EQ(p.redundancy_limit, 0.025f);
  EXPECT_FLOAT_EQ(p.sample_factor, 2.0f);
  EXPECT_EQ(p.queue_size, 64);
  EXPECT_EQ(p.verify_interval, 10);
  EXPECT_EQ(p.SplitThreshold(100), 16);      // sqrt(100) = 10, raised to 16
  EXPECT_EQ(p.SplitThreshold(4250), 65);     // sqrt(4250) = 65.2
  EXPECT_EQ(p.SplitThreshold(100000), 128);  // capped
  EXPECT_EQ(p.OpsPerCycle(0), 1);            // s / 16, 1 to 4
  EXPECT_EQ(p.OpsPerCycle(33), 2);
  EXPECT_EQ(p.OpsPerCycle(64), 4);
  EXPECT_EQ(p.OpsPerCycle(1000), 4);
}

TEST(SabspParams, ClampSaysWhatItChanged) {
  BspParams p;
  EXPECT_EQ(p.Clamp(), "");
  p.unbalance_limit = 3;
  p.verify_interval = 0;
  const std::string note = p.Clamp();
  // The ranges are the parameter table's rows (bsp_param_table.h), the panel's and the flags'.
  EXPECT_FLOAT_EQ(p.unbalance_limit, bsp_params::kUnbalanceLimit.range.hi);
  EXPECT_EQ(p.verify_interval, 1);
  EXPECT_NE(note.find("sim.bsp.unbalance_limit 3 clamped to 0.95"), std::string::npos) << note;
  EXPECT_NE(note.find("sim.bsp.verify_interval 0 clamped to 1"), std::string::npos) << note;
  SemiAdjustingBsp bsp;
  BspParams bad;
  bad.max_depth = 1000;
  EXPECT_NE(bsp.SetParams(bad).find("max_depth"), std::string::npos);
  EXPECT_EQ(bsp.params().max_depth, bsp_params::kMaxDepth.range.hi);
}

TEST(SabspScheduler, SteppingShowsTheNextOperationAndItsReason) {
  SemiAdjustingBsp bsp(Fixed(4));
  bsp.SetOperationStepping(true);
  for (BoxId i = 0; i < 8; ++i) bsp.Add(i, UnitAt(2.0f * float(i)));
  bsp.Update();  // verification schedules, nothing is applied
  EXPECT_TRUE(bsp.nodes()[bsp.root()].IsLeaf());
  auto next = bsp.PeekNextOp();
  ASSERT_TRUE(next.has_value());
  EXPECT_EQ(next->op, BspOp::kShiftSplit);  // tried before split (5.2.1)
  EXPECT_EQ(next->node, bsp.root());
  EXPECT_EQ(next->reason.text, "split: 8 > t = 4");  // in English (op_reason.h)
  const auto rec = bsp.ApplyNextOp();
  ASSERT_TRUE(rec.has_value());
  EXPECT_TRUE(rec->ok) << rec->outcome;
  EXPECT_EQ(rec->reason, "split: 8 > t = 4");
  EXPECT_EQ(rec->before[0], 8u);
  EXPECT_EQ(rec->after[1] + rec->after[2], 8u);
  EXPECT_FALSE(bsp.nodes()[bsp.root()].IsLeaf());
  EXPECT_FALSE(bsp.PeekNextOp().has_value());
  ASSERT_EQ(bsp.op_log().size(), 1u);
  EXPECT_EQ(bsp.op_log().back().op, BspOp::kShiftSplit);
  EXPECT_EQ(bsp.CheckInvariants(), "");
}

TEST(SabspScheduler, FailedShiftSplitFallsBackToSplit) {
  SemiAdjustingBsp bsp(Fixed(4));
  bsp.SetOperationStepping(true);
  // A column along y: the root list is sorted on x, where every box is the same.
  for (BoxId i = 0; i < 8; ++i) bsp.Add(i, UnitAt(0, 2.0f * float(i)));
  bsp.Update();
  auto rec = bsp.ApplyNextOp();
  ASSERT_TRUE(rec.has_value());
  EXPECT_EQ(rec->op, BspOp::kShiftSplit);
  EXPECT_FALSE(rec->ok);
  auto next = bsp.PeekNextOp();
  ASSERT_TRUE(next.has_value());
  EXPECT_EQ(next->op, BspOp::kSplit);
  rec = bsp.ApplyNextOp();
  ASSERT_TRUE(rec->ok) << rec->outcome;
  EXPECT_EQ(bsp.nodes()[bsp.root()].plane_dir, 1);  // the y axis
}

TEST(SabspScheduler, UnbalancedNodeIsBalancedDuringVerificationAndSubtreesSkipped) {
  SemiAdjustingBsp bsp(Fixed(4));
  for (BoxId i = 0; i < 8; ++i) bsp.Add(i, UnitAt(2.0f * float(i)));
  bsp.Update();  // automatic: verification + one shift-split
  ASSERT_FALSE(bsp.nodes()[bsp.root()].IsLeaf());
  bsp.Move(6, UnitAt(-4));
  bsp.Move(7, UnitAt(-2));
  for (int s = 0; s < 10; ++s) bsp.Update();  // the next verification is 10 steps later
  EXPECT_FLOAT_EQ(bsp.NodeBalance(bsp.root()), 1.0f);
  bool saw_balance = false;
  for (const OpRecord& r : bsp.op_log()) {
    if (r.op == BspOp::kBalance && r.ok) {
      saw_balance = true;
      EXPECT_EQ(r.reason.rfind("balance: unbalanced: 0.33 < 0.50", 0), 0u) << r.reason;
    }
  }
  EXPECT_TRUE(saw_balance);
  EXPECT_EQ(bsp.CheckInvariants(), "");
}

TEST(SabspScheduler, PrioritiesAndBudgetPerStep) {
  // 64 boxes in 8 separated clumps of 8 along x, threshold 4: many leaves want splitting.
  BspParams p = Fixed(4);
  SemiAdjustingBsp bsp(p);
  bsp.SetOperationStepping(true);
  for (BoxId i = 0; i < 64; ++i) bsp.Add(i, UnitAt(2.0f * float(i)));
  bsp.Update();
  bsp.Rebuild();
  ASSERT_GT(bsp.last_stats().leaves + 0u, 0u);
  // Empty the right half: its nodes fall below the merge threshold; make the root unbalanced.
  for (BoxId i = 32; i < 64; ++i) bsp.Remove(i);
  for (int s = 0; s < 20 && bsp.PendingOps() == 0; ++s) bsp.Update();  // next verification
  // Stepping: events come out in priority order (balance/swap before merge).
  int last_priority = -1;
  bool monotone = true;
  int applied = 0;
  std::vector<BspOp> seen;
  while (auto next = bsp.PeekNextOp()) {
    seen.push_back(next->op);
    if (int(next->op) < last_priority) monotone = false;
    last_priority = int(next->op);
    bsp.ApplyNextOp();
    if (++applied > 100) break;
  }
  EXPECT_GT(applied, 0);
  EXPECT_TRUE(monotone);
  EXPECT_NE(std::find(seen.begin(), seen.end(), BspOp::kBalance), seen.end());
  EXPECT_EQ(bsp.CheckInvariants(), "");

  // Automatic mode applies at most ops_per_cycle_max per step (the bulk-load build is off here).
  p.build_on_bulk_add = false;
  SemiAdjustingBsp fresh(p);
  for (BoxId i = 0; i < 64; ++i) fresh.Add(i, UnitAt(2.0f * float(i)));
  fresh.Update();
  uint32_t first_step_ops = 0;
  for (uint32_t a : fresh.last_stats().ops.applied) first_step_ops += a;
  for (uint32_t a : fresh.last_stats().ops.failed) first_step_ops += a;
  EXPECT_GE(first_step_ops, 1u);
  EXPECT_LE(first_step_ops, uint32_t(p.ops_per_cycle_max));
}

// The split back-off (BspParams::split_backoff): identical boxes have no cut, so every split of
// their leaf fails. After the k-th failure in a row the leaf waits 4 verification intervals times
// 2^(k-1), at most 16 times; a moved box brings the wait back to 4 intervals; growing by more
// than a quarter ends it.
TEST(SabspScheduler, FailedSplitsBackOffTwiceAsLongEachTime) {
  BspParams p = Fixed(4);
  p.verify_interval = 5;
  p.build_on_bulk_add = false;
  SemiAdjustingBsp bsp(p);
  for (BoxId i = 0; i < 8; ++i) bsp.Add(i, UnitAt(0));
  std::vector<int> failed_at;
  int step = 0;
  auto run = [&](int steps) {
    std::vector<BoxPair> pairs;
    for (int s = 0; s < steps; ++s, ++step) {
      bsp.Update();
      if (bsp.last_stats().ops.failed[int(BspOp::kSplit)] > 0) failed_at.push_back(step);
      pairs.clear();
      bsp.FindPairs(pairs);  // a whole step: the leaves' change marks are consumed
    }
  };
  run(2000);
  ASSERT_GE(failed_at.size(), 7u);
  for (size_t k = 1; k < 7; ++k) {
    // The k-th failure's wait, then the next verification (every 5 steps when stable).
    const int wait = int(p.SplitBackoffSteps(uint32_t(k)));
    EXPECT_EQ(wait, 20 << std::min<int>(int(k) - 1, 4));
    const int gap = failed_at[k] - failed_at[k - 1];
    EXPECT_GE(gap, wait) << "failure " << k;
    EXPECT_LE(gap, wait + 2 * p.verify_interval) << "failure " << k;
  }
  // Right after a failure (a long wait ahead), one box of 8 leaves its fat box: the wait goes on.
  // Then all 8 do: 9 changed entries, more than the leaf holds, so the wait is back to 4
  // intervals from that failure, long past, and the leaf is tried at the next verification.
  while (failed_at.back() != step - 1) run(1);
  const size_t waiting = failed_at.size();
  bsp.Move(0, UnitAt(0.5f));  // still overlapping the others: no cut yet
  run(int(p.SplitBackoffSteps(1)) + 2 * p.verify_interval);
  EXPECT_EQ(failed_at.size(), waiting) << "one moved box of 8 ended the wait";
  const int moved_at = step;
  for (BoxId i = 0; i < 8; ++i) bsp.Move(i, UnitAt(1.0f));
  run(2 * p.verify_interval);
  ASSERT_GT(failed_at.size(), waiting) << "nine changed entries of 8 did not end the wait";
  EXPECT_LE(failed_at[waiting] - moved_at, 2 * p.verify_interval);
  // Three more identical boxes: 11 > 8 + 8 / 4, so the leaf is tried again at once.
  const size_t before = failed_at.size();
  const int grown_at = step;
  for (BoxId i = 8; i < 11; ++i) bsp.Add(i, UnitAt(0));
  run(3 * p.verify_interval);
  ASSERT_GT(failed_at.size(), before);
  EXPECT_LE(failed_at[before] - grown_at, 2 * p.verify_interval);
}

TEST(SabspScheduler, VerificationRunsAtMostEveryIntervalWhenStable) {
  BspParams p = Fixed(4);
  p.verify_interval = 5;
  SemiAdjustingBsp bsp(p);
  for (BoxId i = 0; i < 8; ++i) bsp.Add(i, UnitAt(2.0f * float(i)));
  bsp.Update();
  bsp.Rebuild();
  bsp.Update();  // reports Rebuild's own verifications
  uint32_t verifications = 0;
  for (int s = 0; s < 50; ++s) {
    bsp.Update();
    verifications += bsp.last_stats().ops.verifications;
  }
  EXPECT_EQ(verifications, 10u);  // steps 5, 10, ..., 50
}

TEST(SabspScheduler, RebuildReachesTheThresholdEverywhere) {
  SemiAdjustingBsp bsp(Fixed(8));
  BoxId id = 0;
  for (int x = 0; x < 16; ++x) {
    for (int y = 0; y < 16; ++y) bsp.Add(id++, UnitAt(2.0f * float(x), 2.0f * float(y)));
  }
  bsp.Update();
  bsp.Rebuild();
  bsp.Update();
  for (const BspNode& n : bsp.nodes()) {
    if (n.alive && n.IsLeaf()) {
      EXPECT_LE(n.population, 8u);
    }
  }
  EXPECT_GE(bsp.last_stats().leaves, 256u / 8u);
  EXPECT_EQ(bsp.CheckInvariants(), "");
}

TEST(SabspParams, SwitchingDirectionSetsRebuildsFromTheCurrentBoxes) {
  SemiAdjustingBsp bsp(Fixed(8));
  BoxId id = 0;
  for (int x = 0; x < 10; ++x) {
    for (int y = 0; y < 10; ++y) bsp.Add(id++, UnitAt(1.5f * float(x), 1.5f * float(y)));
  }
  bsp.Update();
  std::vector<BoxPair> before, after;
  bsp.FindPairs(before);
  BspParams p = bsp.params();
  p.relax_directions = true;
  EXPECT_EQ(bsp.SetParams(p), "");
  bsp.Update();
  EXPECT_EQ(bsp.CheckInvariants(), "");
  EXPECT_GT(bsp.last_stats().leaves, 4u);           // rebuilt, not left as one leaf
  EXPECT_NE(bsp.Direction(0), glm::vec3(1, 0, 0));  // the relaxed set is in use
  bsp.FindPairs(after);
  std::sort(before.begin(), before.end());
  std::sort(after.begin(), after.end());
  EXPECT_EQ(before, after);
}

TEST(SabspScheduler, VerificationWaitsWhileEventsArePending) {
  SemiAdjustingBsp bsp(Fixed(4));
  bsp.SetOperationStepping(true);  // nothing gets applied: the split event stays pending
  for (BoxId i = 0; i < 8; ++i) bsp.Add(i, UnitAt(2.0f * float(i)));
  bsp.Update();
  EXPECT_EQ(bsp.last_stats().ops.verifications, 1u);
  EXPECT_EQ(bsp.PendingOps(), 1u);
  uint32_t later = 0;
  for (int s = 0; s < 30; ++s) {
    bsp.Update();
    later += bsp.last_stats().ops.verifications;
  }
  EXPECT_EQ(later, 0u);  // postponed while a split waits (5.2.2, 6.1)
  ASSERT_TRUE(bsp.ApplyNextOp().has_value());
  bsp.Update();  // the interval has long passed and nothing waits: verify again
  EXPECT_EQ(bsp.last_stats().ops.verifications, 1u);
}

TEST(SabspStats, MigrationsSortMovesAndShapeAreCounted) {
  SemiAdjustingBsp bsp(Fixed(4));
  bsp.SetOperationStepping(true);
  for (BoxId i = 0; i < 8; ++i) bsp.Add(i, UnitAt(2.0f * float(i)));
  bsp.Update();
  ASSERT_TRUE(bsp.ApplyOp(BspOp::kSplit, bsp.root()).ok);  // plane x = 7.5: 0..3 | 4..7
  bsp.Update();
  EXPECT_EQ(bsp.last_stats().leaves, 2u);
  EXPECT_FLOAT_EQ(bsp.last_stats().mean_depth, 1.0f);
  EXPECT_EQ(bsp.last_stats().redundancy, 0.0f);
  bsp.Move(0, UnitAt(9));      // crosses the plane: leaves one list, enters the other
  bsp.Move(1, UnitAt(7));      // now straddles: enters the right list too
  bsp.Move(5, UnitAt(10.5f));  // stays right, still between 4 (8) and 6 (12)
  bsp.Update();
  EXPECT_EQ(bsp.last_stats().migrations, 3u);
  // Left list 1(now 7) 2(4) 3(6): 2 and 3 each move past box 1 (2 moves). Right list 4(8)
  // 5(10.5) 6(12) 7(14) with 0(9) and 1(7) appended: 0 moves past 7, 6, 5 (3) and 1 past all (5).
  EXPECT_EQ(bsp.last_stats().sort_moves, 10u);
  EXPECT_FLOAT_EQ(bsp.last_stats().redundancy, 1.0f / 8.0f);
  EXPECT_EQ(bsp.CheckInvariants(), "");
}

// Records what the overlay would draw.
struct RecordingDraw final : DebugDraw {
  std::vector<std::vector<glm::vec3>> polygons;
  int lines = 0;
  void Line(const glm::vec3&, const glm::vec3&, const Color&) override { ++lines; }
  void Point(const glm::vec3&, float, const Color&) override {}
  void Polygon(std::span<const glm::vec3> v, const Color& c) override {
    EXPECT_LT(c.a, 1.0f);  // semi-transparent
    polygons.emplace_back(v.begin(), v.end());
  }
};

TEST(SabspOverlay, PlanesAreClippedToTheirCells) {
  SemiAdjustingBsp bsp(Fixed(4));
  bsp.SetOperationStepping(true);
  for (BoxId i = 0; i < 8; ++i) bsp.Add(i, UnitAt(2.0f * float(i)));
  bsp.Update();
  const NodeId root = bsp.root();
  ASSERT_TRUE(bsp.ApplyOp(BspOp::kSplit, root).ok);
  const NodeId right = bsp.nodes()[root].child[1];
  ASSERT_TRUE(bsp.ApplyOp(BspOp::kSplit, right).ok);
  RecordingDraw draw;
  bsp.DrawOverlay(draw);
  ASSERT_EQ(draw.polygons.size(), 2u);  // two internal nodes
  EXPECT_EQ(draw.lines, int(draw.polygons[0].size() + draw.polygons[1].size()));
  // The right child's plane lies on its own plane and inside the parent's positive half-space.
  const BspNode& parent = bsp.nodes()[root];
  const BspNode& child = bsp.nodes()[right];
  const auto poly = bsp.NodeCellPolygon(right, bsp.WorldBound());
  ASSERT_GE(poly.size(), 3u);
  for (const glm::vec3& v : poly) {
    EXPECT_NEAR(glm::dot(child.normal, v), child.offset, 1e-4f);
    EXPECT_GE(glm::dot(parent.normal, v), parent.offset - 1e-4f);
  }
}

}  // namespace
}  // namespace partlab
