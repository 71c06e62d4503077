// The Simulation view's windows: controls, the BSP's parameters and log, timings, the replay
// viewer and the status bar.
#include "app/views/simulation/simulation_view.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "app/panels/status_bar.h"

namespace partlab::simulation_view {

void SimulationView::DrawControlsWindow() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x - 10.0f, 0.43f * display.y), ImGuiCond_FirstUseEver,
                          ImVec2(1, 0));
  ImGui::SetNextWindowSize(ImVec2(380, 0), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Simulation")) {
    ImGui::End();
    return;
  }
  const auto catalog = SceneCatalog();
  char label[128];
  std::snprintf(label, sizeof label, "%d. %.*s", catalog[scene_index_].number,
                int(catalog[scene_index_].title.size()), catalog[scene_index_].title.data());
  if (ImGui::BeginCombo("Scene", label)) {
    for (int i = 0; i < int(catalog.size()); ++i) {
      std::snprintf(label, sizeof label, "%d. %.*s", catalog[i].number,
                    int(catalog[i].title.size()), catalog[i].title.data());
      if (ImGui::Selectable(label, i == scene_index_) && i != scene_index_) {
        scene_index_ = i;
        replay_mode_ = false;
        figure_.reset();
        Reset();
        FrameCamera();
      }
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%.*s", int(catalog[i].summary.size()), catalog[i].summary.data());
    }
    ImGui::EndCombo();
  }
  if (figure_) DrawFigureLine();
  if (ImGui::Button("Reset")) Reset();
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90);
  if (ImGui::InputInt("Seed", &seed_)) Reset();
  Tip("The scene's random seed: same seed, same run (bit-identical whatever the broad phase)");

  if (ImGui::BeginCombo("Broad phase", algo_.c_str())) {
    for (std::string_view name : BroadPhaseNames()) {
      const std::string n(name);
      if (ImGui::Selectable(n.c_str(), n == algo_) && n != algo_) SwitchAlgorithm(n);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%.*s", int(BroadPhaseDescription(name).size()),
                          BroadPhaseDescription(name).data());
    }
    ImGui::EndCombo();
  }
  Tip("Switches live: the new structure is built from the current boxes; the motion is the same");
  int mode = int(colour_mode_);
  ImGui::Combo("Colour", &mode, kBodyColourModeNames, kBodyColourModeCount);
  colour_mode_ = BodyColourMode(mode);
  Tip("BSP leaf: one colour per leaf, white for boxes straddling a plane (thesis 3.4)\n"
      "In a pair: bodies in a broad-phase pair this step\nSpeed: blue at rest to red at 12 m/s");
  ImGui::Checkbox("Overlay", &show_overlay_);
  Tip("BSP: splitting planes clipped to their cells, coloured by depth (red = root).\n"
      "Others: quadtree / octree cells, hash cells in use, SAP intervals.");
  if (CurrentBsp()) {
    ImGui::SameLine();
    ImGui::Checkbox("Leaf cells", &overlay_options_.leaf_cells);
    ClampedSliderInt("Plane depth", &overlay_options_.max_depth, kPlaneDepthRange, clamp_note_);
    Tip("Planes of nodes deeper than this are hidden, so deep trees stay readable");
    ClampedSliderFloat("Plane opacity", &overlay_options_.plane_alpha, kPlaneAlphaRange,
                       clamp_note_, "%.2f");
  }
  if (ImGui::Checkbox("Side by side", &side_by_side_)) {
    if (side_by_side_)
      companion_.Start(companion_algo_);
    else
      companion_.Stop();
    StepOnceWhenPaused();
  }
  Tip("Two viewports, one camera: the broad phase above on the left, a second one on the right,\n"
      "fed the same frames. By default the thesis's own tree (sabsp_thesis) beside ours (sabsp):\n"
      "planes, operations per step and time per step of each (docs/bsp.md).");
  if (side_by_side_) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(160);
    if (ImGui::BeginCombo("##companion", companion_algo_.c_str())) {
      for (std::string_view name : BroadPhaseNames()) {
        const std::string n(name);
        if (ImGui::Selectable(n.c_str(), n == companion_algo_) && n != companion_algo_) {
          companion_algo_ = n;
          companion_.Start(n);
          StepOnceWhenPaused();
        }
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("%.*s", int(BroadPhaseDescription(name).size()),
                            BroadPhaseDescription(name).data());
      }
      ImGui::EndCombo();
    }
    Tip("The right-hand viewport's broad phase");
  }
  ImGui::Separator();
  ImGui::Checkbox("Replay viewer", &replay_mode_);
  Tip("Scrub a recorded AABBTRC1 trace frame by frame through any broad phase");
  ImGui::SameLine();
  if (ImGui::Checkbox("Record run", &recording_)) {
    if (recording_) {
      std::error_code ec;
      std::filesystem::create_directories(std::filesystem::path(record_path_).parent_path(), ec);
      record_status_ = recorder_.Open(record_path_, scene_->MaxIds());
      recording_ = record_status_.empty();
    } else {
      record_status_ = recorder_.Close();
      if (record_status_.empty())
        record_status_ =
            "wrote " + record_path_ + " (" + std::to_string(recorder_.frames()) + " frames)";
    }
  }
  Tip("Writes every physics step's boxes as an AABBTRC1 trace for the replay viewer and the bench");
  if (!record_status_.empty()) ImGui::TextWrapped("%s", record_status_.c_str());
  ImGui::End();
}

