// The side-by-side display's GL-free parts: the companion broad phase sees the same frames and
// returns brute force's pairs, its caption counts what the BSP did, and a recorded overlay
// replays exactly the primitives it was given.
#include "app/views/simulation/sim_side_by_side.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/broadphase/brute_force.h"

namespace partlab {
namespace {

struct CountingDraw final : DebugDraw {
  int lines = 0, points = 0, polygons = 0, vertices = 0;
  void Line(const glm::vec3&, const glm::vec3&, const Color&) override { ++lines; }
  void Point(const glm::vec3&, float, const Color&) override { ++points; }
  void Polygon(std::span<const glm::vec3> v, const Color&) override {
    ++polygons;
    vertices += int(v.size());
  }
};

TEST(SideBySide, RecordedDrawReplaysWhatItGot) {
  RecordedDraw rec;
  const glm::vec3 tri[3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const glm::vec3 quad[4] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  rec.Polygon(tri, {1, 0, 0, 1});
  rec.Polygon(quad, {0, 1, 0, 1});
  rec.Line({0, 0, 0}, {1, 1, 1}, {1, 1, 1, 1});
  rec.Point({0, 0, 0}, 4, {1, 1, 1, 1});
  CountingDraw out;
  rec.ReplayInto(out);
  EXPECT_EQ(out.polygons, 2);
  EXPECT_EQ(out.vertices, 7);
  EXPECT_EQ(out.lines, 1);
  EXPECT_EQ(out.points, 1);
  rec.Clear();
  CountingDraw empty;
  rec.ReplayInto(empty);
  EXPECT_EQ(empty.polygons + empty.lines + empty.points, 0);
}

// A row of 200 unit boxes sliding along x: the thesis's tree beside gets the same frames, returns
// brute force's pairs, grows from one leaf, and its caption says how many operations it ran.
TEST(SideBySide, CompanionSeesTheSameFramesAndCaptionsItsOperations) {
  SideBySide companion;
  companion.Start("sabsp_thesis");
  ASSERT_TRUE(companion.running());
  BruteForce brute;
  std::vector<BoxPair> want;
  uint32_t ops = 0;
  for (int step = 0; step < 60; ++step) {
    std::vector<Aabb> frame;
    for (int i = 0; i < 200; ++i) {
      const float x = 1.5f * float(i) + 0.02f * float(step * (i % 3));
      frame.push_back({{x, 0, 0}, {x + 1, 1, 1}});
    }
    companion.Step(frame);
    ops += companion.caption().ops_applied;
    if (step == 0)
      for (BoxId i = 0; i < frame.size(); ++i) brute.Add(i, frame[i]);
    else
      for (BoxId i = 0; i < frame.size(); ++i) brute.Move(i, frame[i]);
    brute.Update();
    want.clear();
    brute.FindPairs(want);
    EXPECT_EQ(companion.caption().pairs, want.size()) << "step " << step;
  }
  EXPECT_TRUE(companion.caption().is_bsp);
  EXPECT_GT(ops, 0u);
  EXPECT_GT(companion.caption().leaves, 1u);
  const std::string text = CaptionText(companion.caption());
  EXPECT_EQ(text.rfind("sabsp_thesis: ", 0), 0u) << text;
  EXPECT_NE(text.find(" leaves"), std::string::npos) << text;
  companion.RecordOverlay(BspOverlayOptions{});
  CountingDraw out;
  companion.overlay().ReplayInto(out);
  EXPECT_GT(out.polygons, 0);  // its planes, for the right-hand viewport
}

}  // namespace
}  // namespace partlab
