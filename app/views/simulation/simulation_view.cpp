// The broad phases in the testbed: the thesis's four simulations (semi-adjusting-bsp.txt,
// 6.2) running on ODE with a live-switchable broad phase; bodies drawn instanced and coloured by
// BSP leaf, by pair or by speed; the BSP's splitting planes clipped to their cells (or the other
// structures' overlays); panels for the BSP parameters of 6.1, operation counters, rolling plots
// of the step's costs, a compare mode, operation stepping for teaching, a replay viewer that
// scrubs an AABBTRC1 trace through any broad phase, and the thesis's figures of chapter 4 as a few
// scripted boxes (--preset KEY, bsp_figures.h) for the lessons (sim_lesson_verbs.h).
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <glm/geometric.hpp>
#include <limits>
#include <optional>

#include "app/clamped_value.h"
#include "app/command_line.h"
#include "app/panels/bsp_panel.h"
#include "app/panels/clamped_widgets.h"
#include "app/panels/tooltip.h"
#include "app/render/debug_draw_renderer.h"
#include "app/render/instanced_body_renderer.h"
#include "app/render/shader_program.h"
#include "app/render/viewport_state.h"
#include "app/settings.h"
#include "app/ui_style.h"
#include "app/view.h"
#include "app/views/simulation/sim_bsp_overlay.h"
#include "app/views/simulation/sim_bsp_settings.h"
#include "app/views/simulation/sim_colouring.h"
#include "app/views/simulation/sim_lesson_verbs.h"
#include "app/views/simulation/sim_op_stepper.h"
#include "app/views/simulation/sim_replay.h"
#include "app/views/simulation/sim_rolling_plot.h"
#include "app/views/simulation/sim_side_by_side.h"
#include "app/views/simulation/sim_static_caps.h"
#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/sabsp/bsp_figures.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/scenes/scene_registry.h"
#include "engine/scenes/trace_recording.h"
#include "engine/thread_cpu_clock.h"

namespace partlab {

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kPlotLength = 240;
constexpr float kMaxSpeedColour = 12.0f;               // m/s drawn red
const Color kBeforeColour{1.0f, 0.25f, 0.85f, 1.0f};   // the node an operation is about to change
const Color kAfterColour{0.20f, 0.95f, 1.00f, 1.0f};   // where its result lives
const Color kFailedColour{1.00f, 0.35f, 0.20f, 1.0f};  // the node an operation failed on
constexpr ValueRange<int> kPlaneDepthRange{0, 24, "0 draws no plane",
                                           "deeper planes are too small to read"};
constexpr ValueRange<float> kPlaneAlphaRange{0.02f, 0.6f, "fainter planes are invisible",
                                             "more opaque planes hide the bodies"};

constexpr float kStepControlsHeight = 40.0f;  // the base's Play / Step window, about

// The width the base's Play / Step window takes at the bottom-left corner (app/panels/
// status_bar.cpp: a font size's margin, the window's padding, two buttons).
float StepControlsWidth() {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float buttons = ImGui::CalcTextSize("Pause").x + ImGui::CalcTextSize("Step").x +
                        4.0f * style.FramePadding.x + style.ItemSpacing.x;
  return ImGui::GetFontSize() + 2.0f * style.WindowPadding.x + buttons + style.ItemSpacing.x;
}

double MsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// One broad phase of the compare mode, fed the live frames beside the physics' own.
struct Contender {
  std::string name;
  std::unique_ptr<BroadPhase> bp;
  std::unique_ptr<FrameDriver> driver;
  RollingPlot<30> ms;
  size_t pairs = 0;
};

class SimulationView final : public View, private SimLessonSubject {
 public:
  explicit SimulationView(AppContext& app);
  ~SimulationView() override;

  void Step(float dt) override;
  void Prepare(const RenderContext& ctx, DebugDraw& draw) override;
  void Render(const RenderContext& ctx, DebugDraw& draw) override;
  // Render reads only the instance arrays Prepare filled; the physics, broad phase and BSP are the
  // step thread's meanwhile.
  bool StepsOffMainThread() const override { return true; }
  void UpdateGui() override;
  void UpdateWindows() override;
  bool Pick(const PickRay& ray) override;
  bool Animating() const override { return stepping().playing(); }
  // Play, pause and single step are the base's (stepping()): the physics steps live, the replay
  // viewer's frames while it is open, a figure's frames while it is shown.
  bool ShowsStepControls() const override { return true; }

  // Lessons: the verbs live in sim_lesson_verbs.cpp; the view lends them SimLessonSubject.
  std::string RunLessonAction(const LessonCommand& action) override {
    return RunSimLessonAction(*this, action);
  }
  std::string CheckLessonClaim(const LessonCommand& check) override {
    return CheckSimLessonClaim(*this, check);
  }
  std::vector<LessonVerb> LessonVerbs() const override;

 private:
  // Scene and broad phase.
  void LoadSettings();
  void SaveSettings();
  void RestoreCamera();
  void Reset();
  std::unique_ptr<BroadPhase> MakeAlgorithm(const std::string& name) const;
  void SwitchAlgorithm(const std::string& name);
  void ApplyBspParams(const BspParams& edited);
  BspOverlayOptions OverlayOptions() const;
  void RenderSideBySide(const RenderContext& ctx, DebugDrawRenderer& batches);
  void DrawViewportCaptions();
  void PhysicsStep();
  void RunCompare();
  void FrameCamera();
  void UpdateSceneRegion();
  void FindStaticCaps();
  BroadPhase* CurrentBroadPhase() const;
  SemiAdjustingBsp* CurrentBsp() const {
    return dynamic_cast<SemiAdjustingBsp*>(CurrentBroadPhase());
  }

  // Drawing.
  void BuildLiveInstances();
  void BuildBoxInstances(const std::vector<Aabb>& frame, const std::vector<BoxPair>& pairs);
  Color BodyColour(uint32_t id, bool is_static, ShapeKind shape, float speed) const;
  void DrawOverlay(DebugDraw& draw);

