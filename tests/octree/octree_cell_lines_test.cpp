// The cells overlay's merging recorder: it may draw fewer lines, never a different picture. Every
// point of a recorded edge must be drawn, in its colour or, where edges of several colours coincide
// (a cell's edge along its children's), in the colour of the longest same-colour run there, every
// merged line must be made of recorded edges only (no gaps bridged), and no two lines overlap.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <random>
#include <tuple>

#include <glm/geometric.hpp>

#include "engine/geometry/mesh_triangles.h"
#include "engine/octree/cell_lines_outside_mesh.h"
#include "engine/octree/octree_cell_lines.h"
#include "engine/octree/octree_overlay.h"
#include "engine/octree/random_scenes.h"
#include "tests/geometry/closed_meshes.h"

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

TEST(MergedLineRecorder, OverlappingEdgesOfDifferentColoursAreDrawnOnceInTheLongestRunsColour) {
  MergedLineRecorder r;
  r.SetGrid({0, 0, 0}, 1.0f);
  r.Line({0, 0, 0}, {4, 0, 0}, kBlue);  // y = 0: a parent's edge under two of its children's
  r.Line({0, 0, 0}, {1, 0, 0}, kRed);
  r.Line({2, 0, 0}, {3, 0, 0}, kRed);
  r.Line({0, 1, 0}, {1, 1, 0}, kRed);  // y = 1: a red run of 3 over a blue edge of 1
  r.Line({1, 1, 0}, {2, 1, 0}, kRed);
  r.Line({2, 1, 0}, {3, 1, 0}, kRed);
  r.Line({1, 1, 0}, {2, 1, 0}, kBlue);
  r.Line({3, 1, 0}, {5, 1, 0}, kBlue);  // ...then blue alone, touching it
  r.Line({0, 2, 0}, {2, 2, 0}, kBlue);  // y = 2: equal lengths, the smaller packed colour wins
  r.Line({0, 2, 0}, {2, 2, 0}, kRed);
  r.Finish();
  MergedLineRecorder packer;
  packer.Line({0, 0, 0}, {1, 1, 1}, kRed);
  packer.Line({0, 0, 0}, {1, 1, 1}, kBlue);
  const uint32_t red = packer.vertices()[0].rgba, blue = packer.vertices()[2].rgba;
  ASSERT_LT(red, blue);
  auto lines = Lines(r);
  auto start = [](const Segment& x) { return std::tuple(x.a.y, std::min(x.a.x, x.b.x)); };
  std::sort(lines.begin(), lines.end(),
            [&](const Segment& x, const Segment& y) { return start(x) < start(y); });
  struct Expected {
    float y, lo, hi;
    uint32_t rgba;
  };
  const Expected expected[] = {{0, 0, 4, blue}, {1, 0, 3, red}, {1, 3, 5, blue}, {2, 0, 2, red}};
  ASSERT_EQ(lines.size(), std::size(expected));
  for (size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(lines[i].a.y, expected[i].y) << i;
    EXPECT_EQ(std::min(lines[i].a.x, lines[i].b.x), expected[i].lo) << i;
    EXPECT_EQ(std::max(lines[i].a.x, lines[i].b.x), expected[i].hi) << i;
    EXPECT_EQ(lines[i].rgba, expected[i].rgba) << i;
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
  // Each edge's run: the union of the touching or overlapping collinear edges of its colour that
  // it belongs to, computed here in grid units by sorting and sweeping, independently of Finish.
  const glm::vec3 origin = root.center - glm::vec3(root.half);
  const float spacing = 2.0f * root.half / float(1u << 5);
  struct Key {
    int axis;
    long c1, c2;
    uint32_t rgba;
    long lo, hi;
    size_t edge;
  };
  std::vector<Key> keys;
  for (size_t i = 0; i < all.edges.size(); ++i) {
    long a[3], b[3];
    int axis = 0;
    for (int k = 0; k < 3; ++k) {
      a[k] = std::lround((all.edges[i].first[k] - origin[k]) / spacing);
      b[k] = std::lround((all.edges[i].second[k] - origin[k]) / spacing);
      if (a[k] != b[k]) axis = k;
    }
    keys.push_back({axis, a[(axis + 1) % 3], a[(axis + 2) % 3], rgba[i], std::min(a[axis], b[axis]),
                    std::max(a[axis], b[axis]), i});
  }
  auto order = [](const Key& k) { return std::tuple(k.axis, k.c1, k.c2, k.rgba, k.lo); };
  std::sort(keys.begin(), keys.end(),
            [&](const Key& x, const Key& y) { return order(x) < order(y); });
  std::vector<long> run_length(all.edges.size());
  for (size_t first = 0; first < keys.size();) {
    size_t end = first + 1;
    long hi = keys[first].hi;
    while (end < keys.size() && keys[end].axis == keys[first].axis &&
           keys[end].c1 == keys[first].c1 && keys[end].c2 == keys[first].c2 &&
           keys[end].rgba == keys[first].rgba && keys[end].lo <= hi)
      hi = std::max(hi, keys[end++].hi);
    for (size_t k = first; k < end; ++k) run_length[keys[k].edge] = hi - keys[first].lo;
    first = end;
  }
  // Every recorded edge and every merged line runs along one axis on the grid (checked here). The
  // samples below lie an eighth of the finest cell or more off the grid points along their line,
  // far beyond eps, so a sample can lie only on segments of its own grid line: the checks look
  // there alone, which keeps this exact check linear in the segments instead of quadratic (the
  // sanitizer build runs it too).
  using LineKey = std::tuple<int, long, long>;
  auto key_of = [&](const glm::vec3& a, const glm::vec3& b) {
    long ga[3], gb[3];
    int axis = 0, differing = 0;
    bool on_grid = true;
    for (int k = 0; k < 3; ++k) {
      const float fa = (a[k] - origin[k]) / spacing, fb = (b[k] - origin[k]) / spacing;
      ga[k] = std::lround(fa);
      gb[k] = std::lround(fb);
      on_grid &= std::abs(fa - float(ga[k])) * spacing <= eps;
      on_grid &= std::abs(fb - float(gb[k])) * spacing <= eps;
      if (ga[k] != gb[k]) axis = k, ++differing;
    }
    EXPECT_TRUE(on_grid && differing == 1) << "a segment off the grid's lines";
    return LineKey{axis, ga[(axis + 1) % 3], ga[(axis + 2) % 3]};
  };
  std::map<LineKey, std::vector<size_t>> edges_on, lines_on;
  std::vector<LineKey> edge_key(all.edges.size());
  for (size_t i = 0; i < all.edges.size(); ++i) {
    edge_key[i] = key_of(all.edges[i].first, all.edges[i].second);
    edges_on[edge_key[i]].push_back(i);
  }
  for (size_t i = 0; i < lines.size(); ++i) lines_on[key_of(lines[i].a, lines[i].b)].push_back(i);
  // Every recorded edge is drawn, sampled at a quarter of the finest cell edge: each sample lies on
  // exactly one merged line (nothing drawn twice), in the colour of the longest run through the
  // sample (ties: the smaller packed colour).
  const float step = 0.25f * spacing;
  auto samples = [&](const glm::vec3& a, const glm::vec3& b, auto&& check) {
    const float len = glm::length(b - a);
    for (float d = 0.5f * step; d < len; d += step) check(a + (b - a) * (d / len));
  };
  auto winning_colour = [&](const glm::vec3& p, const LineKey& key, bool& any) {
    uint32_t best = 0;
    long best_length = 0;
    any = false;
    for (size_t i : edges_on[key])
      if (OnSegment(p, {all.edges[i].first, all.edges[i].second, rgba[i]}, eps)) {
        if (!any || run_length[i] > best_length ||
            (run_length[i] == best_length && rgba[i] < best)) {
          best = rgba[i];
          best_length = run_length[i];
        }
        any = true;
      }
    return best;
  };
  for (size_t i = 0; i < all.edges.size(); ++i) {
    const LineKey& key = edge_key[i];
    samples(all.edges[i].first, all.edges[i].second, [&](const glm::vec3& p) {
      int on = 0;
      uint32_t drawn = 0;
      for (size_t l : lines_on[key])
        if (OnSegment(p, lines[l], eps)) {
          ++on;
          drawn = lines[l].rgba;
        }
      ASSERT_EQ(on, 1) << "edge " << i << " drawn " << on << " times";
      bool any = false;
      ASSERT_EQ(drawn, winning_colour(p, key, any)) << "edge " << i << " in the wrong colour";
    });
  }
  // No merged line bridges a gap: every sample along it lies on a recorded edge, and its colour is
  // the one that wins there.
  for (const auto& [key, on_line] : lines_on) {
    for (size_t l : on_line) {
      samples(lines[l].a, lines[l].b, [&](const glm::vec3& p) {
        bool any = false;
        const uint32_t colour = winning_colour(p, key, any);
        ASSERT_TRUE(any) << "a merged line covers a gap";
        ASSERT_EQ(colour, lines[l].rgba) << "a merged line has the wrong colour";
      });
    }
  }
}

std::vector<Segment> Lines(const std::vector<MergedLineRecorder::Vertex>& v) {
  std::vector<Segment> out;
  for (size_t i = 0; i + 1 < v.size(); i += 2)
    out.push_back({v[i].position, v[i + 1].position, v[i].rgba});
  return out;
}

// A box from 1.5 to 4.5 on a lattice of spacing 1: a line along x through it keeps its two ends
// outside, each reaching `reach` into the box; lines beside it and off the grid stay whole.
TEST(MergedLineRecorder, AppendOutsideCutsTheStretchesInsideASolid) {
  MergedLineRecorder r;
  r.SetGrid({0, 0, 0}, 1.0f);
  r.Line({0, 3, 3}, {6, 3, 3}, kRed);        // through the box
  r.Line({0, 0, 3}, {6, 0, 3}, kBlue);       // beside it
  r.Line({2, 3, 3}, {2, 3, 4}, kBlue);       // wholly inside: left out
  r.Line({0.5f, 3, 3}, {0.5f, 3, 4}, kRed);  // off the grid: kept as given
  r.Finish();
  const GridLineInterior interior(TrianglesOf(test::Box({1.5f, 1.5f, 1.5f}, {4.5f, 4.5f, 4.5f})),
                                  r.Frame(7));
  std::vector<MergedLineRecorder::Vertex> out;
  r.AppendOutside(interior, 0.25f, &out);
  auto lines = Lines(out);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].a, glm::vec3(0.5f, 3, 3));  // the off-grid line first, as recorded
  std::sort(lines.begin() + 1, lines.end(), [](const Segment& x, const Segment& y) {
    return std::tuple(x.a.y, x.a.x) < std::tuple(y.a.y, y.a.x);
  });
  EXPECT_EQ(lines[1].a, glm::vec3(0, 0, 3));  // beside the box: whole
  EXPECT_EQ(lines[1].b, glm::vec3(6, 0, 3));
  EXPECT_EQ(lines[2].a, glm::vec3(0, 3, 3));  // through it: up to 0.25 past the face at 1.5 ...
  EXPECT_EQ(lines[2].b, glm::vec3(1.75f, 3, 3));
  EXPECT_EQ(lines[3].a, glm::vec3(4.25f, 3, 3));  // ... and again from 0.25 before 4.5
  EXPECT_EQ(lines[3].b, glm::vec3(6, 3, 3));
  EXPECT_EQ(lines[2].rgba, lines[0].rgba);  // pieces keep their line's colour
  // A stretch inside shorter than twice the reach is not worth a cut: every line stays whole.
  out.clear();
  r.AppendOutside(interior, 1.6f, &out);
  EXPECT_EQ(Lines(out).size(), 4u);
}