void SimulationView::DrawBspWindow() {
  SemiAdjustingBsp* bsp = CurrentBsp();
  if (!bsp) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x - 400.0f, display.y - 40.0f), ImGuiCond_FirstUseEver,
                          ImVec2(1, 1));
  ImGui::SetNextWindowSize(ImVec2(380, 0), ImGuiCond_FirstUseEver);
  // Collapsed at first use under a software rasteriser too: open, it covers the view's centre.
  ImGui::SetNextWindowCollapsed(headless() || UiIsSoftwareRendered(), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Semi-adjusting BSP")) {
    ImGui::End();
    return;
  }
  ImGui::Text("%.*s", int(bsp->Name().size()), bsp->Name().data());
  if (ImGui::CollapsingHeader("Parameters (6.1)")) {
    BspParams edited = bsp->params();
    if (DrawBspParameters(edited, bsp->last_stats().boxes, clamp_note_)) ApplyBspParams(edited);
    DrawNoteLine(note_);
  }
  if (ImGui::CollapsingHeader("Thesis or ours: the departures", ImGuiTreeNodeFlags_DefaultOpen)) {
    BspParams edited = bsp->params();
    if (DrawBspDepartures(edited, clamp_note_)) ApplyBspParams(edited);
  }
  if (ImGui::CollapsingHeader("Operations", ImGuiTreeNodeFlags_DefaultOpen))
    DrawBspCounters(totals_, bsp->last_stats());
  if (ImGui::CollapsingHeader("Operation stepping (teaching)")) {
    if (ImGui::Checkbox("Step operations by hand", &op_stepping_)) {
      bsp->SetOperationStepping(op_stepping_);
      if (op_stepping_) stepping().Pause();
      stepper_.Reset();
    }
    Tip("The scheduler still verifies and queues events (5.2) but applies none: press N once to\n"
        "see the next operation on its node (magenta), again to apply it (result in cyan, or red "
        "when it failed).");
    if (op_stepping_) {
      ImGui::Text("%zu events pending", bsp->PendingOps());
      if (ImGui::Button(stepper_.showing_next() ? "Apply (N)" : "Show next (N)"))
        ApplyNextOpStage();
      ImGui::SameLine();
      if (ImGui::Button("Physics step (S)")) stepping().RequestSingleStep();
    }
    if (!stepper_.message().empty()) ImGui::TextWrapped("%s", stepper_.message().c_str());
    if (!note_.empty()) ImGui::TextWrapped("%s", note_.c_str());
    if (!bsp->op_log().empty() && ImGui::TreeNode("Recent operations")) {
      DrawRecentOperations(*bsp, 12);
      ImGui::TreePop();
    }
  }
  if (ImGui::CollapsingHeader("Node inspector")) {
    selected_ = DrawBspNodeInspector(*bsp, selected_);
    selected_ = DrawBspTreeView(*bsp, selected_);
  }
  ImGui::End();
}

