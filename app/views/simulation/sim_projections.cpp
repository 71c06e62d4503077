#include "app/views/simulation/sim_projections.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "app/views/simulation/sim_lesson_answers.h"
#include "engine/broadphase/sabsp/leaf_list_sort.h"
#include "engine/broadphase/sabsp/projection.h"

namespace partlab {

namespace {

const Color kAxis{1.0f, 1.0f, 1.0f, 1.0f};
const Color kHighVertex{1.0f, 0.35f, 0.3f, 1.0f};  // the corner of the upper end, red
const Color kLowVertex{0.3f, 0.6f, 1.0f, 1.0f};    // the corner of the lower end, blue
// Intervals alternate between two colours so neighbours stay apart where they overlap.
const Color kInterval[2] = {{1.0f, 0.85f, 0.2f, 1.0f}, {0.3f, 1.0f, 0.5f, 1.0f}};
const Color kProjector{0.8f, 0.8f, 0.8f, 0.35f};  // the faint lines from a vertex to its end

// A unit vector perpendicular to n and to the line of sight, towards the picture's top: the side
// the axis is drawn on.
glm::vec3 Beside(const glm::vec3& n, const ProjectionView& view) {
  glm::vec3 side = glm::cross(n, view.forward);
  if (glm::length(side) < 1e-3f) side = glm::cross(n, view.up);
  if (glm::length(side) < 1e-3f) side = glm::cross(n, glm::vec3(1, 0, 0));
  side = glm::normalize(side);
  return glm::dot(side, view.up) < 0.0f ? -side : side;
}

}  // namespace

RelevantVertices RelevantVerticesOf(const Aabb& b, const glm::vec3& n) {
  RelevantVertices v;
  for (int k = 0; k < 3; ++k) {
    v.low[k] = n[k] >= 0 ? b.min[k] : b.max[k];
    v.high[k] = n[k] >= 0 ? b.max[k] : b.min[k];
  }
  return v;
}

void DrawProjections(const SemiAdjustingBsp& bsp, std::span<const Aabb> boxes,
                     const ProjectionView& view, DebugDraw& draw) {
  const BspTree& tree = bsp.tree();
  if (tree.root() == kNoNode || tree.node(tree.root()).child[0] == kNoNode) return;
  DrawProjectionsOn(tree.node(tree.root()).normal, bsp.WorldBound(), boxes, view, draw);
}

void DrawProjectionsOn(const glm::vec3& n, const Aabb& world, std::span<const Aabb> boxes,
                       const ProjectionView& view, DebugDraw& draw) {
  if (world.IsEmpty()) return;
  // The axis: parallel to n through a point beside the boxes; a point at s along it projects to s.
  const glm::vec3 side = Beside(n, view);
  const float reach = 0.5f * glm::length(world.Extent());
  const glm::vec3 origin = world.Center() - glm::dot(world.Center(), n) * n + 0.9f * reach * side;
  auto on_axis = [&](float s, float lift) { return origin + s * n + lift * side; };
  const float centre = glm::dot(world.Center(), n);
  draw.Line(on_axis(centre - 1.3f * reach, 0), on_axis(centre + 1.3f * reach, 0), kAxis);
  const float step = 0.5f * reach / float(std::max<size_t>(boxes.size(), 1));
  int drawn = 0;
  for (const Aabb& box : boxes) {
    if (box.IsEmpty()) continue;
    const Interval iv = ProjectAabb(box, n);
    const RelevantVertices v = RelevantVerticesOf(box, n);
    const float lift = step * float(drawn + 1);  // stacked, as the figure stacks them
    draw.Line(on_axis(iv.lo, lift), on_axis(iv.hi, lift), kInterval[drawn % 2]);
    draw.Point(v.low, 7.0f, kLowVertex);
    draw.Point(v.high, 7.0f, kHighVertex);
    draw.Line(v.low, on_axis(iv.lo, lift), kProjector);
    draw.Line(v.high, on_axis(iv.hi, lift), kProjector);
    ++drawn;
  }
}

void DrawAxisProjections(std::span<const Aabb> boxes, const ProjectionView& view, DebugDraw& draw) {
  Aabb world;
  for (const Aabb& box : boxes)
    if (!box.IsEmpty()) world.Grow(box);
  DrawProjectionsOn({1, 0, 0}, world, boxes, view, draw);
  DrawProjectionsOn({0, 1, 0}, world, boxes, view, draw);
}

std::string CheckAxisPruning(std::span<const Aabb> boxes) {
  const glm::vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (const glm::vec3& axis : axes)
    if (std::string e = CheckProjections(boxes, axis); !e.empty()) return e;
  std::vector<BoxPair> kept;  // the pairs every axis generates
  for (BoxId a = 0; a < boxes.size(); ++a)
    for (BoxId b = a + 1; b < boxes.size(); ++b) {
      if (boxes[a].IsEmpty() || boxes[b].IsEmpty()) continue;
      bool every_axis = true;
      for (const glm::vec3& axis : axes) {
        const Interval p = ProjectAabb(boxes[a], axis), q = ProjectAabb(boxes[b], axis);
        every_axis = every_axis && p.lo <= q.hi && q.lo <= p.hi;
      }
      if (every_axis) kept.push_back({a, b});
    }
  const std::vector<BoxPair> overlapping = AllOverlappingPairs(boxes);
  if (kept == overlapping) return "";
  char text[160];
  std::snprintf(text, sizeof text, "the intervals keep %zu pairs, the boxes that overlap make %zu",
                kept.size(), overlapping.size());
  return text;
}

void DrawLeafList(const SemiAdjustingBsp& bsp, NodeId leaf, const ProjectionView& view,
                  std::vector<Aabb>& scratch, DebugDraw& draw) {
  const BspTree& tree = bsp.tree();
  if (leaf == kNoNode || leaf >= tree.nodes().size() || tree.node(leaf).child[0] != kNoNode) return;
  scratch.clear();
  Aabb world;
  for (const LeafEntry& e : tree.leaf(leaf)) {
    scratch.push_back(e.box);
    world.Grow(e.box);
  }
  DrawProjectionsOn(tree.direction(tree.node(leaf).sort_dir), world, scratch, view, draw);
}

std::string CheckLeafListSorted(const SemiAdjustingBsp& bsp, NodeId leaf) {
  const BspTree& tree = bsp.tree();
  if (leaf == kNoNode || leaf >= tree.nodes().size() || tree.node(leaf).child[0] != kNoNode)
    return "not a leaf";
  const glm::vec3 n = tree.direction(tree.node(leaf).sort_dir);
  const auto list = tree.leaf(leaf);
  if (list.empty()) return "the leaf's list is empty";
  char text[200];
  float previous = -INFINITY;
  for (size_t i = 0; i < list.size(); ++i) {
    const Interval iv = ProjectAabb(list[i].box, n);
    if (iv.lo < previous) {
      std::snprintf(text, sizeof text,
                    "entry %zu (box %u) starts at %g, before the entry above it at %g", i,
                    unsigned(list[i].id), double(iv.lo), double(previous));
      return text;
    }
    previous = iv.lo;
  }
  return "";
}

std::string CheckProjections(std::span<const Aabb> boxes, const glm::vec3& n) {
  char text[200];
  for (size_t id = 0; id < boxes.size(); ++id) {
    const Aabb& b = boxes[id];
    if (b.IsEmpty()) continue;
    float lo = INFINITY, hi = -INFINITY;  // brute force: all eight corners
    for (int corner = 0; corner < 8; ++corner) {
      const glm::vec3 p((corner & 1) ? b.max.x : b.min.x, (corner & 2) ? b.max.y : b.min.y,
                        (corner & 4) ? b.max.z : b.min.z);
      const float d = glm::dot(n, p);
      lo = std::min(lo, d);
      hi = std::max(hi, d);
    }
    const Interval iv = ProjectAabb(b, n);
    const float tolerance = 1e-5f * (1.0f + std::fabs(lo) + std::fabs(hi));
    if (std::fabs(iv.lo - lo) > tolerance || std::fabs(iv.hi - hi) > tolerance) {
      std::snprintf(text, sizeof text,
                    "box %zu projects to [%g, %g]; its eight corners span [%g, %g]", id,
                    double(iv.lo), double(iv.hi), double(lo), double(hi));
      return text;
    }
  }
  for (const BoxPair& p : AllOverlappingPairs(boxes)) {
    const Interval a = ProjectAabb(boxes[p.a], n), b = ProjectAabb(boxes[p.b], n);
    if (a.hi < b.lo || b.hi < a.lo) {
      std::snprintf(text, sizeof text,
                    "boxes %u and %u overlap but their intervals [%g, %g] and [%g, %g] do not",
                    unsigned(p.a), unsigned(p.b), double(a.lo), double(a.hi), double(b.lo),
                    double(b.hi));
      return text;
    }
  }
  return "";
}

}  // namespace partlab
