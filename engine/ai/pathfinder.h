// What games do around A* (section 3.4.1, "na prática, os jogos consideram as seguintes
// estratégias"). The search itself (grid_search.h) holds practices (1) OPEN/CLOSED lists,
// (2) cutoffs and (6) blocked nodes closed at once; this class wraps searches with the others:
//   (3) start with a low cutoff, "because often there is an almost straight path" (fig. 3.14a);
//   (4) a short delay before the next try, "to let changes happen, such as a destroyed bridge";
//   (5) partial paths, "a series of A* with low cutoffs", so NPCs move at once;
//   (7) a cache of the paths that failed, "cleared when the moving objects change position";
//   (8) a straight-line test before any A*;
//   (9) waypoints, which "take advantage of the straight-line test" (fig. 3.14b, c);
//   (10) no path finding at all when no player sees the start or the goal: the NPC is moved there.
// Each is an option, off by default, so that its effect can be measured alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/ai/grid_search.h"

namespace partlab::ai {

struct PracticeOptions {
  SearchOptions search;              // practices (1), (2), (6) and the queueing function
  bool low_start_cutoff = false;     // (3)
  double start_cutoff_factor = 1.1;  // first g + h cutoff = factor x h(start), doubled per retry
  double retry_delay = 0.0;          // (4) seconds; 0 = off
  bool partial_paths = false;        // (5)
  bool failed_path_cache = false;    // (7)
  bool straight_line_first = false;  // (8)
  bool waypoints = false;            // (9)
  bool skip_when_unseen = false;     // (10)
};

enum class PathOutcome {
  kFound,          // a search found the whole path
  kStraightLine,   // (8) the straight line was free: no search
  kWaypoints,      // (9) straight lines through waypoints: no search
  kPartial,        // (5) the search was cut off: the path to the node nearest the goal
  kTeleport,       // (10) nobody sees: start and goal only
  kNoPath,         // the search failed (or was cut off without partial paths)
  kCachedFailure,  // (7) this request failed before on the same map: no search
  kRetryLater,     // (4) this request failed less than retry_delay ago: no search
};
const char* PathOutcomeName(PathOutcome o);
inline bool HasPath(PathOutcome o) {
  return o == PathOutcome::kFound || o == PathOutcome::kStraightLine ||
         o == PathOutcome::kWaypoints || o == PathOutcome::kPartial || o == PathOutcome::kTeleport;
}

struct PathRequest {
  Cell start;
  Cell goal;
  double now = 0.0;            // seconds, for the retry delay
  bool seen_by_player = true;  // for practice (10)
};

struct PathResult {
  PathOutcome outcome = PathOutcome::kNoPath;
  std::vector<Cell> path;  // reused between calls
  double length = 0.0;
  SearchStats stats;  // summed over the searches this request ran
  int searches = 0;   // A* runs (more than one with a low starting cutoff)
  CutoffReason cutoff = CutoffReason::kNone;
};

class Pathfinder {
 public:
  static constexpr std::size_t kMaxWaypoints = 62;  // waypoints are a handful of key places

  void SetOptions(const PracticeOptions& options) { options_ = options; }
  const PracticeOptions& options() const { return options_; }
  void SetWaypoints(std::vector<Cell> waypoints);
  const std::vector<Cell>& waypoints() const { return waypoints_; }

  void Plan(const GridMap& map, const PathRequest& request, PathResult& result);

  // Practice (7): "the cache must be cleared when the moving objects change position". A failure
  // counts for the cache only on the map version it failed on, so painting an obstacle clears the
  // cache by itself; ClearFailedPaths forgets everything (also the retry delays).
  void ClearFailedPaths() { failures_.clear(); }
  int FailedPathsCached(const GridMap& map) const;
  const GridSearch& last_search() const { return search_; }

 private:
  struct Failure {
    Cell start, goal;
    double time;            // when it failed (practice 4)
    std::uint32_t version;  // the map it failed on (practice 7)
  };
  const Failure* FindFailure(Cell start, Cell goal) const;
  void RememberFailure(const PathRequest& request, std::uint32_t map_version);
  bool PlanThroughWaypoints(const GridMap& map, const PathRequest& request, PathResult& result);
  void Search(const GridMap& map, const PathRequest& request, PathResult& result);

  PracticeOptions options_;
  GridSearch search_;
  std::vector<Failure> failures_;  // small: a flat list, oldest dropped past kMaxFailures
  std::vector<Cell> waypoints_;
  // Waypoint graph scratch (practice 9), reused between calls.
  std::vector<double> wp_cost_;
  std::vector<int> wp_parent_;
  std::vector<std::uint8_t> wp_done_;
  std::vector<Cell> line_;
};

}  // namespace partlab::ai
