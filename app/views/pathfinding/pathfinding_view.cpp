// The Path finding view (pathfinding_view.h): maps, requests, predators, picking and panels.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "app/i18n/translate.h"
#include "app/view.h"
#include "app/view/view_flags_cli.h"
#include "app/views/pathfinding/fsm_panel.h"
#include "app/views/pathfinding/map_helpers.h"
#include "app/views/pathfinding/pathfinding_overlay.h"
#include "app/views/pathfinding/pathfinding_panels.h"
#include "app/views/pathfinding/pathfinding_preset.h"
#include "app/views/pathfinding/pathfinding_view.h"
#include "app/views/pathfinding/predator_world.h"
#include "app/views/pathfinding/search_animation.h"
#include "engine/ai/moving_ai_format.h"
#include "engine/ai/predator_script.h"
#include "engine/paths/data_paths.h"

namespace partlab {

namespace {

// $PARTLAB_PREDATOR_SCRIPT overrides the shipped script (to try another, or a broken one).
std::string ScriptPath() {
  const char* env = std::getenv("PARTLAB_PREDATOR_SCRIPT");
  return env && *env ? env : AssetDirectory() + "/scripts/predator.lua";
}

}  // namespace

PathfindingView::PathfindingView(AppContext& app) : View(app), app_(app), world_(ScriptPath()) {
  maps_ = ListMaps(AssetDirectory() + "/maps");
  ApplyPreset(app.start.flags.Text("--preset"));
  ReportScriptErrors();
  if (headless()) PrintSummary();
}

// The predator script's errors, each one line naming the file and line (a load error, or a handler
// that failed or went over its limits), on stderr and in the status bar through the view's
// notices; the Path finding panel shows them too. Told once each: a frame only compares.
void PathfindingView::ReportScriptErrors() {
  const std::string& load_error = world_.script().error();
  if (load_error != script_error_told_) {
    script_error_told_ = load_error;
    if (!load_error.empty())
      notices().Error(Formatted(_("partlab: predator script: %s"), load_error.c_str()));
  }
  int run_errors = 0;
  const ai::ScriptedPredator* last = nullptr;
  for (const Predator& p : world_.predators())
    if (auto* s = dynamic_cast<const ai::ScriptedPredator*>(p.brain.get()); s && s->errors() > 0) {
      run_errors += s->errors();
      last = s;
    }
  if (run_errors < script_run_errors_told_) script_run_errors_told_ = 0;  // predators were reset
  if (run_errors > script_run_errors_told_ && last)
    notices().Error(Formatted(_("partlab: predator script: %s"), last->last_error().c_str()));
  script_run_errors_told_ = run_errors;
}

void PathfindingView::LoadMap(const std::string& path) {
  auto loaded = ai::LoadMovingAiMap(path);
  if (!loaded) {  // one line (stderr and the status bar), and the view keeps the map it had
    notices().Error("partlab: " + loaded.error());
    return;
  }
  map_ = std::move(loaded).value();
  finder_.SetWaypoints(DefaultWaypoints(map_));
  // Start and goal on walkable cells near two opposite corners.
  start_ = NearestWalkable(map_, {map_.width() / 8, map_.height() / 7});
  goal_ = NearestWalkable(map_, {map_.width() * 5 / 8, map_.height() * 3 / 4});
  world_.Reset(&map_, ui_.predator_count);
  world_.SetPractices(practices_);
  Aabb box;
  box.Grow(CellToWorld(map_, {-0.5f, -0.5f}));
  box.Grow(CellToWorld(map_, {map_.width() - 0.5f, map_.height() - 0.5f}));
  app_.camera.yaw = 0.0f;
  app_.camera.pitch = 1.2f;
  app_.camera.Frame(box, 16.0f / 9.0f);
  // The panels cover the left of the window: the map sits a little right of the centre.
  app_.camera.target.x -= 0.12f * map_.width();
  Replan();
}

void PathfindingView::Replan() {
  if (map_.CellCount() == 0) return;
  anim_.Plan(map_, start_, goal_, finder_);
  budget_ = 0;
  if (!ui_.animate) anim_.Finish();
}

void PathfindingView::PracticesChanged() {
  finder_.SetOptions(practices_);
  world_.SetPractices(practices_);
  Replan();
}

// Practice (7): "the cache must be cleared when the moving objects change position". The map's
// version moved on, so the cached failures no longer count; the NPCs ask again.
void PathfindingView::MapChanged() {
  world_.ObstaclesMoved();
  Replan();
}

bool PathfindingView::Pick(const PickRay& ray) {
  const auto cell = CellUnderRay(map_, ray);
  if (!cell) return false;
  switch (ui_.tool) {
    case ClickTool::kStart:
    case ClickTool::kGoal:
      (ui_.tool == ClickTool::kStart ? start_ : goal_) = *cell;
      Replan();
      // One line per request in the terminal: what answered it (a log to read beside the view).
      std::printf("partlab: path finding: %s (%d, %d): %s\n",
                  ui_.tool == ClickTool::kStart ? "start" : "goal", cell->x, cell->y,
                  anim_.Summary(/*translated=*/false).c_str());
      std::fflush(stdout);
      break;
    case ClickTool::kPaint:
      map_.Set(cell->x, cell->y, map_.Passable(cell->x, cell->y) ? 'T' : '.');
      MapChanged();
      break;
    case ClickTool::kWaypoint: {
      std::vector<ai::Cell> w = finder_.waypoints();
      const auto it = std::find(w.begin(), w.end(), *cell);
      if (it != w.end())
        w.erase(it);
      else
        w.push_back(*cell);
      finder_.SetWaypoints(std::move(w));
      Replan();
      break;
    }
    case ClickTool::kPlayer:
      world_.MovePlayerTo(*cell);
      break;
    case ClickTool::kSelect:
      overlay_.selected_predator = NearestPredator(world_, *cell);
      break;
  }
  return true;
}

// Ctrl held over the map paints trees, Alt erases (the mouse buttons belong to the camera).
void PathfindingView::PaintUnderCursor() {
  const ImGuiIO& io = ImGui::GetIO();
  if (ui_.tool != ClickTool::kPaint || io.WantCaptureMouse || !(io.KeyCtrl || io.KeyAlt)) return;
  const glm::vec2 pixel(io.MousePos.x * io.DisplayFramebufferScale.x,
                        io.MousePos.y * io.DisplayFramebufferScale.y);
  const glm::vec2 fb(io.DisplaySize.x * io.DisplayFramebufferScale.x,
                     io.DisplaySize.y * io.DisplayFramebufferScale.y);
  const auto cell = CellUnderRay(map_, app_.camera.RayThroughPixel(pixel, fb));
  if (!cell) return;
  const char want = io.KeyCtrl ? 'T' : '.';
  if (map_.CharAt(cell->x, cell->y) == want) return;
  map_.Set(cell->x, cell->y, want);
  MapChanged();
}

// f, g and h of the cell under the cursor (section 3.4.1, figure 3.13).
void PathfindingView::HoverInfo() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantCaptureMouse || map_.CellCount() == 0) return;
  const glm::vec2 pixel(io.MousePos.x * io.DisplayFramebufferScale.x,
                        io.MousePos.y * io.DisplayFramebufferScale.y);
  const glm::vec2 fb(io.DisplaySize.x * io.DisplayFramebufferScale.x,
                     io.DisplaySize.y * io.DisplayFramebufferScale.y);
  const auto cell = CellUnderRay(map_, app_.camera.RayThroughPixel(pixel, fb));
  if (!cell) return;
  ImGui::BeginTooltip();
  ImGui::Text(_("cell (%d, %d) '%c'"), cell->x, cell->y, map_.CharAt(cell->x, cell->y));
  const ai::GridSearch& s = anim_.replay();
  const int i = map_.Index(cell->x, cell->y);
  if (anim_.replaying() && s.StateOf(i) != ai::NodeState::kUnseen &&
      s.StateOf(i) != ai::NodeState::kClosedBlocked) {
    const double g = s.G(i), h = s.H(i);
    ImGui::Text("%s  g = %.3f  h = %.3f  f = g + h = %.3f",
                s.StateOf(i) == ai::NodeState::kOpen ? "OPEN" : "CLOSED",  // untranslated: 3.4.1's
                g, h, g + h);
  } else {
    ImGui::Text(_("h = %.3f (octile distance to the goal)"), ai::OctileDistance(*cell, goal_));
  }
  ImGui::EndTooltip();
}

