// The cells overlay's merging recorder: it may draw fewer lines, never a different picture. Every
// recorded edge must lie inside one merged line of its colour, and every merged line must be made
// of recorded edges only (no gaps bridged, no colours mixed).
#include <gtest/gtest.h>

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
  for (size_t i = 0; i < all.edges.size(); ++i) {
    const auto [a, b] = all.edges[i];
    const bool covered = std::any_of(lines.begin(), lines.end(), [&](const Segment& s) {
      return s.rgba == rgba[i] && OnSegment(a, s, eps) && OnSegment(b, s, eps);
    });
    ASSERT_TRUE(covered) << "edge " << i << " is not drawn";
  }
  // No merged line bridges a gap: every point along it, sampled at a quarter of the finest cell
  // edge, lies on a recorded edge of its own colour.
  const float step = 0.25f * 2.0f * root.half / float(1u << 5);
  for (const Segment& s : lines) {
    const float len = glm::length(s.b - s.a);
    for (float d = 0.0f; d <= len; d += step) {
      const glm::vec3 p = s.a + (s.b - s.a) * (d / len);
      bool inside = false;
      for (size_t i = 0; i < all.edges.size() && !inside; ++i)
        inside = rgba[i] == s.rgba &&
                 OnSegment(p, {all.edges[i].first, all.edges[i].second, rgba[i]}, eps);
      ASSERT_TRUE(inside) << "a merged line covers a gap";
    }
  }
}

}  // namespace
}  // namespace partlab
