// partlab-bench partition-floor: on a recorded trace, box pruning against the two simplest ways a
// broad phase can try to beat it, each with no upkeep beyond its own idea:
//   - box pruning in each cell of a uniform grid rebuilt every step (grid_box_pruning.h): a
//     partition that keeps nothing between steps;
//   - box pruning that keeps last step's order and mends it by insertion sort
//     (kept_order_box_pruning.h), as sweep-and-prune and the BSP's leaf lists do;
//   - box pruning that keeps its candidates between steps (cached_box_pruning.h): fat boxes as
//     the semi-adjusting BSP makes them and one sorted list, with no tree;
//   - box pruning whose candidates are renewed together once per epoch of a few steps
//     (epoch_box_pruning.h): the cost of renewal paid in bulk, in one step out of several;
// and, beside them, registered broad phases (sabsp by default). Each contender replays the whole
// trace on a fresh instance, one after the other, in rounds whose order alternates; each step's
// thread CPU time covers the edit calls and the pair search (FrameDriver, as the other
// broad-phase benches). Every frame's pairs equal box pruning's (exact sets), and box pruning's
// equal brute force's on every hundredth frame; a difference is one line and exit 1.
//
// The thesis's scene 2 (attractor clouds) is where the semi-adjusting BSP stays behind box
// pruning (docs/broad-phases.md); this says what a partition, a kept order, or a cache of
// candidates, can gain there at best.
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bench/bench_cli.h"
#include "bench/bench_command.h"
#include "bench/bench_stats.h"
#include "bench/pair_set_reference.h"
#include "bench/results_writer.h"
#include "engine/broadphase/box_pruning.h"
#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/cached_box_pruning.h"
#include "engine/broadphase/epoch_box_pruning.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/grid_box_pruning.h"
#include "engine/broadphase/kept_order_box_pruning.h"
#include "engine/io/aabb_trace.h"

