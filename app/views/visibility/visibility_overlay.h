// What the visibility view draws on top of its meshes, as DebugDraw calls (no GL): the
// observer's frustum, the octree cells by culling class, and the BSP room in painter's order.
#pragma once

#include <span>
#include <vector>

#include "engine/debug_draw.h"
#include "engine/octree/octree.h"
#include "engine/visibility/frustum.h"
#include "engine/visibility/octree_frustum_culling.h"
#include "engine/visibility/polygon_bsp.h"

namespace partlab {

// The chapter's three classes of section 3.2.3.2, one colour each (legend and overlay agree).
Color CellClassColor(BoxClass c);
// Drawing position t in [0, 1] (0 = first painted, the farthest) to a colour: deep blue through
// teal and green to warm yellow, readable in both themes and by most colour-blind readers.
Color OrderRamp(float t);

// The frustum's 12 edges, its near and far faces lightly filled, and the eye with the lines to
// the near corners (the "triângulo" of the chapter's figure 3.3, in 3D).
void DrawFrustum(DebugDraw& draw, const Frustum& frustum, const glm::vec3& eye);

struct CellOverlayOptions {
  bool show_outside = true;
  bool leaves_only = false;  // only the deepest cells visited (less clutter on big trees)
};
// Every cell the culling pass tested, its edges in its class colour.
void DrawCellClasses(DebugDraw& draw, const Octree& octree, const OctreeCullResult& result,
                     const CellOverlayOptions& options);

// The room's polygons painted in `paint_order` (back to front for the eye that looks), each filled
// with OrderRamp of its position in the observer's order (`observer_position`, -1 for a polygon
// the observer's traversal culled: drawn as faint grey glass) and shaded a little by how it faces
// `light_dir`, so walls read as solids.
void DrawPaintersOrder(DebugDraw& draw, const PolygonBsp& bsp,
                       std::span<const uint32_t> paint_order,
                       std::span<const int> observer_position, size_t observer_drawn,
                       const glm::vec3& light_dir);

// True when the segment from a to b crosses the convex polygon strictly between its ends (a label
// at b is hidden by it, seen from a).
bool SegmentCrossesPolygon(const glm::vec3& a, const glm::vec3& b,
                           std::span<const glm::vec3> polygon);

glm::vec3 Centroid(std::span<const glm::vec3> polygon);

}  // namespace partlab
