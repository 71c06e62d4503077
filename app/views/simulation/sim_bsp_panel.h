// The semi-adjusting BSP's panel pieces: a slider per parameter of
// semi-adjusting-bsp.txt 6.1 with a tooltip citing its section, the operation counters, and the
// inspector of one node (population, balance, redundancy, direction).
#pragma once

#include <array>
#include <cstdint>

#include "app/panels/clamped_widgets.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"

namespace partlab {

// Edits `params` in place; true when something changed (the caller applies it with SetParams).
// A value typed outside a slider's documented range is clamped, and `note` says so under it.
bool DrawBspParameters(BspParams& params, uint32_t box_count, ClampNote& note);
// The "Thesis" and "Ours" presets and a widget per departure of ours from the thesis, each with a
// tooltip naming the section it departs from (bsp_param_table.h, docs/bsp.md). Edits in place.
bool DrawBspDepartures(BspParams& params, ClampNote& note);

// Totals since the scene (or broad phase) started, plus this step's.
struct BspOpTotals {
  std::array<uint64_t, kBspOpCount> applied{}, failed{};
  uint64_t dropped = 0, verifications = 0;
  void Add(const OpCounters& c);
};
void DrawBspCounters(const BspOpTotals& totals, const BspStepStats& last);

// Inspector of node n; returns a node the user chose to go to (parent/child), else n.
NodeId DrawBspNodeInspector(const SemiAdjustingBsp& bsp, NodeId n);
// The inspector's figure alone: node n's population, children, balance, redundancy and plane
// (3.2, 3.5, 3.6), no buttons. False (and nothing drawn) when n is no live node.
bool DrawBspNodeNumbers(const SemiAdjustingBsp& bsp, NodeId n);
// The op log's newest `count` operations, newest first, each on its own wrapped line: applied in
// the text's colour, failed in red, dropped greyed (5.2).
void DrawRecentOperations(const SemiAdjustingBsp& bsp, size_t count);
// A collapsible tree of the nodes; returns the node clicked, else `selected`.
NodeId DrawBspTreeView(const SemiAdjustingBsp& bsp, NodeId selected);

}  // namespace partlab
