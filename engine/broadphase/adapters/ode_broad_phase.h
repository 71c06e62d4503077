// ODE's own spaces as broad phases: dHashSpace and dQuadTreeSpace, which the
// thesis compared against as SH and QT (semi-adjusting-bsp.txt, 6.1), and dSweepAndPruneSpace.
#pragma once

#include <memory>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

std::unique_ptr<BroadPhase> MakeOdeHashSpace();
std::unique_ptr<BroadPhase> MakeOdeQuadTreeSpace();
// dQuadTreeSpace at level 11, the depth the thesis used ("a level-11 quadtree was enough to index
// every AABB without redundancy", 6.1); it allocates every block up front (about 5.6 million).
std::unique_ptr<BroadPhase> MakeOdeQuadTreeSpaceLevel11();
std::unique_ptr<BroadPhase> MakeOdeSapSpace();

}  // namespace partlab
