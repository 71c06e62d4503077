#include "engine/ai/scenario_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <utility>

#include "engine/text/translatable.h"

namespace partlab::ai {
namespace {

std::string At(const std::string& file, int line, const std::string& problem) {
  return file + ":" + std::to_string(line) + ": " + problem;
}

std::string Number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.8f", v);
  return buf;
}

}  // namespace

double OctileReference::Length(const GridMap& map, Cell start, Cell goal) {
  if (!map.Passable(start.x, start.y) || !map.Passable(goal.x, goal.y)) return -1;
  const double inf = std::numeric_limits<double>::infinity();
  if (g_.size() != size_t(map.CellCount())) g_.assign(size_t(map.CellCount()), inf);
  for (const int i : touched_) g_[size_t(i)] = inf;
  touched_.clear();
  heap_.clear();
  using Entry = std::pair<double, int>;  // f = g + h, cell index; a min-heap by f
  const auto later = std::greater<Entry>();
  auto push = [&](double f, int index) {
    heap_.push_back({f, index});
    std::push_heap(heap_.begin(), heap_.end(), later);
  };
  const int first = map.Index(start.x, start.y), target = map.Index(goal.x, goal.y);
  g_[size_t(first)] = 0;
  touched_.push_back(first);
  push(OctileDistance(start, goal), first);
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    const auto [f, index] = heap_.back();
    heap_.pop_back();
    const Cell c = map.CellOf(index);
    if (f > g_[size_t(index)] + OctileDistance(c, goal) + 1e-12) continue;  // a stale entry
    if (index == target) return g_[size_t(index)];
    for (const Move& m : kMoves) {
      if (!map.CanStep(c.x, c.y, m)) continue;
      const Cell n{c.x + m.dx, c.y + m.dy};
      const int next = map.Index(n.x, n.y);
      const double cost = g_[size_t(index)] + (m.dx != 0 && m.dy != 0 ? kSqrt2 : 1.0);
      if (cost < g_[size_t(next)]) {
        if (g_[size_t(next)] == inf) touched_.push_back(next);
        g_[size_t(next)] = cost;
        push(cost + OctileDistance(n, goal), next);
      }
    }
  }
  return -1;
}

double ShortestOctileLength(const GridMap& map, Cell start, Cell goal) {
  OctileReference reference;
  return reference.Length(map, start, goal);
}

ScenarioCheck CheckScenarios(const std::vector<Scenario>& scenarios, const GridMap& map,
                             const std::string& scen_name) {
  ScenarioCheck out;
  OctileReference reference;
  for (const Scenario& s : scenarios) {
    if (s.map_width != map.width() || s.map_height != map.height()) {
      out.error = At(scen_name, s.line,
                     FormatText(N_("declares a %dx%d map, the map is %dx%d"), s.map_width,
                                s.map_height, int(map.width()), int(map.height())));
      return out;
    }
    if (!map.Passable(s.start.x, s.start.y)) {
      out.error = At(scen_name, s.line, LookUpText(N_("start is blocked")));
      return out;
    }
    if (!map.Passable(s.goal.x, s.goal.y)) {
      out.error = At(scen_name, s.line, LookUpText(N_("goal is blocked")));
      return out;
    }
    const double length = reference.Length(map, s.start, s.goal);
    if (length < 0) {
      out.error = At(scen_name, s.line,
                     LookUpText(N_("the goal cannot be reached from the start on the map")));
      return out;
    }
    if (std::abs(length - s.optimal_length) > kScenarioLengthTolerance) {
      out.error = At(scen_name, s.line,
                     FormatText(N_("optimal length %s is not the map's %s (octile, no corner "
                                   "cutting)"),
                                Number(s.optimal_length).c_str(), Number(length).c_str()));
      return out;
    }
    const int by_length = int(std::floor(length / 4.0));
    if (s.bucket == by_length) {
      ++out.buckets_by_length;
    } else if (out.buckets_otherwise++ == 0) {
      out.bucket_note = At(scen_name, s.line,
                           FormatText(N_("bucket %d, floor(length / 4) is %d: the file does not "
                                         "bucket by length / 4; its buckets are used as written"),
                                      s.bucket, by_length));
    }
  }
  return out;
}

}  // namespace partlab::ai
