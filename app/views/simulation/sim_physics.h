// The Simulation view's physics mode: one of the thesis's four simulations (semi-adjusting-bsp.txt
// 6.2) running on ODE with the chosen broad phase, its step timings, a second broad phase fed the
// same frames beside it (side by side), every broad phase on the same frame (compare), and the run
// recorded as an AABBTRC1 trace for the replay mode and the bench.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "app/view/rolling_plot.h"
#include "app/views/simulation/sim_compare.h"
#include "app/views/simulation/sim_mode.h"
#include "app/views/simulation/sim_side_by_side.h"
#include "engine/scenes/scene_registry.h"
#include "engine/scenes/trace_recording.h"
#include "engine/view/orbit_camera.h"

namespace partlab::simulation_view {

using Clock = std::chrono::steady_clock;
constexpr int kPlotLength = 240;

inline double MsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The frame's drawing as the view measures it (CPU side), reported beside the physics' step.
struct SimFrameTimings {
  double render_ms = 0;
  double prepare_ms = 0, prepare_cpu_ms = 0;  // this frame's Prepare, added to its render time
  RollingPlot<kPlotLength> render, instances, submit, overlay;  // render and its parts
  RollingPlot<kPlotLength> render_cpu;  // thread CPU time (load-independent)
};

class SimPhysics final : public SimMode {
 public:
  explicit SimPhysics(const SimBroadPhaseChoice& choice) : choice_(choice) {}
  ~SimPhysics() override;

  void Step(StepControl& stepping) override;
  BroadPhase* broad_phase() const override {
    return scene_ ? scene_->world().broad_phase() : nullptr;
  }
  std::span<const Aabb> boxes() const override { return frame_; }
  std::span<const BoxPair> pairs() const override { return pairs_; }
  void BuildInstances(SimPicture& picture, const SemiAdjustingBsp* bsp) override;
  void AdjustOverlay(BspOverlayOptions& options) const override;
  void StatusLine(std::span<char> text, const SimStatus& status) const override;

  // The scene afresh from its seed (a recording is closed), with the chosen broad phase.
  void Reset();
  void SwitchAlgorithm(const std::string& name) {
    // PhysicsWorld builds it from the current boxes at the next step.
    scene_->world().SetBroadPhase(choice_.Make(name));
  }
  void FrameCamera(OrbitCamera& camera);
  // What a measured run prints when it ends: the frame split, physics, broad phase, drawing.
  void PrintReport(const SimFrameTimings& frame, size_t planes_drawn) const;

  // Panel pieces. SceneCombo: true when another scene was chosen (the view resets).
  bool SceneCombo();
  // The side-by-side checkbox and companion: true when either changed.
  bool SideBySideGui();
  void RecordGui();
  std::string FinishRecording();  // closes a recording; the path of the last one
  void TimingsWindow(bool bsp_shown, const RollingPlot<kPlotLength>& render);
  // Two viewports: the physics' broad phase and the companion's (its overlay and caption).
  bool side_by_side_shown() const { return side_by_side_; }
  void StopSideBySide() { side_by_side_ = false; }
  const SideBySide& companion() const { return companion_; }
  SideBySide& companion() { return companion_; }
  const StepCaption& caption() const { return primary_caption_; }

  const PhysicsWorld& world() const { return scene_->world(); }
  const SceneInfo& info() const { return SceneCatalog()[scene_index_]; }
  double step_seconds() const { return scene_->params().physics.step_seconds; }
  // What the settings and the command line set (simulation_settings.cpp, the view's Start).
  int& scene_index() { return scene_index_; }
  int& seed() { return seed_; }
  int& body_count() { return body_count_; }  // dynamic bodies per scene (0: the scene's own)
  bool& side_by_side() { return side_by_side_; }
  std::string& companion_algo() { return companion_algo_; }
  std::string& record_path() { return record_path_; }

 private:
  void UpdateSceneRegion();

  const SimBroadPhaseChoice& choice_;
  int scene_index_ = 0;
  int seed_ = 1;
  int body_count_ = 0;
  std::unique_ptr<Scene> scene_;

  // Measurements of the last physics step.
  PhysicsStepTimings last_;
  double step_ms_ = 0;
  RollingPlot<kPlotLength> plot_update_, plot_pairs_ms_, plot_pairs_, plot_depth_, plot_physics_;
  RollingPlot<kPlotLength> step_cpu_ms_;  // thread CPU time (load-independent)
  std::vector<BoxPair> pairs_;            // the physics' broad-phase pairs of the last step
  std::vector<Aabb> frame_;               // the boxes of the last step (for compare mode)
  Aabb region_;                           // static boxes + the central 98 % of bodies, per axis
  std::vector<float> region_scratch_[3];

  // Side by side: the physics' broad phase on the left, a second one (the thesis's tree by
  // default) on the right, same frames, same camera.
  bool side_by_side_ = false;
  std::string companion_algo_ = "sabsp_thesis";
  SideBySide companion_;
  StepCaption primary_caption_;

  SimCompare compare_;  // every broad phase on the same frames (sim_compare.h)

  // Recording.
  TraceRecorder recorder_;
  bool recording_ = false;
  std::string record_path_, record_status_;
};

}  // namespace partlab::simulation_view
