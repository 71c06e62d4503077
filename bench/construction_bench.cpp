// partlab-bench construction: how long each broad phase takes to be built from nothing, at the
// sizes games and the thesis meet (4,250 boxes, the thesis's scenes; 20,000; 100,000).
//
// Construction is the first frame: every box added, the structure built (Update) and the first
// pairs found, as FrameDriver times it, in thread CPU time. Each algorithm is built several times
// from scratch, the algorithms taking turns (one build of each per round), so that a busy machine
// slows them alike; the table gives the median with the 25th and 75th percentiles, and the ratio
// of each median to the fastest comparator's (every algorithm but brute force and the two BSPs).
// Every build's pairs are compared with the reference's exact pair set (pair_set_reference.h;
// the from-scratch sort-and-sweep, itself checked against brute force up to 20,000 boxes): a
// wrong set is one line naming the algorithm, the scene and the size, and exit 1.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "bench/bench_cli.h"
#include "bench/bench_command.h"
#include "bench/bench_stats.h"
#include "bench/box_sweep_flags.h"
#include "bench/pair_set_reference.h"
#include "bench/results_writer.h"
#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/sort_and_sweep.h"
#include "engine/broadphase/synthetic_motion.h"

namespace partlab::bench {
// This subcommand's own names (its file shares a unity source: bench/CMakeLists.txt).
namespace construction_bench {
namespace {

struct ConstructionOptions {
  std::string kind = "moving";
  std::vector<uint32_t> sizes{4250, 20000, 100000};
  uint32_t rounds = 7;
  uint32_t seed = 1;
  double budget_ms = 3000;  // a median build above this stops the algorithm growing
  std::vector<std::string> algos;
  std::string results_dir;
};

// Brute force's first frame is the reference check up to this many boxes (2e8 pair tests).
constexpr size_t kBruteCheckBoxes = 20000;

// Broad phases the BSPs are compared with: every registered one but brute force and the BSPs.
bool IsComparator(const std::string& name) {
  return name != "brute" && name != "sabsp" && name != "sabsp_thesis";
}

double Percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(q * double(v.size() - 1) + 0.5)];
}

// One build from nothing: its time, and "" or how its pairs differ from the reference.
double BuildOnce(const std::string& algo, std::span<const Aabb> boxes,
                 const PairSetReference& reference, std::string& difference) {
  auto bp = MakeBroadPhase(algo);
  FrameDriver driver(*bp);
  std::vector<BoxPair> pairs;
  const double ms = driver.Step(boxes, pairs).total_ms();
  difference = reference.Compare(0, pairs);
  return ms;
}

// The reference pairs of `boxes`, or "" in `problem` naming how the sweep differs from brute force.
PairSetReference ReferenceOf(std::span<const Aabb> boxes, std::string& problem) {
  PairSetReference reference;
  std::vector<BoxPair> pairs;
  SortAndSweep().FindPairs(boxes, pairs);
  reference.Record(pairs);
  if (boxes.size() <= kBruteCheckBoxes) {
    BruteForce brute;
    std::vector<BoxPair> check;
    FrameDriver(brute).Step(boxes, check);
    problem = reference.Compare(0, check);
  }
  return reference;
}

struct Row {
  uint32_t boxes;
  std::string algo;
  std::vector<double> ms;
};

ResultsTable Table(const ConstructionOptions& o, const std::vector<Row>& rows) {
  ResultsTable table{"",
                     "Construction from nothing (" + o.kind +
                         " boxes): the first frame (add every box, build, find the first pairs) "
                         "in thread CPU time, ms; median of " +
                         std::to_string(o.rounds) +
                         " builds taken in turns with the other algorithms, 25th and 75th "
                         "percentiles; ratio = median over the fastest comparator's median at "
                         "that size (comparators: all but brute, sabsp and sabsp_thesis)",
                     {"boxes", "algorithm", "median ms", "p25 ms", "p75 ms", "builds",
                      "x fastest comparator", "fastest comparator"},
                     {}};
  std::map<uint32_t, std::pair<double, std::string>> fastest;
  for (const Row& r : rows) {
    if (!IsComparator(r.algo)) continue;
    const double med = Median(r.ms);
    auto [it, fresh] = fastest.try_emplace(r.boxes, med, r.algo);
    if (!fresh && med < it->second.first) it->second = {med, r.algo};
  }
  for (const Row& r : rows) {
    const auto f = fastest.find(r.boxes);
    const bool has = f != fastest.end() && f->second.first > 0;
    table.AddRow({std::to_string(r.boxes), r.algo, Fixed(Median(r.ms), 2),
                  Fixed(Percentile(r.ms, 0.25), 2), Fixed(Percentile(r.ms, 0.75), 2),
                  std::to_string(r.ms.size()), has ? Fixed(Median(r.ms) / f->second.first, 2) : "-",
                  has ? f->second.second : "-"});
  }
  return table;
}

int RunConstruction(std::span<char*> args) {
  ConstructionOptions o;
  CLI::App app{"Construction time of every broad phase from nothing, at several sizes"};
  AddKindAndSizesFlags(app, o.kind, o.sizes);
  AddNumber(app, "--rounds", o.rounds, 1u, 1000u, "Builds of each algorithm, taken in turns");
  AddNumber(app, "--seed", o.seed, 0u, 4294967295u, "Generator seed");
  AddNumber(app, "--budget-ms", o.budget_ms, 0.1, 1e6,
            "Median build above which an algorithm is not run at larger sizes");
  AddAlgorithmsFlag(app, o.algos);
  AddResultsFlag(app, o.results_dir);
  if (const int code = ParseBenchArgs(app, "construction", args); code >= 0) return code;
  if (const int code = ResolveAlgorithms(o.algos, "construction"); code >= 0) return code;
  std::printf("construction: %s boxes, %u rounds; %s, load average %s\n", o.kind.c_str(), o.rounds,
              MachineLine().c_str(), LoadAverage().c_str());

  std::vector<Row> rows;
  std::map<std::string, bool> stopped;
  for (uint32_t n : o.sizes) {
    SyntheticMotion motion({*ParseSyntheticKind(o.kind), n, o.seed});
    const std::vector<Aabb> boxes(motion.frame().begin(), motion.frame().end());
    const std::string scene =
        std::to_string(n) + " '" + o.kind + "' boxes (seed " + std::to_string(o.seed) + ")";
    std::string problem;
    const PairSetReference reference = ReferenceOf(boxes, problem);
    if (!problem.empty()) {
      std::fprintf(
          stderr, "%s\n",
          MismatchLine("construction", "the reference sort-and-sweep", scene, 0, problem).c_str());
      return 1;
    }
    const size_t first = rows.size();
    for (const std::string& algo : o.algos)
      if (!stopped[algo] && (algo != "brute" || n <= kBruteCheckBoxes))
        rows.push_back({n, algo, {}});
    for (uint32_t round = 0; round < o.rounds; ++round) {
      for (size_t k = first; k < rows.size(); ++k) {
        Row& row = rows[k];
        std::string difference;
        row.ms.push_back(BuildOnce(row.algo, boxes, reference, difference));
        if (!difference.empty()) {
          std::fprintf(stderr, "%s\n",
                       MismatchLine("construction", row.algo, scene, 0, difference).c_str());
          return 1;
        }
      }
    }
    for (size_t k = first; k < rows.size(); ++k) {
      const Row& r = rows[k];
      std::printf("%7u %-16s median %9.2f ms [%.2f, %.2f]\n", n, r.algo.c_str(), Median(r.ms),
                  Percentile(r.ms, 0.25), Percentile(r.ms, 0.75));
      stopped[r.algo] = Median(r.ms) > o.budget_ms;
    }
    std::fflush(stdout);
  }
  const ResultsTable table = Table(o, rows);
  std::printf("\n%s", ToText(table).c_str());
  if (!o.results_dir.empty()) {
    if (const std::string err = WriteResults(o.results_dir, "construction", args, {table});
        !err.empty()) {
      std::fprintf(stderr, "construction: %s\n", err.c_str());
      return 1;
    }
  }
  return 0;
}

const bool kRegistered = RegisterBenchCommand(
    {"construction", "construction time of every broad phase at 4,250, 20,000 and 100,000 boxes",
     &RunConstruction});

}  // namespace
}  // namespace construction_bench
}  // namespace partlab::bench