// The octree view's case: the cells of an octree over a closed mesh, clipped against that mesh.
// Every point of every cell edge outside the mesh is still drawn, no drawn point is inside it,
// and the lines are shorter than before.
TEST(CellLinesOutsideMesh, KeepsEveryEdgePointOutsideTheMeshAndNothingInside) {
  const Mesh torus = test::Torus({0, 0, 0}, 30.0f, 12.0f, 64, 32);
  const std::vector<Triangle> surface = TrianglesOf(torus);
  OctreeBuildOptions options;
  options.max_depth = 5;
  options.leaf_size = 32;  // cells down to depth 5 around the whole surface, edges inside it
  const Octree tree(surface, options);
  MergedLineRecorder r;
  const OctreeNode& root = tree.nodes()[0];
  r.SetGrid(root.center - glm::vec3(root.half), 2.0f * root.half / 16.0f);
  DrawOctreeCells(tree, {5, true}, r);
  r.Finish();
  CellLinesOutsideMesh outside;
  outside.SetMesh(torus);
  ASSERT_TRUE(outside.has_mesh());
  const auto clipped = Lines(outside.Clip(r, 17));
  const auto whole = Lines(r);
  double length_whole = 0, length_clipped = 0;
  for (const Segment& s : whole) length_whole += glm::distance(s.a, s.b);
  for (const Segment& s : clipped) length_clipped += glm::distance(s.a, s.b);
  EXPECT_LT(length_clipped, 0.8 * length_whole);
  const float cell = 2.0f * root.half / 16.0f, reach = 0.5f * cell;
  auto inside = [&](const glm::vec3& p) { return WindingNumber(surface, p) != 0; };
  // Drawn by a piece of the same line (a crossing line may pass through p too, by its own rule).
  auto drawn = [&](const glm::vec3& p, const Segment& line) {
    const glm::vec3 d = glm::normalize(line.b - line.a);
    for (const Segment& c : clipped)
      if (OnSegment(p, c, 1e-3f) && glm::length(glm::cross(c.b - c.a, d)) < 1e-3f) return true;
    return false;
  };
  std::mt19937 rng(5);
  int outside_points = 0, inside_points = 0;
  for (const Segment& s : whole)
    for (int k = 0; k < 3; ++k) {
      const glm::vec3 p = glm::mix(s.a, s.b, std::uniform_real_distribution<float>(0, 1)(rng));
      // Judge only points clear of the surface by more than the reach along the line.
      const glm::vec3 step = glm::normalize(s.b - s.a) * (reach + 1e-3f * cell);
      if (inside(p) != inside(p + step) || inside(p) != inside(p - step)) continue;
      if (inside(p)) {
        EXPECT_FALSE(drawn(p, s)) << "a point inside the mesh is drawn";
        ++inside_points;
      } else {
        EXPECT_TRUE(drawn(p, s)) << "a point outside the mesh is lost";
        ++outside_points;
      }
    }
  EXPECT_GT(inside_points, 50);
  EXPECT_GT(outside_points, 50);
  // The eye decides whether the clipped set may be drawn.
  EXPECT_TRUE(outside.HiddenFrom({0, 0, 200}));
  EXPECT_FALSE(outside.HiddenFrom({30, 0, 0}));  // in the tube
  EXPECT_TRUE(outside.HiddenFrom({0, 0, 0}));    // in the hole: outside the solid
}

TEST(CellLinesOutsideMesh, AnOpenMeshHidesNothing) {
  Mesh open = test::Box({1, 1, 1}, {4, 4, 4});
  open.indices.resize(open.indices.size() - 3);
  MergedLineRecorder r;
  r.SetGrid({0, 0, 0}, 1.0f);
  r.Line({0, 2, 2}, {6, 2, 2}, kRed);
  r.Finish();
  CellLinesOutsideMesh outside;
  outside.SetMesh(open);
  EXPECT_FALSE(outside.has_mesh());
  EXPECT_TRUE(outside.Clip(r, 7).empty());
  EXPECT_FALSE(outside.HiddenFrom({10, 10, 10}));
  outside.SetMesh(test::Box({1, 1, 1}, {4, 4, 4}));
  EXPECT_EQ(outside.Clip(r, 7).size(), 4u);  // two pieces
  outside.ClearMesh();
  EXPECT_FALSE(outside.has_mesh());
  EXPECT_TRUE(outside.lines().empty());
}

}  // namespace
}  // namespace partlab
