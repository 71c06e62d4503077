// The semi-adjusting BSP's panel pieces: a slider per parameter of
// semi-adjusting-bsp.txt 6.1 with a tooltip citing its section, the operation counters, and the
// inspector of one node (population, balance, redundancy, direction).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>

#include "app/panels/clamped_widgets.h"
#include "app/view.h"
#include "app/view/step_control.h"
#include "app/views/simulation/sim_op_stepper.h"
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

// The "Semi-adjusting BSP" window the Simulation view's modes share (sim_mode.h): parameters,
// departures, operation counters, operation stepping by hand (5.2) and the node inspector, over
// whichever BSP the shown mode runs; and the same numbers as figures in presenter mode.
class SimBspPanel {
 public:
  void Reset() {  // another structure, scene or figure: nothing selected, nothing shown
    selected_ = kNoNode;
    stepper_.Reset();
  }
  void ResetCounts() { totals_ = {}; }
  // After one step of the shown mode: the scheduler re-verified, so the shown operation is stale.
  void AfterStep(const SemiAdjustingBsp* bsp, bool op_stepping) {
    if (op_stepping) stepper_.Reset();
    if (bsp) totals_.Add(bsp->last_stats().ops);
  }
  // The window. `apply` takes parameters edited in it; `op_stepping` is the toggle's state.
  void Window(SemiAdjustingBsp& bsp, bool& op_stepping, StepControl& stepping, bool collapsed,
              ClampNote& clamp_note, const std::function<void(const BspParams&)>& apply);
  // Two presses per operation: the first shows what is next on its node (before), the second
  // applies it and shows where the result lives (after).
  void ApplyNextStage(SemiAdjustingBsp* bsp);
  // The node the overlay highlights and its colour: the stepper's (before, after, failed), else
  // the one selected.
  NodeId Highlight(bool op_stepping, Color& colour) const;
  // Presenter mode: the op log's newest operations (when `op_log`), top left, and the selected
  // node's numbers, top right.
  void Figures(const SemiAdjustingBsp& bsp, const FigureArea& area, bool op_log) const;

  NodeId selected() const { return selected_; }
  void Select(NodeId node) { selected_ = node; }
  const std::string& message() const { return stepper_.message(); }
  void SetNote(const std::string& note) { note_ = note; }  // e.g. what SetParams clamped

 private:
  NodeId selected_ = kNoNode;
  OpStepper stepper_;
  BspOpTotals totals_;
  std::string note_;
};

}  // namespace partlab