  // Panels.
  void HandleKeys();
  void DrawControlsWindow();
  void DrawBspWindow();
  void DrawTimingsWindow();
  void DrawReplayWindow();
  void DrawStatusBar();
  void ApplyNextOpStage();
  void StepOnceWhenPaused();
  void DrawFigureLine();
  Aabb FigureExtent() const;
  void OpenReplay(const std::string& path);
  void OpenFigure(const BspFigure& figure, bool thesis);

  // SimLessonSubject: what the lesson verbs see and do.
  SemiAdjustingBsp* ShownBsp() override { return CurrentBsp(); }
  std::span<const Aabb> ShownBoxes() const override;
  std::span<const BoxPair> ShownPairs() const override;
  void StepOnce() override { Step(float(stepping().step_seconds())); }
  void SetOperationStepping(bool on) override;
  std::string AdvanceOperation() override;
  void HighlightNode(NodeId node) override { selected_ = node; }
  std::string SwitchBroadPhase(const std::string& name) override;

  AppContext& app_;
  bool headless_ = false;
  Settings settings_;
  InstancedBodyRenderer renderer_;
  std::string renderer_error_;

  int scene_index_ = 0;
  int seed_ = 1;
  std::string algo_ = "sabsp";
  std::unique_ptr<Scene> scene_;
  BspParams bsp_params_;

  // Measurements of the last physics step and the last frame.
  PhysicsStepTimings last_;
  double step_ms_ = 0, render_ms_ = 0;
  double prepare_ms_ = 0, prepare_cpu_ms_ = 0;  // this frame's Prepare, added to its render time
  RollingPlot<kPlotLength> plot_update_, plot_pairs_ms_, plot_pairs_, plot_depth_, plot_physics_,
      plot_render_;
  RollingPlot<kPlotLength> instances_ms_, submit_ms_, overlay_ms_;  // render's parts, CPU
  RollingPlot<kPlotLength> step_cpu_ms_, render_cpu_ms_;  // thread CPU time (load-independent)
  BspOpTotals totals_;
  std::vector<BoxPair> pairs_;  // the physics' broad-phase pairs of the last step
  std::vector<Aabb> frame_;     // the boxes of the last step (for compare mode)
  Aabb region_;                 // static boxes + the central 98 % of bodies, per axis
  std::vector<float> region_scratch_[3];

  // Drawing state, reused every frame.
  std::vector<BodyView> bodies_;
  std::vector<BodyInstance> boxes_;
  std::vector<BodyInstance> spheres_[kSphereDetailLevels];  // finest first (body_meshes.h)
  std::vector<BodyInstance> static_boxes_;  // appended after the moving boxes (see below)
  // Static boxes whose sides are all covered by their neighbours are drawn from this height up
  // (sim_static_caps.h), per BodyId (NaN: drawn whole), while the eye is above caps_below_.
  std::vector<float> static_floor_;
  float caps_below_ = 0.0f;
  // Pixels per radian of view at the centre of the screen (set per frame from the field of view
  // and the framebuffer height): a sphere's level of detail follows its on-screen radius.
  float pixels_per_radian_ = 0.0f;
  glm::vec3 eye_{0.0f};
  std::vector<int32_t> leaf_of_;
  std::vector<uint8_t> paired_;
  BodyColourMode colour_mode_ = BodyColourMode::kLeaf;
  BspOverlay overlay_;
  BspOverlayOptions overlay_options_;
  bool show_overlay_ = true;
  NodeId selected_ = kNoNode;

  // Operation stepping: a key press shows the next operation on its node, the next applies
  // it and shows the result.
  bool op_stepping_ = false;
  OpStepper stepper_;
  std::string note_;      // e.g. what SetParams clamped
  ClampNote clamp_note_;  // the last slider value clamped into its range
  int body_count_ = 0;    // --bodies: dynamic bodies per scene (0: the scene's own count)
  // Status bar lines: a load error (red, until dismissed or the next good load) and a note
  // (yellow: a flag or setting clamped, an unknown scene replaced).
  std::string error_, notice_;

  // Side by side: the physics' broad phase on the left, a second one (the thesis's tree by
  // default) on the right, same frames, same camera.
  bool side_by_side_ = false;
  std::string companion_algo_ = "sabsp_thesis";
  SideBySide companion_;
  StepCaption primary_caption_;

  // A scripted figure of chapter 4 (--preset KEY, bsp_figures.h): a few boxes moved by a script
  // through a BSP of their own, shown instead of the physics scene.
  std::unique_ptr<BspFigureRun> figure_;

  // Compare mode.
  bool compare_ = false, compare_brute_ = false;
  std::vector<Contender> contenders_;
  std::vector<BoxPair> compare_pairs_;

