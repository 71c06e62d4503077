// The search the Path finding view shows: one request through the Pathfinder (so every practice of
// section 3.4.1 answers it exactly as it answers the NPCs), then, when that request ran a search,
// the same search replayed one expansion at a time so OPEN and CLOSED can be watched growing.
// Also the straight-line test of practice (8), kept for drawing figure 3.14. GL-free.
#pragma once

#include <string>
#include <vector>

#include "engine/ai/pathfinder.h"

namespace partlab {

class SearchAnimation {
 public:
  // Answers start -> goal with `finder` (its options, its failed-path cache) and starts the replay.
  void Plan(const ai::GridMap& map, ai::Cell start, ai::Cell goal, ai::Pathfinder& finder);
  // Runs up to `expansions` more iterations of the replayed search; returns true while it runs.
  bool Advance(int expansions);
  void Finish() { Advance(1 << 30); }
  bool running() const { return replaying_ && replay_.status() == ai::SearchStatus::kRunning; }
  bool replaying() const { return replaying_; }
  bool planned() const { return planned_; }

  const ai::PathResult& result() const { return result_; }
  const ai::GridSearch& replay() const { return replay_; }
  ai::Cell start() const { return start_; }
  ai::Cell goal() const { return goal_; }
  // Figure 3.14: the cells of the straight line, up to where it is blocked.
  const std::vector<ai::Cell>& line() const { return line_; }
  bool line_clear() const { return line_clear_; }
  // The path to draw now: the full answer once the replay ended, else the path to the node the
  // replay just expanded (how the search "thinks" at this moment).
  const std::vector<ai::Cell>& shown_path() const { return shown_path_; }
  // One line: what answered, length, nodes; in the UI's language for the panel, in English
  // (translated = false) for the stdout lines scripts read.
  std::string Summary(bool translated) const;

 private:
  ai::PathResult result_;
  ai::GridSearch replay_;
  std::vector<ai::Cell> line_;
  std::vector<ai::Cell> shown_path_;
  ai::Cell start_, goal_;
  bool line_clear_ = false;
  bool replaying_ = false;
  bool planned_ = false;
};

}  // namespace partlab
