#include "app/views/simulation/sim_bsp_overlay.h"

#include "engine/depth_palette.h"

#include <cmath>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <limits>

namespace partlab {

namespace {

// True when `ancestor` is `n` or above it.
bool IsAncestorOrSelf(const BspTree& tree, NodeId ancestor, NodeId n) {
  for (NodeId c = n; c != kNoNode; c = tree.node(c).parent)
    if (c == ancestor) return true;
  return false;
}

}  // namespace

void BspOverlay::Draw(const SemiAdjustingBsp& bsp, const BspOverlayOptions& options,
                      DebugDraw& draw, NodeId highlight, Color highlight_colour) {
  vertices_.clear();
  polygons_.clear();
  const BspTree& tree = bsp.tree();
  if (tree.root() == kNoNode || tree.box_count() == 0) return;
  world_ = options.extent.IsEmpty() ? bsp.WorldBound() : options.extent;
  if (!options.clip.IsEmpty()) {  // the intersection: never larger than what the BSP holds
    world_.min = glm::max(world_.min, options.clip.min);
    world_.max = glm::min(world_.max, options.clip.max);
    if (world_.IsEmpty()) return;
  }
  stack_.clear();
  BoxHalfSpaces(world_, stack_);  // the first six entries: the world box
  if (highlight != kNoNode &&
      (highlight < 0 || size_t(highlight) >= tree.nodes().size() || !tree.node(highlight).alive))
    highlight = kNoNode;
  Visit(bsp, tree.root(), options, draw, highlight, highlight_colour);
}

void BspOverlay::Visit(const SemiAdjustingBsp& bsp, NodeId n, const BspOverlayOptions& options,
                       DebugDraw& draw, NodeId highlight, Color highlight_colour) {
  const BspTree& tree = bsp.tree();
  const BspNode& node = tree.node(n);
  const bool highlighted = n == highlight;
  const bool within = node.depth <= options.max_depth;
  if (node.IsLeaf()) {
    if (options.leaf_cells && within) {
      Color fill = LeafFill(n);
      DrawCellFaces(fill, draw, false, Color(fill.r, fill.g, fill.b, 0.35f));
    }
    if (highlighted) DrawCellFaces(highlight_colour, draw, true, highlight_colour);
    return;
  }
  if ((options.planes && within) || highlighted) {
    ClipPlane(node.normal, node.offset, size_t(-1));
    if (poly_.size() >= 3) {
      polygons_.push_back({n, uint32_t(vertices_.size()), uint32_t(poly_.size())});
      vertices_.insert(vertices_.end(), poly_.begin(), poly_.end());
      const Color fill =
          highlighted ? Color(highlight_colour.r, highlight_colour.g, highlight_colour.b, 0.45f)
                      : DepthPaletteColor(node.depth, options.plane_alpha);
      const Color edge =
          highlighted ? highlight_colour : DepthPaletteColor(node.depth, options.outline_alpha);
      draw.Polygon(poly_, fill);
      for (size_t i = 0; i < poly_.size(); ++i)
        draw.Line(poly_[i], poly_[(i + 1) % poly_.size()], edge);
    }
  }
  if (highlighted) DrawCellFaces(highlight_colour, draw, true, highlight_colour);
  // Below the depth cap only the path to the highlighted node still needs the walk.
  const bool highlight_below = highlight != kNoNode && IsAncestorOrSelf(tree, n, highlight);
  if (!highlight_below && !(within && (options.planes || options.leaf_cells))) return;
  stack_.push_back({node.normal, node.offset});  // negative side: n·x <= offset
  Visit(bsp, node.child[0], options, draw, highlight, highlight_colour);
  stack_.back() = {-node.normal, -node.offset};  // positive side: n·x >= offset
  Visit(bsp, node.child[1], options, draw, highlight, highlight_colour);
  stack_.pop_back();
}

Color BspOverlay::LeafFill(NodeId leaf) {
  static const Color kCool[] = {{0.35f, 0.65f, 0.95f, 1}, {0.55f, 0.85f, 0.45f, 1},
                                {0.95f, 0.75f, 0.35f, 1}, {0.80f, 0.50f, 0.90f, 1},
                                {0.40f, 0.85f, 0.80f, 1}, {0.95f, 0.50f, 0.45f, 1}};
  Color c = kCool[uint32_t(leaf) % 6];
  c.a = 0.07f;
  return c;
}

void BspOverlay::ClipPlane(const glm::vec3& normal, float offset, size_t skip_index) {
  const float length = glm::length(normal);
  poly_.clear();
  if (length <= 0.0f) return;
  const glm::vec3 n = normal / length;
  const float d = offset / length;
  const glm::vec3 centre = world_.Center();
  const glm::vec3 on_plane = centre + (d - glm::dot(n, centre)) * n;
  const glm::vec3 helper = std::fabs(n.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  const glm::vec3 u = glm::normalize(glm::cross(n, helper));
  const glm::vec3 v = glm::cross(n, u);
  const float reach = glm::length(world_.Extent()) * 2.0f + 1.0f;
  poly_.push_back(on_plane - reach * u - reach * v);
  poly_.push_back(on_plane + reach * u - reach * v);
  poly_.push_back(on_plane + reach * u + reach * v);
  poly_.push_back(on_plane - reach * u + reach * v);
  for (size_t k = 0; k < stack_.size() && poly_.size() >= 3; ++k)
    if (k != skip_index) ClipPolygon(poly_, stack_[k], scratch_);
}

// A cell is convex: its faces are each bounding plane clipped by all the other half-spaces.
void BspOverlay::DrawCellFaces(const Color& fill, DebugDraw& draw, bool outline_only,
                               const Color& edge) {
  for (size_t k = 0; k < stack_.size(); ++k) {
    ClipPlane(stack_[k].normal, stack_[k].offset, k);
    if (poly_.size() < 3) continue;
    if (!outline_only) draw.Polygon(poly_, fill);
    for (size_t i = 0; i < poly_.size(); ++i) {
      draw.Line(poly_[i], poly_[(i + 1) % poly_.size()], edge);
      // Lines are one pixel wide: the highlighted cell's corners get dots so it stands out.
      if (outline_only) draw.Point(poly_[i], 7.0f, edge);
    }
  }
}

std::optional<NodeId> BspOverlay::Pick(const glm::vec3& origin, const glm::vec3& dir) const {
  float best = std::numeric_limits<float>::infinity();
  std::optional<NodeId> picked;
  for (const DrawnPolygon& p : polygons_) {
    const glm::vec3* v = &vertices_[p.first];
    const glm::vec3 normal = glm::cross(v[1] - v[0], v[2] - v[0]);
    const float denom = glm::dot(normal, dir);
    if (std::fabs(denom) < 1e-12f) continue;
    const float t = glm::dot(normal, v[0] - origin) / denom;
    if (!(t > 0.0f) || t >= best) continue;
    const glm::vec3 hit = origin + t * dir;
    bool inside = true;  // convex: the hit is on the inner side of every edge
    for (uint32_t i = 0; i < p.count && inside; ++i) {
      const glm::vec3 a = v[i], b = v[(i + 1) % p.count];
      inside = glm::dot(glm::cross(b - a, hit - a), normal) >= 0.0f;
    }
    if (inside) {
      best = t;
      picked = p.node;
    }
  }
  return picked;
}

}  // namespace partlab
