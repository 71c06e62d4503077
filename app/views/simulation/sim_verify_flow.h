// Figure 5.4 of semi-adjusting-bsp.txt, "Sistema de verificação da árvore": the top-down
// verification as a flowchart, each box lit by how many nodes the last verification brought
// there (BspScheduler::last_verification).
#pragma once

#include <span>
#include <string>

#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"

namespace partlab {

struct FigureArea;  // app/view.h

// The flowchart's boxes, in drawing order.
enum class VerifyFlowBox : int {
  kVisit,
  kLeaf,
  kOverT,
  kUnderMerge,
  kSplit,
  kFine,
  kMerge,
  kNeedsBalance,
  kBalance,
  kChildren,
  kCount
};
// How many visits of the last verification passed through each box.
void CountVerifyFlow(std::span<const BspScheduler::VerifyVisit> visits,
                     int (&counts)[int(VerifyFlowBox::kCount)]);

// The flowchart, top right, the boxes the last verification passed through lit.
void DrawVerifyFlow(const SemiAdjustingBsp& bsp, const FigureArea& area);

// "" when the last verification visited exactly the nodes a top-down walk of the tree as it is
// now visits (skipping the subtrees of a node that needs an operation, 4.6) and ended at each
// where the thesis's rules (5.2, 6.1) recomputed from the populations put it; else the first
// difference. Meaningful with operation stepping on and the boxes at rest since the
// verification, so that the tree is still the one it saw.
std::string CheckVerifyFlow(const SemiAdjustingBsp& bsp);

}  // namespace partlab
