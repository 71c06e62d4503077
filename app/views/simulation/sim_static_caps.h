// Drawing the stage's static boxes from above without their hidden walls. Scene 1's terrain
// (semi-adjusting-bsp.txt, 6.2.1) is 1,600 columns reaching down to the same floor: seen from
// above, each column shows its top and only the strip of each side that rises above its
// neighbour, yet llvmpipe rasterises and depth-tests every column's whole side, about two million
// hidden pixels a frame at 1280x720. A column whose four sides are all covered by neighbours that
// reach as low as it does can be drawn as its "cap", from the lowest of those neighbours' tops up:
// from any eye above its bottom (its bottom face then faces away) the picture is the same.
// GL-free, so tests/app can check it.
#pragma once

#include <span>
#include <vector>

#include "engine/geometry/aabb.h"

namespace partlab {

// For each box, the lowest height from which its sides can be seen: the lowest top among the
// boxes covering its four sides (each side wholly covered by one box standing within `gap` of it
// and reaching at least as low), clamped to the box's own height range; the box's own bottom
// where a side is open. Boxes are axis-aligned, y up.
std::vector<float> VisibleSideFloors(std::span<const Aabb> boxes, float gap);

// The part of `box` to draw for an eye above its bottom: from `floor` (VisibleSideFloors) to its
// top.
inline Aabb CapFrom(const Aabb& box, float floor) {
  return Aabb{{box.min.x, floor, box.min.z}, box.max};
}

}  // namespace partlab
