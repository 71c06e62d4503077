#include "engine/ai/grid_search.h"

#include <algorithm>

#include "engine/text/translatable.h"

namespace partlab::ai {

const char* QueueingName(Queueing q) {
  switch (q) {
    case Queueing::kBreadthFirst:
      return N_("breadth-first");
    case Queueing::kDepthFirst:
      return N_("depth-first");
    case Queueing::kBestFirst:
      return N_("best-first");
    case Queueing::kAStar:
      return N_("A*");
  }
  return "?";
}

const char* CutoffReasonName(CutoffReason r) {
  switch (r) {
    case CutoffReason::kNone:
      return "none";
    case CutoffReason::kCost:
      return "g + h";
    case CutoffReason::kIterations:
      return "iterations";
    case CutoffReason::kMemory:
      return "memory";
  }
  return "?";
}

SearchStats& SearchStats::operator+=(const SearchStats& o) {
  expansions += o.expansions;
  generated += o.generated;
  reexpansions += o.reexpansions;
  blocked_tests += o.blocked_tests;
  pruned_by_cost += o.pruned_by_cost;
  nodes_stored = o.nodes_stored;
  peak_nodes = std::max(peak_nodes, o.peak_nodes);
  largest_reopen_gain = std::max(largest_reopen_gain, o.largest_reopen_gain);
  return *this;
}

void GridSearch::Begin(const GridMap& map, Cell start, Cell goal, const SearchOptions& options) {
  map_ = &map;
  options_ = options;
  start_ = start;
  goal_ = goal;
  stats_ = {};
  cutoff_reason_ = CutoffReason::kNone;
  insertion_counter_ = 0;
  last_expanded_ = -1;
  const int cells = map.CellCount();
  if (static_cast<int>(stamp_.size()) < cells) {  // warm-up: the only allocation
    stamp_.assign(cells, 0);
    state_.resize(cells);
    g_.resize(cells);
    parent_.resize(cells);
    expanded_once_.resize(cells);
    generation_ = 0;
  }
  if (++generation_ == 0) {  // the stamps wrapped: forget every old search once
    std::fill(stamp_.begin(), stamp_.end(), 0u);
    generation_ = 1;
  }
  open_.Reset(cells);
  best_cell_ = -1;
  status_ = SearchStatus::kRunning;
  if (!map.Passable(start.x, start.y) || !map.Passable(goal.x, goal.y) ||
      map.TerrainAt(start.x, start.y) != map.TerrainAt(goal.x, goal.y)) {
    status_ = SearchStatus::kNoPath;
    return;
  }
  const int s = map.Index(start.x, start.y);
  goal_index_ = map.Index(goal.x, goal.y);
  Touch(s);
  g_[s] = 0;
  parent_[s] = -1;
  state_[s] = NodeState::kOpen;
  open_.Push(s, KeyOf(s));
  stats_.generated = 1;
  stats_.nodes_stored = stats_.peak_nodes = 1;
  best_cell_ = s;
}

NodeState GridSearch::StateOf(int cell) const {
  return Seen(cell) ? state_[cell] : NodeState::kUnseen;
}

void GridSearch::Touch(int cell) {
  stamp_[cell] = generation_;
  expanded_once_[cell] = 0;
}

// The queueing function of section 3.4.1 as a priority: FIFO order is breadth-first, LIFO order
// depth-first, h alone best-first, f = g + h A* (ties go to the larger g, i.e. the node nearer the
// goal, then to the lower cell number).
OpenKey GridSearch::KeyOf(int cell) const {
  const double order = static_cast<double>(insertion_counter_);
  switch (options_.queueing) {
    case Queueing::kBreadthFirst:
      return {order, 0};
    case Queueing::kDepthFirst:
      return {-order, 0};
    case Queueing::kBestFirst:
      return {H(cell), order};
    case Queueing::kAStar: {
      const double h = H(cell);
      return {g_[cell] + options_.heuristic_weight * h, h};
    }
  }
  return {};
}

SearchStatus GridSearch::Finish(SearchStatus s, CutoffReason reason) {
  status_ = s;
  cutoff_reason_ = reason;
  return s;
}

SearchStatus GridSearch::Step() {
  if (status_ != SearchStatus::kRunning) return status_;
  if (open_.Empty())
    return stats_.pruned_by_cost > 0 ? Finish(SearchStatus::kCutOff, CutoffReason::kCost)
                                     : Finish(SearchStatus::kNoPath);
  if (stats_.expansions >= options_.cutoffs.max_expansions)
    return Finish(SearchStatus::kCutOff, CutoffReason::kIterations);
  const int n = open_.Pop();
  last_expanded_ = n;
  state_[n] = NodeState::kClosed;
  if (n == goal_index_) {  // the book's goal test, on the node taken from the queue
    best_cell_ = n;
    return Finish(SearchStatus::kFound);
  }
  ++stats_.expansions;
  if (expanded_once_[n]) ++stats_.reexpansions;
  expanded_once_[n] = 1;
  const double h = H(n), best_h = H(best_cell_);
  if (h < best_h || (h == best_h && g_[n] < g_[best_cell_])) best_cell_ = n;
  Expand(n);
  if (stats_.nodes_stored > options_.cutoffs.max_nodes)
    return Finish(SearchStatus::kCutOff, CutoffReason::kMemory);
  return SearchStatus::kRunning;
}

SearchStatus GridSearch::Run() {
  while (Step() == SearchStatus::kRunning) {
  }
  return status_;
}

// GeraListaCandidatos of section 3.4.1: the legal neighbours, with their costs, repetition checked.
void GridSearch::Expand(int cell) {
  const GridMap& map = *map_;
  const Cell c = map.CellOf(cell);
  const Terrain from = map.TerrainAt(c.x, c.y);
  for (const Move& m : kMoves) {
    const int nx = c.x + m.dx, ny = c.y + m.dy;
    if (!map.Inside(nx, ny)) continue;
    const int ni = map.Index(nx, ny);
    if (Seen(ni) && state_[ni] == NodeState::kClosedBlocked) continue;  // practice (6) pays off
    if (map.TerrainAt(nx, ny) != from) {
      ++stats_.blocked_tests;
      if (options_.close_blocked_at_once) {  // practice (6): onto CLOSED at once
        Touch(ni);
        state_[ni] = NodeState::kClosedBlocked;
        stats_.peak_nodes = std::max(stats_.peak_nodes, ++stats_.nodes_stored);
      }
      continue;
    }
    const bool diagonal = m.dx != 0 && m.dy != 0;
    if (diagonal && (map.TerrainAt(nx, c.y) != from || map.TerrainAt(c.x, ny) != from))
      continue;  // no corner cutting
    Consider(cell, ni, diagonal ? kSqrt2 : 1.0);
  }
}

void GridSearch::Consider(int from, int to, double step_cost) {
  const double g = g_[from] + step_cost;
  const bool informed =
      options_.queueing == Queueing::kAStar || options_.queueing == Queueing::kBestFirst;
  if (Seen(to)) {
    const NodeState s = state_[to];
    if (g >= g_[to]) return;
    if (s == NodeState::kOpen && !informed) return;  // blind searches keep the first discovery
    if (s == NodeState::kClosed && options_.closed_list) return;  // practice (1)
    if (g + H(to) > options_.cutoffs.max_f) return;
    if (s == NodeState::kClosed)
      stats_.largest_reopen_gain = std::max(stats_.largest_reopen_gain, g_[to] - g);
    g_[to] = g;
    parent_[to] = from;
    state_[to] = NodeState::kOpen;  // a closed node reopened only without the CLOSED list
    ++insertion_counter_;
    open_.Push(to, KeyOf(to));
    ++stats_.generated;
    return;
  }
  if (g + H(to) > options_.cutoffs.max_f) {  // practice (2): the g + h cutoff
    ++stats_.pruned_by_cost;
    return;
  }
  Touch(to);
  g_[to] = g;
  parent_[to] = from;
  state_[to] = NodeState::kOpen;
  ++insertion_counter_;
  open_.Push(to, KeyOf(to));
  ++stats_.generated;
  stats_.peak_nodes = std::max(stats_.peak_nodes, ++stats_.nodes_stored);
}

void GridSearch::PathTo(int cell, std::vector<Cell>& out) const {
  out.clear();
  if (cell < 0 || !Seen(cell)) return;
  for (int c = cell; c >= 0; c = parent_[c]) out.push_back(map_->CellOf(c));
  std::reverse(out.begin(), out.end());
}

void GridSearch::Path(std::vector<Cell>& out) const {
  PathTo(status_ == SearchStatus::kFound ? goal_index_ : best_cell_, out);
}

}  // namespace partlab::ai
