// The Dynamics view: the chapter's own rigid-body solver (visualization-simulation-games.txt, 3.3;
// engine/dynamics) on small scenes for class, drawn as it works. Bodies are instanced boxes and
// spheres; every contact shows its point (coloured by the sign of ḋ), normal, collision impulse and
// resting force; live plots follow the energies and momenta; a step can be run one stage at a time
// (detect, classify, impulses, resting forces, integrate) with the equations of each stage shown.
// Scenes are the text files of assets/dynamics (docs/dynamics.md).
//
// The view holds the scene and the world and lends them to its components, each with its own
// state, panel section and drawing: the scene files (scene_list.h), the picture of the bodies
// (dynamics_picture.h), the contact overlay (contact_overlay.h) and table (contact_table.h), the
// plots (energy_plots.h) and ODE beside it (ode_comparison.h). The class itself is split by
// concern: dynamics_view.cpp (scene, stepping, drawing), dynamics_panels.cpp (the panel and
// windows), dynamics_lesson_verbs.cpp (the lessons' actions and checks).
#pragma once

#include <memory>
#include <string>

#include "app/view.h"
#include "app/views/dynamics/contact_overlay.h"
#include "app/views/dynamics/contact_table.h"
#include "app/views/dynamics/dynamics_picture.h"
#include "app/views/dynamics/energy_plots.h"
#include "app/views/dynamics/lesson_snapshot.h"
#include "app/views/dynamics/ode_comparison.h"
#include "app/views/dynamics/scene_list.h"
#include "engine/dynamics/dynamics_world.h"
#include "engine/dynamics/ode_joints.h"
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
  void ApplyPreset(const std::string& preset);
  bool LoadScene(const std::string& path);  // false: notices() say why, the old scene stays
  void Restart();
  void StepOnce();   // finishes the current step (or runs a whole one)
  void StageOnce();  // runs one stage
  void FrameCamera();
  void PrintSummary() const;
  // dynamics_lesson_verbs.cpp
  std::string RunSubstage();
  std::string RunUntilCollision(const LessonCommand& action);
  std::string CheckMomentumConserved(const LessonCommand& check) const;
  std::string CheckRestitution(const LessonCommand& check) const;
  std::string CheckRelativeVelocity(const LessonCommand& check) const;
  std::string CheckAtRest(const LessonCommand& check) const;
  std::string CheckFloorCarriesWeight(const LessonCommand& check) const;
  std::string ShowJoints();
  std::string CheckJointsHold(const LessonCommand& check) const;
  // dynamics_panels.cpp
  void SceneGui();
  void SolverGui();
  void StageGui();
  void OverlayGui();
  void ForceLegend() const;
  void HandleKeys();

  AppContext& app_;
  SceneList scenes_;
  std::string scene_path_;
  dynamics::SceneFile scene_;
  dynamics::DynamicsWorld world_;
  std::string load_note_, last_solver_note_;

  DynamicsPicture picture_;
  ContactOverlayOptions overlay_;
  ForceScale force_scale_;  // the resting forces' scale in the last frame drawn (the legend's)
  EnergyPlots plots_;
  ContactTable contacts_;
  OdeComparison ode_;
  LessonSnapshot lesson_;
  // Figure 3.8: while set, the view steps and draws the three joints on ODE instead of the scene.
  std::unique_ptr<dynamics::OdeJoints> joints_;
};

}  // namespace partlab
