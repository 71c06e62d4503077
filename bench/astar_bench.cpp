// partlab-bench astar: the path finding of section 3.4.1 on Moving AI maps and scenarios.
// Every scenario is searched by A*, best-first, breadth-first and depth-first (the queueing
// functions of the generic search) and by A* with each game practice switched on alone. Every path
// is checked: each step a legal move (no corner cut), from the start to the goal, and for the
// configurations that must stay optimal, its length equal to the scenario's optimal length to
// 1e-4. Any wrong length or broken path makes the exit status 1.
// Reported: nodes expanded and thread-CPU microseconds per search (medians over scenarios and
// rounds, with the 10th-90th percentile spread), and the time ratio to plain A* measured in the
// same rounds; then the same medians per bucket (scenarios grouped by the file's bucket column,
// floor(optimal length / 4) in the benchmark's files), as the benchmark's users plot them.
// Before any search, each scenario file is checked against its map (engine/ai/scenario_check.h):
// a wrong optimal length stops the bench with one line naming the scenario file and line.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "bench/bench_cli.h"
#include "bench/bench_command.h"
#include "bench/results_writer.h"
#include "engine/ai/moving_ai_format.h"
#include "engine/ai/path_check.h"
#include "engine/ai/pathfinder.h"
#include "engine/ai/scenario_check.h"
#include "engine/paths/data_paths.h"
#include "engine/thread_cpu_clock.h"