void SimulationView::DrawTimingsWindow() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  // Above the base's Play / Step buttons at the bottom-left corner.
  ImGui::SetNextWindowPos(ImVec2(10.0f, display.y - 2.0f * kStepControlsHeight),
                          ImGuiCond_FirstUseEver, ImVec2(0, 1));
  ImGui::SetNextWindowSize(ImVec2(360, 0), ImGuiCond_FirstUseEver);
  // Six rolling plots cost a software rasteriser about 4 ms a frame (1280x720, llvmpipe) and the
  // status bar already shows the same step timings: there the window starts collapsed.
  ImGui::SetNextWindowCollapsed(UiIsSoftwareRendered(), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Step timings")) {
    ImGui::End();
    return;
  }
  auto plot = [](const char* name, const auto& p, const char* unit) {
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, "%.2f %s (max %.2f)", p.last(), unit, p.Max());
    ImGui::PlotLines(name, p.data(), p.count(), p.offset(), overlay, 0.0f, p.Max() * 1.1f + 1e-3f,
                     ImVec2(0, 26));
  };
  plot("update", plot_update_, "ms");
  Tip("Broad phase: edits + Update() (the BSP's migration, sorts and operations, 5.1-5.2)");
  plot("pairs", plot_pairs_ms_, "ms");
  Tip("Broad phase: FindPairs()");
  plot("pair count", plot_pairs_, "");
  if (CurrentBsp()) {
    plot("BSP depth", plot_depth_, "");
    Tip("Maximum leaf depth of the semi-adjusting BSP");
  }
  plot("physics", plot_physics_, "ms");
  Tip("ODE: narrow phase (dCollide) + solver (dWorldQuickStep)");
  plot("render CPU", plot_render_, "ms");
  ImGui::Checkbox("Compare all broad phases", &compare_);
  Tip("Runs every registered broad phase on the same frame after each physics step and shows\n"
      "their update + pair times side by side (median of the last 30 steps).");
  if (compare_) {
    ImGui::SameLine();
    if (ImGui::Checkbox("with brute force", &compare_brute_)) contenders_.clear();
    float slowest = 1e-6f;
    for (const Contender& c : contenders_) slowest = std::max(slowest, c.ms.Median());
    for (const Contender& c : contenders_) {
      char text[96];
      const bool agrees = c.pairs == pairs_.size();
      std::snprintf(text, sizeof text, "%s %.2f ms%s", c.name.c_str(), c.ms.Median(),
                    agrees ? "" : " (pairs differ!)");
      ImGui::ProgressBar(c.ms.Median() / slowest, ImVec2(-1, 0), text);
    }
    if (contenders_.empty()) ImGui::TextDisabled("starts at the next physics step");
  }
  if (!compare_) contenders_.clear();
  ImGui::End();
}

void SimulationView::OpenReplay(const std::string& path) {
  replay_.SetConfigure([this](BroadPhase& bp) {
    if (auto* bsp = dynamic_cast<SemiAdjustingBsp*>(&bp); bsp && bsp->Name() == "sabsp")
      bsp->SetParams(bsp_params_);
  });
  std::snprintf(replay_path_, sizeof replay_path_, "%s", path.c_str());
  const std::string error = replay_.Open(path, algo_);
  if (!error.empty()) {
    // One line on stderr and in red in the status bar; the trace (or live scene) shown stays.
    notices().Error("partlab: " + error);
    replay_status_ = error;
    return;
  }
  replay_status_.clear();
  replay_mode_ = true;
  stepping().Pause();  // the replay starts on its first frame; Play runs it
}

void SimulationView::DrawReplayWindow() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y - 40.0f), ImGuiCond_FirstUseEver,
                          ImVec2(0.5f, 1));
  ImGui::SetNextWindowSize(ImVec2(520, 0), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Replay viewer", &replay_mode_)) {
    ImGui::End();
    return;
  }
  ImGui::InputText("Trace", replay_path_, sizeof replay_path_);
  ImGui::SameLine();
  if (ImGui::Button("Open")) OpenReplay(replay_path_);
  if (ImGui::Button("Open the run just recorded")) {
    if (recording_) {
      record_status_ = recorder_.Close();
      recording_ = false;
    }
    OpenReplay(record_path_);
  }
  if (replay_.is_open()) {
    int frame = int(replay_.frame());
    if (ImGui::Button("|<")) frame = 0;
    ImGui::SameLine();
    if (ImGui::Button("<")) frame = std::max(frame - 1, 0);
    ImGui::SameLine();
    if (ImGui::Button(stepping().playing() ? "Pause" : "Play")) stepping().TogglePlay();
    ImGui::SameLine();
    if (ImGui::Button(">")) frame += 1;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    ImGui::SliderInt("##frame", &frame, 0, int(replay_.frame_count()) - 1, "frame %d");
    Tip("Drag to scrub; [ and ] step one frame. A jump rebuilds the structure from that frame's\n"
        "boxes; a step forward updates it incrementally, as during the run.");
    if (frame != int(replay_.frame())) replay_status_ = replay_.Seek(uint32_t(std::max(frame, 0)));
    ImGui::Text("%u boxes, %zu pairs, update %.2f ms, pairs %.2f ms", replay_.box_count_present(),
                replay_.pairs().size(), replay_.timings().update_ms, replay_.timings().pairs_ms);
  }
  if (!replay_status_.empty()) ImGui::TextWrapped("%s", replay_status_.c_str());
  ImGui::End();
}