  // Recording and replay.
  TraceRecorder recorder_;
  bool recording_ = false;
  std::string record_path_, record_status_;
  bool replay_mode_ = false;
  ReplayScrubber replay_;
  char replay_path_[512] = {};
  std::string replay_status_;
  char title_[256] = {};
};

SimulationView::SimulationView(AppContext& app) : View(app), app_(app) {
  const Options& options = app.options;
  headless_ = !options.screenshot.empty();
  renderer_error_ = renderer_.Load(ShaderDirectory());
  if (!renderer_error_.empty()) std::fprintf(stderr, "partlab: %s\n", renderer_error_.c_str());
  LoadSettings();
  if (!options.scene.empty()) {
    const SceneInfo* info = FindScene(options.scene);
    if (!info) {
      notice_ = "partlab: unknown --scene '" + options.scene + "' (1-4 or a key), using scene 1";
      std::fprintf(stderr, "%s\n", notice_.c_str());
    }
    const auto catalog = SceneCatalog();
    for (size_t i = 0; info && i < catalog.size(); ++i)
      if (catalog[i].number == info->number) scene_index_ = int(i);
  }
  if (!options.algo.empty()) {
    if (MakeBroadPhase(options.algo))
      algo_ = options.algo;
    else
      std::fprintf(stderr, "partlab: unknown --algo '%s', using %s\n", options.algo.c_str(),
                   algo_.c_str());
  }
  if (!options.beside.empty()) {
    if (MakeBroadPhase(options.beside)) {
      side_by_side_ = true;
      companion_algo_ = options.beside;
    } else {
      notice_ = "partlab: unknown --beside '" + options.beside + "', showing one broad phase";
      std::fprintf(stderr, "%s\n", notice_.c_str());
    }
  }
  body_count_ = options.bodies;  // already clamped to 1..100,000 by ParseCommandLine
  record_path_ =
      (headless_ ? std::string("/tmp") : ConfigDirectory() + "/simulation") + "/last-run.aabbtrc";
  Reset();
  // The base's fixed step is the scene's (thesis 6.1: 1/25 s), and a frame counts at most one
  // step's time: at most one physics step per rendered frame, so that when a step is slow the
  // simulation slows down instead of queueing steps, and input stays responsive.
  const double step_seconds = scene_->params().physics.step_seconds;
  stepping() = StepControl(step_seconds, step_seconds);
  const SceneInfo& info = SceneCatalog()[scene_index_];
  std::printf("partlab: simulation scene %d (%.*s), broad phase %s, seed %d\n", info.number,
              int(info.title.size()), info.title.data(), algo_.c_str(), seed_);
  if (!options.preset.empty()) {
    if (const BspFigure* figure = FindBspFigure(options.preset)) {
      OpenFigure(*figure, options.algo != "sabsp");
    } else {
      notice_ = "partlab: unknown --preset '" + options.preset + "' for the Simulation view (";
      for (const BspFigure& f : BspFigures()) notice_ += std::string(f.key) + " ";
      notice_.back() = ')';
      std::fprintf(stderr, "%s\n", notice_.c_str());
    }
  }
  if (options.steps > 0) {
    const auto start = Clock::now();
    for (int i = 0; i < options.steps; ++i) StepOnce();
    std::printf("partlab: %d physics steps of scene %d with %s in %.0f ms\n", options.steps,
                SceneCatalog()[scene_index_].number, algo_.c_str(), MsSince(start));
  }
  FrameCamera();
  RestoreCamera();
  if (!options.trace.empty()) OpenReplay(options.trace);
}

SimulationView::~SimulationView() {
  if (recording_) recorder_.Close();
  // Headless runs, and interactive runs with --frames N (measured runs), report their split.
  if ((headless_ || app_.options.frames > 0) && plot_physics_.count() > 0) {
    // The frame split the performance target is about: physics, broad phase, drawing.
    std::printf(
        "partlab: simulation medians over the last %d steps / %d frames: physics (ODE) "
        "%.2f ms, broad phase %.2f ms (update %.2f + pairs %.2f), render CPU %.2f ms "
        "(instances %.2f, draw submit %.2f, overlay %.2f), %u bodies, %u pairs, "
        "%zu planes drawn%s%s\n",
        plot_physics_.count(), plot_render_.count(), plot_physics_.Median(),
        plot_update_.Median() + plot_pairs_ms_.Median(), plot_update_.Median(),
        plot_pairs_ms_.Median(), plot_render_.Median(), instances_ms_.Median(), submit_ms_.Median(),
        overlay_ms_.Median(), scene_->world().DynamicCount(), last_.pairs, overlay_.planes_drawn(),
        side_by_side_ ? "; beside: " : "",
        side_by_side_ ? CaptionText(companion_.caption()).c_str() : "");
    std::printf("partlab: thread CPU medians: physics step %.2f ms, render %.2f ms\n",
                step_cpu_ms_.Median(), render_cpu_ms_.Median());
    std::printf("partlab: scene region (%.1f, %.1f, %.1f) - (%.1f, %.1f, %.1f)\n", region_.min.x,
                region_.min.y, region_.min.z, region_.max.x, region_.max.y, region_.max.z);
  }
  if (!headless_) SaveSettings();
}

// --- Settings: stored by name (sim.*) in their own file next to the app's. ----------------------

void SimulationView::LoadSettings() {
  if (headless_) return;
  settings_.Load(ConfigDirectory() + "/simulation");
  const SceneInfo* info = FindScene(settings_.Get("sim.scene", "1"));
  const auto catalog = SceneCatalog();
  for (size_t i = 0; info && i < catalog.size(); ++i)
    if (catalog[i].number == info->number) scene_index_ = int(i);
  const std::string algo = settings_.Get("sim.algo", algo_);
  if (MakeBroadPhase(algo)) algo_ = algo;
  seed_ = settings_.GetInt("sim.seed", seed_);
  colour_mode_ = BodyColourMode(
      std::clamp(settings_.GetInt("sim.colour", int(colour_mode_)), 0, kBodyColourModeCount - 1));
  show_overlay_ = settings_.GetInt("sim.overlay", 1) != 0;
  overlay_options_.max_depth = settings_.GetInt("sim.overlay.depth", overlay_options_.max_depth);
  overlay_options_.leaf_cells = settings_.GetInt("sim.overlay.leaf_cells", 0) != 0;
  overlay_options_.plane_alpha =
      settings_.GetFloat("sim.overlay.alpha", overlay_options_.plane_alpha);
  // A hand-edited settings file: every number back into its range, with one note naming the file.
  std::string notes;
  AppendNote(notes,
             ClampWithNote(overlay_options_.max_depth, kPlaneDepthRange, "sim.overlay.depth"));
  AppendNote(notes,
             ClampWithNote(overlay_options_.plane_alpha, kPlaneAlphaRange, "sim.overlay.alpha"));
  BspParams& p = bsp_params_;
  LoadBspParams(settings_, p, notes);
  side_by_side_ = settings_.GetInt("sim.side_by_side", 0) != 0;
  const std::string companion = settings_.Get("sim.companion", companion_algo_);
  if (MakeBroadPhase(companion)) companion_algo_ = companion;
  AppendNote(notes, p.Clamp());
  if (!notes.empty()) {
    notice_ = "partlab: " + settings_.path() + ": " + notes;
    std::fprintf(stderr, "%s\n", notice_.c_str());
  }
}

void SimulationView::SaveSettings() {
  Settings& s = settings_;
  s.SetInt("sim.scene", SceneCatalog()[scene_index_].number);
  s.Set("sim.algo", algo_);
  s.SetInt("sim.seed", seed_);
  s.SetInt("sim.colour", int(colour_mode_));
  s.SetInt("sim.overlay", show_overlay_);
  s.SetInt("sim.overlay.depth", overlay_options_.max_depth);
  s.SetInt("sim.overlay.leaf_cells", overlay_options_.leaf_cells);
  s.SetFloat("sim.overlay.alpha", overlay_options_.plane_alpha);
  SaveBspParams(s, bsp_params_);
  s.SetInt("sim.side_by_side", side_by_side_);
  s.Set("sim.companion", companion_algo_);
  // The camera, with the scene it looked at: another scene is framed afresh instead. A figure's
  // camera is not the scene's.
  if (!figure_) {
    const OrbitCamera& c = app_.camera;
    s.SetInt("sim.camera.scene", SceneCatalog()[scene_index_].number);
    s.SetFloat("sim.camera.target.x", c.target.x);
    s.SetFloat("sim.camera.target.y", c.target.y);
    s.SetFloat("sim.camera.target.z", c.target.z);
    s.SetFloat("sim.camera.distance", c.distance);
    s.SetFloat("sim.camera.yaw", c.yaw);
    s.SetFloat("sim.camera.pitch", c.pitch);
  }
  if (const std::string error = s.Save(); !error.empty())
    std::fprintf(stderr, "partlab: %s\n", error.c_str());
}

void SimulationView::RestoreCamera() {
  const Settings& s = settings_;
  // A figure frames itself; a saved camera is the scene's.
  if (headless_ || figure_ ||
      s.GetInt("sim.camera.scene", -1) != SceneCatalog()[scene_index_].number)
    return;
  OrbitCamera& c = app_.camera;
  const glm::vec3 target{s.GetFloat("sim.camera.target.x", c.target.x),
                         s.GetFloat("sim.camera.target.y", c.target.y),
                         s.GetFloat("sim.camera.target.z", c.target.z)};
  const float distance = s.GetFloat("sim.camera.distance", c.distance);
  const float yaw = s.GetFloat("sim.camera.yaw", c.yaw),
              pitch = s.GetFloat("sim.camera.pitch", c.pitch);
  if (!std::isfinite(target.x + target.y + target.z + distance + yaw + pitch)) return;
  c.target = target;
  c.distance = std::clamp(distance, 1e-3f, 1e6f);
  c.yaw = yaw;
  c.pitch = std::clamp(pitch, -1.55f, 1.55f);
}

// --- Scene and broad phase -----------------------------------------------------------------------

std::unique_ptr<BroadPhase> SimulationView::MakeAlgorithm(const std::string& name) const {
  std::unique_ptr<BroadPhase> bp = MakeBroadPhase(name);
  if (auto* bsp = dynamic_cast<SemiAdjustingBsp*>(bp.get())) {
    // The panel's parameters are sabsp's (saved in the settings); sabsp_thesis keeps the
    // thesis's profile it was registered with until the panel edits it.
    if (name == "sabsp") bsp->SetParams(bsp_params_);
    bsp->SetOperationStepping(op_stepping_);
  }
  return bp;
}

void SimulationView::Reset() {
  if (recording_) {
    record_status_ = recorder_.Close();
    recording_ = false;
  }
  const SceneInfo& info = SceneCatalog()[scene_index_];
  scene_ = info.make();
  SceneParams params = info.defaults();
  params.seed = uint64_t(seed_);
  if (body_count_ > 0) params.body_count = uint32_t(body_count_);
  scene_->Create(params, MakeAlgorithm(algo_));
  scene_->world().SetFrameObserver([this](std::span<const Aabb> frame, std::span<const BoxPair> p) {
    pairs_.assign(p.begin(), p.end());
    frame_.assign(frame.begin(), frame.end());  // compare mode, side by side, lesson checks
    if (recording_) record_status_ = recorder_.Record(frame);
  });
  pairs_.clear();
  totals_ = {};
  for (auto* plot : {&plot_update_, &plot_pairs_ms_, &plot_pairs_, &plot_depth_, &plot_physics_})
    plot->Clear();
  selected_ = kNoNode;
  stepper_.Reset();
  note_.clear();
  contenders_.clear();
  if (side_by_side_) companion_.Start(companion_algo_);
  if (figure_) OpenFigure(figure_->figure(), figure_->bsp().Name() == "sabsp_thesis");
  UpdateSceneRegion();
  FindStaticCaps();
}

// Once per scene: the static boxes never move. Only axis-aligned boxes are considered.
void SimulationView::FindStaticCaps() {
  constexpr float kGap = 0.005f;  // wider than the terrain's 2 mm, far below a pixel
  const PhysicsWorld& world = scene_->world();
  bodies_.clear();
  world.GatherViews(bodies_);
  std::vector<Aabb> boxes;
  std::vector<BodyId> ids;
  for (const BodyView& b : bodies_) {
    if (!b.is_static || b.shape != ShapeKind::kBox || std::abs(b.orientation.w) < 0.99999f)
      continue;
    boxes.push_back(Aabb::FromCenterHalf(b.position, b.half_extents));
    ids.push_back(b.id);
  }
  const std::vector<float> floors = VisibleSideFloors(boxes, kGap);
  static_floor_.assign(world.IdCount(), std::numeric_limits<float>::quiet_NaN());
  caps_below_ = -std::numeric_limits<float>::infinity();
  for (size_t i = 0; i < boxes.size(); ++i) {
    if (floors[i] <= boxes[i].min.y + kGap) continue;  // an open side: drawn whole
    static_floor_[ids[i]] = floors[i];
    caps_below_ = std::max(caps_below_, boxes[i].min.y);
  }
}

void SimulationView::SwitchAlgorithm(const std::string& name) {
  algo_ = name;
  selected_ = kNoNode;
  stepper_.Reset();
  totals_ = {};
  // PhysicsWorld builds it from the current boxes at the next step; when paused, step once so
  // the new structure (and its overlay) appears right away.
  scene_->world().SetBroadPhase(MakeAlgorithm(name));
  if (replay_mode_) {
    if (replay_.is_open()) replay_status_ = replay_.SetAlgorithm(name);
    return;
  }
  StepOnceWhenPaused();
}

// The panel edits the shown BSP's parameters; sabsp's are also kept (and saved) as bsp_params_.
void SimulationView::ApplyBspParams(const BspParams& edited) {
  for (BroadPhase* bp : {scene_->world().broad_phase(), replay_.broad_phase()}) {
    if (auto* bsp = dynamic_cast<SemiAdjustingBsp*>(bp)) {
      const std::string note = bsp->SetParams(edited);
      note_ = note.empty() ? "" : "parameters clamped: " + note;
      if (bsp->Name() == "sabsp") bsp_params_ = bsp->params();  // what is in force
    }
  }
}

BroadPhase* SimulationView::CurrentBroadPhase() const {
  if (figure_) return &figure_->bsp();
  if (replay_mode_) return replay_.broad_phase();
  return scene_ ? scene_->world().broad_phase() : nullptr;
}

void SimulationView::PhysicsStep() {
  const auto start = Clock::now();
  const double cpu_start = ThreadCpuMs();
  last_ = scene_->Step();
  step_ms_ = MsSince(start);
  step_cpu_ms_.Push(float(ThreadCpuMs() - cpu_start));
  plot_update_.Push(float(last_.update_ms));
  plot_pairs_ms_.Push(float(last_.pairs_ms));
  plot_pairs_.Push(float(last_.pairs));
  plot_physics_.Push(float(last_.physics_ms()));
  UpdateSceneRegion();
  if (op_stepping_) stepper_.Reset();  // the scheduler re-verified: peek again
  if (const SemiAdjustingBsp* bsp = CurrentBsp()) {
    totals_.Add(bsp->last_stats().ops);
    plot_depth_.Push(float(bsp->last_stats().max_depth));
  }
  if (const BroadPhase* bp = CurrentBroadPhase())
    primary_caption_ = CaptionOf(*bp, {last_.update_ms, last_.pairs_ms}, last_.pairs);
  if (side_by_side_) {
    if (!companion_.running()) companion_.Start(companion_algo_);
    companion_.Step(frame_);
  }
  if (compare_) RunCompare();
}

// Every algorithm on exactly the frame the physics just saw, each timed the same way.
void SimulationView::RunCompare() {
  if (contenders_.empty()) {
    for (std::string_view name : BroadPhaseNames()) {
      if (name == "brute" && !compare_brute_) continue;
      Contender c;
      c.name = name;
      c.bp = MakeAlgorithm(c.name);
      if (auto* bsp = dynamic_cast<SemiAdjustingBsp*>(c.bp.get())) bsp->SetOperationStepping(false);
      c.driver = std::make_unique<FrameDriver>(*c.bp);
      contenders_.push_back(std::move(c));
    }
  }
  for (Contender& c : contenders_) {
    const StepTimings t = c.driver->Step(frame_, compare_pairs_);
    c.ms.Push(float(t.total_ms()));
    c.pairs = compare_pairs_.size();
  }
}

// The region the scene occupies: every static box, and per axis the 1st to 99th percentile of
// the bodies' centres (a few bodies flung far away would otherwise set the camera and the planes'
// extent). Recomputed once per physics step; the scratch arrays keep their capacity.
void SimulationView::UpdateSceneRegion() {
  const PhysicsWorld& world = scene_->world();
  const std::span<const Aabb> boxes = world.Aabbs();
  Aabb region;
  for (auto& s : region_scratch_) s.clear();
  for (BodyId id = 0; id < boxes.size(); ++id) {
    if (boxes[id].IsEmpty()) continue;
    if (world.IsStatic(id)) {
      region.Grow(boxes[id]);
      continue;
    }
    const glm::vec3 c = boxes[id].Center();
    for (int k = 0; k < 3; ++k) region_scratch_[k].push_back(c[k]);
  }
  const size_t n = region_scratch_[0].size();
  if (n > 0) {
    glm::vec3 lo, hi;
    for (int k = 0; k < 3; ++k) {
      auto& v = region_scratch_[k];
      std::nth_element(v.begin(), v.begin() + n / 100, v.end());
      lo[k] = v[n / 100];
      std::nth_element(v.begin(), v.begin() + (n - 1) * 99 / 100, v.end());
      hi[k] = v[(n - 1) * 99 / 100];
    }
    region.Grow(Aabb{lo - glm::vec3(1.0f), hi + glm::vec3(1.0f)});
  }
  region_ = region;
}

void SimulationView::FrameCamera() {
  if (figure_) {  // the thesis draws its figures in the plane: look at it from the front, above
    app_.camera.yaw = 0.60f;
    app_.camera.pitch = 0.55f;
    app_.camera.Frame(FigureExtent(), 16.0f / 9.0f);
    // The boxes and planes sit in the upper part of the picture, clear of the status bar and of a
    // lesson's caption along the bottom.
    app_.camera.distance *= 1.25f;
    const float half_height = app_.camera.distance * std::tan(0.5f * app_.camera.fov_y);
    app_.camera.target -= app_.camera.Up() * (0.2f * half_height);
    return;
  }
  UpdateSceneRegion();
  Aabb bounds = region_;
  if (bounds.IsEmpty()) bounds = Aabb{glm::vec3(-20.0f), glm::vec3(20.0f)};
  app_.camera.yaw = 0.65f;
  app_.camera.pitch = 0.55f;
  app_.camera.Frame(bounds, 16.0f / 9.0f);
  app_.camera.distance *= 0.82f;  // the 10 % margin of Frame is generous for a full scene
}

// One fixed step of the base's StepControl (the scene's 1/25 s): the next physics step, the
// replay viewer's next frame, or the figure's.
void SimulationView::Step(float /*dt*/) {
  if (figure_) {
    figure_->Step();
    if (op_stepping_) stepper_.Reset();  // the scheduler re-verified: peek again
    totals_.Add(figure_->bsp().last_stats().ops);
    return;
  }
  if (!replay_mode_) {
    PhysicsStep();
    return;
  }
  if (!replay_.is_open()) return;
  if (replay_.frame() + 1 >= replay_.frame_count()) {
    stepping().Pause();  // the end of the trace
    return;
  }
  replay_status_ = replay_.Seek(replay_.frame() + 1);
}

// --- Drawing -------------------------------------------------------------------------------------

Color SimulationView::BodyColour(uint32_t id, bool is_static, ShapeKind shape, float speed) const {
  Color c;
  switch (colour_mode_) {
    case BodyColourMode::kLeaf:
      if (!leaf_of_.empty()) {
        c = LeafColour(id < leaf_of_.size() ? leaf_of_[id] : kAbsentFromTree);
        break;
      }
      [[fallthrough]];  // not a BSP: colour by pair instead
    case BodyColourMode::kPair:
      c = PairColour(id < paired_.size() && paired_[id]);
      break;
    case BodyColourMode::kSpeed:
      c = SpeedColour(speed, kMaxSpeedColour);
      break;
    case BodyColourMode::kShape:
      c = shape == ShapeKind::kSphere ? Color{0.35f, 0.62f, 0.92f, 1}
                                      : Color{0.92f, 0.62f, 0.32f, 1};
      break;
  }
  if (is_static) c = glm::mix(c, Color{0.55f, 0.55f, 0.52f, 1.0f}, 0.6f);  // the stage, muted
  return c;
}

void SimulationView::BuildLiveInstances() {
  const PhysicsWorld& world = scene_->world();
  const uint32_t ids = world.IdCount();
  leaf_of_.clear();
  paired_.clear();
  const SemiAdjustingBsp* bsp = CurrentBsp();
  if (colour_mode_ == BodyColourMode::kLeaf && bsp) MapBoxesToLeaves(bsp->tree(), ids, leaf_of_);
  if (colour_mode_ == BodyColourMode::kPair || (colour_mode_ == BodyColourMode::kLeaf && !bsp))
    MarkPairedBoxes(pairs_, ids, paired_);
  bodies_.clear();
  world.GatherViews(bodies_);
  boxes_.clear();
  for (auto& level : spheres_) level.clear();
  // From below, a column's bottom faces the eye and its hidden walls could show through it.
  const bool draw_caps = eye_.y > caps_below_;
  for (const BodyView& b : bodies_) {
    BodyInstance inst;
    inst.position = b.position;
    inst.orientation = {b.orientation.x, b.orientation.y, b.orientation.z, b.orientation.w};
    inst.half_extents = b.half_extents;
    Color c = BodyColour(b.id, b.is_static, b.shape, glm::length(b.velocity));
    if (b.asleep && colour_mode_ != BodyColourMode::kSpeed) c = c * 0.8f;
    inst.rgba = PackRgba8(c);
    if (b.shape == ShapeKind::kBox) {
      if (b.is_static && draw_caps && b.id < static_floor_.size() &&
          !std::isnan(static_floor_[b.id])) {  // its cap: the same picture from above
        const float top = b.position.y + b.half_extents.y;
        inst.position.y = 0.5f * (static_floor_[b.id] + top);
        inst.half_extents.y = 0.5f * (top - static_floor_[b.id]);
      }
      (b.is_static ? static_boxes_ : boxes_).push_back(inst);
    } else {
      const float distance = std::max(glm::length(b.position - eye_), 1e-6f);
      spheres_[SphereDetailLevel(b.half_extents.x / distance * pixels_per_radian_)].push_back(inst);
    }
  }
  // The static boxes (terrain tiles, walls) are drawn after the bodies that rest on them: the
  // depth test then rejects the ground under each body before shading it, where drawing the ground
  // first would shade those pixels twice (on llvmpipe every shaded pixel is CPU time).
  boxes_.insert(boxes_.end(), static_boxes_.begin(), static_boxes_.end());
  static_boxes_.clear();
}

// A trace or a figure holds boxes only: each present box is drawn as itself.
void SimulationView::BuildBoxInstances(const std::vector<Aabb>& frame,
                                       const std::vector<BoxPair>& pairs) {
  const uint32_t ids = uint32_t(frame.size());
  leaf_of_.clear();
  paired_.clear();
  const SemiAdjustingBsp* bsp = CurrentBsp();
  if (colour_mode_ == BodyColourMode::kLeaf && bsp)
    MapBoxesToLeaves(bsp->tree(), ids, leaf_of_);
  else
    MarkPairedBoxes(pairs, ids, paired_);
  boxes_.clear();
  for (auto& level : spheres_) level.clear();
  for (uint32_t id = 0; id < ids; ++id) {
    if (frame[id].IsEmpty()) continue;
    BodyInstance inst;
    inst.position = frame[id].Center();
    inst.half_extents = glm::max(frame[id].Extent() * 0.5f, glm::vec3(1e-3f));
    const BodyColourMode mode =
        colour_mode_ == BodyColourMode::kSpeed ? BodyColourMode::kPair : colour_mode_;
    Color c = mode == BodyColourMode::kShape ? Color{0.92f, 0.62f, 0.32f, 1}
              : (mode == BodyColourMode::kLeaf && !leaf_of_.empty())
                  ? LeafColour(leaf_of_[id])
                  : PairColour(id < paired_.size() && paired_[id]);
    inst.rgba = PackRgba8(c);
    boxes_.push_back(inst);
  }
}

BspOverlayOptions SimulationView::OverlayOptions() const {
  BspOverlayOptions options = overlay_options_;
  options.planes = show_overlay_;
  if (figure_) {  // planes tall enough to read as walls between the few boxes
    options.extent = FigureExtent();
    options.plane_alpha = std::max(options.plane_alpha, 0.3f);  // a few planes: none hides another
  } else if (!replay_mode_) {  // the scene's region, with headroom so planes rise above the bodies
    const float headroom = 0.5f * region_.Extent().y;
    options.clip = Aabb{region_.min, region_.max + glm::vec3(0.0f, headroom, 0.0f)};
  }
  return options;
}

void SimulationView::DrawOverlay(DebugDraw& draw) {
  BroadPhase* bp = CurrentBroadPhase();
  if (!bp) return;
  if (const SemiAdjustingBsp* bsp = CurrentBsp()) {
    NodeId highlight = selected_;
    Color colour{1, 1, 1, 1};
    if (op_stepping_ && stepper_.highlight() != OpStepper::Highlight::kNone) {
      highlight = stepper_.highlighted_node();
      colour = stepper_.highlight() == OpStepper::Highlight::kBefore ? kBeforeColour
               : stepper_.last_applied()->ok                         ? kAfterColour
                                                                     : kFailedColour;
    }
    const BspOverlayOptions options = OverlayOptions();
    if (show_overlay_ || highlight != kNoNode)
      overlay_.Draw(*bsp, options, draw, highlight, colour);
    return;
  }
  if (show_overlay_) bp->DrawOverlay(draw);
}

// Runs before this frame's steps start (on the step thread): everything Render draws is copied
// here, the bodies into instance arrays and the planes into DebugDraw's batches.
void SimulationView::Prepare(const RenderContext& ctx, DebugDraw& draw) {
  const auto start = Clock::now();
  const double cpu_start = ThreadCpuMs();
  // A sphere of radius r at distance d covers r / (d tan(fov/2)) of half the viewport height.
  eye_ = ctx.camera.Eye();
  pixels_per_radian_ =
      0.5f * std::max(ctx.framebuffer_size.y, 1.0f) / std::tan(0.5f * ctx.camera.fov_y);
  if (figure_)
    BuildBoxInstances(figure_->boxes(), figure_->pairs());
  else if (replay_mode_ && replay_.is_open())
    BuildBoxInstances(replay_.boxes(), replay_.pairs());
  else
    BuildLiveInstances();
  const auto built = Clock::now();
  DrawOverlay(draw);
  if (side_by_side_ && !replay_mode_ && !figure_) companion_.RecordOverlay(OverlayOptions());
  instances_ms_.Push(float(std::chrono::duration<double, std::milli>(built - start).count()));
  overlay_ms_.Push(float(MsSince(built)));
  prepare_ms_ = MsSince(start);
  prepare_cpu_ms_ = ThreadCpuMs() - cpu_start;
}

// GL only, while the steps may run: reads the instance arrays Prepare filled, nothing else.
void SimulationView::Render(const RenderContext& ctx, DebugDraw& draw) {
  const auto start = Clock::now();
  const double cpu_start = ThreadCpuMs();
  auto* batches = dynamic_cast<DebugDrawRenderer*>(&draw);
  if (side_by_side_ && !replay_mode_ && !figure_ && batches && ctx.framebuffer_size.x >= 2.0f &&
      ctx.framebuffer_size.y >= 2.0f) {
    RenderSideBySide(ctx, *batches);
  } else {
    renderer_.Draw(boxes_, {spheres_[0], spheres_[1], spheres_[2]}, ctx.matrices, 48.0f);
  }
  // CPU side only: the rasteriser's time is the app's GPU timer (Stats panel).
  const double submit_ms = MsSince(start);
  submit_ms_.Push(float(submit_ms));
  render_ms_ = prepare_ms_ + submit_ms;
  plot_render_.Push(float(render_ms_));
  render_cpu_ms_.Push(float(prepare_cpu_ms_ + ThreadCpuMs() - cpu_start));
}

// Two viewports, one camera: the left half shows the physics' own broad phase (its overlay is the
// one Prepare described into the app's batches), the right half the companion's recorded overlay.
void SimulationView::RenderSideBySide(const RenderContext& ctx, DebugDrawRenderer& batches) {
  const int w = int(ctx.framebuffer_size.x), h = int(ctx.framebuffer_size.y);
  const PixelRect halves[2] = {{0, 0, w / 2, h}, {w / 2, 0, w - w / 2, h}};
  for (int side = 0; side < 2; ++side) {
    const PixelRect& rect = halves[side];
    const CameraMatrices m{ctx.camera.ViewMatrix(), ctx.camera.ProjectionMatrix(rect.Aspect()),
                           ctx.matrices.light_distance};
    SetViewport(rect);
    renderer_.Draw(boxes_, {spheres_[0], spheres_[1], spheres_[2]}, m, 48.0f);
    if (side == 1) companion_.overlay().ReplayInto(batches);
    ctx.renderer.FlushOverlays(batches, m.projection * m.view);
  }
  SetViewport({0, 0, 0, 0});  // nothing of the app's own overlay flush may land on the halves
}

// Over each half: which broad phase it is, what its operations and step cost.
void SimulationView::DrawViewportCaptions() {
  if (!side_by_side_ || replay_mode_ || figure_) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  list->AddLine(ImVec2(display.x * 0.5f, 0), ImVec2(display.x * 0.5f, display.y),
                IM_COL32(255, 255, 255, 160), 2.0f);
  const StepCaption* captions[2] = {&primary_caption_, &companion_.caption()};
  for (int side = 0; side < 2; ++side) {
    // Above the status bar and the collapsed panels' title bars at the bottom of each half.
    const std::string text = CaptionText(*captions[side]);
    const float wrap = display.x * 0.5f - 30.0f;
    const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
    const ImVec2 at(display.x * 0.5f * float(side) + 12.0f, display.y - 82.0f - size.y);
    list->AddRectFilled(ImVec2(at.x - 6, at.y - 4), ImVec2(at.x + size.x + 6, at.y + size.y + 4),
                        IM_COL32(10, 12, 20, 200), 4.0f);
    list->AddText(nullptr, 0.0f, at, IM_COL32(235, 240, 255, 255), text.c_str(), nullptr, wrap);
  }
}

bool SimulationView::Pick(const PickRay& ray) {
  if (!CurrentBsp() || side_by_side_) return false;  // a click on a half: ambiguous ray
  const std::optional<NodeId> node = overlay_.Pick(ray.origin, ray.dir);
  if (!node) return false;
  selected_ = *node;
  return true;
}

// --- Panels --------------------------------------------------------------------------------------

void SimulationView::HandleKeys() {
  if (ImGui::GetIO().WantCaptureKeyboard) return;
  if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false)) stepping().TogglePlay();
  if (ImGui::IsKeyPressed(GLFW_KEY_S, false) && !replay_mode_) {
    stepping().Pause();
    stepping().RequestSingleStep();
  }
  if (ImGui::IsKeyPressed(GLFW_KEY_N, false) && op_stepping_ && !replay_mode_) ApplyNextOpStage();
  if (replay_mode_ && replay_.is_open()) {
    if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT_BRACKET, true))
      replay_status_ = replay_.Seek(replay_.frame() + 1);
    if (ImGui::IsKeyPressed(GLFW_KEY_LEFT_BRACKET, true) && replay_.frame() > 0)
      replay_status_ = replay_.Seek(replay_.frame() - 1);
  }
}