void PathfindingView::UpdateGui() {
  const PanelChanges c =
      PathfindingPanel(ui_, practices_, maps_, map_index_, anim_, world_, finder_, map_);
  if (c.map) LoadMap(maps_[map_index_]);
  if (c.practices) PracticesChanged();
  if (c.replan) Replan();
  if (c.step) anim_.Advance(1);
  if (c.finish) anim_.Finish();
  if (c.implementation) world_.SetImplementation(ui_.implementation);
  if (c.predators) world_.Reset(&map_, ui_.predator_count);
  if (c.reload_script) world_.ReloadScript();
}

void PathfindingView::UpdateWindows() {
  HoverInfo();
  PaintUnderCursor();
  if (ui_.show_predators) PredatorFsmWindow(world_, overlay_.selected_predator);
}

// The state diagram, drawn inside PredatorFsmWindow interactively (with its chooser and log); in
// presenter mode only for a step that ran the predators (fsm-run recorded their lives): over a
// path-finding step it would hide the search the caption is about.
void PathfindingView::DrawFigures(const FigureArea& area) {
  if (ui_.show_predators && !fsm_trace_.lives().empty())
    PredatorFsmFigure(world_, overlay_.selected_predator, area);
}

// --preset (pathfinding_preset.h): what a scripted screenshot shows.
void PathfindingView::ApplyPreset(const std::string& text) {
  const PathfindingPreset preset = ParsePathfindingPreset(text);
  practices_ = preset.practices;
  if (preset.lua) ui_.implementation = FsmImplementation::kScripted;
  if (preset.macros) ui_.implementation = FsmImplementation::kMacros;
  for (size_t i = 0; i < maps_.size(); ++i)
    if (std::filesystem::path(maps_[i]).stem() == preset.map_stem) map_index_ = static_cast<int>(i);
  finder_.SetOptions(practices_);
  world_.SetImplementation(ui_.implementation);
  if (!maps_.empty()) LoadMap(maps_[map_index_]);
  if (!preset.map_path.empty()) {  // a bad file: one line, and the shipped map stays
    if (ai::LoadMovingAiMap(preset.map_path).ok()) {
      maps_.push_back(preset.map_path);
      map_index_ = static_cast<int>(maps_.size()) - 1;
    }
    LoadMap(preset.map_path);
  }
  if (preset.half && anim_.replaying()) {  // replay half the expansions the full search needed
    anim_.Plan(map_, start_, goal_, finder_);
    anim_.Advance(anim_.result().stats.expansions / 2);
    ui_.animate = false;
  }
  if (preset.figure) FindWaypointRequest();
  for (int i = 0; i < static_cast<int>(preset.run_seconds * 60); ++i) world_.Step(1.0 / 60.0);
}

