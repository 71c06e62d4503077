// The broad phases in the testbed: the thesis's four simulations (semi-adjusting-bsp.txt,
// 6.2) running on ODE with a live-switchable broad phase; bodies drawn instanced and coloured by
// BSP leaf, by pair or by speed; the BSP's splitting planes clipped to their cells (or the other
// structures' overlays); panels for the BSP parameters of 6.1, operation counters, rolling plots
// of the step's costs, a compare mode, operation stepping for teaching, a replay viewer that
// scrubs an AABBTRC1 trace through any broad phase, and the thesis's figures of chapter 4 as a few
// scripted boxes (--preset KEY, bsp_figures.h) for the lessons (sim_lesson_verbs.h).
//
// The class is declared here; its lifecycle, stepping and drawing are in simulation_view.cpp, its
// settings in simulation_settings.cpp, its windows in simulation_panels.cpp.
#pragma once

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

#include "app/panels/clamped_widgets.h"
#include "app/panels/figure_area.h"
#include "app/panels/tooltip.h"
#include "app/render/debug_draw_renderer.h"
#include "app/render/instanced_body_renderer.h"
#include "app/render/shader_program.h"
#include "app/render/viewport_state.h"
#include "app/settings.h"
#include "app/ui_style.h"
#include "app/view.h"
#include "app/view/rolling_plot.h"
#include "app/views/simulation/sim_bsp_overlay.h"
#include "app/views/simulation/sim_bsp_panel.h"
#include "app/views/simulation/sim_bsp_settings.h"
#include "app/views/simulation/sim_colouring.h"
#include "app/views/simulation/sim_flags.h"
#include "app/views/simulation/sim_lesson_verbs.h"
#include "app/views/simulation/sim_op_stepper.h"
#include "app/views/simulation/sim_replay.h"
#include "app/views/simulation/sim_side_by_side.h"
#include "app/views/simulation/sim_static_caps.h"
#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/sabsp/bsp_figures.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/params/clamped_value.h"
#include "engine/scenes/scene_registry.h"
#include "engine/scenes/trace_recording.h"
#include "engine/thread_cpu_clock.h"

namespace partlab::simulation_view {

using Clock = std::chrono::steady_clock;
constexpr int kPlotLength = 240;
constexpr size_t kFigureOperations = 3;               // presenter mode: the op log's newest, listed
constexpr float kMaxSpeedColour = 12.0f;              // m/s drawn red
const Color kBeforeColour{1.0f, 0.25f, 0.85f, 1.0f};  // the node an operation is about to change
const Color kAfterColour{0.20f, 0.95f, 1.00f, 1.0f};  // where its result lives
const Color kFailedColour{1.00f, 0.35f, 0.20f, 1.0f};  // the node an operation failed on
constexpr ValueRange<int> kPlaneDepthRange{0, 24, "0 draws no plane",
                                           "deeper planes are too small to read"};
constexpr ValueRange<float> kPlaneAlphaRange{0.02f, 0.6f, "fainter planes are invisible",
                                             "more opaque planes hide the bodies"};

constexpr float kStepControlsHeight = 40.0f;  // the base's Play / Step window, about

inline double MsSince(Clock::time_point start) {
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
  // The halves' captions, the op log's newest operations, the highlighted node's numbers.
  void DrawFigures(const FigureArea& area) override;
  bool Pick(const PickRay& ray) override;
  bool Animating() const override { return stepping().playing(); }
  // Play, pause and single step are the base's (stepping()): the physics steps live, the replay
  // viewer's frames while it is open, a figure's frames while it is shown.
  bool ShowsStepControls() const override { return true; }

  // Lessons: the verbs live in sim_lesson_verbs.cpp; the view lends them SimLessonSubject.
  std::string RunLessonAction(const LessonCommand& action) override {
    op_log_figure_ |= IsOperationVerb(action.verb);
    return RunSimLessonAction(*this, action);
  }
  std::string CheckLessonClaim(const LessonCommand& check) override {
    op_log_figure_ |= IsOperationVerb(check.verb);
    return CheckSimLessonClaim(*this, check);
  }

 private:
  // Scene and broad phase.
  void LoadSettings();  // the settings file (interactive runs), then the --bsp-* flags
  void LoadSettingsFile();
  void SaveSettings();
  void RestoreCamera();
  void Reset();
  std::unique_ptr<BroadPhase> MakeAlgorithm(const std::string& name) const;
  void SwitchAlgorithm(const std::string& name);
  void ApplyBspParams(const BspParams& edited);
  BspOverlayOptions OverlayOptions() const;
  void RenderSideBySide(const RenderContext& ctx, DebugDrawRenderer& batches);
  void DrawViewportCaptions(const FigureArea& area);
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
  Settings settings_;
  InstancedBodyRenderer renderer_;

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
  // A lesson step used an operation verb: presenter mode shows the op log (DrawFigures).
  bool op_log_figure_ = false;

  // Operation stepping: a key press shows the next operation on its node, the next applies
  // it and shows the result.
  bool op_stepping_ = false;
  OpStepper stepper_;
  std::string note_;      // e.g. what SetParams clamped
  ClampNote clamp_note_;  // the last slider value clamped into its range
  int body_count_ = 0;    // --bodies: dynamic bodies per scene (0: the scene's own count)

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

}  // namespace partlab::simulation_view
