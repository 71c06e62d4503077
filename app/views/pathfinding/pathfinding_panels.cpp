#include "app/views/pathfinding/pathfinding_panels.h"
#include "app/panels/tooltip.h"

#include <imgui.h>

#include <cmath>
#include <filesystem>

namespace partlab {

namespace {

void Title(const char* text) {
  ImGui::Spacing();
  ImGui::TextColored(ImVec4(0.95f, 0.80f, 0.45f, 1.0f), "%s", text);
  ImGui::Separator();
}

bool MapGui(const std::vector<std::string>& maps, int& index) {
  bool changed = false;
  const std::string current = maps.empty() ? "(none in assets/maps)"
                                           : std::filesystem::path(maps[index]).filename().string();
  if (ImGui::BeginCombo("Map", current.c_str())) {
    for (int i = 0; i < static_cast<int>(maps.size()); ++i)
      if (ImGui::Selectable(std::filesystem::path(maps[i]).filename().c_str(), i == index)) {
        index = i;
        changed = true;
      }
    ImGui::EndCombo();
  }
  Tip("Moving AI benchmark maps (.map) of Partition Lab's own making, with scenario files (.scen) "
      "for partlab-bench astar. Section 3.4.1: the terrain as a mesh of small squares, eight moves "
      "each.");
  return changed;  // a map that fails to load is told in the status bar (the view's notices)
}

void SearchGui(PathfindingUi& ui, ai::PracticeOptions& p, const SearchAnimation& anim,
               PanelChanges& c) {
  Title("Search (3.4.1)");
  static const char* kTips[] = {
      "Breadth-first (BL): the queueing function inserts the new candidates at the END of the "
      "queue. A blind search: it floods the map in rings of equal number of moves.",
      "Depth-first (BP): the queueing function inserts at the FRONT of the queue. Blind; finds "
      "some path, usually a very long one.",
      "Best-first: the queueing function orders the candidates by their chances of reaching the "
      "goal, h(n) (octile distance). Fast, not optimal.",
      "A*: best-first ordered by f(n) = g(n) + h(n), g the cost so far, h the octile distance "
      "(figure 3.13). Optimal: h never overestimates."};
  for (int q = 0; q < 4; ++q) {
    if (q) ImGui::SameLine();
    int v = int(p.search.queueing);
    if (ImGui::RadioButton(ai::QueueingName(ai::Queueing(q)), &v, q)) {
      p.search.queueing = ai::Queueing(v);
      c.practices = true;
    }
    Tip(kTips[q]);
  }
  ImGui::Checkbox("Animate", &ui.animate);
  Tip("Replays the search one expansion at a time: OPEN (green) is the queue, CLOSED (orange) "
      "the expanded nodes. Hover a cell for f, g and h.");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(140);
  ImGui::SliderFloat("expansions/s", &ui.expansions_per_second, 5.0f, 20000.0f, "%.0f",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  if (!std::isfinite(ui.expansions_per_second)) ui.expansions_per_second = 400.0f;
  if (ImGui::Button("Step")) c.step = true;
  Tip("One iteration of the central loop: take the top of OPEN, test the goal, expand it.");
  ImGui::SameLine();
  if (ImGui::Button("Run to end")) c.finish = true;
  ImGui::SameLine();
  if (ImGui::Button("Restart")) c.replan = true;
  ImGui::TextWrapped("%s", anim.Summary().c_str());
}

bool Practice(const char* label, bool* v, const char* tip) {
  const bool changed = ImGui::Checkbox(label, v);
  Tip(tip);
  return changed;
}

void PracticesGui(ai::PracticeOptions& p, PanelChanges& c, const ai::Pathfinder& finder,
                  const ai::GridMap& map) {
  Title("Practices games use (3.4.1)");
  bool& ch = c.practices;
  ch |= Practice("(1) CLOSED list", &p.search.closed_list,
                 "(1) \"Implement the CLOSED and OPEN lists of nodes.\" Without CLOSED an expanded "
                 "node reached again by a cheaper way is expanded again.");
  bool cost = std::isfinite(p.search.cutoffs.max_f);
  ch |= Practice("(2) cutoff on g + h", &cost,
                 "(2) \"A cutoff for the search tree given by a cost g + h (e.g. the longest "
                 "distance an NPC can walk)\". Children with a larger f are not queued.");
  if (cost) {
    float f = std::isfinite(p.search.cutoffs.max_f) ? float(p.search.cutoffs.max_f) : 60.0f;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(110);
    ch |= ImGui::SliderFloat("##maxf", &f, 2.0f, 400.0f, "%.0f", ImGuiSliderFlags_AlwaysClamp);
    p.search.cutoffs.max_f = std::isfinite(f) ? f : 60.0;
  } else {
    p.search.cutoffs.max_f = std::numeric_limits<double>::infinity();
  }
  bool iters = p.search.cutoffs.max_expansions != std::numeric_limits<int>::max();
  ch |= Practice("(2) cutoff on iterations", &iters,
                 "(2) \"...the number of iterations of the central A* loop\".");
  if (iters) {
    int n = p.search.cutoffs.max_expansions == std::numeric_limits<int>::max()
                ? 300
                : p.search.cutoffs.max_expansions;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(110);
    ch |= ImGui::SliderInt("##iters", &n, 1, 20000, "%d",
                           ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    p.search.cutoffs.max_expansions = n;
  } else {
    p.search.cutoffs.max_expansions = std::numeric_limits<int>::max();
  }
  bool memory = p.search.cutoffs.max_nodes != std::numeric_limits<int>::max();
  ch |= Practice("(2) cutoff on memory", &memory,
                 "(2) \"...and the most memory allowed\": nodes on OPEN and CLOSED together.");
  if (memory) {
    int n = p.search.cutoffs.max_nodes == std::numeric_limits<int>::max()
                ? 2000
                : p.search.cutoffs.max_nodes;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(110);
    ch |= ImGui::SliderInt("##nodes", &n, 10, 50000, "%d",
                           ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    p.search.cutoffs.max_nodes = n;
  } else {
    p.search.cutoffs.max_nodes = std::numeric_limits<int>::max();
  }
  ch |= Practice("(3) start with a low cutoff", &p.low_start_cutoff,
                 "(3) \"Start with a low cutoff, because often there is an almost straight "
                 "path\" (figure 3.14a). First cutoff 1.1 x h(start), doubled while it fails.");
  bool delay = p.retry_delay > 0;
  ch |= Practice("(4) delay before retrying", &delay,
                 "(4) \"Add a small delay before the next try (to let changes happen, such as a "
                 "destroyed bridge).\" 0.5 s per failed request.");
  p.retry_delay = delay ? 0.5 : 0.0;
  ch |= Practice("(5) partial paths", &p.partial_paths,
                 "(5) \"Accept partial paths, as a series of A* with low cutoffs\": when a cutoff "
                 "stops the search, the path to the node nearest the goal. NPCs move at once.");
  ch |= Practice("(6) close blocked nodes at once", &p.search.close_blocked_at_once,
                 "(6) \"Close blocked nodes at once (adding the blocked children to CLOSED at "
                 "once keeps the OPEN list objective).\" Drawn as purple crosses.");
  ch |= Practice("(7) failed-path cache", &p.failed_path_cache,
                 "(7) \"Keep a cache of the path that failed... cleared when the moving objects "
                 "change position.\" Painting an obstacle clears it.");
  ImGui::SameLine();
  ImGui::TextDisabled("(%d cached)", finder.FailedPathsCached(map));
  ch |= Practice("(8) straight-line test first", &p.straight_line_first,
                 "(8) \"Before firing an A*, check whether a simpler algorithm (a straight-line "
                 "test) will do: most movements are in a straight line.\" Cyan: clear; red: "
                 "blocked where the cross is (figure 3.14).");
  ch |=
      Practice("(9) waypoints", &p.waypoints,
               "(9) \"Define waypoints (key marks of the terrain) that take advantage of the "
               "straight-line test\" (figure 3.14b, c). Cyan dots; the Waypoint tool edits them.");
  ch |= Practice("(10) no search when no player sees", &p.skip_when_unseen,
                 "(10) \"Avoid path finding altogether: if start and end are not visible to the "
                 "player, move the NPC there at once.\" For the predators: neither inside the "
                 "player's sight circle.");
}

void ToolGui(PathfindingUi& ui) {
  Title("Double-click places");
  static const char* kNames[] = {"Start",    "Goal",   "Obstacle",
                                 "Waypoint", "Player", "Select predator"};
  for (int t = 0; t < 6; ++t) {
    if (t % 3) ImGui::SameLine();
    int v = int(ui.tool);
    if (ImGui::RadioButton(kNames[t], &v, t)) ui.tool = ClickTool(v);
    if (t == 2)
      Tip("Double-click toggles a tree; or hold Ctrl over the map to paint trees, Alt to erase. "
          "The map changes, so the failed-path cache (practice 7) is cleared.");
  }
}

void PredatorGui(PathfindingUi& ui, const PredatorWorld& world, PanelChanges& c) {
  Title("Predators (3.4.2, figure 3.15)");
  ImGui::Checkbox("Show", &ui.show_predators);
  ImGui::SameLine();
  ImGui::Checkbox("Run", &ui.run_predators);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90);
  c.predators |=
      ImGui::SliderInt("count", &ui.predator_count, 0, 20, "%d", ImGuiSliderFlags_AlwaysClamp);
  int impl = int(ui.implementation);
  ImGui::SetNextItemWidth(240);
  if (ImGui::Combo("FSM code", &impl, kFsmImplementationNames, kFsmImplementations)) {
    ui.implementation = FsmImplementation(impl);
    c.implementation = true;
  }
  Tip("Section 3.4.2's three ways to write the machine: (1) direct code with switch and ifs "
      "(RunStates), also with the transition logic decoupled (T(s, i)); (2) Rabin's macro "
      "language as C++ #defines (BeginStateMachine, State, OnEnter, OnUpdate, OnExit, "
      "EndStateMachine: engine/ai/state_machine_macros.h); (3) the same handlers in a Lua script "
      "(assets/scripts/predator.lua, reloaded when saved). Same inputs, same states.");
  if (ImGui::Button("Reload script")) c.reload_script = true;
  ImGui::SameLine();
  ImGui::TextDisabled("%s", std::filesystem::path(world.script().path()).filename().c_str());
  // Script errors: one line each (file:line: message), wrapped to the panel.
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.5f, 0.4f, 1));
  if (!world.script().error().empty()) {
    ImGui::TextWrapped("%s", world.script().error().c_str());
    if (!world.script().script())
      ImGui::TextWrapped("No script has loaded yet: the Lua predators stand still.");
    else
      ImGui::TextWrapped("The predators keep the last script that loaded.");
  }
  for (const Predator& p : world.predators())
    if (auto* s = dynamic_cast<const ai::ScriptedPredator*>(p.brain.get()))
      if (!s->last_error().empty()) {
        ImGui::TextWrapped("predator %d: %s", p.id, s->last_error().c_str());
        break;
      }
  ImGui::PopStyleColor();
  ImGui::TextWrapped("Double-click with 'Player' to walk the player (blue and white).");
}

}  // namespace

PanelChanges PathfindingPanel(PathfindingUi& ui, ai::PracticeOptions& practices,
                              const std::vector<std::string>& maps, int& map_index,
                              const SearchAnimation& anim, const PredatorWorld& world,
                              const ai::Pathfinder& finder, const ai::GridMap& map) {
  PanelChanges c;
  c.map = MapGui(maps, map_index);
  SearchGui(ui, practices, anim, c);
  PracticesGui(practices, c, finder, map);
  ToolGui(ui);
  PredatorGui(ui, world, c);
  return c;
}

}  // namespace partlab
