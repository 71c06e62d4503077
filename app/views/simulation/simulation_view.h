// The broad phases in the testbed: the thesis's four simulations (semi-adjusting-bsp.txt,
// 6.2) running on ODE with a live-switchable broad phase; bodies drawn instanced and coloured by
// BSP leaf, by pair or by speed; the BSP's splitting planes clipped to their cells (or the other
// structures' overlays); panels for the BSP parameters of 6.1, operation counters, rolling plots
// of the step's costs, a compare mode, operation stepping for teaching, a replay viewer that
// scrubs an AABBTRC1 trace through any broad phase, and the thesis's figures of chapter 4 as a few
// scripted boxes (--preset KEY, bsp_figures.h) for the lessons (sim_lesson_verbs.h).
//
// The view shows one of three modes (sim_mode.h): the physics scene (sim_physics.h), the replay
// (sim_replay_mode.h) or a figure (sim_figure_mode.h); it forwards its hooks to the one shown, and
// the modes share the BSP panel (sim_bsp_panel.h) and the picture (sim_picture.h). Its lifecycle,
// stepping and drawing are in simulation_view.cpp, its saved rows in simulation_settings.cpp
// (sim_params.h), its windows in simulation_panels.cpp.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/view.h"
#include "app/views/simulation/sim_bsp_panel.h"
#include "app/views/simulation/sim_figure_mode.h"
#include "app/views/simulation/sim_flags.h"
#include "app/views/simulation/sim_lesson_verbs.h"
#include "app/views/simulation/sim_mode.h"
#include "app/views/simulation/sim_params.h"
#include "app/views/simulation/sim_physics.h"
#include "app/views/simulation/sim_picture.h"
#include "app/views/simulation/sim_replay_mode.h"

namespace partlab::simulation_view {

class SimulationView final : public View, private SimLessonSubject {
 public:
  explicit SimulationView(AppContext& app);
  ~SimulationView() override;

  // After the base read the settings file: the flags over it, the scene built, the first frame.
  void Start() override;
  std::string SettingsFolder() const override { return "simulation"; }
  void VisitParams(ParamVisitor& visit) override;  // simulation_settings.cpp
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
  // The mode shown: a figure over the replay over the physics scene.
  const SimMode& Active() const;
  SimMode& Active() { return const_cast<SimMode&>(std::as_const(*this).Active()); }
  bool Halves() const {  // side by side: the physics scene only
    return physics_.side_by_side_shown() && !replay_mode_ && !figure_;
  }
  SemiAdjustingBsp* CurrentBsp() const {
    return dynamic_cast<SemiAdjustingBsp*>(Active().broad_phase());
  }

  static int SceneIndexOf(int number);
  void RestoreCamera();
  void Reset();
  void SwitchAlgorithm(const std::string& name);
  void ApplyBspParams(const BspParams& edited);
  void FrameCamera();
  void OpenFigure(const BspFigure& figure, bool thesis);
  void OpenReplay(const std::string& path);
  void StepOnceWhenPaused();
  BspOverlayOptions OverlayOptions() const;

  void HandleKeys();
  void DrawControlsWindow();
  void DrawStatusBar();
  void DrawViewportCaptions(const FigureArea& area);

  // SimLessonSubject: what the lesson verbs see and do.
  SemiAdjustingBsp* ShownBsp() override { return CurrentBsp(); }
  std::span<const Aabb> ShownBoxes() const override { return Active().boxes(); }
  std::span<const BoxPair> ShownPairs() const override { return Active().pairs(); }
  void StepOnce() override { Step(float(stepping().step_seconds())); }
  void SetOperationStepping(bool on) override;
  std::string AdvanceOperation() override;
  void HighlightNode(NodeId node) override { panel_.Select(node); }
  std::string SwitchBroadPhase(const std::string& name) override;
  void ShowCutDirections(bool on) override { show_cut_directions_ = on; }
  void ShowProjections(bool on) override { show_projections_ = on; }
  void ShowAxisProjections(bool on) override { show_axis_projections_ = on; }
  void ShowLeafList(NodeId leaf) override { leaf_list_shown_ = leaf; }
  void ShowVerifyFlow(bool on) override { verify_flow_shown_ = on; }
  void ShowMergeLists(std::vector<MergeStage> stages) override {
    merge_stages_ = std::move(stages);
  }

  AppContext& app_;
  SavedCamera saved_camera_;    // the camera the settings file holds (sim_params.h)
  bool started_ = false;        // Start ran: the live camera is the one to save
  SimBroadPhaseChoice choice_;  // the broad phase, the BSP's parameters, operation stepping
  SimPhysics physics_{choice_};
  SimReplayMode replay_{choice_, physics_, notices()};
  bool replay_mode_ = false;          // the replay viewer is open (its window and its trace)
  bool show_cut_directions_ = false;  // Figure 3.5 over the scene (a lesson's show-cut-directions)
  bool show_projections_ = false;     // Figures 3.1, 3.2 (a lesson's show-projections)
  bool show_axis_projections_ = false;    // Figure 2.4 (a lesson's show-axis-projections)
  NodeId leaf_list_shown_ = kNoNode;      // Figure 5.2 (a lesson's show-leaf-list)
  std::vector<Aabb> leaf_list_boxes_;     // its boxes in list order, reused
  std::vector<MergeStage> merge_stages_;  // Figure 4.4 (a lesson's show-merge-lists)
  bool verify_flow_shown_ = false;        // Figure 5.4 (a lesson's show-verification-flow)
  std::unique_ptr<SimFigureMode> figure_;
  SimBspPanel panel_;
  SimPicture picture_;
  SimFrameTimings timings_;
  // A lesson step used an operation verb: presenter mode shows the op log (DrawFigures).
  bool op_log_figure_ = false;
  ClampNote clamp_note_;  // the last slider value clamped into its range
  char title_[256] = {};
};

}  // namespace partlab::simulation_view
