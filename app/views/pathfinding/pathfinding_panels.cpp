#include "app/views/pathfinding/pathfinding_panels.h"
#include "app/i18n/translate.h"
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
  const std::string current = maps.empty() ? _("(none in assets/maps)")
                                           : std::filesystem::path(maps[index]).filename().string();
  if (ImGui::BeginCombo(_("Map"), current.c_str())) {
    for (int i = 0; i < static_cast<int>(maps.size()); ++i)
      if (ImGui::Selectable(std::filesystem::path(maps[i]).filename().c_str(), i == index)) {
        index = i;
        changed = true;
      }
    ImGui::EndCombo();
  }
  Tip(
      _("Moving AI benchmark maps (.map) of Partition Lab's own making, with scenario files "
        "(.scen) for partlab-bench astar. Section 3.4.1: the terrain as a mesh of small squares, "
        "eight moves each."));
  return changed;  // a map that fails to load is told in the status bar (the view's notices)
}

void SearchGui(PathfindingUi& ui, ai::PracticeOptions& p, const SearchAnimation& anim,
               PanelChanges& c) {
  Title(_("Search (3.4.1)"));
  static const char* kTips[] = {
      N_("Breadth-first (BL): the queueing function inserts the new candidates at the END of the "
         "queue. A blind search: it floods the map in rings of equal number of moves."),
      N_("Depth-first (BP): the queueing function inserts at the FRONT of the queue. Blind; finds "
         "some path, usually a very long one."),
      N_("Best-first: the queueing function orders the candidates by their chances of reaching "
         "the goal, h(n) (octile distance). Fast, not optimal."),
      N_("A*: best-first ordered by f(n) = g(n) + h(n), g the cost so far, h the octile distance "
         "(figure 3.13). Optimal: h never overestimates.")};
  for (int q = 0; q < 4; ++q) {
    if (q) ImGui::SameLine();
    int v = int(p.search.queueing);
    if (ImGui::RadioButton(_(ai::QueueingName(ai::Queueing(q))), &v, q)) {
      p.search.queueing = ai::Queueing(v);
      c.practices = true;
    }
    Tip(_(kTips[q]));
  }
  ImGui::Checkbox(_("Animate"), &ui.animate);
  Tip(
      _("Replays the search one expansion at a time: OPEN (green) is the queue, CLOSED (orange) "
        "the expanded nodes. Hover a cell for f, g and h."));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(140);
  ImGui::SliderFloat(_("expansions/s"), &ui.expansions_per_second, 5.0f, 20000.0f, "%.0f",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  if (!std::isfinite(ui.expansions_per_second)) ui.expansions_per_second = 400.0f;
  if (ImGui::Button(_("Step"))) c.step = true;
  Tip(_("One iteration of the central loop: take the top of OPEN, test the goal, expand it."));
  ImGui::SameLine();
  if (ImGui::Button(_("Run to end"))) c.finish = true;
  ImGui::SameLine();
  if (ImGui::Button(_("Restart"))) c.replan = true;
  ImGui::TextWrapped("%s", anim.Summary(/*translated=*/true).c_str());
}

// A practice's checkbox; `label` and `tip` are marked N_ where written, translated here.
bool Practice(const char* label, bool* v, const char* tip) {
  const bool changed = ImGui::Checkbox(_(label), v);
  Tip(_(tip));
  return changed;
}

void PracticesGui(ai::PracticeOptions& p, PanelChanges& c, const ai::Pathfinder& finder,
                  const ai::GridMap& map) {
  Title(_("Practices games use (3.4.1)"));
  bool& ch = c.practices;
  ch |= Practice(
      N_("(1) CLOSED list"), &p.search.closed_list,
      N_("(1) \"Implement the CLOSED and OPEN lists of nodes.\" Without CLOSED an expanded "
         "node reached again by a cheaper way is expanded again."));
  bool cost = std::isfinite(p.search.cutoffs.max_f);
  ch |= Practice(N_("(2) cutoff on g + h"), &cost,
                 N_("(2) \"A cutoff for the search tree given by a cost g + h (e.g. the longest "
                    "distance an NPC can walk)\". Children with a larger f are not queued."));
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
  ch |= Practice(N_("(2) cutoff on iterations"), &iters,
                 N_("(2) \"...the number of iterations of the central A* loop\"."));
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
  ch |= Practice(N_("(2) cutoff on memory"), &memory,
                 N_("(2) \"...and the most memory allowed\": nodes on OPEN and CLOSED together."));
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
  ch |= Practice(N_("(3) start with a low cutoff"), &p.low_start_cutoff,
                 N_("(3) \"Start with a low cutoff, because often there is an almost straight "
                    "path\" (figure 3.14a). First cutoff 1.1 x h(start), doubled while it fails."));
  bool delay = p.retry_delay > 0;
  ch |= Practice(N_("(4) delay before retrying"), &delay,
                 N_("(4) \"Add a small delay before the next try (to let changes happen, such as a "
                    "destroyed bridge).\" 0.5 s per failed request."));
  p.retry_delay = delay ? 0.5 : 0.0;
  ch |=
      Practice(N_("(5) partial paths"), &p.partial_paths,
               N_("(5) \"Accept partial paths, as a series of A* with low cutoffs\": when a cutoff "
                  "stops the search, the path to the node nearest the goal. NPCs move at once."));
  ch |= Practice(N_("(6) close blocked nodes at once"), &p.search.close_blocked_at_once,
                 N_("(6) \"Close blocked nodes at once (adding the blocked children to CLOSED at "
                    "once keeps the OPEN list objective).\" Drawn as purple crosses."));
  ch |= Practice(N_("(7) failed-path cache"), &p.failed_path_cache,
                 N_("(7) \"Keep a cache of the path that failed... cleared when the moving objects "
                    "change position.\" Painting an obstacle clears it."));
  ImGui::SameLine();
  ImGui::TextDisabled(_("(%d cached)"), finder.FailedPathsCached(map));
  ch |= Practice(N_("(8) straight-line test first"), &p.straight_line_first,
                 N_("(8) \"Before firing an A*, check whether a simpler algorithm (a straight-line "
                    "test) will do: most movements are in a straight line.\" Cyan: clear; red: "
                    "blocked where the cross is (figure 3.14)."));
  ch |= Practice(
      N_("(9) waypoints"), &p.waypoints,
      N_("(9) \"Define waypoints (key marks of the terrain) that take advantage of the "
         "straight-line test\" (figure 3.14b, c). Cyan dots; the Waypoint tool edits them."));
  ch |= Practice(N_("(10) no search when no player sees"), &p.skip_when_unseen,
                 N_("(10) \"Avoid path finding altogether: if start and end are not visible to the "
                    "player, move the NPC there at once.\" For the predators: neither inside the "
                    "player's sight circle."));
}

void ToolGui(PathfindingUi& ui) {
  Title(_("Double-click places"));
  static const char* kNames[] = {N_("Start"),    N_("Goal"),   N_("Obstacle"),
                                 N_("Waypoint"), N_("Player"), N_("Select predator")};
  for (int t = 0; t < 6; ++t) {
    if (t % 3) ImGui::SameLine();
    int v = int(ui.tool);
    if (ImGui::RadioButton(_(kNames[t]), &v, t)) ui.tool = ClickTool(v);
    if (t == 2)
      Tip(
          _("Double-click toggles a tree; or hold Ctrl over the map to paint trees, Alt to erase. "
            "The map changes, so the failed-path cache (practice 7) is cleared."));
  }
}

void PredatorGui(PathfindingUi& ui, const PredatorWorld& world, PanelChanges& c) {
  Title(_("Predators (3.4.2, figure 3.15)"));
  ImGui::Checkbox(_("Show"), &ui.show_predators);
  ImGui::SameLine();
  ImGui::Checkbox(_("Run"), &ui.run_predators);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90);
  c.predators |=
      ImGui::SliderInt(_("count"), &ui.predator_count, 0, 20, "%d", ImGuiSliderFlags_AlwaysClamp);
  int impl = int(ui.implementation);
  ImGui::SetNextItemWidth(240);
  const char* implementations[kFsmImplementations];
  for (int i = 0; i < kFsmImplementations; ++i) implementations[i] = _(kFsmImplementationNames[i]);
  if (ImGui::Combo(_("FSM code"), &impl, implementations, kFsmImplementations)) {
    ui.implementation = FsmImplementation(impl);
    c.implementation = true;
  }
  Tip(
      _("Section 3.4.2's three ways to write the machine: (1) direct code with switch and ifs "
        "(RunStates), also with the transition logic decoupled (T(s, i)); (2) Rabin's macro "
        "language as C++ #defines (BeginStateMachine, State, OnEnter, OnUpdate, OnExit, "
        "EndStateMachine: engine/ai/state_machine_macros.h); (3) the same handlers in a Lua "
        "script (assets/scripts/predator.lua, reloaded when saved). Same inputs, same states."));
  if (ImGui::Button(_("Reload script"))) c.reload_script = true;
  ImGui::SameLine();
  ImGui::TextDisabled("%s", std::filesystem::path(world.script().path()).filename().c_str());
  // Script errors: one line each (file:line: message), wrapped to the panel.
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.5f, 0.4f, 1));
  if (!world.script().error().empty()) {
    ImGui::TextWrapped("%s", world.script().error().c_str());
    if (!world.script().script())
      ImGui::TextWrapped("%s", _("No script has loaded yet: the Lua predators stand still."));
    else
      ImGui::TextWrapped("%s", _("The predators keep the last script that loaded."));
  }
  for (const Predator& p : world.predators())
    if (auto* s = dynamic_cast<const ai::ScriptedPredator*>(p.brain.get()))
      if (!s->last_error().empty()) {
        ImGui::TextWrapped(_("predator %d: %s"), p.id, s->last_error().c_str());
        break;
      }
  ImGui::PopStyleColor();
  ImGui::TextWrapped("%s", _("Double-click with 'Player' to walk the player (blue and white)."));
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