void SimulationView::DrawStatusBar() {
  const auto catalog = SceneCatalog();
  const SceneInfo& info = catalog[scene_index_];
  char text[256];
  if (figure_) {
    const BspFigure& f = figure_->figure();
    std::snprintf(
        text, sizeof text, "%.*s (thesis %.*s) | %s | frame %d | %zu pairs | %zu events pending%s",
        int(f.title.size()), f.title.data(), int(f.section.size()), f.section.data(),
        std::string(figure_->bsp().Name()).c_str(), figure_->frames_fed(), figure_->pairs().size(),
        figure_->bsp().PendingOps(), stepping().playing() ? "" : " | paused");
  } else if (replay_mode_ && replay_.is_open()) {
    std::snprintf(text, sizeof text, "Replay %s | %s | frame %u/%u | %u boxes | %zu pairs",
                  replay_.path().c_str(), algo_.c_str(), replay_.frame() + 1, replay_.frame_count(),
                  replay_.box_count_present(), replay_.pairs().size());
  } else {
    const PhysicsWorld& w = scene_->world();
    std::snprintf(text, sizeof text,
                  "Scene %d %.*s | %s | %u boxes (%u bodies, %u static) | step %llu | %u pairs | "
                  "step %.1f ms (broad phase %.2f, physics %.1f) | draw %.1f ms%s",
                  info.number, int(info.title.size()), info.title.data(), algo_.c_str(),
                  w.DynamicCount() + w.StaticCount(), w.DynamicCount(), w.StaticCount(),
                  (unsigned long long)scene_->step_count(), last_.pairs, step_ms_,
                  last_.broad_phase_ms(), last_.physics_ms(), render_ms_,
                  stepping().playing() ? "" : " | paused");
  }
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
  char title[256];
  std::snprintf(title, sizeof title, "Partition Lab - scene %d %.*s - %s - %u boxes", info.number,
                int(info.title.size()), info.title.data(), algo_.c_str(),
                replay_mode_ && replay_.is_open()
                    ? replay_.box_count_present()
                    : scene_->world().DynamicCount() + scene_->world().StaticCount());
  if (std::strcmp(title, title_) != 0) {
    std::memcpy(title_, title, sizeof title_);
    if (GLFWwindow* window = glfwGetCurrentContext()) glfwSetWindowTitle(window, title_);
  }
}

void SimulationView::UpdateGui() {
  ImGui::TextWrapped(
      "Space play/pause, S step, N next BSP operation (stepping), [ ] replay "
      "frames; click a plane to inspect its node.");
}

void SimulationView::UpdateWindows() {
  HandleKeys();
  DrawControlsWindow();
  DrawBspWindow();
  DrawTimingsWindow();
  DrawViewportCaptions(WholeDisplayFigureArea());
  if (replay_mode_) DrawReplayWindow();
  DrawStatusBar();
}

// Presenter mode: which broad phase each half shows, and what the BSP window would show beside
// the scene (with its controls): the op log's newest operations, top left, in a step about the
// operations (IsOperationVerb), and the highlighted node's numbers, top right.
void SimulationView::DrawFigures(const FigureArea& area) {
  DrawViewportCaptions(area);
  const SemiAdjustingBsp* bsp = CurrentBsp();
  if (!bsp || side_by_side_ || replay_mode_) return;
  const float pad = area.font_pixels;
  if (op_log_figure_ && (!bsp->op_log().empty() || !stepper_.message().empty())) {
    if (BeginFigureWindow("##operations", area, FigureCorner::kTopLeft)) {
      ImGui::PushTextWrapPos(pad * 24.0f);
      ImGui::TextUnformatted("Operations, newest first (5.2)");
      if (!stepper_.message().empty()) ImGui::TextWrapped("%s", stepper_.message().c_str());
      DrawRecentOperations(*bsp, kFigureOperations);
      ImGui::PopTextWrapPos();
    }
    EndFigureWindow(area);
  }
  if (selected_ != kNoNode) {
    if (BeginFigureWindow("##highlighted node", area, FigureCorner::kTopRight))
      DrawBspNodeNumbers(*bsp, selected_);
    EndFigureWindow(area);
  }
}

}  // namespace partlab::simulation_view
