#include "app/views/pathfinding/search_animation.h"

#include <cstdio>

#include "app/i18n/translate.h"
#include "engine/ai/straight_line.h"

namespace partlab {

void SearchAnimation::Plan(const ai::GridMap& map, ai::Cell start, ai::Cell goal,
                           ai::Pathfinder& finder) {
  start_ = start;
  goal_ = goal;
  planned_ = true;
  finder.Plan(map, {start, goal}, result_);
  line_clear_ = ai::StraightLineClear(map, start, goal, &line_);
  replaying_ = result_.searches > 0;
  shown_path_.clear();
  if (replaying_) {
    // The last search the request ran (with a low starting cutoff, the last, raised one).
    replay_.Begin(map, start, goal, finder.last_search().options());
  } else {
    shown_path_ = result_.path;
  }
}

bool SearchAnimation::Advance(int expansions) {
  if (!replaying_) return false;
  for (int i = 0; i < expansions && replay_.Step() == ai::SearchStatus::kRunning; ++i) {
  }
  if (replay_.status() == ai::SearchStatus::kRunning)
    replay_.PathTo(replay_.LastExpanded(), shown_path_);
  else
    shown_path_ = result_.path;
  return running();
}

std::string SearchAnimation::Summary(bool translated) const {
  auto text = [translated](const char* english) { return translated ? _(english) : english; };
  if (!planned_) return text(N_("no request yet"));
  char buf[256];
  std::snprintf(buf, sizeof buf,
                text(N_("%s: length %.3f, %d searches, %d nodes expanded, %d held")),
                text(ai::PathOutcomeName(result_.outcome)), result_.length, result_.searches,
                result_.stats.expansions, result_.stats.peak_nodes);
  return buf;
}

}  // namespace partlab
