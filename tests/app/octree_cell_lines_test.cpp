// The cells overlay's merging recorder: it may draw fewer lines, never a different picture. Every
// point of a recorded edge must be drawn, in the colour that showed before merging (where edges of
// several colours coincide, the smallest packed colour: it was drawn first and wins GL_LESS), every
// merged line must be made of recorded edges only (no gaps bridged), and no two lines overlap.
#include <gtest/gtest.h>

#include <algorithm>

#include <glm/geometric.hpp>

#include "engine/octree/octree_cell_lines.h"
#include "engine/octree/octree_overlay.h"
#include "engine/octree/random_scenes.h"

namespace partlab {
namespace {

const Color kRed{1, 0, 0, 1}, kBlue{0, 0, 1, 1};

struct Segment {
  glm::vec3 a, b;
  uint32_t rgba;
};

std::vector<Segment> Lines(const MergedLineRecorder& r) {
  std::vector<Segment> out;
  const auto& v = r.vertices();
  for (size_t i = 0; i + 1 < v.size(); i += 2)
    out.push_back({v[i].position, v[i + 1].position, v[i].rgba});
  return out;
}

// p on segment s (collinear and between its ends), within eps.
bool OnSegment(const glm::vec3& p, const Segment& s, float eps) {
  const glm::vec3 d = s.b - s.a;
  const float len2 = glm::dot(d, d);
  const float t = len2 > 0 ? glm::dot(p - s.a, d) / len2 : 0.0f;
  if (t < -eps || t > 1 + eps) return false;
  return glm::length(s.a + t * d - p) <= eps;
}

TEST(MergedLineRecorder, TouchingCollinearEdgesOfOneColourBecomeOneLine) {
  MergedLineRecorder r;
  r.SetGrid({0, 0, 0}, 0.5f);
  r.Line({0, 1, 1}, {1, 1, 1}, kRed);
  r.Line({1, 1, 1}, {2, 1, 1}, kRed);
  r.Line({2, 1, 1}, {1, 1, 1}, kRed);  // a duplicate, reversed
  r.Finish();
  const auto lines = Lines(r);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].a, glm::vec3(0, 1, 1));
  EXPECT_EQ(lines[0].b, glm::vec3(2, 1, 1));
  EXPECT_EQ(r.segments_recorded(), 3u);
}

TEST(MergedLineRecorder, KeepsGapsColoursAndOffGridLinesApart) {
  MergedLineRecorder r;
  r.SetGrid({0, 0, 0}, 1.0f);
  r.Line({0, 0, 0}, {1, 0, 0}, kRed);
  r.Line({2, 0, 0}, {3, 0, 0}, kRed);        // a gap: two lines
  r.Line({1, 0, 0}, {2, 0, 0}, kBlue);       // fills the gap in another colour: a third
  r.Line({0, 0, 0}, {1, 1, 0}, kRed);        // diagonal: drawn as given
  r.Line({0.3f, 0, 0}, {0.3f, 2, 0}, kRed);  // off the grid: drawn as given, not snapped
  r.Finish();
  const auto lines = Lines(r);
  ASSERT_EQ(lines.size(), 5u);
  bool off_grid_kept = false;
  for (const Segment& s : lines) off_grid_kept |= s.a.x == 0.3f && s.b.x == 0.3f;
  EXPECT_TRUE(off_grid_kept);
}

TEST(MergedLineRecorder, OverlappingEdgesOfDifferentColoursAreDrawnOnceInTheWinningColour) {
  MergedLineRecorder r;
  r.SetGrid({0, 0, 0}, 1.0f);
  r.Line({0, 0, 0}, {4, 0, 0}, kBlue);  // a parent's edge...
  r.Line({0, 0, 0}, {1, 0, 0}, kRed);   // ...under two of its children's
  r.Line({2, 0, 0}, {3, 0, 0}, kRed);
  r.Line({5, 0, 0}, {6, 0, 0}, kBlue);  // apart: stays as it is
  r.Finish();
  MergedLineRecorder packer;
  packer.Line({0, 0, 0}, {1, 1, 1}, kRed);
  packer.Line({0, 0, 0}, {1, 1, 1}, kBlue);
  const uint32_t red = packer.vertices()[0].rgba, blue = packer.vertices()[2].rgba;
  ASSERT_LT(red, blue);  // red is the colour drawn first, so it showed where they coincide
  auto lines = Lines(r);
  std::sort(lines.begin(), lines.end(), [](const Segment& x, const Segment& y) {
    return std::min(x.a.x, x.b.x) < std::min(y.a.x, y.b.x);
  });
  ASSERT_EQ(lines.size(), 5u);
  const float expected[5][3] = {{0, 1, 0}, {1, 2, 1}, {2, 3, 0}, {3, 4, 1}, {5, 6, 1}};
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(std::min(lines[i].a.x, lines[i].b.x), expected[i][0]) << i;
    EXPECT_EQ(std::max(lines[i].a.x, lines[i].b.x), expected[i][1]) << i;
    EXPECT_EQ(lines[i].rgba, expected[i][2] == 0 ? red : blue) << i;
  }
}

