// The Simulation view's figure mode: a scripted figure of chapter 4 of semi-adjusting-bsp.txt
// (--preset KEY, bsp_figures.h), a few boxes moved by a script through a BSP of their own so that
// one operation happens, shown instead of the physics scene (which keeps its state underneath).
#pragma once

#include <memory>

#include "app/views/simulation/sim_mode.h"
#include "engine/broadphase/sabsp/bsp_figures.h"
#include "engine/view/orbit_camera.h"

namespace partlab::simulation_view {

class SimFigureMode final : public SimMode {
 public:
  // The figure from its first frame on its own BSP, the thesis's profile or ours.
  SimFigureMode(const BspFigure& figure, bool thesis, bool op_stepping);

  void Step(StepControl& stepping) override { run_->Step(); }
  BroadPhase* broad_phase() const override { return &run_->bsp(); }
  std::span<const Aabb> boxes() const override { return run_->boxes(); }
  std::span<const BoxPair> pairs() const override { return run_->pairs(); }
  void BuildInstances(SimPicture& picture, const SemiAdjustingBsp* bsp) override;
  void AdjustOverlay(BspOverlayOptions& options) const override;
  void StatusLine(std::span<char> text, const SimStatus& status) const override;

  // The thesis draws its figures in the plane: the camera looks at it from the front, above.
  void FrameCamera(OrbitCamera& camera) const;
  // Which figure is shown, with its tooltip; true when "Back to the scene" was pressed.
  bool FigureLine() const;

  const BspFigure& figure() const { return run_->figure(); }
  bool thesis() const { return run_->bsp().Name() == "sabsp_thesis"; }

 private:
  Aabb Extent() const;  // the boxes with a margin: where planes are drawn, what the camera frames

  std::unique_ptr<BspFigureRun> run_;
};

}  // namespace partlab::simulation_view
