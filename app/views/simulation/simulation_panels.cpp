// The Simulation view's windows: keys, controls, the status bar, and the modes' and the BSP
// panel's windows in their places.
#include "app/views/simulation/simulation_view.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cstdio>
#include <cstring>

#include "app/i18n/translate.h"
#include "app/panels/figure_area.h"
#include "app/panels/status_bar.h"
#include "app/panels/tooltip.h"
#include "app/ui_style.h"
#include "app/views/simulation/sim_merge_lists.h"
#include "app/views/simulation/sim_verify_flow.h"

namespace partlab::simulation_view {

void SimulationView::HandleKeys() {
  if (ImGui::GetIO().WantCaptureKeyboard) return;
  if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false)) stepping().TogglePlay();
  if (ImGui::IsKeyPressed(GLFW_KEY_S, false) && !replay_mode_) {
    stepping().Pause();
    stepping().RequestSingleStep();
  }
  if (ImGui::IsKeyPressed(GLFW_KEY_N, false) && choice_.op_stepping && !replay_mode_)
    panel_.ApplyNextStage(CurrentBsp());
  if (replay_mode_) replay_.Keys();
}

void SimulationView::DrawControlsWindow() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x - 10.0f, 0.43f * display.y), ImGuiCond_FirstUseEver,
                          ImVec2(1, 0));
  ImGui::SetNextWindowSize(ImVec2(380, 0), ImGuiCond_FirstUseEver);
  // untranslated: the window's ID, which stays when the language changes
  if (!ImGui::Begin(WindowTitle(_("Simulation"), "simulation"))) {
    ImGui::End();
    return;
  }
  if (physics_.SceneCombo()) {
    replay_mode_ = false;
    figure_.reset();
    Reset();
    FrameCamera();
  }
  if (figure_) {  // which figure is shown instead of the scene, and the way back to the scene
    if (figure_->FigureLine()) {
      figure_.reset();
      panel_.Reset();
      FrameCamera();
    }
    ImGui::SameLine();
  }
  if (ImGui::Button(_("Reset"))) Reset();
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90);
  if (ImGui::InputInt(_("Seed"), &physics_.seed())) Reset();
  Tip(_("The scene's random seed: same seed, same run (bit-identical whatever the broad phase)"));

  if (ImGui::BeginCombo(_("Broad phase"), choice_.algo.c_str())) {
    for (std::string_view name : BroadPhaseNames()) {
      const std::string n(name);
      if (ImGui::Selectable(n.c_str(), n == choice_.algo) && n != choice_.algo) SwitchAlgorithm(n);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", _(std::string(BroadPhaseDescription(name)).c_str()));
    }
    ImGui::EndCombo();
  }
  Tip(
      _("Switches live: the new structure is built from the current boxes; the motion is the "
        "same"));
  picture_.Gui(CurrentBsp() != nullptr, clamp_note_);
  if (physics_.SideBySideGui()) StepOnceWhenPaused();
  ImGui::Separator();
  ImGui::Checkbox(_("Replay viewer"), &replay_mode_);
  Tip(_("Scrub a recorded AABBTRC1 trace frame by frame through any broad phase"));
  ImGui::SameLine();
  physics_.RecordGui();
  ImGui::End();
}

void SimulationView::DrawStatusBar() {
  char text[256];
  Active().StatusLine(text, {stepping().playing(), timings_.render_ms, choice_.algo});
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0, display.y), ImGuiCond_Always, ImVec2(0, 1));
  ImGui::SetNextWindowSize(ImVec2(display.x, 0), ImGuiCond_Always);
  // Opaque enough for the error and note lines to read over the windows behind them.
  // Under a software rasteriser every panel is opaque (ui_style.h says why).
  SetNextWindowBgAlphaForRenderer(0.75f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##simulation-status", nullptr, flags)) {
    // The line starts right of the base's Play / Step buttons, which float over this corner.
    ImGui::SetCursorPosX(StepControlsWidth());
    ImGui::TextUnformatted(text);
  }
  ImGui::End();
  // The window title: scene, algorithm and box count (only rewritten when it changes).
  const SceneInfo& info = physics_.info();
  const PhysicsWorld& world = physics_.world();
  char title[256];
  std::snprintf(title, sizeof title, _("Partition Lab - scene %d %s - %s - %u boxes"), info.number,
                _(info.title.data()), choice_.algo.c_str(),
                replay_mode_ && replay_.is_open() ? replay_.box_count()
                                                  : world.DynamicCount() + world.StaticCount());
  if (std::strcmp(title, title_) != 0) {
    std::memcpy(title_, title, sizeof title_);
    if (GLFWwindow* window = glfwGetCurrentContext()) glfwSetWindowTitle(window, title_);
  }
}

void SimulationView::UpdateGui() {
  ImGui::TextWrapped("%s", _("Space play/pause, S step, N next BSP operation (stepping), [ ] "
                             "replay frames; click a plane to inspect its node."));
}

void SimulationView::UpdateWindows() {
  HandleKeys();
  DrawControlsWindow();
  if (SemiAdjustingBsp* bsp = CurrentBsp())
    // Collapsed at first use under a software rasteriser too: open, it covers the view's centre.
    panel_.Window(*bsp, choice_.op_stepping, stepping(), headless() || UiIsSoftwareRendered(),
                  clamp_note_, [this](const BspParams& edited) { ApplyBspParams(edited); });
  physics_.TimingsWindow(CurrentBsp() != nullptr, timings_.render);
  DrawViewportCaptions(WholeDisplayFigureArea());
  DrawMergeLists(merge_stages_, WholeDisplayFigureArea());
  if (verify_flow_shown_ && CurrentBsp()) DrawVerifyFlow(*CurrentBsp(), WholeDisplayFigureArea());
  if (replay_mode_)
    replay_.Window(&replay_mode_, stepping(), [this] { return physics_.FinishRecording(); });
  DrawStatusBar();
}

// Presenter mode: which broad phase each half shows, and what the BSP window would show beside
// the scene (with its controls): the op log's newest operations, top left, in a step about the
// operations (IsOperationVerb), and the highlighted node's numbers, top right.
void SimulationView::DrawFigures(const FigureArea& area) {
  DrawViewportCaptions(area);
  DrawMergeLists(merge_stages_, area);
  if (verify_flow_shown_ && CurrentBsp()) DrawVerifyFlow(*CurrentBsp(), area);
  const SemiAdjustingBsp* bsp = CurrentBsp();
  if (!bsp || physics_.side_by_side_shown() || replay_mode_) return;
  panel_.Figures(*bsp, area, op_log_figure_);
}

}  // namespace partlab::simulation_view