// Records the cells of a real octree both ways and compares the pictures.
class RecordAll final : public DebugDraw {
 public:
  std::vector<std::pair<glm::vec3, glm::vec3>> edges;
  std::vector<Color> colors;
  void Line(const glm::vec3& a, const glm::vec3& b, const Color& c) override {
    edges.push_back({a, b});
    colors.push_back(c);
  }
  void Point(const glm::vec3&, float, const Color&) override {}
  void Polygon(std::span<const glm::vec3>, const Color&) override {}
};

TEST(MergedLineRecorder, OctreeCellsDrawTheSamePictureWithFewerLines) {
  const auto tris = MakeTriangleSoup(Affinity::kHigh, 2000, 3);
  const Octree tree(tris, {Placement::kDeepestContaining, 6});
  const OctreeNode& root = tree.nodes()[0];
  MergedLineRecorder merged;
  merged.SetGrid(root.center - glm::vec3(root.half), 2.0f * root.half / float(1u << 5));
  RecordAll all;
  DrawOctreeCells(tree, {}, merged);
  DrawOctreeCells(tree, {}, all);
  merged.Finish();
  const auto lines = Lines(merged);
  ASSERT_EQ(merged.segments_recorded(), all.edges.size());
  EXPECT_LT(lines.size(), all.edges.size() / 2);  // neighbours share edges: at least 2x fewer
  const float eps = 1e-3f * root.half;
  std::vector<uint32_t> rgba(all.edges.size());  // each edge's colour, packed as the recorder does
  MergedLineRecorder packer;
  for (size_t i = 0; i < all.edges.size(); ++i) {
    packer.Clear();
    packer.Line({0, 0, 0}, {1, 1, 1}, all.colors[i]);
    rgba[i] = packer.vertices()[0].rgba;
  }
  // Every recorded edge is drawn, sampled at a quarter of the finest cell edge: each sample lies on
  // exactly one merged line (nothing drawn twice), whose colour is the smallest among the recorded
  // edges through that sample (the one that showed when every edge was drawn, first wins).
  const float step = 0.25f * 2.0f * root.half / float(1u << 5);
  auto samples = [&](const glm::vec3& a, const glm::vec3& b, auto&& check) {
    const float len = glm::length(b - a);
    for (float d = 0.5f * step; d < len; d += step) check(a + (b - a) * (d / len));
  };
  auto winning_colour = [&](const glm::vec3& p, bool& any) {
    uint32_t best = 0;
    any = false;
    for (size_t i = 0; i < all.edges.size(); ++i)
      if (OnSegment(p, {all.edges[i].first, all.edges[i].second, rgba[i]}, eps)) {
        best = any ? std::min(best, rgba[i]) : rgba[i];
        any = true;
      }
    return best;
  };
  for (size_t i = 0; i < all.edges.size(); i += 7) {  // every 7th edge keeps the test quick
    samples(all.edges[i].first, all.edges[i].second, [&](const glm::vec3& p) {
      int on = 0;
      uint32_t drawn = 0;
      for (const Segment& s : lines)
        if (OnSegment(p, s, eps)) {
          ++on;
          drawn = s.rgba;
        }
      ASSERT_EQ(on, 1) << "edge " << i << " drawn " << on << " times";
      bool any = false;
      ASSERT_EQ(drawn, winning_colour(p, any)) << "edge " << i << " in the wrong colour";
    });
  }
  // No merged line bridges a gap: every sample along it lies on a recorded edge, and its colour is
  // the one that wins there.
  for (const Segment& s : lines) {
    samples(s.a, s.b, [&](const glm::vec3& p) {
      bool any = false;
      const uint32_t colour = winning_colour(p, any);
      ASSERT_TRUE(any) << "a merged line covers a gap";
      ASSERT_EQ(colour, s.rgba) << "a merged line has the wrong colour";
    });
  }
}

}  // namespace
}  // namespace partlab