// A figure replaces the physics scene in the view (the scene keeps its state underneath): its
// boxes, its own BSP of the chosen profile, the camera on it.
void SimulationView::OpenFigure(const BspFigure& figure, bool thesis) {
  figure_ = std::make_unique<BspFigureRun>(figure, thesis);
  figure_->bsp().SetOperationStepping(op_stepping_);
  selected_ = kNoNode;
  stepper_.Reset();
  totals_ = {};
  side_by_side_ = false;
  FrameCamera();
  std::printf("partlab: figure %.*s (thesis %.*s), %s\n", int(figure.key.size()), figure.key.data(),
              int(figure.section.size()), figure.section.data(), thesis ? "sabsp_thesis" : "sabsp");
}

// The figure's boxes with a margin: where its planes are drawn and what the camera frames.
Aabb SimulationView::FigureExtent() const {
  const Aabb bounds = figure_->Bounds();
  return {bounds.min - glm::vec3(1.5f, 2.0f, 3.0f), bounds.max + glm::vec3(1.5f, 3.0f, 3.0f)};
}

// Which figure is shown instead of the scene, and the way back to the scene.
void SimulationView::DrawFigureLine() {
  const BspFigure& f = figure_->figure();
  ImGui::TextWrapped("Figure: %.*s", int(f.title.size()), f.title.data());
  const std::string tip = "A few boxes moved by a script so that this operation happens (thesis " +
                          std::string(f.section) +
                          ");\nReset replays it from its first frame (docs/thesis-lessons.md).";
  Tip(tip.c_str());
  if (ImGui::Button("Back to the scene")) {
    figure_.reset();
    selected_ = kNoNode;
    stepper_.Reset();
    FrameCamera();
  }
  ImGui::SameLine();
}

