// The generic search of section 3.4.1, "busca(Função_Enfileiramento)": one loop that takes the top
// of the queue, tests the goal, expands the node into its legal neighbours and hands them to the
// queueing function. The queueing function alone makes it breadth-first (insert at the end),
// depth-first (insert at the front), best-first (order by the heuristic h) or A* (order by
// f = g + h, with h the octile distance of figure 3.13).
//
// The game practices of section 3.4.1 that live inside one search are options here:
//   (1) OPEN and CLOSED lists, (2) cutoffs on g + h, on iterations and on memory,
//   (6) blocked neighbours closed at once.
// The practices that wrap searches (3, 4, 5, 7, 8, 9, 10) are in pathfinder.h.
//
// The search can be run to the end or stepped one expansion at a time (the view animates it). All
// per-cell data are flat arrays stamped with a search generation, so a new search neither clears
// the map's arrays nor allocates once the arrays have the map's size.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "engine/ai/grid_map.h"
#include "engine/ai/open_list.h"

namespace partlab::ai {

// The queueing functions of section 3.4.1.
enum class Queueing { kBreadthFirst, kDepthFirst, kBestFirst, kAStar };
const char* QueueingName(Queueing q);

// Practice (2): "a cutoff for the search tree given by a cost g + h (e.g. the longest distance an
// NPC may walk), the number of iterations of the central A* loop, and the most memory allowed".
struct SearchCutoffs {
  double max_f = std::numeric_limits<double>::infinity();
  int max_expansions = std::numeric_limits<int>::max();
  int max_nodes = std::numeric_limits<int>::max();  // nodes held on OPEN and CLOSED together
};

struct SearchOptions {
  Queueing queueing = Queueing::kAStar;
  // Practice (1): with the CLOSED list an expanded node is never expanded again. Without it an
  // expanded node reached again by a cheaper path is queued again (the search still remembers every
  // node's g). With the consistent octile heuristic A* never finds such a path, save for rounding
  // in the sums of 1 and √2; with an inconsistent one (heuristic_weight > 1) it does.
  bool closed_list = true;
  // A* orders OPEN by g + w·h. w = 1 is the chapter's A*; w > 1 (weighted A*, OUTSIDE THE
  // CHAPTER) makes the heuristic inconsistent, so that practice (1)'s saving can be measured.
  double heuristic_weight = 1.0;
  // Practice (6): "closing blocked nodes at once (adding the blocked children to CLOSED at once
  // keeps the OPEN list objective)": a blocked neighbour is tested once per search.
  bool close_blocked_at_once = false;
  SearchCutoffs cutoffs;
};

enum class SearchStatus { kRunning, kFound, kNoPath, kCutOff };
enum class CutoffReason { kNone, kCost, kIterations, kMemory };
const char* CutoffReasonName(CutoffReason r);

enum class NodeState : std::uint8_t { kUnseen, kOpen, kClosed, kClosedBlocked };

struct SearchStats {
  int expansions = 0;    // nodes taken from OPEN and expanded (iterations of the central loop)
  int generated = 0;     // insertions into OPEN (first or improved)
  int reexpansions = 0;  // expansions of a node expanded before (only without a CLOSED list)
  double largest_reopen_gain = 0;  // the most an expanded node's g dropped when it was reopened
  int blocked_tests = 0;           // neighbour cells looked up and found blocked
  int pruned_by_cost = 0;          // children not queued because g + h passed the cutoff
  int nodes_stored = 0;            // nodes on OPEN or CLOSED now
  int peak_nodes = 0;              // the most nodes held at once (the memory the search needed)

  SearchStats& operator+=(const SearchStats& o);
};

class GridSearch {
 public:
  // Starts a search on `map` (which must outlive it). Start or goal blocked: the status is kNoPath.
  void Begin(const GridMap& map, Cell start, Cell goal, const SearchOptions& options);
  SearchStatus Step();  // one iteration of the central loop
  SearchStatus Run();   // Step until the search ends

  SearchStatus status() const { return status_; }
  CutoffReason cutoff_reason() const { return cutoff_reason_; }
  const SearchStats& stats() const { return stats_; }
  const SearchOptions& options() const { return options_; }
  Cell start() const { return start_; }
  Cell goal() const { return goal_; }

  // What the view shows under the cursor.
  NodeState StateOf(int cell) const;
  double G(int cell) const { return Seen(cell) ? g_[cell] : 0.0; }
  double H(int cell) const { return OctileDistance(map_->CellOf(cell), goal_); }
  int LastExpanded() const { return last_expanded_; }
  const OpenList& open() const { return open_; }

  // After kFound: the path start..goal. After any other end: the path to the expanded node closest
  // to the goal by h (the partial path of practice 5; just the start when nothing was expanded).
  void Path(std::vector<Cell>& out) const;
  void PathTo(int cell, std::vector<Cell>& out) const;
  double CostTo(int cell) const { return g_[cell]; }
  // The node a seen cell was reached from (the search tree's edge, figure 3.12); -1 for the start
  // and for cells the search has not seen.
  int Parent(int cell) const { return Seen(cell) ? parent_[cell] : -1; }
  int BestCell() const { return best_cell_; }

 private:
  bool Seen(int cell) const { return stamp_[cell] == generation_; }
  void Touch(int cell);
  OpenKey KeyOf(int cell) const;
  void Expand(int cell);
  void Consider(int from, int to, double step_cost);
  SearchStatus Finish(SearchStatus s, CutoffReason reason = CutoffReason::kNone);

  const GridMap* map_ = nullptr;
  SearchOptions options_;
  Cell start_, goal_;
  int goal_index_ = -1;
  SearchStatus status_ = SearchStatus::kNoPath;
  CutoffReason cutoff_reason_ = CutoffReason::kNone;
  SearchStats stats_;
  std::uint32_t generation_ = 0;
  std::uint64_t insertion_counter_ = 0;
  int best_cell_ = -1;
  int last_expanded_ = -1;

  std::vector<std::uint32_t> stamp_;  // == generation_ when the cell's data belong to this search
  std::vector<NodeState> state_;
  std::vector<double> g_;
  std::vector<int> parent_;
  std::vector<std::uint8_t> expanded_once_;  // for counting re-expansions without CLOSED
  OpenList open_;
};

}  // namespace partlab::ai