namespace partlab::bench {
// This subcommand's own names (its file may share a unity source: bench/CMakeLists.txt).
namespace partition_floor_bench {
namespace {

struct FloorOptions {
  std::string trace, results_dir;
  std::vector<int> cells{1, 2, 4, 8};
  // The cached contenders' predictive steps (the rest of the rule is sabsp's default).
  std::vector<float> predict{4.0f, 8.0f, 16.0f};
  // The epoch contenders' lengths in steps.
  std::vector<int> epochs{2, 4, 8};
  float epoch_slack = EpochRule{}.lateral_slack;  // their EpochRule::lateral_slack
  std::vector<std::string> also{"sabsp"};         // registered broad phases replayed beside them
  uint32_t from = 100;  // frames before this one are replayed but not timed
  uint32_t rounds = 3;
  uint32_t brute_every = 100;
};

// What a contender's own kind counts per step, beside the candidates.
enum class KindCount {
  kNone,
  kRenewed,       // a CachedBoxPruning: boxes given a new fat box
  kSortMoves,     // a KeptOrderBoxPruning: its insertion sort's moves
  kEpochRenewed,  // an EpochBoxPruning: boxes given a new fat box
};

// One broad phase to replay, and what its steps measured over every round.
struct Contender {
  std::string label;
  std::string cells = "-";  // the grid's cell count
  std::function<std::unique_ptr<BroadPhase>()> make;
  KindCount counts = KindCount::kNone;
  std::vector<double> update_ms, pairs_ms, total_ms;
  std::vector<double> round_median_ms;  // each round's median total
  double candidates = 0, counted = 0;
};

// This step's count of what k's kind counts (KindCount).
double KindCountOf(const Contender& k, const BroadPhase& bp) {
  switch (k.counts) {
    case KindCount::kRenewed:
      return double(static_cast<const CachedBoxPruning&>(bp).last_escaped());
    case KindCount::kSortMoves:
      return double(static_cast<const KeptOrderBoxPruning&>(bp).last_sort_moves());
    case KindCount::kEpochRenewed:
      return double(static_cast<const EpochBoxPruning&>(bp).last_renewed());
    case KindCount::kNone:
      break;
  }
  return 0;
}

std::string JoinNames(const std::vector<std::string>& names) {
  std::string joined;
  for (const std::string& n : names) joined += (joined.empty() ? "" : ", ") + n;
  return joined;
}

double Percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(q * double(v.size() - 1) + 0.5)];
}

// Box pruning first (the ratios' reference), then the grids, the kept order, the cached ones,
// the registered ones.
std::vector<Contender> MakeContenders(const FloorOptions& o) {
  std::vector<Contender> all;
  auto add = [&all](std::string label, std::string cells,
                    std::function<std::unique_ptr<BroadPhase>()> make,
                    KindCount counts = KindCount::kNone) {
    Contender& k = all.emplace_back();
    k.label = std::move(label), k.cells = std::move(cells), k.make = std::move(make);
    k.counts = counts;
  };
  add("box_pruning", "-", [] { return std::make_unique<BoxPruning>(); });
  for (int c : o.cells)
    add("grid_box_pruning " + std::to_string(c) + "x" + std::to_string(c), std::to_string(c * c),
        [c] { return std::make_unique<GridBoxPruning>(c); });
  add(
      "kept_order_box_pruning", "-", [] { return std::make_unique<KeptOrderBoxPruning>(); },
      KindCount::kSortMoves);
  for (float steps : o.predict) {
    FatBoxRule rule;
    rule.predictive_steps = steps;
    add(
        "cached_box_pruning predict " + Fixed(steps, 0), "-",
        [rule] { return std::make_unique<CachedBoxPruning>(rule); }, KindCount::kRenewed);
  }
  for (int steps : o.epochs) {
    EpochRule rule;
    rule.steps = uint32_t(steps);
    rule.lateral_slack = o.epoch_slack;
    add(
        "epoch_box_pruning " + std::to_string(steps) + " steps", "-",
        [rule] { return std::make_unique<EpochBoxPruning>(rule); }, KindCount::kEpochRenewed);
  }
  for (const std::string& name : o.also) add(name, "-", [name] { return MakeBroadPhase(name); });
  return all;
}

// Every frame's exact pairs, sorted, from box pruning; checked against brute force's on every
// `brute_every`th frame. False after a mismatch.
bool ReferencePairs(const FloorOptions& o, const AabbTrace& trace,
                    std::vector<std::vector<BoxPair>>& reference) {
  BoxPruning pruning;
  FrameDriver driver(pruning);
  reference.resize(trace.FrameCount());
  for (size_t f = 0; f < trace.FrameCount(); ++f) {
    driver.Step(trace.Frame(f), reference[f]);
    std::sort(reference[f].begin(), reference[f].end());
    if (f % o.brute_every != 0) continue;
    BruteForce brute;
    std::vector<BoxPair> exact;
    FrameDriver(brute).Step(trace.Frame(f), exact);
    std::sort(exact.begin(), exact.end());
    if (exact != reference[f]) {
      std::fprintf(stderr, "%s\n",
                   MismatchLine("partition-floor", "box_pruning", "trace " + o.trace, f,
                                PairSetDifference(exact, reference[f]))
                       .c_str());
      return false;
    }
  }
  return true;
}

// One contender over the whole trace on a fresh instance. False after a mismatch.
bool ReplayOne(const FloorOptions& o, const AabbTrace& trace,
               const std::vector<std::vector<BoxPair>>& reference, Contender& k) {
  std::unique_ptr<BroadPhase> bp = k.make();
  FrameDriver driver(*bp);
  std::vector<BoxPair> pairs;
  const size_t first_step = k.total_ms.size();
  for (size_t f = 0; f < trace.FrameCount(); ++f) {
    const StepTimings t = driver.Step(trace.Frame(f), pairs);
    if (f >= o.from) {
      k.update_ms.push_back(t.update_ms), k.pairs_ms.push_back(t.pairs_ms);
      k.total_ms.push_back(t.total_ms());
      k.candidates += double(bp->LastCandidateCount());
      k.counted += KindCountOf(k, *bp);
    }
    std::sort(pairs.begin(), pairs.end());
    if (pairs != reference[f]) {
      std::fprintf(stderr, "%s\n",
                   MismatchLine("partition-floor", k.label, "trace " + o.trace, f,
                                PairSetDifference(reference[f], pairs))
                       .c_str());
      return false;
    }
  }
  k.round_median_ms.push_back(
      Percentile({k.total_ms.begin() + std::ptrdiff_t(first_step), k.total_ms.end()}, 0.5));
  return true;
}

// The lowest and highest of the rounds' ratios of k's median to box pruning's, round by round.
std::pair<double, double> RoundRatioRange(const Contender& k, const Contender& reference) {
  double low = 0, high = 0;
  for (size_t r = 0; r < k.round_median_ms.size(); ++r) {
    const double ratio = k.round_median_ms[r] / reference.round_median_ms[r];
    low = r == 0 ? ratio : std::min(low, ratio);
    high = r == 0 ? ratio : std::max(high, ratio);
  }
  return {low, high};
}

ResultsTable Table(const FloorOptions& o, const AabbTrace& trace,
                   const std::vector<Contender>& all) {
  ResultsTable table{
      "",
      "Box pruning; box pruning in each cell of a uniform grid across its sweep axis, rebuilt "
      "every step; box pruning mending last step's order by insertion sort; box pruning keeping "
      "its candidates between steps, its fat boxes made as sabsp makes them (predict = their "
      "predictive steps); box pruning renewing every fat box and candidate together once per "
      "epoch of that many steps; and " +
          (o.also.empty() ? std::string("nothing else") : JoinNames(o.also)) + ", replaying " +
          std::filesystem::path(o.trace).filename().string() + " (" +
          std::to_string(trace.box_count) + " boxes, frames " + std::to_string(o.from) + " to " +
          std::to_string(trace.FrameCount() - 1) + ", " + std::to_string(o.rounds) +
          " rounds, each broad phase replaying the whole trace in turn): per step, thread CPU "
          "time in ms of the edit calls (update) and the pair search, their total's median over "
          "every round's steps with its 25th and 75th percentiles, x box_pruning = median "
          "total / box pruning's, in the same process, and the lowest and highest of that ratio "
          "round by round; total mean and its ratio to box pruning's (a broad phase doing its "
          "work in bursts, as the epochs do, can leave behind the median what the mean shows); "
          "candidates = lanes tested (box pruning, the grids, the kept order) or candidates kept "
          "(the cached and epoch ones) per step; renewed = boxes given a new fat box per step; "
          "sort moves = places the kept order's insertion sort moved boxes by per step. "
          "Every frame's pairs equal box pruning's, and box pruning's equal brute force's on "
          "every " +
          std::to_string(o.brute_every) + "th frame",
      {"algorithm", "cells", "update median", "pairs median", "total median", "p25", "p75",
       "x box_pruning", "lowest round", "highest round", "total mean", "mean x box_pruning",
       "candidates mean", "renewed mean", "sort moves mean"},
      {}};
  const double reference = Percentile(all[0].total_ms, 0.5);
  const double reference_mean = Mean(all[0].total_ms);
  for (const Contender& k : all) {
    const double median = Percentile(k.total_ms, 0.5);
    const double steps = double(std::max<size_t>(k.total_ms.size(), 1));
    const auto [low, high] = RoundRatioRange(k, all[0]);
    table.AddRow({k.label, k.cells, Fixed(Percentile(k.update_ms, 0.5), 3),
                  Fixed(Percentile(k.pairs_ms, 0.5), 3), Fixed(median, 3),
                  Fixed(Percentile(k.total_ms, 0.25), 3), Fixed(Percentile(k.total_ms, 0.75), 3),
                  Fixed(reference > 0 ? median / reference : 0, 2), Fixed(low, 2), Fixed(high, 2),
                  Fixed(Mean(k.total_ms), 3),
                  Fixed(reference_mean > 0 ? Mean(k.total_ms) / reference_mean : 0, 2),
                  Fixed(k.candidates / steps, 0),
                  (k.counts == KindCount::kRenewed || k.counts == KindCount::kEpochRenewed)
                      ? Fixed(k.counted / steps, 0)
                      : "-",
                  k.counts == KindCount::kSortMoves ? Fixed(k.counted / steps, 0) : "-"});
  }
  return table;
}

// How the trace's boxes move, quarter by quarter of the timed frames (every tenth step sampled):
// how far a box's centre goes in a step, along its axis of largest displacement, over its largest
// side; and how much its path bends, the change of that displacement over its length. A box whose
// fat box is stretched for k steps leaves it about k steps later whatever its path; how far it
// bends decides whether a fat box can hold it longer.
ResultsTable MotionTable(const FloorOptions& o, const AabbTrace& trace) {
  ResultsTable table{
      "motion",
      "How the boxes of " + std::filesystem::path(o.trace).filename().string() +
          " move, by quarter of frames " + std::to_string(o.from) + " to " +
          std::to_string(trace.FrameCount() - 1) +
          " (every tenth step, the boxes present in three frames running): step = the centre's "
          "displacement in one step, its largest component over the box's largest side; bend = "
          "the change of that displacement from one step to the next over its length",
      {"frames", "boxes sampled", "step median", "step p90", "bend median", "bend p90"},
      {}};
  const size_t first = o.from, count = trace.FrameCount() - o.from;
  auto centre = [](const Aabb& b) { return (b.min + b.max) * 0.5f; };
  for (size_t q = 0; q < 4; ++q) {
    const size_t begin = first + count * q / 4, end = first + count * (q + 1) / 4;
    std::vector<double> step, bend;
    for (size_t f = begin; f + 2 < end; f += 10) {
      const auto a = trace.Frame(f), b = trace.Frame(f + 1), c = trace.Frame(f + 2);
      for (size_t i = 0; i < a.size(); ++i) {
        if (a[i].IsEmpty() || b[i].IsEmpty() || c[i].IsEmpty()) continue;  // absent
        const glm::vec3 d1 = centre(b[i]) - centre(a[i]), d2 = centre(c[i]) - centre(b[i]);
        const glm::vec3 size = a[i].max - a[i].min;
        const double largest = std::max({size.x, size.y, size.z});
        const double moved = std::max({std::abs(d1.x), std::abs(d1.y), std::abs(d1.z)});
        const double length = glm::length(d1);
        if (!(largest > 0) || !(length > 0)) continue;
        step.push_back(moved / largest);
        bend.push_back(glm::length(d2 - d1) / length);
      }
    }
    table.AddRow({std::to_string(begin) + "-" + std::to_string(end - 1),
                  std::to_string(step.size()), Fixed(Percentile(step, 0.5), 3),
                  Fixed(Percentile(step, 0.9), 3), Fixed(Percentile(bend, 0.5), 3),
                  Fixed(Percentile(bend, 0.9), 3)});
  }
  return table;
}

// "1,2,4" into numbers within [lo, hi]; false (and one line on stderr) on anything else.
template <typename T>
bool ParseNumbers(const std::string& flag, const std::string& list, T lo, T hi,
                  std::vector<T>& out) {
  out.clear();
  for (const std::string& word : SplitList(list)) {
    T v{};
    const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
    if (ec != std::errc() || end != word.data() + word.size() || !(v >= lo && v <= hi)) {
      std::fprintf(stderr, "partition-floor: %s expects numbers in %s..%s, got '%s'\n",
                   flag.c_str(), NumberText(lo).c_str(), NumberText(hi).c_str(), word.c_str());
      return false;
    }
    out.push_back(v);
  }
  return true;
}

int RunPartitionFloor(std::span<char*> args) {
  FloorOptions o;
  std::string cells = "1,2,4,8", predict = "4,8,16", epochs = "2,4,8", also = "sabsp";
  CLI::App app{
      "Box pruning against box pruning per grid cell, from a kept order, and with kept candidates"};
  app.add_option("--trace", o.trace, "the AABBTRC1 trace to replay (partlab-bench sim --record)")
      ->type_name("FILE");
  app.add_option("--cells", cells,
                 "grid sizes, cells per axis, comma-separated (1.." +
                     std::to_string(GridBoxPruning::kMostCellsPerAxis) + ", default 1,2,4,8)");
  app.add_option("--predict", predict,
                 "the cached ones' predictive steps, comma-separated (0..64, default 4,8,16)");
  app.add_option("--epochs", epochs,
                 "the epoch ones' lengths in steps, comma-separated (1.." +
                     std::to_string(EpochRule::kMostSteps) + ", default 2,4,8)");
  AddNumber(app, "--epoch-slack", o.epoch_slack, 0.0f, FatBoxRule::kMost,
            "the epoch ones' lateral slack: every side of a fat box grown by this share of the "
            "distance the epoch covers");
  app.add_option("--also", also,
                 "registered broad phases replayed beside them, comma-separated (default sabsp; "
                 "'' for none)");
  AddNumber(app, "--from", o.from, 0u, 1000000u, "First timed frame");
  AddNumber(app, "--rounds", o.rounds, 1u, 100u, "Replays of the whole trace per broad phase");
  AddResultsFlag(app, o.results_dir);
  if (const int code = ParseBenchArgs(app, "partition-floor", args); code >= 0) return code;
  if (o.trace.empty()) {
    std::fprintf(stderr, "partition-floor: give --trace FILE, an AABBTRC1 trace to replay\n");
    return 2;
  }
  if (!ParseNumbers("--cells", cells, 1, GridBoxPruning::kMostCellsPerAxis, o.cells) ||
      !ParseNumbers("--predict", predict, 0.0f, FatBoxRule::kMost, o.predict) ||
      !ParseNumbers("--epochs", epochs, 1, int(EpochRule::kMostSteps), o.epochs))
    return 2;
  o.also = SplitList(also);
  for (const std::string& name : o.also) {
    if (!MakeBroadPhase(name)) {
      std::fprintf(stderr, "partition-floor: --also: unknown broad phase '%s'\n", name.c_str());
      return 2;
    }
  }
  auto trace = ReadAabbTrace(o.trace);
  if (!trace) {
    std::fprintf(stderr, "%s\n", trace.error().c_str());
    return 1;
  }
  const AabbTrace& frames = trace.value();
  if (frames.FrameCount() <= o.from) {
    std::fprintf(stderr, "partition-floor: %s: %zu frames, none from frame %u on to time\n",
                 o.trace.c_str(), frames.FrameCount(), o.from);
    return 2;
  }
  std::printf("partition-floor: %s; %s, load average %s\n", o.trace.c_str(), MachineLine().c_str(),
              LoadAverage().c_str());
  std::vector<std::vector<BoxPair>> reference;
  if (!ReferencePairs(o, frames, reference)) return 1;
  std::vector<Contender> all = MakeContenders(o);
  for (uint32_t round = 0; round < o.rounds; ++round) {
    for (size_t turn = 0; turn < all.size(); ++turn) {
      Contender& k = all[round % 2 == 0 ? turn : all.size() - 1 - turn];
      if (!ReplayOne(o, frames, reference, k)) return 1;
    }
  }
  const ResultsTable table = Table(o, frames, all), motion = MotionTable(o, frames);
  std::printf("%s\n%s", ToText(table).c_str(), ToText(motion).c_str());
  if (!o.results_dir.empty()) {
    if (std::string err = WriteResults(o.results_dir, "partition-floor", args, {table, motion});
        !err.empty()) {
      std::fprintf(stderr, "partition-floor: %s\n", err.c_str());
      return 1;
    }
  }
  return 0;
}

const bool kRegistered = RegisterBenchCommand(
    {"partition-floor",
     "box pruning against a grid of it, a kept order and caches of candidates renewed one by one "
     "or together",
     &RunPartitionFloor});

}  // namespace
}  // namespace partition_floor_bench
}  // namespace partlab::bench
