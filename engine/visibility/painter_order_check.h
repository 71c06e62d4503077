// Independent answers for the claims the visibility lessons make about the polygon BSP of section
// 3.2.3.3, written apart from polygon_bsp.cpp so that a lesson's check does not ask the code under
// test to grade itself:
//  - the back-to-front order of a built tree, walked with an explicit stack (the chapter's
//    Desenha_BSP unrolled) rather than by the tree's own recursion;
//  - the painter's condition itself, by brute force: no polygon painted earlier stands between
//    the eye and a polygon painted later ("de trás para frente");
//  - whether a polygon lies wholly outside a frustum, by clipping it against the six planes, so a
//    culled polygon can be shown to be one the observer could not have seen.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "engine/visibility/frustum.h"
#include "engine/visibility/polygon_bsp.h"

namespace partlab {

// Every polygon of `bsp`, farthest from `eye` first: at each node the half-space away from the
// eye, then the node's polygon, then the eye's half-space.
std::vector<uint32_t> BackToFrontByStack(const PolygonBsp& bsp, const glm::vec3& eye);

// The first pair (earlier, later) of positions in `order` where the polygon painted earlier hides
// part of the one painted later from `eye`, tested along segments from the eye to the later
// polygon's centroid and to points near each of its corners. nullopt when the order is a valid
// painter's order for every segment tested.
std::optional<std::pair<size_t, size_t>> FirstPainterViolation(std::span<const BspPolygon> polygons,
                                                               std::span<const uint32_t> order,
                                                               const glm::vec3& eye);

// True when no point of the convex polygon is inside the frustum (it clips away entirely).
bool PolygonOutsideFrustum(std::span<const glm::vec3> polygon, const Frustum& frustum);

}  // namespace partlab
