// The Simulation view: lifecycle, the mode shown, stepping and drawing (the class is in
// simulation_view.h; the modes in sim_physics.h, sim_replay_mode.h and sim_figure_mode.h).
#include "app/views/simulation/simulation_view.h"
#include "app/i18n/translate.h"

#include <imgui.h>

#include <cstdio>

#include "app/panels/figure_area.h"
#include "app/param_settings.h"
#include "app/render/viewport_state.h"
#include "app/views/simulation/sim_cut_directions.h"
#include "app/views/simulation/sim_projections.h"
#include "engine/broadphase/sabsp/bsp_param_table.h"
#include "engine/thread_cpu_clock.h"

namespace partlab::simulation_view {

SimulationView::SimulationView(AppContext& app) : View(app), app_(app) {
  if (const std::string error = picture_.Load(); !error.empty())
    notices().Error("partlab: " + error);
}

void SimulationView::Start() {
  const ViewFlagValues& flags = app_.start.flags;
  const SimFlags options = ReadSimFlags(flags);  // sim_flags.cpp declares them
  // The --bsp-* flags over the file: a flag wins (ParseCommandLine already noted what it clamped).
  std::string flag_notes;
  bsp_params::ForEachRow(
      [&](const auto& row) { LoadRow(flags, row, choice_.bsp_params, flag_notes); });
  if (!options.scene.empty()) {
    if (const SceneInfo* info = FindScene(options.scene))
      physics_.scene_index() = SceneIndexOf(info->number);
    else
      notices().Note("partlab: " +
                     Formatted(_("unknown --scene '%s' (1-4 or a key), using scene 1"),
                               options.scene.c_str()));
  }
  if (!options.algo.empty()) {
    if (MakeBroadPhase(options.algo))
      choice_.algo = options.algo;
    else
      notices().Note("partlab: " + Formatted(_("unknown --algo '%s', using %s"),
                                             options.algo.c_str(), choice_.algo.c_str()));
  }
  if (!options.beside.empty()) {
    if (MakeBroadPhase(options.beside)) {
      physics_.side_by_side() = true;
      physics_.companion_algo() = options.beside;
    } else {
      notices().Note("partlab: " + Formatted(_("unknown --beside '%s', showing one broad phase"),
                                             options.beside.c_str()));
    }
  }
  physics_.body_count() = options.bodies;  // already clamped to 1..100,000 by ParseCommandLine
  physics_.record_path() =
      (headless() ? std::string("/tmp") : ConfigDirectory() + "/" + SettingsFolder()) +
      "/last-run.aabbtrc";
  Reset();
  // The base's fixed step is the scene's (thesis 6.1: 1/25 s), and a frame counts at most one
  // step's time: at most one physics step per rendered frame, so that when a step is slow the
  // simulation slows down instead of queueing steps, and input stays responsive.
  const double step_seconds = physics_.step_seconds();
  stepping() = StepControl(step_seconds, step_seconds);
  const SceneInfo& info = physics_.info();
  std::printf("partlab: simulation scene %d (%.*s), broad phase %s, seed %d\n", info.number,
              int(info.title.size()), info.title.data(), choice_.algo.c_str(), physics_.seed());
  if (!options.preset.empty()) {
    if (const BspFigure* figure = FindBspFigure(options.preset)) {
      OpenFigure(*figure, options.algo != "sabsp");
    } else {
      std::string keys;
      for (const BspFigure& f : BspFigures())
        keys += (keys.empty() ? "" : " ") + std::string(f.key);
      notices().Note("partlab: " +
                     Formatted(_("unknown --preset '%s' for the Simulation view (%s)"),
                               options.preset.c_str(), keys.c_str()));
    }
  }
  if (options.steps > 0) {
    const auto start = Clock::now();
    for (int i = 0; i < options.steps; ++i) StepOnce();
    std::printf("partlab: %d physics steps of scene %d with %s in %.0f ms\n", options.steps,
                physics_.info().number, choice_.algo.c_str(), MsSince(start));
  }
  FrameCamera();
  RestoreCamera();
  if (!options.trace.empty()) OpenReplay(options.trace);
  started_ = true;
}

SimulationView::~SimulationView() {
  // Headless runs, and interactive runs with --frames N (measured runs), report their split.
  if (headless() || app_.start.frames > 0) physics_.PrintReport(timings_, picture_.planes_drawn());
}

const SimMode& SimulationView::Active() const {
  if (figure_) return *figure_;
  if (replay_mode_) return replay_;
  return physics_;
}

// --- The scene, the broad phase and the modes ----------------------------------------------------

void SimulationView::Reset() {
  physics_.Reset();
  panel_.ResetCounts();
  panel_.Reset();
  panel_.SetNote("");
  if (figure_) OpenFigure(figure_->figure(), figure_->thesis());
  picture_.FindStaticCaps(physics_.world());
}

void SimulationView::SwitchAlgorithm(const std::string& name) {
  choice_.algo = name;
  panel_.Reset();
  panel_.ResetCounts();
  // When paused, step once so the new structure (and its overlay) appears right away.
  physics_.SwitchAlgorithm(name);
  if (replay_mode_) {
    replay_.SetAlgorithm(name);
    return;
  }
  StepOnceWhenPaused();
}

// The panel edits the shown BSP's parameters; sabsp's are also kept (and saved) in choice_.
void SimulationView::ApplyBspParams(const BspParams& edited) {
  for (BroadPhase* bp : {physics_.broad_phase(), replay_.broad_phase()}) {
    if (auto* bsp = dynamic_cast<SemiAdjustingBsp*>(bp)) {
      const std::string note = bsp->SetParams(edited);
      panel_.SetNote(note.empty() ? "" : Formatted(_("parameters clamped: %s"), note.c_str()));
      if (bsp->Name() == "sabsp") choice_.bsp_params = bsp->params();  // what is in force
    }
  }
}

void SimulationView::FrameCamera() {
  if (figure_)
    figure_->FrameCamera(app_.camera);
  else
    physics_.FrameCamera(app_.camera);
}

// A figure replaces the physics scene in the view (the scene keeps its state underneath): its
// boxes, its own BSP of the chosen profile, the camera on it.
void SimulationView::OpenFigure(const BspFigure& figure, bool thesis) {
  figure_ = std::make_unique<SimFigureMode>(figure, thesis, choice_.op_stepping);
  panel_.Reset();
  panel_.ResetCounts();
  physics_.StopSideBySide();
  FrameCamera();
  std::printf("partlab: figure %.*s (thesis %.*s), %s\n", int(figure.key.size()), figure.key.data(),
              int(figure.section.size()), figure.section.data(), thesis ? "sabsp_thesis" : "sabsp");
}

void SimulationView::OpenReplay(const std::string& path) {
  if (replay_.Open(path, stepping())) replay_mode_ = true;
}

// A change made while paused (another broad phase, the side-by-side companion) shows at once: the
// structure is built at the next physics step.
void SimulationView::StepOnceWhenPaused() {
  if (!stepping().playing()) stepping().RequestSingleStep();
}

// One fixed step of the base's StepControl (the scene's 1/25 s), of the mode shown.
void SimulationView::Step(float /*dt*/) {
  SimMode& mode = Active();
  mode.Step(stepping());
  if (&mode != &replay_) panel_.AfterStep(CurrentBsp(), choice_.op_stepping);
}

// --- Drawing -------------------------------------------------------------------------------------

BspOverlayOptions SimulationView::OverlayOptions() const {
  BspOverlayOptions options = picture_.OverlayOptions();
  Active().AdjustOverlay(options);
  return options;
}

// Runs before this frame's steps start (on the step thread): everything Render draws is copied
// here, the bodies into instance arrays and the planes into DebugDraw's batches.
void SimulationView::Prepare(const RenderContext& ctx, DebugDraw& draw) {
  const auto start = Clock::now();
  const double cpu_start = ThreadCpuMs();
  picture_.SetEye(ctx);
  SemiAdjustingBsp* bsp = CurrentBsp();
  Active().BuildInstances(picture_, bsp);
  const auto built = Clock::now();
  if (BroadPhase* bp = Active().broad_phase()) {
    Color colour{1, 1, 1, 1};
    const NodeId highlight = bsp ? panel_.Highlight(choice_.op_stepping, colour) : kNoNode;
    picture_.DrawOverlay(*bp, OverlayOptions(), highlight, colour, draw);
    if (bsp && show_cut_directions_) DrawCutDirections(*bsp, bsp->WorldBound(), draw);
    const ProjectionView view{ctx.camera.Forward(), ctx.camera.Up()};
    if (bsp && show_projections_) DrawProjections(*bsp, Active().boxes(), view, draw);
    if (show_axis_projections_) DrawAxisProjections(Active().boxes(), view, draw);
    if (bsp && leaf_list_shown_ != kNoNode)
      DrawLeafList(*bsp, leaf_list_shown_, view, leaf_list_boxes_, draw);
  }
  if (Halves()) physics_.companion().RecordOverlay(OverlayOptions());
  timings_.instances.Push(float(std::chrono::duration<double, std::milli>(built - start).count()));
  timings_.overlay.Push(float(MsSince(built)));
  timings_.prepare_ms = MsSince(start);
  timings_.prepare_cpu_ms = ThreadCpuMs() - cpu_start;
}

// GL only, while the steps may run: reads the instance arrays Prepare filled, nothing else.
void SimulationView::Render(const RenderContext& ctx, DebugDraw& draw) {
  const auto start = Clock::now();
  const double cpu_start = ThreadCpuMs();
  auto* batches = dynamic_cast<DebugDrawRenderer*>(&draw);
  if (Halves() && batches && ctx.framebuffer_size.x >= 2.0f && ctx.framebuffer_size.y >= 2.0f)
    picture_.DrawHalves(ctx, *batches, physics_.companion().overlay());
  else
    picture_.Draw(ctx.matrices);
  // CPU side only: the rasteriser's time is the app's GPU timer (Stats panel).
  const double submit_ms = MsSince(start);
  timings_.submit.Push(float(submit_ms));
  timings_.render_ms = timings_.prepare_ms + submit_ms;
  timings_.render.Push(float(timings_.render_ms));
  timings_.render_cpu.Push(float(timings_.prepare_cpu_ms + ThreadCpuMs() - cpu_start));
}

// Over each half: which broad phase it is, what its operations and step cost. Interactively
// above the status bar and the collapsed panels' title bars at the bottom of each half; in
// presenter mode at the bottom of the figures' area.
void SimulationView::DrawViewportCaptions(const FigureArea& area) {
  if (!Halves()) return;
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  PushFigureClip(list, area);
  const float middle = 0.5f * (area.min.x + area.max.x), half = 0.5f * (area.max.x - area.min.x);
  list->AddLine(ImVec2(middle, area.min.y), ImVec2(middle, area.max.y),
                IM_COL32(255, 255, 255, 160), 2.0f);
  ImFont* font = FigureFont(area);
  const float px = FigureFontPixels(area), s = px / ImGui::GetFontSize();
  const float bottom = area.presenter ? area.max.y - px * 0.5f : area.max.y - 82.0f;
  const StepCaption* captions[2] = {&physics_.caption(), &physics_.companion().caption()};
  for (int side = 0; side < 2; ++side) {
    const std::string text = CaptionText(*captions[side], &Translate);
    const float wrap = half - 30.0f * s;
    const ImVec2 size = FigureTextSize(font, px, text.c_str(), wrap);
    const ImVec2 at(area.min.x + half * float(side) + 12.0f * s, bottom - size.y);
    list->AddRectFilled(ImVec2(at.x - 6 * s, at.y - 4 * s),
                        ImVec2(at.x + size.x + 6 * s, at.y + size.y + 4 * s),
                        IM_COL32(10, 12, 20, 200), 4.0f * s);
    list->AddText(font, px, at, IM_COL32(235, 240, 255, 255), text.c_str(), nullptr, wrap);
  }
  list->PopClipRect();
}

bool SimulationView::Pick(const PickRay& ray) {
  // A click on a half: ambiguous ray.
  if (!CurrentBsp() || physics_.side_by_side_shown()) return false;
  const std::optional<NodeId> node = picture_.Pick(ray);
  if (!node) return false;
  panel_.Select(*node);
  return true;
}

// --- Lessons (sim_lesson_verbs.h) ----------------------------------------------------------------

void SimulationView::SetOperationStepping(bool on) {
  if (on == choice_.op_stepping) return;
  choice_.op_stepping = on;
  if (SemiAdjustingBsp* bsp = CurrentBsp()) bsp->SetOperationStepping(on);
  if (on) stepping().Pause();
  panel_.Reset();
}

std::string SimulationView::AdvanceOperation() {
  panel_.ApplyNextStage(CurrentBsp());
  return panel_.message();
}

// A figure restarts under the other profile (its history is the profile's); the live scene
// switches its broad phase, built from the current boxes at the next step.
std::string SimulationView::SwitchBroadPhase(const std::string& name) {
  if (!MakeBroadPhase(name)) return Formatted(_("unknown broad phase '%s'"), name.c_str());
  if (figure_) {
    if (name != "sabsp" && name != "sabsp_thesis")
      return Formatted(_("a figure runs on sabsp or sabsp_thesis, not '%s'"), name.c_str());
    OpenFigure(figure_->figure(), name == "sabsp_thesis");
    return "";
  }
  SwitchAlgorithm(name);
  return "";
}

namespace {

std::unique_ptr<View> CreateSimulationView(AppContext& app) {
  return std::make_unique<SimulationView>(app);
}

const bool kSimulationViewRegistered = RegisterView(
    {N_("Simulation"), N_("The thesis's four simulations with a live broad phase and its overlay"),
     &CreateSimulationView, /*uses_model=*/false, &SimLessonVerbSpecs, &AddSimulationFlags});

}  // namespace

}  // namespace partlab::simulation_view
