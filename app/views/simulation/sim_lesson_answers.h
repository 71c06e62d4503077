// The answers the Simulation view's lesson checks (sim_lesson_verbs.h) compare the view's state
// against, worked out from the boxes alone with the thesis's own definitions, never from the
// numbers the BSP keeps: the pairs of every two boxes, the boxes each leaf's cell reaches, the
// sides of a plane, the 13 directions as sign combinations, the depth by walking the tree, the
// priority order as the thesis writes it. GL-free.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"

namespace partlab {

// The thesis's priority order (5.2.1): balance 0, shift-split 1, split 2, swap 3, merge 4.
int ThesisPriority(BspOp op);

// The low and high ends of a box projected on n, through its relevant vertices (3.2).
std::pair<float, float> Project(const Aabb& b, const glm::vec3& n);

// All overlapping pairs of present boxes (closed intervals on every axis), O(n^2), sorted.
std::vector<BoxPair> AllOverlappingPairs(std::span<const Aabb> boxes);

// By node id: how many boxes reach each leaf when sent down from the root by their projections
// (3.4); 0 for internal nodes.
std::vector<uint32_t> BoxesPerLeaf(const SemiAdjustingBsp& bsp, std::span<const Aabb> boxes);

// The boxes of `node`'s cell on each side of its plane: only one side, or both (straddling).
struct SideCounts {
  uint32_t negative_only = 0, positive_only = 0, straddling = 0;
};
SideCounts CountSides(const SemiAdjustingBsp& bsp, NodeId node, std::span<const Aabb> boxes);
// balance (3.6): the smaller side over the larger, each side counting the boxes that reach it.
float Balance(const SideCounts& s);

// The non-zero vectors of {-1, 0, 1}^3 up to sign: the 13 directions of 3.5.
int SignCombinationCount();

// The deepest leaf's depth, walking the tree from the root.
int DeepestLeaf(const SemiAdjustingBsp& bsp);

}  // namespace partlab