// --- Lessons (sim_lesson_verbs.h) ----------------------------------------------------------------

std::vector<View::LessonVerb> SimulationView::LessonVerbs() const {
  std::vector<LessonVerb> verbs;
  for (const SimLessonVerb& v : SimLessonVerbs()) verbs.push_back({v.verb, v.usage, v.is_check});
  return verbs;
}

std::span<const Aabb> SimulationView::ShownBoxes() const {
  if (figure_) return figure_->boxes();
  if (replay_mode_) return replay_.boxes();
  return frame_;
}

std::span<const BoxPair> SimulationView::ShownPairs() const {
  if (figure_) return figure_->pairs();
  if (replay_mode_) return replay_.pairs();
  return pairs_;
}

void SimulationView::SetOperationStepping(bool on) {
  if (on == op_stepping_) return;
  op_stepping_ = on;
  if (SemiAdjustingBsp* bsp = CurrentBsp()) bsp->SetOperationStepping(on);
  if (on) stepping().Pause();
  stepper_.Reset();
}

std::string SimulationView::AdvanceOperation() {
  ApplyNextOpStage();
  return stepper_.message();
}

// A figure restarts under the other profile (its history is the profile's); the live scene
// switches its broad phase, built from the current boxes at the next step.
std::string SimulationView::SwitchBroadPhase(const std::string& name) {
  if (!MakeBroadPhase(name)) return "unknown broad phase '" + name + "'";
  if (figure_) {
    if (name != "sabsp" && name != "sabsp_thesis")
      return "a figure runs on sabsp or sabsp_thesis, not '" + name + "'";
    OpenFigure(figure_->figure(), name == "sabsp_thesis");
    return "";
  }
  SwitchAlgorithm(name);
  return "";
}