// Figure 3.14 (b, c): a start and goal whose straight line is blocked but whose straight lines
// through waypoints are free, the first of a fixed sequence of tries.
void PathfindingView::FindWaypointRequest() {
  practices_.waypoints = practices_.straight_line_first = true;
  finder_.SetOptions(practices_);
  unsigned seed = 5;
  ai::PathResult r;
  for (int tries = 0; tries < 2000; ++tries) {
    seed = seed * 1103515245u + 12345u;
    const ai::Cell s =
        NearestWalkable(map_, {int((seed >> 8) % map_.width()), int((seed >> 20) % map_.height())});
    seed = seed * 1103515245u + 12345u;
    const ai::Cell g =
        NearestWalkable(map_, {int((seed >> 8) % map_.width()), int((seed >> 20) % map_.height())});
    finder_.Plan(map_, {s, g}, r);
    if (r.outcome == ai::PathOutcome::kWaypoints && ai::OctileDistance(s, g) > 40) {
      start_ = s;
      goal_ = g;
      break;
    }
  }
  Replan();
}

void PathfindingView::PrintSummary() {
  std::printf(
      "partlab: path finding: %s on %s, %s\n", ai::QueueingName(practices_.search.queueing),
      maps_.empty() ? "(no map)" : std::filesystem::path(maps_[map_index_]).filename().c_str(),
      anim_.Summary(/*translated=*/false).c_str());
  int states[ai::kPredatorStates] = {};
  for (const Predator& p : world_.predators()) ++states[int(p.shown_state)];
  std::printf("partlab: predators (%s): %d wait, %d chase, %d attack, %d die, %d searches\n",
              kFsmImplementationNames[int(world_.implementation())], states[0], states[1],
              states[2], states[3], world_.searches());
  std::fflush(stdout);  // (script errors are on stderr: ReportScriptErrors)
}

namespace {

std::unique_ptr<View> CreatePathfindingView(AppContext& app) {
  return std::make_unique<PathfindingView>(app);
}

void AddPathfindingFlags(ViewFlagDefs& defs) {
  AddViewTextFlag(defs, "--preset", "NAME",
                  _("Path finding: rooms|forest|maze|map=PATH, bfs|dfs|best|astar, straight, "
                    "waypoints, partial, lowcutoff, half, figure, lua, runN (docs/ai.md)"),
                  kPresetLead);
}

const bool kPathfindingViewRegistered = RegisterView(
    {N_("Path finding"),
     N_("A* and the search family with the game practices, and the predator FSM (chapter 3.4)"),
     &CreatePathfindingView, /*uses_model=*/false, &LessonVerbSpecs<PathfindingView>,
     &AddPathfindingFlags});

}  // namespace

}  // namespace partlab
