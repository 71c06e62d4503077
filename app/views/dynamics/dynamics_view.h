// The Dynamics view: the chapter's own rigid-body solver (visualization-simulation-games.txt, 3.3;
// engine/dynamics) on small scenes for class, drawn as it works. Bodies are instanced boxes and
// spheres; every contact shows its point (coloured by the sign of ḋ), normal, collision impulse and
// resting force; live plots follow the energies and momenta; a step can be run one stage at a time
// (detect, classify, impulses, resting forces, integrate) with the equations of each stage shown.
// Scenes are the text files of assets/dynamics (docs/dynamics.md).
#pragma once

#include <string>
#include <vector>

#include <memory>
#include "app/render/instanced_body_renderer.h"
#include "app/view.h"
#include "app/view/rolling_plot.h"
#include "app/views/dynamics/contact_overlay.h"

#include "engine/dynamics/ode_mirror.h"
#include "engine/dynamics/scene_file.h"

namespace partlab {

class DynamicsView final : public View {
 public:
  explicit DynamicsView(AppContext& app);
  void Step(float dt) override;
  void Prepare(const RenderContext& ctx, DebugDraw& draw) override;
  void Render(const RenderContext& ctx, DebugDraw& draw) override;
  void UpdateGui() override;      // dynamics_panels.cpp
  void UpdateWindows() override;  // dynamics_panels.cpp
  // The panel's values persist between interactive runs (dynamics_params.h).
  std::string SettingsFolder() const override { return "dynamics"; }
  void VisitParams(ParamVisitor& visit) override;
  void DrawFigures(const FigureArea& area) override;  // the contacts table
  bool Animating() const override { return stepping().playing(); }
  bool ShowsStepControls() const override { return true; }
  // Lessons (docs/lessons.md): dynamics_lesson_verbs.cpp.
  std::string RunLessonAction(const LessonCommand& action) override;
  std::string CheckLessonClaim(const LessonCommand& check) override;
  static std::span<const LessonVerbRow<DynamicsView>> LessonVerbTable();

 private:
  static constexpr size_t kHistory = 600;

  bool LoadScene(const std::string& path);  // false: notices() say why, the old scene stays
  void Restart();
  void StepOnce();   // finishes the current step (or runs a whole one)
  void StageOnce();  // runs one stage
  void RecordSample();
  void FrameCamera();
  void BuildInstances();
  void DrawFloor(DebugDraw& draw) const;
  void DrawBodyEdges(DebugDraw& draw) const;
  void DrawSpin(DebugDraw& draw) const;
  void PrintSummary() const;
  // dynamics_lesson_verbs.cpp
  std::string RunSubstage();
  std::string RunUntilCollision(const LessonCommand& action);
  std::string CheckMomentumConserved(const LessonCommand& check) const;
  std::string CheckRestitution(const LessonCommand& check) const;
  std::string CheckRelativeVelocity(const LessonCommand& check) const;
  std::string CheckAtRest(const LessonCommand& check) const;
  std::string CheckFloorCarriesWeight(const LessonCommand& check) const;

  void SceneGui();
  void SolverGui();
  void StageGui();
  void OverlayGui();
  void PlotsWindow();
  void ContactsWindow();
  void ContactsTable(size_t rows, int flags) const;
  static constexpr size_t kContactRowsShown = 500;  // the window's table
  static constexpr size_t kFigureContactRows = 8;   // presenter mode's
  void HandleKeys();

  AppContext& app_;
  std::vector<std::string> scene_paths_;
  int scene_index_ = 0;
  std::string scene_path_;
  dynamics::SceneFile scene_;
  dynamics::DynamicsWorld world_;
  std::string load_note_, last_solver_note_;
  char open_path_[512] = {};

  InstancedBodyRenderer renderer_;
  std::vector<BodyInstance> boxes_;
  std::vector<BodyInstance> spheres_[kSphereDetailLevels];
  float pixels_per_radian_ = 500.0f;
  glm::vec3 eye_{0.0f};
  ContactOverlayOptions overlay_;
  int selected_body_ = -1;
  bool see_through_ = false;  // bodies as edges, so forces inside them show
  bool show_spin_ = false;    // ω and L at each moving body's centre

  RollingPlot<kHistory> kinetic_, potential_, total_, linear_, angular_, passes_, lcp_size_,
      step_ms_;
  bool show_plots_ = true, show_contacts_ = false;

  // The same scene on ODE, stepped in lockstep and drawn beside ours, shifted by ode_shift_.
  bool ode_beside_ = false;
  std::unique_ptr<dynamics::OdeMirror> ode_;
  glm::vec3 ode_shift_{0.0f};
  double ode_kinetic_ = 0.0;
  std::vector<glm::dvec3> ode_positions_;
  std::vector<glm::dquat> ode_orientations_;
  void StartOde();

  // The bodies just before and just after the last stage a lesson ran (substage), so its checks
  // can compare the two by physical laws.
  std::vector<dynamics::RigidBody> lesson_before_, lesson_after_;
  bool lesson_stage_ran_ = false;
  dynamics::Stage lesson_stage_ = dynamics::Stage::kDetect;
};

}  // namespace partlab
