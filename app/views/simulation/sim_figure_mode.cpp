// The Simulation view's figure mode (sim_figure_mode.h).
#include "app/views/simulation/sim_figure_mode.h"
#include "app/i18n/translate.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/panels/tooltip.h"
#include "app/views/simulation/sim_picture.h"

namespace partlab::simulation_view {

SimFigureMode::SimFigureMode(const BspFigure& figure, bool thesis, bool op_stepping)
    : run_(std::make_unique<BspFigureRun>(figure, thesis)) {
  run_->bsp().SetOperationStepping(op_stepping);
}

void SimFigureMode::BuildInstances(SimPicture& picture, const SemiAdjustingBsp* bsp) {
  picture.BuildBoxes(run_->boxes(), run_->pairs(), bsp);
}

Aabb SimFigureMode::Extent() const {
  const Aabb bounds = run_->Bounds();
  return {bounds.min - glm::vec3(1.5f, 2.0f, 3.0f), bounds.max + glm::vec3(1.5f, 3.0f, 3.0f)};
}

// Planes tall enough to read as walls between the few boxes.
void SimFigureMode::AdjustOverlay(BspOverlayOptions& options) const {
  options.extent = Extent();
  options.plane_alpha = std::max(options.plane_alpha, 0.3f);  // a few planes: none hides another
}

void SimFigureMode::StatusLine(std::span<char> text, const SimStatus& status) const {
  const BspFigure& f = run_->figure();
  std::snprintf(text.data(), text.size(),
                _("%s (thesis %s) | %s | frame %d | %zu pairs | %zu events pending%s"),
                _(f.title.data()), _(f.section.data()), std::string(run_->bsp().Name()).c_str(),
                run_->frames_fed(), run_->pairs().size(), run_->bsp().PendingOps(),
                status.playing ? "" : _(" | paused"));
}

void SimFigureMode::FrameCamera(OrbitCamera& camera) const {
  camera.yaw = 0.60f;
  camera.pitch = 0.55f;
  camera.Frame(Extent(), 16.0f / 9.0f);
  // The boxes and planes sit in the upper part of the picture, clear of the status bar and of a
  // lesson's caption along the bottom.
  camera.distance *= 1.25f;
  const float half_height = camera.distance * std::tan(0.5f * camera.fov_y);
  camera.target -= camera.Up() * (0.2f * half_height);
}

bool SimFigureMode::FigureLine() const {
  const BspFigure& f = run_->figure();
  ImGui::TextWrapped(_("Figure: %s"), _(f.title.data()));
  const std::string tip =
      Formatted(_("A few boxes moved by a script so that this operation happens "
                  "(thesis %s);\nReset replays it from its first frame "
                  "(docs/thesis-lessons.md)."),
                _(f.section.data()));
  Tip(tip.c_str());
  return ImGui::Button(_("Back to the scene"));
}

}  // namespace partlab::simulation_view
