// The ground grid under the model, described through DebugDraw (plain data, no GL): it gives the
// eye a floor and a sense of scale. Round spacing (1, 2, 5 x 10^k), a brighter line every fifth,
// fading towards the rim so it has no hard edge.
#pragma once

#include "engine/debug_draw.h"
#include "engine/geometry/aabb.h"

namespace partlab {

// A round spacing giving about `cells` cells across `extent`: 1, 2 or 5 times a power of ten.
float NiceGridSpacing(float extent, float cells);

// Draws the grid in the plane y = bounds.min.y, centred under the box, reaching 1.6 times the
// box's larger horizontal extent. Each line is cut into short segments so the fade can follow
// the distance from the centre. Nothing is drawn for an empty box.
void DrawGroundGrid(DebugDraw& draw, const Aabb& bounds);

}  // namespace partlab
