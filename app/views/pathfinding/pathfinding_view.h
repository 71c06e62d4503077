// The Path finding view: the chapter's game AI (section 3.4) to watch and play with.
//  - Section 3.4.1: a Moving AI grid map over a ground plane; start and goal placed with the mouse;
//    the generic search with its queueing function (breadth-first, depth-first, best-first, A*),
//    animated or stepped one expansion at a time with OPEN and CLOSED in two colours and f, g, h
//    under the cursor; the ten practices toggled live; an obstacle painter that invalidates the
//    failed-path cache; the straight-line test and the waypoints drawn as in figure 3.14.
//  - Section 3.4.2: predators that wait, chase, attack and die around the player (figure 3.15),
//    their chases planned by A*, in any of the book's three FSM implementations, with the state
//    diagram and the transition log of the selected one (fsm_panel.cpp).
#pragma once

#include <string>
#include <vector>

#include "app/view.h"
#include "app/views/pathfinding/fsm_trace.h"
#include "app/views/pathfinding/pathfinding_overlay.h"
#include "app/views/pathfinding/pathfinding_panels.h"
#include "app/views/pathfinding/predator_world.h"
#include "app/views/pathfinding/search_animation.h"

namespace partlab {

class PathfindingView final : public View {
 public:
  explicit PathfindingView(AppContext& app);

  void Step(float dt) override {
    if (ui_.animate && anim_.running()) {
      budget_ += ui_.expansions_per_second * dt;
      const int n = static_cast<int>(budget_);
      budget_ -= n;
      if (n > 0) anim_.Advance(n);
    }
    if (ui_.run_predators) world_.Step(dt);
    ReportScriptErrors();
  }
  bool Animating() const override { return ui_.run_predators || (ui_.animate && anim_.running()); }

  void Render(const RenderContext&, DebugDraw& draw) override {
    if (map_.CellCount() == 0) return;
    DrawGridMap(map_, overlay_.show_grid_lines, draw);
    DrawSearch(map_, anim_, overlay_, draw);
    if (practices_.waypoints) DrawWaypoints(map_, finder_, draw);
    overlay_.show_sight = practices_.skip_when_unseen;
    if (ui_.show_predators) DrawPredators(map_, world_, overlay_, draw);
  }

  bool Pick(const PickRay& ray) override;
  void UpdateGui() override;
  void UpdateWindows() override;
  void DrawFigures(const FigureArea& area) override;  // figure 3.15, the predators' FSM
  // Lessons (docs/lessons.md): pathfinding_lesson_verbs.cpp.
  std::string RunLessonAction(const LessonCommand& action) override;
  std::string CheckLessonClaim(const LessonCommand& check) override;
  static std::span<const LessonVerbRow<PathfindingView>> LessonVerbTable();

 private:
  void LoadMap(const std::string& path);
  void Replan();
  void PracticesChanged();
  void MapChanged();
  void ApplyPreset(const std::string& preset);
  void PrintSummary();
  void ReportScriptErrors();
  void FindWaypointRequest();
  void HoverInfo();
  void PaintUnderCursor();
  // pathfinding_lesson_verbs.cpp
  std::string SetPractice(const LessonCommand& action);
  std::string CheckPathWithin(const LessonCommand& check) const;
  std::string CheckAnsweredBy(const LessonCommand& check) const;
  std::string CheckClosedNodesOptimal(const LessonCommand& check) const;
  std::string CheckHeuristicBetween(const LessonCommand& check) const;
  std::string CheckSearchTree(const LessonCommand& check) const;
  std::string CheckExpansionsAtMost(const LessonCommand& check) const;
  std::string CheckFsmTransitionsLegal(const LessonCommand& check) const;
  std::string CheckFsmSequence(const LessonCommand& check) const;

  AppContext& app_;
  std::vector<std::string> maps_;
  int map_index_ = 0;
  ai::GridMap map_;
  ai::Pathfinder finder_;
  ai::PracticeOptions practices_;
  SearchAnimation anim_;
  PredatorWorld world_;
  ai::Cell start_{0, 0}, goal_{0, 0};
  PathfindingUi ui_;
  PathfindingOverlayOptions overlay_;
  double budget_ = 0.0;
  // What ReportScriptErrors has already told: the last load error, the predators' error count.
  std::string script_error_told_;
  int script_run_errors_told_ = 0;
  FsmTrace fsm_trace_;  // the predators' states while a lesson's fsm-run runs
};

}  // namespace partlab
