// The boxes of a leaf's record blocks (triangle_lanes.h), four blocks side by side, so that the
// ordered traversal tests a leaf's blocks against the ray before their triangles and runs the
// eight-wide Möller–Trumbore only on the blocks whose box the ray crosses: a leaf of 32 or 64
// records holds four or eight blocks, and a ray that enters the leaf's content box passes near a
// few of its triangles only. The build orders each leaf's records by place before cutting them
// into blocks (octree_build.cpp), so each block's box is small.
//
// A block's box is the bounding box of its triangles clipped to the leaf's cell: a hit point of
// one of them that this leaf must find lies in the closed cell (the argument of octree_query.cpp),
// so it lies in that box too, and the traversal tests the box grown by the octree's margin like
// every content box.
#pragma once

#include <limits>

namespace partlab {

// Lane k is block 4·group + k of one leaf; planes first (structure of arrays), as ChildBoxes:
// plane[axis][k] the box's minimum along axis, plane[3 + axis][k] its maximum. A lane with no
// block (past the leaf's last) holds kNoBlockBox, which no ray crosses.
struct alignas(16) BlockBoxes {
  float plane[6][4];
};
static_assert(sizeof(BlockBoxes) == 96, "a group of four boxes, no padding");

// Minimum +∞ and maximum −∞ on every axis: the ray enters every slab at +∞ or leaves it at −∞
// whatever its direction's signs (no NaN: 1/D is finite and never 0), so the lane never crosses.
inline constexpr float kNoBlockMin = std::numeric_limits<float>::infinity();
inline constexpr float kNoBlockMax = -std::numeric_limits<float>::infinity();

}  // namespace partlab