// A change made while paused (another broad phase, the side-by-side companion) shows at once: the
// structure is built at the next physics step.
void SimulationView::StepOnceWhenPaused() {
  if (!stepping().playing()) stepping().RequestSingleStep();
}

// Two presses per operation: the first shows what is next on its node (before), the second
// applies it and shows where the result lives (after).
void SimulationView::ApplyNextOpStage() {
  SemiAdjustingBsp* bsp = CurrentBsp();
  if (!bsp) return;
  std::printf("partlab: %s\n", stepper_.Advance(*bsp).c_str());  // a log a teacher can keep
  if (stepper_.highlight() == OpStepper::Highlight::kAfter) selected_ = stepper_.highlighted_node();
}

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
  ImGui::SetNextWindowCollapsed(headless_ || UiIsSoftwareRendered(), ImGuiCond_FirstUseEver);
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
    const auto& log = bsp->op_log();
    if (!log.empty() && ImGui::TreeNode("Recent operations")) {
      const size_t first = log.size() > 12 ? log.size() - 12 : 0;
      for (size_t i = log.size(); i-- > first;) {
        const OpRecord& r = log[i];
        ImGui::TextWrapped("#%llu step %llu %s node %d [%s]: %s -> %s", (unsigned long long)r.seq,
                           (unsigned long long)r.step, BspOpName(r.op), r.node,
                           OpStatusName(r.status), r.reason.c_str(), r.outcome.c_str());
      }
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
    error_ = "partlab: " + error;
    replay_status_ = error;
    std::fprintf(stderr, "%s\n", error_.c_str());
    return;
  }
  error_.clear();
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
  const bool message = !error_.empty() || !notice_.empty();
  SetNextWindowBgAlphaForRenderer(message ? 0.95f : 0.75f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##simulation-status", nullptr, flags)) {
    DrawErrorLine(error_, "sim-error");
    DrawNoticeLine(notice_, "sim-notice");
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
  DrawViewportCaptions();
  if (replay_mode_) DrawReplayWindow();
  DrawStatusBar();
}

std::unique_ptr<View> CreateSimulationView(AppContext& app) {
  return std::make_unique<SimulationView>(app);
}

const bool kRegistered = RegisterView(
    {"Simulation", "The thesis's four simulations with a live broad phase and its overlay",
     &CreateSimulationView, /*uses_model=*/false});

}  // namespace

}  // namespace partlab
