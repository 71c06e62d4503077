// partlab-bench scaling: per-step time against the number of boxes, every broad phase on the same
// generated motion, from 1,000 to 100,000 boxes. Each algorithm's pairs are compared with the
// from-scratch sort-and-sweep on every step (exact pair sets, sorted, element by element), the
// sweep itself with brute force on the first frame up to 20,000 boxes: a wrong set is one line
// naming the algorithm, the scene and the frame, and exit 1. An
// algorithm whose median step passes the budget is not run at the larger sizes (brute force stops
// first). Writes a CSV, a markdown table and a log-log plot (gnuplot, when installed).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
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
#include "engine/paths/data_paths.h"
#include "engine/thread_cpu_clock.h"

namespace partlab::bench {
// This subcommand's own names (its file shares a unity source: bench/CMakeLists.txt).
namespace scaling_bench {
namespace {

struct ScalingOptions {
  std::string kind = "moving";
  std::vector<uint32_t> sizes{1000, 2000, 5000, 10000, 20000, 50000, 100000};
  uint32_t steps = 20;
  uint32_t seed = 1;
  double budget_ms = 400;  // per-step median above which an algorithm stops growing
  std::vector<std::string> algos;
  std::string results_dir;
};

struct Row {
  uint32_t boxes;
  std::string algo;
  double build_ms, median_ms, low_ms, high_ms;  // median, 25th and 75th percentile per step
  double pairs_per_step;
};

double Percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(q * double(v.size() - 1) + 0.5)];
}

// Brute force checks the reference on the first frame up to this many boxes (2e8 pair tests).
constexpr size_t kBruteCheckBoxes = 20000;

std::string SceneName(const ScalingOptions& o, size_t boxes) {
  return std::to_string(boxes) + " '" + o.kind + "' boxes (seed " + std::to_string(o.seed) + ")";
}

// Runs one algorithm over `frames`; false when its pairs ever differ from the reference.
bool RunOne(const ScalingOptions& o, const std::string& algo,
            const std::vector<std::vector<Aabb>>& frames,
            const std::vector<std::vector<BoxPair>>& reference, Row& row) {
  auto bp = MakeBroadPhase(algo);
  FrameDriver driver(*bp);
  std::vector<BoxPair> pairs;
  std::vector<double> step_ms;
  double pairs_total = 0;
  for (size_t f = 0; f < frames.size(); ++f) {
    const auto t0 = ThreadCpuClock::now();
    driver.Step(frames[f], pairs);
    const double ms = CpuMsSince(t0);
    (f == 0 ? row.build_ms : step_ms.emplace_back()) = ms;
    std::sort(pairs.begin(), pairs.end());
    if (pairs != reference[f]) {
      std::fprintf(stderr, "%s\n",
                   MismatchLine("scaling", algo, SceneName(o, frames[f].size()), f,
                                PairSetDifference(reference[f], pairs))
                       .c_str());
      return false;
    }
    if (f > 0) pairs_total += double(pairs.size());
  }
  row.median_ms = Percentile(step_ms, 0.5);
  row.low_ms = Percentile(step_ms, 0.25);
  row.high_ms = Percentile(step_ms, 0.75);
  row.pairs_per_step = step_ms.empty() ? 0 : pairs_total / double(step_ms.size());
  return true;
}

// The rows as the bench's published table (bench/results_writer.h), the plot linked below it.
std::string WriteTables(const ScalingOptions& o, const std::vector<Row>& rows,
                        std::span<char*> args) {
  ResultsTable table{o.kind,
                     "Time per step against the number of boxes (" + o.kind +
                         " motion): thread CPU time on one core, median over " +
                         std::to_string(o.steps) +
                         " steps with the 25th and 75th percentiles; construction is the "
                         "first frame; every step's pair set equals the from-scratch "
                         "sort-and-sweep's",
                     {"boxes", "algorithm", "construction ms", "step ms (median)", "p25 ms",
                      "p75 ms", "pairs/step"},
                     {}};
  for (const Row& r : rows)
    table.AddRow({std::to_string(r.boxes), r.algo, Fixed(r.build_ms, 2), Fixed(r.median_ms, 3),
                  Fixed(r.low_ms, 3), Fixed(r.high_ms, 3), Fixed(r.pairs_per_step, 0)});
  if (std::string err = WriteResults(o.results_dir, "scaling", args, {table}); !err.empty())
    return err;
  std::ofstream md(o.results_dir + "/scaling_" + o.kind + ".md", std::ios::app);
  md << "\n![per-step time against boxes, log-log](scaling_" << o.kind << ".png)\n";
  return "";
}

// A log-log plot of the median step per algorithm, through gnuplot when it is installed. The data
// go to gnuplot as one block per algorithm, so each algorithm's points join into one line.
void PlotResults(const ScalingOptions& o, const std::vector<Row>& rows,
                 const std::vector<std::string>& algos) {
  const std::string base = o.results_dir + "/scaling_" + o.kind;
  std::ofstream gp(base + ".gp");
  gp << "set terminal pngcairo size 1000,700 noenhanced\nset output '" << base << ".png'\n"
     << "set logscale xy\nset key outside right\nset xrange [800:125000]\n"
     << "set xlabel 'boxes'\nset ylabel 'ms per step (median, thread CPU time)'\nset grid\n"
     << "set title 'Broad phases, " << o.kind << " boxes: time per step'\n";
  // One colour per algorithm (seventeen lines), copied in so that the script stands alone.
  std::ifstream palette(DataDirectory() + "/scripts/palette.gp");
  if (palette.peek() != std::ifstream::traits_type::eof()) gp << palette.rdbuf();  // else defaults
  gp << "$data << EOD\n";
  for (const std::string& algo : algos) {
    for (const Row& r : rows)
      if (r.algo == algo) gp << r.boxes << ' ' << r.median_ms << '\n';
    gp << "\n\n";
  }
  gp << "EOD\nplot ";
  for (size_t k = 0; k < algos.size(); ++k)
    gp << (k ? ", " : "") << "$data index " << k << " using 1:2 with linespoints lw 2 title '"
       << algos[k] << "'";
  gp << "\n";
  gp.close();
  if (std::system(("gnuplot '" + base + ".gp' 2>/dev/null").c_str()) != 0)
    std::fprintf(stderr, "scaling: gnuplot failed or is missing; no plot written\n");
}

int RunScaling(std::span<char*> args) {
  ScalingOptions o;
  CLI::App app{"Per-step time against the number of boxes, every broad phase"};
  AddKindAndSizesFlags(app, o.kind, o.sizes);
  AddNumber(app, "--steps", o.steps, 1u, 10000u, "Steps timed after construction");
  AddNumber(app, "--seed", o.seed, 0u, 4294967295u, "Generator seed");
  AddNumber(app, "--budget-ms", o.budget_ms, 0.1, 1e6,
            "Median step above which an algorithm is not run at larger sizes");
  AddAlgorithmsFlag(app, o.algos);
  AddResultsFlag(app, o.results_dir);
  if (const int code = ParseBenchArgs(app, "scaling", args); code >= 0) return code;
  if (const int code = ResolveAlgorithms(o.algos, "scaling"); code >= 0) return code;
  std::printf("scaling: %s boxes, %u steps; %s, load average %s\n", o.kind.c_str(), o.steps,
              MachineLine().c_str(), LoadAverage().c_str());

  std::vector<Row> rows;
  std::map<std::string, bool> stopped;
  for (uint32_t n : o.sizes) {
    SyntheticMotion motion({*ParseSyntheticKind(o.kind), n, o.seed});
    std::vector<std::vector<Aabb>> frames;
    std::vector<std::vector<BoxPair>> reference;
    SortAndSweep sweep;
    for (uint32_t f = 0; f <= o.steps; ++f, motion.Advance()) {
      frames.emplace_back(motion.frame().begin(), motion.frame().end());
      sweep.FindPairs(frames.back(), reference.emplace_back());
      std::sort(reference.back().begin(), reference.back().end());
    }
    if (n <= kBruteCheckBoxes) {
      BruteForce brute;
      std::vector<BoxPair> check;
      FrameDriver(brute).Step(frames[0], check);
      std::sort(check.begin(), check.end());
      if (check != reference[0]) {
        std::fprintf(stderr, "%s\n",
                     MismatchLine("scaling", "the reference sort-and-sweep", SceneName(o, n), 0,
                                  PairSetDifference(check, reference[0]))
                         .c_str());
        return 1;
      }
    }
    for (const std::string& algo : o.algos) {
      if (stopped[algo]) continue;
      Row row{n, algo, 0, 0, 0, 0, 0};
      if (!RunOne(o, algo, frames, reference, row)) return 1;
      std::printf("%7u %-14s build %9.2f ms  step %9.3f ms [%.3f, %.3f]  %.0f pairs\n", n,
                  algo.c_str(), row.build_ms, row.median_ms, row.low_ms, row.high_ms,
                  row.pairs_per_step);
      std::fflush(stdout);
      rows.push_back(row);
      stopped[algo] = row.median_ms > o.budget_ms;
    }
  }
  if (!o.results_dir.empty()) {
    if (const std::string err = WriteTables(o, rows, args); !err.empty()) {
      std::fprintf(stderr, "scaling: %s\n", err.c_str());
      return 1;
    }
    PlotResults(o, rows, o.algos);
  }
  return 0;
}

const bool kRegistered = RegisterBenchCommand(
    {"scaling", "per-step time of every broad phase from 1,000 to 100,000 boxes", &RunScaling});

}  // namespace
}  // namespace scaling_bench
}  // namespace partlab::bench
