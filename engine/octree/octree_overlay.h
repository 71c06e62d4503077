// The octree described for the testbed's overlay through DebugDraw (engine/debug_draw.h): cells as
// wireframe cubes coloured by depth, and what one ray did (visited cells, tested triangles, the
// hit). Plain data through the seam, so tests can check what would be drawn without a GPU.
#pragma once

#include "engine/debug_draw.h"
#include "engine/octree/octree.h"

namespace partlab {

// One colour per depth (1-based), the same in the cells, the triangle tint and the legend.
Color OctreeDepthColor(int depth);

struct OctreeCellsOverlay {
  int max_depth_shown = kOctreeDepthLimit;  // draw cells with depth <= this
  bool hide_empty = true;                   // skip cells with no triangle in their subtree
};
// Draws each selected cell's twelve edges; returns how many cells it drew.
size_t DrawOctreeCells(const Octree& tree, const OctreeCellsOverlay& options, DebugDraw& draw);

struct RayOverlayColors {
  Color ray{1.0f, 1.0f, 1.0f, 1.0f};
  Color visited_cell{1.0f, 0.85f, 0.1f, 1.0f};
  Color tested_triangle{0.2f, 0.6f, 1.0f, 0.35f};
  Color hit_triangle{1.0f, 0.15f, 0.15f, 0.9f};
};
// The ray (to the hit, or `length` when it missed), the cells and triangles of `trace`, the hit.
void DrawRayQuery(const Octree& tree, const Ray& ray, const RayHit& hit, const QueryTrace& trace,
                  float length, DebugDraw& draw, const RayOverlayColors& colors = {});

}  // namespace partlab