namespace partlab::bench {
// This subcommand's own names (its file shares a unity source: bench/CMakeLists.txt).
namespace astar_bench {
namespace {

using ai::Cell;
using ai::PathOutcome;
using ai::PracticeOptions;
using ai::Queueing;
// Thread CPU time: on this shared machine a wall clock would also count other processes' slices.
using Clock = ThreadCpuClock;

// One row of the table: a queueing function or a practice, and what its paths must satisfy.
struct Config {
  std::string name;
  std::string section;  // the book's words for it
  PracticeOptions options;
  bool must_be_optimal = false;
  bool partial_series = false;  // (5): walk the partial paths until the goal
  bool half_unseen = false;     // (10): every other request out of the players' sight
  bool repeat_request = false;  // (4), (7): each request issued twice
};

std::vector<Config> Configs(const ai::GridMap& map) {
  std::vector<Config> out;
  auto add = [&](std::string name, std::string section, auto change, bool optimal) {
    Config c{std::move(name), std::move(section), {}, optimal};
    change(c);
    out.push_back(std::move(c));
  };
  auto queueing = [](Queueing q) { return [q](Config& c) { c.options.search.queueing = q; }; };
  add("A*", "3.4.1 f = g + h, OPEN and CLOSED lists (1)", queueing(Queueing::kAStar), true);
  add("best-first", "3.4.1 queueing by h", queueing(Queueing::kBestFirst), false);
  add("breadth-first", "3.4.1 insert at the end", queueing(Queueing::kBreadthFirst), false);
  add("depth-first", "3.4.1 insert at the front", queueing(Queueing::kDepthFirst), false);
  add(
      "A* without CLOSED", "(1) switched off",
      [](Config& c) { c.options.search.closed_list = false; }, true);
  add(
      "A* cutoff g+h <= 64", "(2) cost cutoff",
      [](Config& c) { c.options.search.cutoffs.max_f = 64; }, false);
  add(
      "A* cutoff 2000 iterations", "(2) iteration cutoff",
      [](Config& c) { c.options.search.cutoffs.max_expansions = 2000; }, false);
  add(
      "A* cutoff 3000 nodes", "(2) memory cutoff",
      [](Config& c) { c.options.search.cutoffs.max_nodes = 3000; }, false);
  add(
      "A* low starting cutoff", "(3) 1.1 h(start), doubled",
      [](Config& c) { c.options.low_start_cutoff = true; }, true);
  add(
      "A* retry delay 0.5 s", "(4) each request twice, 0.1 s apart",
      [](Config& c) {
        c.options.retry_delay = 0.5;
        c.repeat_request = true;
      },
      true);
  add(
      "A* partial paths, 200 iterations", "(5) series of low-cutoff searches",
      [](Config& c) {
        c.options.partial_paths = true;
        c.options.search.cutoffs.max_expansions = 200;
        c.partial_series = true;
      },
      false);
  add(
      "A* blocked closed at once", "(6)",
      [](Config& c) { c.options.search.close_blocked_at_once = true; }, true);
  add(
      "A* failed-path cache", "(7) each request twice",
      [](Config& c) {
        c.options.failed_path_cache = true;
        c.repeat_request = true;
      },
      true);
  add(
      "A* straight line first", "(8)", [](Config& c) { c.options.straight_line_first = true; },
      true);
  add(
      "A* waypoints", "(9) lattice waypoints", [](Config& c) { c.options.waypoints = true; },
      false);
  add(
      "A* skip when unseen", "(10) half the requests unseen",
      [](Config& c) {
        c.options.skip_when_unseen = true;
        c.half_unseen = true;
      },
      false);
  (void)map;
  return out;
}

// Waypoints for (9): walkable cells on a lattice, at most the pathfinder's limit.
std::vector<Cell> LatticeWaypoints(const ai::GridMap& map) {
  const int step = std::max(4, static_cast<int>(std::ceil(std::sqrt(
                                   map.CellCount() / double(ai::Pathfinder::kMaxWaypoints)))));
  std::vector<Cell> out;
  for (int y = step / 2; y < map.height(); y += step)
    for (int x = step / 2; x < map.width(); x += step)
      if (map.Passable(x, y) && out.size() < ai::Pathfinder::kMaxWaypoints) out.push_back({x, y});
  return out;
}

struct Row {
  std::string map, name, section;
  int scenarios = 0, full = 0, partial = 0, no_path = 0, skipped_search = 0;
  int wrong_length = 0, invalid = 0;
  double length_ratio_sum = 0;
  int length_ratio_count = 0;
  std::vector<double> expanded, micros;  // expanded[k]; micros[round * scenarios + k]
  std::vector<int> buckets;              // buckets[k]: scenario k's bucket
  double total_seconds = 0;
  double time_ratio = 1;
};

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(std::lround(p * (v.size() - 1)))];
}

std::string MachineLine() {
  std::ifstream f("/proc/cpuinfo");
  std::string cpu = "unknown CPU";
  for (std::string line; std::getline(f, line);)
    if (line.rfind("model name", 0) == 0) {
      cpu = line.substr(line.find(':') + 2);
      break;
    }
  std::ifstream l("/proc/loadavg");
  std::string a, b, c;
  l >> a >> b >> c;
  return cpu + ", " + std::to_string(std::thread::hardware_concurrency()) +
         " hardware threads, load average " + a + " " + b + " " + c;
}

// One scenario under one configuration: plans it (twice for the repeated request; leg after leg
// for the partial series). Returns the nodes expanded; the path is in `walked`.
int PlanScenario(const ai::GridMap& map, const ai::Scenario& s, int index, const Config& c,
                 ai::Pathfinder& finder, ai::PathResult& result, std::vector<Cell>& walked) {
  ai::PathRequest request{s.start, s.goal, 0.0, !(c.half_unseen && index % 2 == 1)};
  finder.ClearFailedPaths();  // every scenario starts with no memory of the last one
  finder.Plan(map, request, result);
  int expanded = result.stats.expansions;
  if (c.repeat_request) {
    request.now = 0.1;
    finder.Plan(map, request, result);
    expanded += result.stats.expansions;
  }
  walked.assign(result.path.begin(), result.path.end());
  if (c.partial_series)
    for (int leg = 0; leg < 2000 && result.outcome == PathOutcome::kPartial &&
                      result.path.size() > 1 && !(walked.back() == s.goal);
         ++leg) {
      request.start = walked.back();
      finder.Plan(map, request, result);
      expanded += result.stats.expansions;
      walked.insert(walked.end(), result.path.begin() + 1, result.path.end());
    }
  return expanded;
}

// Checks what PlanScenario produced against the scenario and counts it into the row.
// Messages name the scenario file the user gave (`scen_path`) and the scenario's line.
void CheckScenario(const ai::GridMap& map, const std::string& scen_path, const ai::Scenario& s,
                   const Config& c, const ai::PathResult& result, const std::vector<Cell>& path,
                   int expanded, Row& row) {
  ++row.scenarios;
  row.expanded.push_back(expanded);
  row.buckets.push_back(s.bucket);
  if (result.outcome == PathOutcome::kTeleport) {
    ++row.skipped_search;
    return;
  }
  const bool reached = !path.empty() && path.back() == s.goal;
  if (!reached) {
    result.outcome == PathOutcome::kPartial ? ++row.partial : ++row.no_path;
    if (c.must_be_optimal) {  // every scenario has a path
      ++row.wrong_length;
      std::fprintf(stderr, "%s:%d: %s: no path (%s)\n", scen_path.c_str(), s.line, c.name.c_str(),
                   ai::PathOutcomeName(result.outcome));
    }
    return;
  }
  ++row.full;
  if (result.outcome == PathOutcome::kStraightLine || result.outcome == PathOutcome::kWaypoints)
    ++row.skipped_search;
  const ai::PathCheck check = ai::CheckPath(map, path, s.start, s.goal);
  if (!check.valid) {
    ++row.invalid;
    std::fprintf(stderr, "%s:%d: %s: invalid path: %s\n", scen_path.c_str(), s.line, c.name.c_str(),
                 check.problem.c_str());
    return;
  }
  const bool too_short = check.length < s.optimal_length - 1e-4;
  const bool not_optimal = std::abs(check.length - s.optimal_length) > 1e-4;
  if (too_short || (c.must_be_optimal && not_optimal)) {
    ++row.wrong_length;
    std::fprintf(stderr, "%s:%d: %s: length %.8f, optimal %.8f\n", scen_path.c_str(), s.line,
                 c.name.c_str(), check.length, s.optimal_length);
  }
  if (s.optimal_length > 0) {
    row.length_ratio_sum += check.length / s.optimal_length;
    ++row.length_ratio_count;
  }
}

struct Options {
  std::vector<std::string> maps, scens;
  int rounds = 5;
  int max_scenarios = 0;    // 0: all of each file
  std::string out;          // results path without extension; "" prints only
  std::string results_dir;  // --results DIR: out = DIR/astar
};

std::string Join(const std::vector<std::string>& argv) {
  std::string out;
  for (const std::string& a : argv) out += (out.empty() ? "" : " ") + a;
  return out;
}

// Prints the table and writes OUT.csv and OUT.md; true when any path was wrong.
bool WriteResults(const std::vector<Row>& rows, const Options& o,
                  const std::vector<std::string>& argv) {
  const bool write = !o.out.empty();
  if (write) std::filesystem::create_directories(std::filesystem::path(o.out).parent_path());
  std::ofstream csv, md;
  if (write) csv.open(o.out + ".csv"), md.open(o.out + ".md");
  char date[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  csv << "map,configuration,scenarios,reached,partial,no_path,search_skipped,wrong_length,"
         "invalid,mean_length_over_optimal,expanded_median,expanded_p10,expanded_p90,"
         "us_median,us_p10,us_p90,time_ratio_to_astar\n";
  md << "# partlab-bench astar\n\nPath finding of section 3.4.1 on Moving AI maps. Generated by `"
     << Join(argv) << "` on " << date << ".\n\nMachine: " << MachineLine() << ". " << o.rounds
     << " timing rounds, configurations interleaved per scenario; Release build.\n\n"
     << "Every path is checked step by step (legal moves, no corner cut, start to goal). Rows "
        "marked * must be optimal: their lengths are compared with the scenario's optimal length "
        "to 1e-4. *Expanded*: nodes taken from OPEN and expanded per scenario (for (4) and (7) "
        "two requests, for (5) every leg). *us*: thread CPU microseconds per scenario, median and "
        "10th-90th "
        "percentile over scenarios and rounds. *Ratio*: total time over plain A*'s on the same "
        "map.\n\n"
     << "| map | configuration | reached | partial / none | no search | wrong | length / "
        "optimal | expanded median (p10-p90) | us median (p10-p90) | ratio |\n"
     << "|---|---|---|---|---|---|---|---|---|---|\n";
  bool failed = false;
  std::printf("%-20s %-34s %7s %7s %7s %6s %8s %22s %24s %6s\n", "map", "configuration", "reached",
              "part/no", "nosrch", "wrong", "len/opt", "expanded med (p10-p90)", "us med (p10-p90)",
              "ratio");
  for (const Row& r : rows) {
    failed = failed || r.wrong_length > 0 || r.invalid > 0;
    const double ratio = r.length_ratio_count ? r.length_ratio_sum / r.length_ratio_count : 0;
    const double e50 = Percentile(r.expanded, 0.5), e10 = Percentile(r.expanded, 0.1),
                 e90 = Percentile(r.expanded, 0.9);
    const double u50 = Percentile(r.micros, 0.5), u10 = Percentile(r.micros, 0.1),
                 u90 = Percentile(r.micros, 0.9);
    char line[512];
    std::snprintf(line, sizeof line,
                  "%s,%s,%d,%d,%d,%d,%d,%d,%d,%.5f,%.0f,%.0f,%.0f,%.2f,%.2f,"
                  "%.2f,%.3f\n",
                  r.map.c_str(), r.name.c_str(), r.scenarios, r.full, r.partial, r.no_path,
                  r.skipped_search, r.wrong_length, r.invalid, ratio, e50, e10, e90, u50, u10, u90,
                  r.time_ratio);
    csv << line;
    std::snprintf(line, sizeof line,
                  "| %s | %s%s (%s) | %d/%d | %d / %d | %d | %d | %.4f | %.0f (%.0f-%.0f) | "
                  "%.1f (%.1f-%.1f) | %.2f |\n",
                  r.map.c_str(), r.name.c_str(), r.wrong_length + r.invalid ? " FAILED" : "",
                  r.section.c_str(), r.full, r.scenarios, r.partial, r.no_path, r.skipped_search,
                  r.wrong_length + r.invalid, ratio, e50, e10, e90, u50, u10, u90, r.time_ratio);
    md << line;
    std::printf(
        "%-20s %-34s %3d/%-3d %3d/%-3d %7d %6d %8.4f %8.0f (%5.0f-%6.0f) %9.1f "
        "(%6.1f-%7.1f) %6.2f\n",
        r.map.c_str(), r.name.c_str(), r.full, r.scenarios, r.partial, r.no_path, r.skipped_search,
        r.wrong_length + r.invalid, ratio, e50, e10, e90, u50, u10, u90, r.time_ratio);
  }
  std::printf("machine: %s\n%s\n", MachineLine().c_str(),
              failed ? "FAILED: some paths are wrong (see above)"
                     : "all paths valid, all "
                       "optimal lengths matched to 1e-4");
  if (!o.out.empty()) std::printf("wrote %s.csv and %s.md\n", o.out.c_str(), o.out.c_str());
  return failed;
}

// The medians per bucket: OUT_buckets.csv for every configuration, a table for plain A* appended to
// OUT.md and printed.
void WriteBuckets(const std::vector<Row>& rows, const Options& o,
                  const std::vector<std::string>& bucket_notes) {
  std::ofstream csv, md;
  if (!o.out.empty()) {
    csv.open(o.out + "_buckets.csv");
    md.open(o.out + ".md", std::ios::app);
  }
  csv << "map,configuration,bucket,scenarios,expanded_median,us_median\n";
  md << "\n## By bucket\n\nScenarios grouped by their bucket column (floor(optimal length / 4) "
        "in Moving AI's files), plain A*; every configuration in `"
     << std::filesystem::path(o.out).filename().string() << "_buckets.csv`.\n\n";
  for (const std::string& note : bucket_notes) md << "Note: " << note << "\n\n";
  md << "| map | bucket | scenarios | expanded median | us median |\n|---|---|---|---|---|\n";
  std::printf("\nplain A* by bucket:\n%-20s %6s %9s %15s %10s\n", "map", "bucket", "scenarios",
              "expanded med", "us med");
  for (const Row& r : rows) {
    const size_t n = r.buckets.size();
    std::vector<int> buckets = r.buckets;
    std::sort(buckets.begin(), buckets.end());
    buckets.erase(std::unique(buckets.begin(), buckets.end()), buckets.end());
    const bool plain = r.name == "A* *";
    for (const int b : buckets) {
      std::vector<double> expanded, micros;
      for (size_t k = 0; k < n; ++k) {
        if (r.buckets[k] != b) continue;
        expanded.push_back(r.expanded[k]);
        for (size_t t = k; t < r.micros.size(); t += n) micros.push_back(r.micros[t]);
      }
      const double e = Percentile(expanded, 0.5), u = Percentile(micros, 0.5);
      csv << r.map << "," << r.name << "," << b << "," << expanded.size() << "," << e << "," << u
          << "\n";
      if (!plain) continue;
      char line[256];
      std::snprintf(line, sizeof line, "| %s | %d | %zu | %.0f | %.1f |\n", r.map.c_str(), b,
                    expanded.size(), e, u);
      md << line;
      std::printf("%-20s %6d %9zu %15.0f %10.1f\n", r.map.c_str(), b, expanded.size(), e, u);
    }
  }
  if (!o.out.empty()) std::printf("wrote %s_buckets.csv\n", o.out.c_str());
}

int RunAstarBench(std::span<char*> args) {
  Options o;
  CLI::App app{
      "Path finding (section 3.4.1) on Moving AI maps: A*, best-first, breadth-first, "
      "depth-first and A* with each game practice; every path checked."};
  app.add_option("--map", o.maps, "Moving AI .map file (repeat with --scen for more maps)");
  app.add_option("--scen", o.scens, "its .scen file");
  app.add_option("--rounds", o.rounds, "timing rounds per scenario")->check(CLI::Range(1, 100));
  app.add_option("--scenarios", o.max_scenarios, "use only the first N scenarios of each file")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--out", o.out, "results path without extension (.csv and .md are written)");
  AddResultsFlag(app, o.results_dir);
  if (const int code = ParseBenchArgs(app, "astar", args); code >= 0) return code;
  if (!o.results_dir.empty()) o.out = o.results_dir + "/astar";
  if (o.maps.empty() && o.scens.empty())
    for (const char* n : {"partlab_rooms", "partlab_forest", "partlab_maze"}) {
      o.maps.push_back(AssetDirectory() + "/maps/" + n + ".map");
      o.scens.push_back(AssetDirectory() + "/maps/" + n + ".scen");
    }
  if (o.maps.size() != o.scens.size()) {
    std::fprintf(stderr,
                 "partlab-bench astar: give one --scen for every --map (%zu maps, %zu "
                 "scenario files)\n",
                 o.maps.size(), o.scens.size());
    return 2;
  }

  std::vector<Row> rows;
  std::vector<std::string> bucket_notes;
  for (size_t m = 0; m < o.maps.size(); ++m) {
    auto map = ai::LoadMovingAiMap(o.maps[m]);
    if (!map) {
      std::fprintf(stderr, "%s\n", map.error().c_str());
      return 2;
    }
    auto scen = ai::LoadScenarios(o.scens[m]);
    if (!scen) {
      std::fprintf(stderr, "%s\n", scen.error().c_str());
      return 2;
    }
    const ai::ScenarioCheck conformance = ai::CheckScenarios(scen.value(), map.value(), o.scens[m]);
    if (!conformance.error.empty()) {
      std::fprintf(stderr, "%s\n", conformance.error.c_str());
      return 2;
    }
    if (!conformance.bucket_note.empty()) {
      std::fprintf(stderr, "%s\n", conformance.bucket_note.c_str());
      bucket_notes.push_back(conformance.bucket_note);
    }
    if (o.max_scenarios > 0 && static_cast<int>(scen.value().size()) > o.max_scenarios)
      scen.value().resize(o.max_scenarios);
    const std::string map_name = std::filesystem::path(o.maps[m]).filename().string();
    const std::vector<Config> configs = Configs(map.value());
    const size_t first = rows.size();
    for (const Config& c : configs) {
      Row r;
      r.map = map_name;
      r.name = c.must_be_optimal ? c.name + " *" : c.name;
      r.section = c.section;
      rows.push_back(std::move(r));
    }
    std::vector<ai::Pathfinder> finders(configs.size());
    for (size_t i = 0; i < configs.size(); ++i) {
      finders[i].SetOptions(configs[i].options);
      finders[i].SetWaypoints(LatticeWaypoints(map.value()));
    }
    ai::PathResult result;
    std::vector<Cell> walked;
    // The checked pass (it also warms every pathfinder's arrays up).
    for (size_t k = 0; k < scen.value().size(); ++k)
      for (size_t i = 0; i < configs.size(); ++i) {
        const int expanded = PlanScenario(map.value(), scen.value()[k], static_cast<int>(k),
                                          configs[i], finders[i], result, walked);
        CheckScenario(map.value(), o.scens[m], scen.value()[k], configs[i], result, walked,
                      expanded, rows[first + i]);
      }
    // Timing rounds interleave the configurations scenario by scenario, so a change in the
    // shared machine's load touches all of them alike; the order rotates with the scenario and
    // the round, so no configuration is always the first to find its arrays out of the cache.
    const size_t n = configs.size();
    for (int round = 0; round < o.rounds; ++round)
      for (size_t k = 0; k < scen.value().size(); ++k)
        for (size_t j = 0; j < n; ++j) {
          const size_t i = (j + k + static_cast<size_t>(round)) % n;
          const auto t0 = Clock::now();
          PlanScenario(map.value(), scen.value()[k], static_cast<int>(k), configs[i], finders[i],
                       result, walked);
          const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
          rows[first + i].micros.push_back(seconds * 1e6);
          rows[first + i].total_seconds += seconds;
        }
    // Ratios against plain A* on the same map.
    for (size_t i = 0; i < configs.size(); ++i)
      rows[first + i].time_ratio = rows[first + i].total_seconds / rows[first].total_seconds;
  }
  std::vector<std::string> argv{"partlab-bench astar"};
  for (char* a : args) argv.emplace_back(a);
  const bool failed = WriteResults(rows, o, argv);
  WriteBuckets(rows, o, bucket_notes);
  return failed ? 1 : 0;
}

}  // namespace

const bool kAstarRegistered = RegisterBenchCommand(
    {"astar", "A* and the path-finding practices on Moving AI maps (section 3.4.1)",
     &RunAstarBench});

}  // namespace astar_bench
}  // namespace partlab::bench
