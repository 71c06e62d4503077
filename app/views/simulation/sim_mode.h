// What the Simulation view shows is one of three modes, each a component with its own state,
// step, drawing and panel: the live physics scene (sim_physics.h, the thesis's simulations of
// semi-adjusting-bsp.txt 6.2), a recorded trace scrubbed through a broad phase (sim_replay_mode.h)
// and a scripted figure of chapter 4 (sim_figure_mode.h). The view holds all three (the scene keeps
// its state underneath the others) and forwards its hooks to the one shown; the modes share the
// BSP panel (sim_bsp_panel.h) and the picture of bodies and planes (sim_picture.h).
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>

#include "app/view/step_control.h"
#include "app/views/simulation/sim_bsp_overlay.h"
#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"

namespace partlab::simulation_view {

class SimPicture;

// The broad phase the user chose and the BSP parameters of 6.1 the panel edits (saved in the
// settings), which every structure the modes build starts with.
struct SimBroadPhaseChoice {
  std::string algo = "sabsp";
  BspParams bsp_params;
  bool op_stepping = false;  // the BSP applies operations only by hand (5.2, teaching)

  std::unique_ptr<BroadPhase> Make(const std::string& name) const {
    std::unique_ptr<BroadPhase> bp = MakeBroadPhase(name);
    if (auto* bsp = dynamic_cast<SemiAdjustingBsp*>(bp.get())) {
      // The panel's parameters are sabsp's; sabsp_thesis keeps the thesis's profile it was
      // registered with until the panel edits it.
      if (name == "sabsp") bsp->SetParams(bsp_params);
      bsp->SetOperationStepping(op_stepping);
    }
    return bp;
  }
};

// What the status bar's line says besides the mode's own numbers.
struct SimStatus {
  bool playing = false;
  double render_ms = 0.0;
  const std::string& algo;
};

class SimMode {
 public:
  virtual ~SimMode() = default;
  // One fixed step of the base's StepControl (the scene's 1/25 s).
  virtual void Step(StepControl& stepping) = 0;
  // The broad phase shown (null when none), the boxes it saw last (index = id, empty = absent) and
  // its pairs.
  virtual BroadPhase* broad_phase() const = 0;
  virtual std::span<const Aabb> boxes() const = 0;
  virtual std::span<const BoxPair> pairs() const = 0;
  // Prepare: the mode's bodies or boxes into the picture's instance arrays, coloured by the leaves
  // of `bsp` (the BSP shown, or null).
  virtual void BuildInstances(SimPicture& picture, const SemiAdjustingBsp* bsp) = 0;
  // Where the BSP's planes are drawn.
  virtual void AdjustOverlay(BspOverlayOptions& options) const = 0;
  // The status bar's line, written into `text`.
  virtual void StatusLine(std::span<char> text, const SimStatus& status) const = 0;
};

}  // namespace partlab::simulation_view
