// The invariant checker of the semi-adjusting BSP, run after every step by the
// tests and on demand by the UI:
//  - every present box is stored in exactly the leaves its box reaches from the root (3.4);
//  - each leaf list holds current boxes, projected on the leaf's sort direction (its parent's
//    normal, x for the root), sorted by low end, each box once;
//  - each node's population is the number of distinct boxes reaching it; links, depths, leaf
//    counts and entry totals are consistent.
#pragma once

#include <string>

#include "engine/broadphase/sabsp/bsp_tree.h"

namespace partlab {

// "" when every invariant holds, else a description of the first violation found.
std::string CheckBspInvariants(const BspTree& tree);

}  // namespace partlab
