#include "engine/ai/pathfinder.h"

#include <algorithm>
#include <limits>

#include "engine/ai/path_check.h"
#include "engine/ai/straight_line.h"
#include "engine/text/translatable.h"

namespace partlab::ai {
namespace {
constexpr size_t kMaxFailures = 64;
}

const char* PathOutcomeName(PathOutcome o) {
  switch (o) {
    case PathOutcome::kFound:
      return N_("found");
    case PathOutcome::kStraightLine:
      return N_("straight line");
    case PathOutcome::kWaypoints:
      return N_("waypoints");
    case PathOutcome::kPartial:
      return N_("partial");
    case PathOutcome::kTeleport:
      return N_("teleport");
    case PathOutcome::kNoPath:
      return N_("no path");
    case PathOutcome::kCachedFailure:
      return N_("cached failure");
    case PathOutcome::kRetryLater:
      return N_("retry later");
  }
  return "?";
}

void Pathfinder::SetWaypoints(std::vector<Cell> waypoints) {
  if (waypoints.size() > kMaxWaypoints) waypoints.resize(kMaxWaypoints);
  waypoints_ = std::move(waypoints);
}

int Pathfinder::FailedPathsCached(const GridMap& map) const {
  return static_cast<int>(std::count_if(failures_.begin(), failures_.end(), [&](const Failure& f) {
    return f.version == map.version();
  }));
}

const Pathfinder::Failure* Pathfinder::FindFailure(Cell start, Cell goal) const {
  for (const Failure& f : failures_)
    if (f.start == start && f.goal == goal) return &f;
  return nullptr;
}

void Pathfinder::RememberFailure(const PathRequest& request, std::uint32_t map_version) {
  for (Failure& f : failures_)
    if (f.start == request.start && f.goal == request.goal) {
      f = {request.start, request.goal, request.now, map_version};
      return;
    }
  if (failures_.size() >= kMaxFailures) failures_.erase(failures_.begin());
  failures_.push_back({request.start, request.goal, request.now, map_version});
}

void Pathfinder::Plan(const GridMap& map, const PathRequest& request, PathResult& result) {
  result.path.clear();
  result.length = 0;
  result.stats = {};
  result.searches = 0;
  result.cutoff = CutoffReason::kNone;
  const Cell s = request.start, g = request.goal;
  // Start and goal must be walkable and of one kind (ground never leads into water).
  if (!map.Passable(s.x, s.y) || !map.Passable(g.x, g.y) ||
      map.TerrainAt(s.x, s.y) != map.TerrainAt(g.x, g.y)) {
    result.outcome = PathOutcome::kNoPath;
    return;
  }
  // (10) "Avoid path finding altogether: if start and end are not visible to the human player,
  // move the NPC there at once, respecting the game's conditions" (here: a walkable goal).
  if (options_.skip_when_unseen && !request.seen_by_player) {
    result.path = {s, g};
    result.outcome = PathOutcome::kTeleport;
    return;
  }
  if (const Failure* f = FindFailure(s, g)) {
    // (7) The same request failed on this very map: searching again would fail again.
    if (options_.failed_path_cache && f->version == map.version()) {
      result.outcome = PathOutcome::kCachedFailure;
      return;
    }
    // (4) A little delay before the next try lets the world change meanwhile.
    if (options_.retry_delay > 0 && request.now - f->time < options_.retry_delay) {
      result.outcome = PathOutcome::kRetryLater;
      return;
    }
  }
  // (8) Most movements are in a straight line: test it before any A*.
  if ((options_.straight_line_first || options_.waypoints) &&
      StraightLineClear(map, s, g, &result.path)) {
    result.length = PathLength(result.path);
    result.outcome = PathOutcome::kStraightLine;
    return;
  }
  // (9) Waypoints: straight lines from the start to a waypoint, between waypoints, to the goal.
  if (options_.waypoints && PlanThroughWaypoints(map, request, result)) return;
  Search(map, request, result);
  if (!HasPath(result.outcome)) RememberFailure(request, map.version());
}

void Pathfinder::Search(const GridMap& map, const PathRequest& request, PathResult& result) {
  SearchOptions options = options_.search;
  const double max_f = options.cutoffs.max_f;
  // (3) Start with a low cutoff on g + h: an almost straight path fits under it (fig. 3.14a);
  // when it does not, double the cutoff and search again, up to the caller's own cutoff.
  double cutoff = max_f;
  if (options_.low_start_cutoff)
    cutoff = std::min(max_f, std::max(1.0, options_.start_cutoff_factor *
                                               OctileDistance(request.start, request.goal)));
  for (;;) {
    options.cutoffs.max_f = cutoff;
    search_.Begin(map, request.start, request.goal, options);
    search_.Run();
    ++result.searches;
    result.stats += search_.stats();
    const bool raised_cutoff_may_help = search_.status() == SearchStatus::kCutOff &&
                                        search_.cutoff_reason() == CutoffReason::kCost &&
                                        cutoff < max_f;
    if (!raised_cutoff_may_help) break;
    cutoff = std::min(max_f, cutoff * 2);
  }
  result.cutoff = search_.cutoff_reason();
  switch (search_.status()) {
    case SearchStatus::kFound:
      search_.Path(result.path);
      result.outcome = PathOutcome::kFound;
      break;
    case SearchStatus::kCutOff:
      // (5) Accept the partial path to the node nearest the goal: the NPC moves at once and
      // searches again from there, "which also gives the impression it explores the unknown".
      if (options_.partial_paths) {
        search_.Path(result.path);
        result.outcome = PathOutcome::kPartial;
      } else {
        result.outcome = PathOutcome::kNoPath;
      }
      break;
    default:
      result.outcome = PathOutcome::kNoPath;
  }
  result.length = PathLength(result.path);
}

// Dijkstra over {start, waypoints, goal} where two nodes are joined when the straight line between
// them is free; a handful of waypoints, so the O(n^2) form with no heap is the simple right one.
bool Pathfinder::PlanThroughWaypoints(const GridMap& map, const PathRequest& request,
                                      PathResult& result) {
  const int n = static_cast<int>(waypoints_.size()) + 2;
  auto node = [&](int i) {
    return i == 0 ? request.start : i == n - 1 ? request.goal : waypoints_[i - 1];
  };
  wp_cost_.assign(n, std::numeric_limits<double>::infinity());
  wp_parent_.assign(n, -1);
  wp_done_.assign(n, 0);
  wp_cost_[0] = 0;
  for (;;) {
    int u = -1;
    for (int i = 0; i < n; ++i)
      if (!wp_done_[i] && wp_cost_[i] < std::numeric_limits<double>::infinity() &&
          (u < 0 || wp_cost_[i] < wp_cost_[u]))
        u = i;
    if (u < 0 || u == n - 1) break;
    wp_done_[u] = 1;
    for (int v = 1; v < n; ++v) {
      if (wp_done_[v]) continue;
      const double c = wp_cost_[u] + OctileDistance(node(u), node(v));
      if (c < wp_cost_[v] && StraightLineClear(map, node(u), node(v))) {
        wp_cost_[v] = c;
        wp_parent_[v] = u;
      }
    }
  }
  if (wp_parent_[n - 1] < 0) return false;
  // Walk back to the start, then lay the straight lines out front to back.
  int hops[kMaxWaypoints + 2];
  int count = 0;
  for (int v = n - 1; v >= 0; v = wp_parent_[v]) hops[count++] = v;
  result.path.clear();
  for (int i = count - 1; i > 0; --i) {
    StraightLineClear(map, node(hops[i]), node(hops[i - 1]), &line_);
    result.path.insert(result.path.end(), line_.begin() + (result.path.empty() ? 0 : 1),
                       line_.end());
  }
  result.length = PathLength(result.path);
  result.outcome = PathOutcome::kWaypoints;
  return true;
}

}  // namespace partlab::ai
