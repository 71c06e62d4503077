// Pair enumeration of the semi-adjusting BSP: one sweep along each leaf's sorted list with the
// exact AABB test (touching counts), as in sweep-and-prune but on short lists (3.1, 5.1.2).
//
// A pair whose boxes share several leaves (both straddle the same planes) must be reported once.
// The canonical rule: the intersection I of the two boxes is itself a box; descend the tree with I,
// going to the negative side whenever I reaches it. Both boxes contain I and projections are
// monotone, so both reach every node on that path: exactly one leaf holding both is the first
// common leaf, and only that leaf reports the pair. Pairs where either box lives in a single leaf
// need no check at all, which is nearly every pair.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/broadphase/sabsp/bsp_tree.h"

namespace partlab {

// True when `leaf` is where the canonical descent of a ∩ b ends.
bool IsCanonicalLeaf(const BspTree& tree, NodeId leaf, const Aabb& a, const Aabb& b);

// Appends every overlapping pair once; returns the number of candidate pairs the sweeps produced.
// `scratch` is reusable storage (kept between calls so that steady state allocates nothing).
uint64_t FindBspPairs(const BspTree& tree, std::vector<BoxPair>& out,
                      std::vector<BoxPair>& scratch);

}  // namespace partlab
