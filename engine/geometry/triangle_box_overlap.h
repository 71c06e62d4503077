// Exact triangle–box overlap by the separating axis theorem (Akenine-Möller 2001, "Fast 3D
// triangle-box overlap testing"): a triangle and a box are disjoint exactly when their projections
// onto one of 13 axes are disjoint — the box's 3 face normals, the triangle's normal, and the 9
// cross products of a box axis with a triangle edge. The octree's second placement policy uses it
// to reference a triangle from every leaf it really overlaps, not just every leaf its box overlaps.
#pragma once

#include "engine/geometry/aabb.h"
#include "engine/geometry/triangle.h"

namespace partlab {

// True when the closed triangle and the closed box share a point (touching counts).
bool TriangleOverlapsBox(const Triangle& tri, const Aabb& box);

}  // namespace partlab
