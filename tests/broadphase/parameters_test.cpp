// The comparators under non-default parameters (the UI lets users change them live): every setting
// at the ends of its range must still give exactly brute force's pairs, including a change in the
// middle of a run, and out-of-range settings are clamped. Also: Terdiman's scene, the synthetic
// generators and the overlays.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <memory>
#include <random>
#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/loose_octree.h"
#include "engine/broadphase/quadtree.h"
#include "engine/broadphase/sort_and_sweep.h"
#include "engine/broadphase/spatial_hash.h"
#include "engine/broadphase/sweep_and_prune.h"
#include "engine/broadphase/synthetic_motion.h"
#include "engine/debug_draw.h"
#include "tests/broadphase/trace_scenarios.h"

namespace partlab {
namespace {

// Runs `bp` against brute force over `trace`; `at_frame` may change parameters between steps.
void ExpectExact(BroadPhase& bp, const AabbTrace& trace, const std::string& what,
                 const std::function<void(size_t)>& at_frame = {}) {
  BruteForce brute;
  FrameDriver driver(bp), reference(brute);
  std::vector<BoxPair> got, want;
  for (size_t f = 0; f < trace.FrameCount(); ++f) {
    if (at_frame) at_frame(f);
    driver.Step(trace.Frame(f), got);
    reference.Step(trace.Frame(f), want);
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    ASSERT_EQ(got, want) << what << " frame " << f;
  }
}

std::vector<testing::Scenario> Some() {
  std::vector<testing::Scenario> s;
  s.push_back(testing::RandomMotion(50, 300, 30, 8, 21, false));
  s.push_back(testing::RandomMotion(40, 200, 20, 5, 22, true));
  s.push_back(testing::Spanning());
  s.push_back(testing::TouchingLattice());
  s.push_back(testing::Points());
  s.push_back(testing::OnePlane());
  return s;
}

TEST(SweepAndPruneParams, RebuildEveryStepOrNeverAndSwitchingAxesMidRun) {
  for (const auto& s : Some()) {
    for (float fraction : {0.0f, 1.0f}) {
      for (bool two : {false, true}) {
        SweepAndPrune sap(SweepAndPruneParams{.two_axes = two, .rebuild_fraction = fraction});
        ExpectExact(sap, s.trace, s.name + " sap fraction " + std::to_string(fraction));
      }
    }
    SweepAndPrune sap;
    ExpectExact(sap, s.trace, s.name + " sap switching", [&](size_t f) {
      if (f % 7 == 3) sap.SetTwoAxes(!sap.params().two_axes);
    });
  }
  SweepAndPrune sap;
  sap.SetRebuildFraction(5.0f);
  EXPECT_EQ(sap.params().rebuild_fraction, 1.0f);
  sap.SetRebuildFraction(-1.0f);
  EXPECT_EQ(sap.params().rebuild_fraction, 0.0f);
}

TEST(SweepAndPrune, CountsSwapsOnlyWhenBoxesCross) {
  SweepAndPrune sap;
  sap.Add(0, {{0, 0, 0}, {1, 1, 1}});
  sap.Add(1, {{5, 0, 0}, {6, 1, 1}});
  sap.Update();
  sap.Move(0, {{0.5f, 0, 0}, {1.5f, 1, 1}});
  sap.Update();
  EXPECT_EQ(sap.last_swaps(), 0u);
  // Box 0 jumps to [5.5, 6.5] over box 1's [5, 6] on x: its min passes box 1's min, its max passes
  // box 1's min and max: three inverted endpoint pairs, three swaps.
  sap.Move(0, {{5.5f, 0, 0}, {6.5f, 1, 1}});
  sap.Update();
  EXPECT_EQ(sap.last_swaps(), 3u);
  std::vector<BoxPair> pairs;
  sap.FindPairs(pairs);
  EXPECT_EQ(pairs, (std::vector<BoxPair>{{0, 1}}));
}

// A still pile where a few boxes move each step (SweepAndPrune's moved-only path: under 5 % of
// the boxes): some a hair, some across the pile past many others, some two or three times in one
// step, some to exactly another box's coordinates (ties), with a step now and then that adds or
// removes a box (the full path) in between. Every step's pairs are brute force's.
TEST(SweepAndPrune, FewBoxesMovingInAStillPileKeepExactPairs) {
  std::mt19937 rng(17);
  std::uniform_real_distribution<float> u(0.0f, 20.0f), nudge(-0.2f, 0.2f);
  std::vector<Aabb> boxes;
  for (int i = 0; i < 600; ++i)
    boxes.push_back(Aabb::FromCenterHalf(glm::vec3(u(rng), u(rng), u(rng)), glm::vec3(0.7f)));
  SweepAndPrune sap;
  BruteForce brute;
  for (BoxId id = 0; id < boxes.size(); ++id) sap.Add(id, boxes[id]), brute.Add(id, boxes[id]);
  std::vector<BoxPair> got, want;
  std::vector<uint8_t> present(boxes.size(), 1);
  for (int step = 0; step < 200; ++step) {
    sap.Update(), brute.Update();
    got.clear(), want.clear();
    sap.FindPairs(got), brute.FindPairs(want);
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    ASSERT_EQ(got, want) << "step " << step;
    if (step % 25 == 24) {  // a box comes or goes: the full path
      const BoxId id = BoxId(rng() % boxes.size());
      if (present[id])
        sap.Remove(id), brute.Remove(id);
      else
        sap.Add(id, boxes[id]), brute.Add(id, boxes[id]);
      present[id] = !present[id];
      continue;
    }
    for (int k = 0; k < 12; ++k) {
      const BoxId id = BoxId(rng() % boxes.size());
      if (!present[id]) continue;
      const glm::vec3 d = k % 3 == 0   ? glm::vec3(u(rng), u(rng), u(rng)) - boxes[id].Center()
                          : k % 3 == 1 ? glm::vec3(nudge(rng), nudge(rng), nudge(rng))
                                       : boxes[(id + 1) % boxes.size()].min - boxes[id].min;
      boxes[id] = Aabb{boxes[id].min + d, boxes[id].max + d};
      sap.Move(id, boxes[id]), brute.Move(id, boxes[id]);
    }
  }
}

TEST(SpatialHashParams, TinyCellsOneBucketAndHugeCells) {
  for (const auto& s : Some()) {
    for (float cell : {0.0f, 0.05f, 1.0f, 1000.0f})
      for (uint32_t buckets : {0u, 1u, 7u}) {
        SpatialHash hash(SpatialHashParams{.cell_size = cell, .bucket_count = buckets});
        ExpectExact(
            hash, s.trace,
            s.name + " hash cell " + std::to_string(cell) + " buckets " + std::to_string(buckets));
      }
    SpatialHash hash;
    ExpectExact(hash, s.trace, s.name + " hash changing", [&](size_t f) {
      hash.SetCellSize(f % 2 ? 0.5f : 0.0f);
      hash.SetBucketCount(f % 3 ? 0 : 16);
    });
  }
  SpatialHash hash;
  hash.SetBucketCount(7);
  EXPECT_EQ(hash.params().bucket_count, 8u);  // a power of two
  hash.SetCellSize(-3);
  EXPECT_EQ(hash.params().cell_size, 0.0f);
}

TEST(SpatialHash, BoxesGoToLevelsByTheirSize) {
  SpatialHash hash(SpatialHashParams{.cell_size = 1.0f});
  hash.Add(0, {{0, 0, 0}, {0.5f, 0.5f, 0.5f}});
  hash.Add(1, {{0, 0, 0}, {3, 3, 3}});    // needs cells of 4
  hash.Add(2, {{0, 0, 0}, {100, 1, 1}});  // needs cells of 128
  hash.Update();
  EXPECT_EQ(hash.levels_used(), 8);  // levels 0..7
  std::vector<BoxPair> pairs;
  hash.FindPairs(pairs);
  std::sort(pairs.begin(), pairs.end());
  EXPECT_EQ(pairs, (std::vector<BoxPair>{{0, 1}, {0, 2}, {1, 2}}));
}

TEST(QuadtreeParams, ShallowAndDeepTreesAndAWorldTooSmall) {
  for (const auto& s : Some()) {
    for (int depth : {1, 3, 11}) {
      Quadtree qt(QuadtreeParams{.depth = depth});
      ExpectExact(qt, s.trace, s.name + " quadtree depth " + std::to_string(depth));
    }
    Quadtree small;  // boxes mostly outside the root square: clamped to the border cells
    small.SetWorld(0, 0, 2);
    ExpectExact(small, s.trace, s.name + " quadtree small world");
    Quadtree qt;
    ExpectExact(qt, s.trace, s.name + " quadtree changing depth",
                [&](size_t f) { qt.SetDepth(int(1 + f % 9)); });
  }
  Quadtree qt;
  qt.SetDepth(40);
  EXPECT_EQ(qt.params().depth, QuadtreeParams::kMaxDepth);
  qt.SetDepth(-2);
  EXPECT_EQ(qt.params().depth, QuadtreeParams::kMinDepth);
}

TEST(LooseOctreeParams, LoosenessAndDepthAtTheEndsOfTheirRanges) {
  for (const auto& s : Some()) {
    for (float k : {1.0f, 1.25f, 2.0f, 4.0f})
      for (int depth : {1, 4, 7}) {
        LooseOctree lo(LooseOctreeParams{.looseness = k, .max_depth = depth});
        ExpectExact(
            lo, s.trace,
            s.name + " loose octree k " + std::to_string(k) + " depth " + std::to_string(depth));
      }
    LooseOctree small;  // most boxes overflow
    small.SetWorld(glm::vec3(0), 2.0f);
    ExpectExact(small, s.trace, s.name + " loose octree small world");
    LooseOctree lo;
    ExpectExact(lo, s.trace, s.name + " loose octree changing", [&](size_t f) {
      lo.SetLooseness(1.0f + float(f % 4) * 0.5f);
      lo.SetMaxDepth(int(1 + f % 7));
    });
  }
  LooseOctree lo;
  lo.SetLooseness(0.5f);
  EXPECT_EQ(lo.params().looseness, LooseOctreeParams::kMinLooseness);
  lo.SetMaxDepth(99);
  EXPECT_EQ(lo.params().max_depth, LooseOctreeParams::kMaxDepth);
}

TEST(LooseOctree, SmallBoxesSitDeepAndBigOnesHigh) {
  LooseOctree lo(LooseOctreeParams{.looseness = 2.0f, .max_depth = 5});
  lo.SetWorld(glm::vec3(0), 64.0f);  // leaves of 2
  lo.Add(0, {{10.2f, 10.2f, 10.2f}, {11.8f, 11.8f, 11.8f}});
  lo.Add(1, {{1, 1, 1}, {60, 60, 60}});
  lo.Update();
  // Overlay: one tight and one loose cell per occupied node: 2 nodes, 12 edges each box.
  struct Recorder : DebugDraw {
    int lines = 0;
    void Line(const glm::vec3&, const glm::vec3&, const Color&) override { ++lines; }
    void Point(const glm::vec3&, float, const Color&) override {}
    void Polygon(std::span<const glm::vec3>, const Color&) override {}
  } rec;
  lo.DrawOverlay(rec);
  EXPECT_EQ(rec.lines, 2 * 2 * 12);
  std::vector<BoxPair> pairs;
  lo.FindPairs(pairs);
  EXPECT_EQ(pairs, (std::vector<BoxPair>{{0, 1}}));
  EXPECT_EQ(lo.overflow_count(), 0u);
}

// What each overlay would draw, without a GPU.
struct LineCounter : DebugDraw {
  int lines = 0, points = 0;
  void Line(const glm::vec3&, const glm::vec3&, const Color&) override { ++lines; }
  void Point(const glm::vec3&, float, const Color&) override { ++points; }
  void Polygon(std::span<const glm::vec3>, const Color&) override {}
};

TEST(Overlays, DescribeTheStructure) {
  const std::vector<Aabb> frame = {{{0, 0, 0}, {1, 1, 1}}, {{10, 0, 10}, {11, 1, 11}}};
  std::vector<BoxPair> pairs;
  SweepAndPrune sap;
  FrameDriver(sap).Step(frame, pairs);
  LineCounter s;
  sap.DrawOverlay(s);
  EXPECT_EQ(s.lines, 2);  // one interval per box
  EXPECT_EQ(s.points, 4);
  Quadtree qt(QuadtreeParams{.depth = 3});
  FrameDriver(qt).Step(frame, pairs);
  LineCounter q;
  qt.DrawOverlay(q);
  EXPECT_EQ(q.lines, 2 * 4);  // two occupied squares
  SpatialHash hash(SpatialHashParams{.cell_size = 2.0f});
  FrameDriver(hash).Step(frame, pairs);
  LineCounter h;
  hash.DrawOverlay(h);
  EXPECT_EQ(h.lines, 2 * 12);  // each unit box in one cell of 2: two cells in use
}

TEST(Terdiman, TenThousandBoxesGiveTheKnownPairCount) {
  SyntheticMotion scene(SyntheticParams{.kind = SyntheticKind::kTerdiman});
  ASSERT_EQ(scene.box_count(), 10000u);
  SortAndSweep sweep;
  std::vector<BoxPair> pairs;
  sweep.FindPairs(scene.frame(), pairs);
#ifdef __GLIBC__
  EXPECT_EQ(pairs.size(), 11677u);  // the pairs of glibc's rand() sequence
#endif
  SweepAndPrune sap;  // and an incremental structure agrees, pair for pair
  std::vector<BoxPair> from_sap;
  FrameDriver(sap).Step(scene.frame(), from_sap);
  EXPECT_EQ(PairSetChecksum(from_sap), PairSetChecksum(pairs));
  EXPECT_EQ(from_sap.size(), pairs.size());
}

TEST(SyntheticMotion, SameSeedSameFramesAndKindsParse) {
  for (auto kind : {SyntheticKind::kUniform, SyntheticKind::kClustered, SyntheticKind::kMoving}) {
    SyntheticMotion a(SyntheticParams{kind, 300, 5}), b(SyntheticParams{kind, 300, 5}),
        c(SyntheticParams{kind, 300, 6});
    for (int f = 0; f < 20; ++f) {
      ASSERT_EQ(a.box_count(), 300u);
      for (size_t i = 0; i < 300; ++i) {
        ASSERT_EQ(a.frame()[i].min, b.frame()[i].min);
        ASSERT_FALSE(a.frame()[i].IsEmpty());
      }
      a.Advance();
      b.Advance();
    }
    EXPECT_NE(a.frame()[0].min, c.frame()[0].min);
  }
  EXPECT_EQ(ParseSyntheticKind("moving"), SyntheticKind::kMoving);
  EXPECT_EQ(ParseSyntheticKind("terdiman100k"), SyntheticKind::kTerdiman100k);
  EXPECT_FALSE(ParseSyntheticKind("nope").has_value());
}

}  // namespace
}  // namespace partlab
