// The content boxes of an inner node's eight children, side by side, so that the ordered traversal
// tests all eight against the ray at once (octree_lanes.h) and stacks only the children whose boxes
// the ray crosses, as a bounding volume hierarchy of eight-wide nodes does. A child's content box
// is what its subtree holds clipped to its cell (Octree::ContentBox).
#pragma once

#include <cstdint>

namespace partlab {

// Lane k is octant k (x = bit 0, y = bit 1, z = bit 2); a lane whose octant has no child holds
// zeros and is masked out by the node's child_mask. Planes first (structure of arrays): one load
// gives a plane of four lanes. One object per inner node, plus one at index 0 whose lane 0 holds
// the root, so the root is tested like any child.
struct alignas(64) ChildBoxes {
  float plane[6][8];  // [axis][k]: the minimum along axis of child k's box; [3 + axis][k]: max
  // The ChildBoxes of child k's own children; for a leaf, kLeafChild plus 1 + the index of the
  // first BlockBoxes group of its record blocks (block_boxes.h), or plus 0 when it has none (at
  // most one block).
  uint32_t children[8];
  // Child k's first record block (OctreeNode::first_ref / 8): the traversal asks the cache for a
  // child's records as it decides to enter it, at the same time as for the child's node.
  uint32_t first_block[8];
};
static_assert(sizeof(ChildBoxes) == 256, "four cache lines");

// The flag in ChildBoxes::children that says the child is a leaf: the traversal then knows, as it
// chooses a child, which of its arrays the child will read first, and asks the cache for that.
inline constexpr uint32_t kLeafChild = 0x80000000u;

}  // namespace partlab
