// The Path finding view's widgets inside the Scene window: map, search (queueing function,
// animation, stepping), the ten practices of section 3.4.1 with the book's words in the tooltips,
// the click tool, and the predators of section 3.4.2. Returns what changed; the view acts on it.
#pragma once

#include <string>
#include <vector>

#include "app/views/pathfinding/map_helpers.h"
#include "app/views/pathfinding/predator_world.h"
#include "app/views/pathfinding/search_animation.h"

namespace partlab {

enum class ClickTool { kStart, kGoal, kPaint, kWaypoint, kPlayer, kSelect };

struct PathfindingUi {
  ClickTool tool = ClickTool::kGoal;
  bool animate = true;
  float expansions_per_second = 400.0f;
  bool run_predators = true;
  bool show_predators = true;
  int predator_count = 5;
  FsmImplementation implementation = FsmImplementation::kDirect;
};

struct PanelChanges {
  bool map = false, practices = false, replan = false, step = false, finish = false;
  bool implementation = false, predators = false, reload_script = false;
};

PanelChanges PathfindingPanel(PathfindingUi& ui, ai::PracticeOptions& practices,
                              const std::vector<std::string>& maps, int& map_index,
                              const SearchAnimation& anim, const PredatorWorld& world,
                              const ai::Pathfinder& finder, const ai::GridMap& map);

}  // namespace partlab
