#include "engine/octree/octree_overlay.h"

#include <algorithm>
#include <glm/common.hpp>

namespace partlab {

Color OctreeDepthColor(int depth) {
  // A perceptually ordered ramp (viridis-like), cycling after twelve depths.
  static const Color kRamp[12] = {
      {0.99f, 0.91f, 0.14f, 1}, {0.72f, 0.87f, 0.16f, 1}, {0.45f, 0.82f, 0.33f, 1},
      {0.25f, 0.74f, 0.45f, 1}, {0.13f, 0.65f, 0.52f, 1}, {0.12f, 0.56f, 0.55f, 1},
      {0.16f, 0.47f, 0.56f, 1}, {0.21f, 0.37f, 0.55f, 1}, {0.26f, 0.27f, 0.53f, 1},
      {0.28f, 0.17f, 0.48f, 1}, {0.27f, 0.07f, 0.40f, 1}, {0.55f, 0.10f, 0.40f, 1}};
  return kRamp[std::clamp(depth - 1, 0, 1000) % 12];
}

size_t DrawOctreeCells(const Octree& tree, const OctreeCellsOverlay& options, DebugDraw& draw) {
  size_t drawn = 0;
  const auto nodes = tree.nodes();
  for (uint32_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].depth > options.max_depth_shown) continue;  // depth-first storage: no early end
    if (options.hide_empty && tree.SubtreeReferences(i) == 0) continue;
    draw.BoxEdges(nodes[i].Bounds(), OctreeDepthColor(nodes[i].depth));
    ++drawn;
  }
  return drawn;
}

void DrawRayQuery(const Octree& tree, const Ray& ray, const RayHit& hit, const QueryTrace& trace,
                  float length, DebugDraw& draw, const RayOverlayColors& colors) {
  const auto nodes = tree.nodes();
  const auto tris = tree.triangles();
  for (uint32_t n : trace.visited_nodes) draw.BoxEdges(nodes[n].Bounds(), colors.visited_cell);
  auto polygon = [&](uint32_t id, const Color& c) {
    const glm::vec3 v[3] = {tris[id].v0, tris[id].v1, tris[id].v2};
    draw.Polygon(v, c);
  };
  for (uint32_t id : trace.tested_triangles)
    if (!hit.hit || id != hit.triangle) polygon(id, colors.tested_triangle);
  if (hit.hit) {
    polygon(hit.triangle, colors.hit_triangle);
    draw.Point(ray.At(hit.t), 8.0f, colors.hit_triangle);
  }
  draw.Line(ray.origin, ray.At(hit.hit ? hit.t : length), colors.ray);
}

}  // namespace partlab
