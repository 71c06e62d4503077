// The BSP overlay: each drawn plane polygon lies on its node's plane, inside
// the node's cell (the ancestors' half-spaces) and the world box; the depth cap hides deeper
// planes; a click on a drawn polygon picks its node.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>
#include <random>

#include "app/views/simulation/sim_bsp_overlay.h"
#include "engine/depth_palette.h"

namespace partlab {
namespace {

// Records what would be drawn.
struct RecordingDraw final : DebugDraw {
  std::vector<std::vector<glm::vec3>> polygons;
  std::vector<Color> polygon_colours;
  size_t lines = 0;
  void Line(const glm::vec3&, const glm::vec3&, const Color&) override { ++lines; }
  void Point(const glm::vec3&, float, const Color&) override {}
  void Polygon(std::span<const glm::vec3> v, const Color& c) override {
    polygons.emplace_back(v.begin(), v.end());
    polygon_colours.push_back(c);
  }
};

SemiAdjustingBsp MakeTree(uint32_t n) {
  SemiAdjustingBsp bsp;
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> pos(-40.0f, 40.0f),
      size(0.1f, 0.5f);  // small: cuts stay under 6.1's redundancy limit
  for (BoxId id = 0; id < n; ++id) {
    const glm::vec3 c(pos(rng), pos(rng) * 0.5f, pos(rng));
    const glm::vec3 h(size(rng), size(rng), size(rng));
    bsp.Add(id, Aabb{c - h, c + h});
  }
  bsp.Update();
  return bsp;
}

// The internal node whose plane contains every vertex of `poly`, the nearest in tolerance.
NodeId NodeOfPolygon(const SemiAdjustingBsp& bsp, const std::vector<glm::vec3>& poly) {
  NodeId best = kNoNode;
  float best_error = 1e-2f;
  const auto nodes = bsp.nodes();
  for (size_t n = 0; n < nodes.size(); ++n) {
    if (!nodes[n].alive || nodes[n].IsLeaf()) continue;
    float error = 0.0f;
    for (const glm::vec3& v : poly)
      error = std::max(error, std::fabs(glm::dot(nodes[n].normal, v) - nodes[n].offset));
    if (error < best_error) {
      best_error = error;
      best = NodeId(n);
    }
  }
  return best;
}

TEST(SimBspOverlay, PlanePolygonsLieInTheirNodesCells) {
  const SemiAdjustingBsp bsp = MakeTree(4000);
  ASSERT_GE(bsp.last_stats().max_depth, 3u);
  BspOverlay overlay;
  BspOverlayOptions options;
  options.max_depth = 64;
  RecordingDraw draw;
  overlay.Draw(bsp, options, draw);
  const uint32_t internal = bsp.last_stats().nodes - bsp.last_stats().leaves;
  ASSERT_EQ(draw.polygons.size(), overlay.planes_drawn());
  EXPECT_EQ(overlay.planes_drawn(), internal) << "every internal node's plane crosses its cell";
  const Aabb world = bsp.WorldBound();
  for (const auto& poly : draw.polygons) {
    ASSERT_GE(poly.size(), 3u);
    const NodeId n = NodeOfPolygon(bsp, poly);
    ASSERT_NE(n, kNoNode) << "a polygon off every plane";
    for (const glm::vec3& v : poly) {
      for (int k = 0; k < 3; ++k) {
        EXPECT_GE(v[k], world.min[k] - 1e-3f);
        EXPECT_LE(v[k], world.max[k] + 1e-3f);
      }
      for (const HalfSpace& h : bsp.NodeCell(n))
        EXPECT_LE(glm::dot(h.normal, v) - h.offset, 1e-3f) << "vertex outside node " << n;
    }
  }
}

TEST(SimBspOverlay, DepthCapHidesDeeperPlanesAndColoursFollowDepth) {
  const SemiAdjustingBsp bsp = MakeTree(4000);
  BspOverlay overlay;
  BspOverlayOptions options;
  options.max_depth = 1;
  RecordingDraw draw;
  overlay.Draw(bsp, options, draw);
  size_t shallow = 0;
  for (const BspNode& node : bsp.nodes())
    shallow += node.alive && !node.IsLeaf() && node.depth <= 1;
  EXPECT_EQ(draw.polygons.size(), shallow);
  for (size_t i = 0; i < draw.polygons.size(); ++i) {
    const NodeId n = NodeOfPolygon(bsp, draw.polygons[i]);
    ASSERT_NE(n, kNoNode);
    EXPECT_LE(bsp.tree().node(n).depth, 1);
    EXPECT_EQ(draw.polygon_colours[i],
              DepthPaletteColor(bsp.tree().node(n).depth, options.plane_alpha));
  }
}

TEST(SimBspOverlay, LeafCellsAndHighlightAddOnlyWhatWasAsked) {
  const SemiAdjustingBsp bsp = MakeTree(2000);
  BspOverlay overlay;
  BspOverlayOptions options;
  options.planes = false;
  RecordingDraw none;
  overlay.Draw(bsp, options, none);
  EXPECT_TRUE(none.polygons.empty());
  EXPECT_EQ(none.lines, 0u);
  // A highlighted deep node is outlined even with planes off and below the depth cap.
  NodeId deepest = bsp.root();
  for (size_t n = 0; n < bsp.nodes().size(); ++n)
    if (bsp.nodes()[n].alive && !bsp.nodes()[n].IsLeaf() &&
        bsp.nodes()[n].depth > bsp.tree().node(deepest).depth)
      deepest = NodeId(n);
  options.max_depth = 0;
  RecordingDraw highlighted;
  overlay.Draw(bsp, options, highlighted, deepest, {1, 0.5f, 0, 1});
  ASSERT_EQ(overlay.planes_drawn(), 1u);
  EXPECT_EQ(NodeOfPolygon(bsp, highlighted.polygons.front()), deepest);
  EXPECT_GT(highlighted.lines, 4u) << "the cell's edges are outlined too";
  options.leaf_cells = true;
  options.max_depth = 64;
  RecordingDraw cells;
  overlay.Draw(bsp, options, cells);
  EXPECT_GE(cells.polygons.size(), 4u * bsp.last_stats().leaves) << "a cell has at least 4 faces";
}

TEST(SimBspOverlay, ClipBoxBoundsEveryPlane) {
  const SemiAdjustingBsp bsp = MakeTree(3000);
  BspOverlay overlay;
  BspOverlayOptions options;
  options.max_depth = 64;
  options.clip = Aabb{glm::vec3(-10.0f, -100.0f, -20.0f), glm::vec3(15.0f, 5.0f, 100.0f)};
  RecordingDraw draw;
  overlay.Draw(bsp, options, draw);
  ASSERT_FALSE(draw.polygons.empty());
  const Aabb world = bsp.WorldBound();
  for (const auto& poly : draw.polygons) {
    for (const glm::vec3& v : poly) {
      for (int k = 0; k < 3; ++k) {
        EXPECT_GE(v[k], std::max(world.min[k], options.clip.min[k]) - 1e-3f);
        EXPECT_LE(v[k], std::min(world.max[k], options.clip.max[k]) + 1e-3f);
      }
    }
  }
}

TEST(SimBspOverlay, ClickOnAPlanePicksItsNode) {
  const SemiAdjustingBsp bsp = MakeTree(3000);
  BspOverlay overlay;
  BspOverlayOptions options;
  options.max_depth = 64;
  RecordingDraw draw;
  overlay.Draw(bsp, options, draw);
  ASSERT_GT(draw.polygons.size(), 3u);
  for (const auto& poly : draw.polygons) {
    glm::vec3 centroid(0.0f);
    for (const glm::vec3& v : poly) centroid += v / float(poly.size());
    const glm::vec3 normal = glm::normalize(glm::cross(poly[1] - poly[0], poly[2] - poly[0]));
    // From just off the polygon, looking straight at it: nothing can be in between.
    const auto picked = overlay.Pick(centroid + 1e-3f * normal, -normal);
    ASSERT_TRUE(picked.has_value());
    EXPECT_EQ(*picked, NodeOfPolygon(bsp, poly));
  }
  const Aabb world = bsp.WorldBound();
  EXPECT_FALSE(overlay.Pick(world.max + glm::vec3(10.0f), glm::vec3(1, 1, 1)).has_value())
      << "a ray leaving the world hits no plane";
}

}  // namespace
}  // namespace partlab
