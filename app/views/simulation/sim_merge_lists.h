// Figure 4.4 of semi-adjusting-bsp.txt: the sorted lists a merge combines bottom-up, level by
// level, from the merged subtree's leaves to the one list of the leaf that replaces it (4.3).
#pragma once

#include <span>
#include <string>

#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"

namespace partlab {

struct FigureArea;  // app/view.h

// A figure window, top right: one line per list, deepest level first, each node's boxes in its
// list's order.
void DrawMergeLists(std::span<const MergeStage> stages, const FigureArea& area);

// "" when every list of the merge of `node` (SemiAdjustingBsp::TraceMerge) holds exactly the
// boxes of the leaves below its node, in the order of their lower ends on the merge's direction,
// each recomputed from the box's eight corners; else what differs.
std::string CheckMergeLists(SemiAdjustingBsp& bsp, NodeId node, std::span<const Aabb> boxes);

}  // namespace partlab
