// partlab-bench broadphase: every broad phase over the same frames.
//
//   partlab-bench broadphase --trace FILE [--algo NAME,...] [--csv FILE] [--steps N] [--from F]
//   partlab-bench broadphase --generate KIND --boxes N --frames F --seed S [--out FILE] [...]
//   partlab-bench broadphase --kinds KIND,... --boxes N,... --seeds S,... --frames F
//                            [--rounds R] [...]
//   partlab-bench broadphase --family heldout|tuning [--traces T] [--boxes LO,HI] [--frames F]
//                            [--rounds R] [--map] [--map-boxes N,N] [--budget-ms B] [...]
//   any of them with --plugin PATH (repeatable): a broad-phase plugin run beside the --algo list
//   --trace with --game-pairs FILE: the game's own pairs recorded beside it, checked likewise
//
// For each algorithm: construction (the first frame: every box added, built, pairs found), then per
// step the median and mean of the structural update, the pair enumeration and their total; pairs
// and raw candidates per step; memory. Every frame's pair set is compared element by element with
// a reference (pair_set_reference.h): brute force, or where brute force would take too long a
// from-scratch sort-and-sweep, itself checked against brute force on the first and last frames.
// A wrong pair set, the reference's included, is a failure: one line naming the algorithm, the
// scene and the frame, and exit 1. Ratios are against bullet_dbvt in the same run, or against
// brute force when Bullet was not built.
//
// --kinds runs every generated kind at every size with every seed (each run checked like a single
// one) and tabulates, per kind and size, the median over the seeds of each algorithm's per-step
// median, its range across the seeds, and the ratios of each algorithm to box pruning and to the
// best real engine's adapter (bullet_*, ode_*) of the same run, as medians over the seeds. With
// --rounds R every algorithm runs R times per seed, in alternating order, and its per-seed median
// is over the steps of all R runs: one run of a hundred small steps lasts a few milliseconds.
//
// --family runs traces of the motion family (engine/broadphase/motion_family.h) drawn from the
// named seed set, box counts log-uniform in [LO, HI], and tabulates per algorithm the distribution
// over the traces of its ratio to box pruning, the best real engine and the fastest algorithm of
// each trace (bench/family_report.h); --map adds the winner map (size spread x speed at the
// --map-boxes counts) as a table and a gnuplot picture. An algorithm whose median over a trace's
// first five steps passes --budget-ms stops there and counts as over budget on that trace.
//
// The --bsp-* flags (one per row of engine/broadphase/sabsp/bsp_param_table.h, as partlab's and the
// BSP panel's) override our BSP profile in `sabsp` only, so a departure can be measured on and off
// against `sabsp_thesis` and the other engines in the same run (--bsp-predictive-steps 0, ...).
// Published tables (scripts/results.sh) use the profile as it is.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "bench/bench_cli.h"
#include "bench/bench_command.h"
#include "bench/bench_stats.h"
#include "bench/family_report.h"
#include "bench/pair_set_reference.h"
#include "bench/results_writer.h"
#include "engine/broadphase/box_pruning.h"
#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/motion_family.h"
#include "engine/broadphase/sabsp/bsp_param_table.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/broadphase/sort_and_sweep.h"
#include "engine/broadphase/synthetic_motion.h"
#include "engine/io/aabb_trace.h"
#include "engine/params/param_cli.h"
#include "engine/plugins/broad_phase_plugin.h"
#include "engine/plugins/recorded_pairs.h"

namespace partlab::bench {
// This subcommand's own names (its file shares a unity source: bench/CMakeLists.txt).
namespace broadphase_bench {
namespace {

using Clock = std::chrono::steady_clock;

// Frames from a loaded trace or from a generator, replayable from the start for each algorithm.
class FrameSource {
 public:
  virtual ~FrameSource() = default;
  virtual uint32_t box_count() const = 0;
  virtual size_t frame_count() const = 0;
  virtual void Rewind() = 0;
  virtual std::span<const Aabb> Next() = 0;  // frames 0, 1, 2, ... after Rewind
};

class TraceSource final : public FrameSource {
 public:
  TraceSource(AabbTrace trace, size_t frames) : trace_(std::move(trace)), frames_(frames) {}
  uint32_t box_count() const override { return trace_.box_count; }
  size_t frame_count() const override { return frames_; }
  void Rewind() override { next_ = 0; }
  std::span<const Aabb> Next() override { return trace_.Frame(next_++); }

 private:
  AabbTrace trace_;
  size_t frames_, next_ = 0;
};

// A generator as a frame source: the first frame is the generator's own, each later one follows an
// Advance, and Rewind starts the generator afresh from its parameters (the same frames again).
template <class Motion, class Params>
class GeneratedSource final : public FrameSource {
 public:
  GeneratedSource(Params params, size_t frames) : params_(params), frames_(frames) { Rewind(); }
  uint32_t box_count() const override { return motion_->box_count(); }
  size_t frame_count() const override { return frames_; }
  void Rewind() override {
    motion_ = std::make_unique<Motion>(params_);
    first_ = true;
  }
  std::span<const Aabb> Next() override {
    if (!first_) motion_->Advance();
    first_ = false;
    return motion_->frame();
  }

 private:
  Params params_;
  size_t frames_;
  std::unique_ptr<Motion> motion_;
  bool first_ = true;
};
using SyntheticSource = GeneratedSource<SyntheticMotion, SyntheticParams>;
using FamilySource = GeneratedSource<FamilyMotion, MotionFamilyParams>;

struct Options {
  std::string trace, generate, out, csv, results;
  std::string game_pairs;  // --game-pairs: the game's own pairs beside --trace (PAIRS001)
  std::vector<std::string> algos, kinds;
  std::vector<std::string> plugins;  // --plugin: shared libraries (include/partlab/plugin.h)
  std::vector<uint32_t> box_counts{4250}, seeds{1, 2, 3};  // --boxes; --seeds (with --kinds)
  uint32_t boxes = 4250, frames = 200, seed = 1;
  // --kinds: every algorithm runs this many times per seed, in alternating order, and its
  // per-seed median is taken over the steps of all its runs (see RunKindSeed).
  uint32_t rounds = 1;
  size_t steps = 0;  // 0 = all frames
  size_t from = 1;   // per-step statistics from this frame on (e.g. once a scene is fully spawned)
  // --bsp-*: overrides of our BSP profile (`sabsp` only), by settings key.
  ParamTexts bsp_flags;
  // --family: the seed set, how many of its traces (0: all), the winner map and its box counts,
  // and the per-step budget past which an algorithm stops on a trace (0: none).
  std::string family;
  uint32_t traces = 0;
  bool map = false;
  std::vector<uint32_t> map_boxes{2000, 20000};
  uint32_t map_seeds = 1;
  double budget_ms = 0;
};

// The registry's broad phases, and box_pruning_2t: box pruning sweeping on two threads
// (box_pruning.h), named here only. It is not registered: every bench but this one times the
// calling thread's CPU, which would leave the helper thread's half of the work out; this one
// prints the wall-clock median beside it ("wall med"), the figure to compare it by.
std::unique_ptr<BroadPhase> MakeAny(std::string_view name) {
  if (name == "box_pruning_2t") return std::make_unique<BoxPruning>(2);
  return MakeBroadPhase(name);
}

// The broad phase `name`, with the --bsp-* overrides applied to our BSP profile.
std::unique_ptr<BroadPhase> MakeConfigured(const std::string& name, const Options& o) {
  auto bp = MakeAny(name);
  auto* bsp = dynamic_cast<SemiAdjustingBsp*>(bp.get());
  if (!bsp || name != "sabsp") return bp;
  BspParams p = bsp->params();
  std::string notes;  // none: the flags were checked and clamped when parsed
  bsp_params::ForEachRow([&](const auto& row) { LoadRow(o.bsp_flags, row, p, notes); });
  bsp->SetParams(p);
  return bp;
}

// A flag taking "N" or "N,N,...", each in [lo, hi]: anything else is one line naming the range.
CLI::Option* AddNumberList(CLI::App& app, const std::string& flag, std::vector<uint32_t>& values,
                           uint32_t lo, uint32_t hi, const std::string& help) {
  const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
  auto set = [&values, lo, hi, flag, range](const std::string& text) {
    std::vector<uint32_t> parsed;
    for (const std::string& item : SplitList(text)) {
      uint32_t v = 0;
      const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
      if (ec != std::errc() || end != item.data() + item.size() || v < lo || v > hi)
        throw CLI::ValidationError(flag + " expects numbers in " + range + ", got '" + item + "'");
      parsed.push_back(v);
    }
    if (parsed.empty()) throw CLI::ValidationError(flag + " expects numbers in " + range);
    values = parsed;
  };
  return app.add_option_function<std::string>(flag, set, help + " (each " + range + ")")
      ->type_name("N[,N...]");
}

// Accepts a comma-separated list of generated kinds; the error names the kinds there are.
CLI::Validator KindListCheck() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        for (const std::string& k : SplitList(text))
          if (!ParseSyntheticKind(k))
            return "unknown kind '" + k + "' (one of: " + std::string(SyntheticKindNames()) + ")";
        return SplitList(text).empty() ? "expects KIND[,KIND...]" : "";
      },
      "KIND");
}

// The flags; --help lists them. Returns the options to run, or nothing with `exit_code` set (0
// after --help, 2 after a mistake, its line printed).
std::optional<Options> Parse(std::span<char*> args, int& exit_code) {
  Options o;
  std::string algorithms;
  for (auto n : BroadPhaseNames()) algorithms += " " + std::string(n);
  CLI::App app(
      "Every broad phase over the same frames: construction, then per step the update, "
      "the pair enumeration and their total, checked against a reference.\n"
      "  partlab-bench broadphase --trace FILE [--algo NAME,...] [--csv FILE] [--steps "
      "N] [--from F]\n"
      "  partlab-bench broadphase --generate KIND [--boxes N] [--frames F] [--seed S] "
      "[--out FILE] [...]\n"
      "  partlab-bench broadphase --kinds KIND,... [--boxes N,...] [--seeds S,...] [--frames F] "
      "[--rounds R] [--results DIR]");
  app.add_option("--trace", o.trace, "an AABBTRC1 trace to replay")->type_name("FILE");
  app.add_option("--generate", o.generate, "synthetic motion: " + std::string(SyntheticKindNames()))
      ->type_name("KIND")
      ->check(KindListCheck());
  std::string kinds;
  app.add_option("--kinds", kinds,
                 "every listed generated kind at every --boxes with every --seeds, "
                 "tabulated per kind and size (one of: " +
                     std::string(SyntheticKindNames()) + ")")
      ->type_name("KIND,...")
      ->check(KindListCheck());
  AddNumberList(app, "--seeds", o.seeds, 0, UINT32_MAX,
                "seeds of the --kinds runs (default 1,2,3)");
  AddNumber<uint32_t>(app, "--rounds", o.rounds, 1, 100,
                      "runs of every algorithm per --kinds seed, in alternating order; each "
                      "median is over the steps of all of them");
  app.add_option("--family", o.family,
                 "traces of the motion family drawn from this seed set: heldout (reports) or "
                 "tuning; --boxes LO,HI bounds their box counts (default 1000,50000)")
      ->type_name("SET")
      ->check(CLI::IsMember({"heldout", "tuning"}));
  AddNumber<uint32_t>(app, "--traces", o.traces, 0, 64,
                      "--family: the first T traces of the set (0: all 64)");
  app.add_flag("--map", o.map,
               "--family: also the winner map, size spread x speed at the --map-boxes counts");
  AddNumberList(app, "--map-boxes", o.map_boxes, 1, 10000000,
                "--family --map: the box counts of the map's panels (default 2000,20000)");
  AddNumber<uint32_t>(app, "--map-seeds", o.map_seeds, 1, 64,
                      "--family --map: held-out traces per cell of the map");
  AddNumber<double>(app, "--budget-ms", o.budget_ms, 0, 1e6,
                    "--family: an algorithm whose median over a trace's first five steps is "
                    "above this stops there (0: no budget)");
  app.add_option("--out", o.out, "write the generated frames as an AABBTRC1 trace")
      ->type_name("FILE");
  app.add_option("--csv", o.csv, "results as CSV")->type_name("FILE");
  AddResultsFlag(app, o.results);
  std::string algos;
  app.add_option("--algo", algos,
                 "comma-separated broad phases, or all:" + algorithms +
                     "; also box_pruning_2t (two threads; compare it by wall med)")
      ->type_name("NAME,...");
  app.add_option("--plugin", o.plugins,
                 "a broad-phase plugin (shared library, include/partlab/plugin.h) to run beside "
                 "the --algo list; repeatable")
      ->type_name("PATH");
  app.add_option("--game-pairs", o.game_pairs,
                 "with --trace: the game's own broad phase's pairs, recorded beside it by "
                 "partlab/record.h (PAIRS001), checked frame by frame like an algorithm's")
      ->type_name("FILE");
  AddNumberList(app, "--boxes", o.box_counts, 1, 10000000,
                "boxes of a generated scene; with --kinds a list (default 4250)");
  AddNumber<uint32_t>(app, "--frames", o.frames, 1, 1000000, "frames of a generated scene");
  AddNumber<uint32_t>(app, "--seed", o.seed, 0, UINT32_MAX, "seed of a generated scene");
  AddNumber<size_t>(app, "--steps", o.steps, 0, 100000000, "steps to run (0: all frames)");
  AddNumber<size_t>(app, "--from", o.from, 1, 100000000,
                    "per-step statistics from this frame on (e.g. once a scene is fully spawned)");
  std::vector<std::string> clamped;
  bsp_params::ForEachRow([&](const auto& row) {
    AddRowFlag(app, row, o.bsp_flags, clamped, "partlab-bench broadphase: ")
        ->group("Our BSP profile (sabsp only)");
  });
  exit_code = ParseBenchArgs(app, "broadphase", args);
  for (const std::string& note : clamped) std::fprintf(stderr, "%s\n", note.c_str());
  if (exit_code >= 0) return std::nullopt;
  exit_code = 2;
  o.algos = SplitList(algos);
  o.kinds = SplitList(kinds);
  if (int(!o.trace.empty()) + int(!o.generate.empty()) + int(!o.kinds.empty()) +
          int(!o.family.empty()) !=
      1) {
    std::fprintf(stderr,
                 "partlab-bench broadphase: give exactly one of --trace FILE, --generate "
                 "KIND, --kinds KIND,... or --family SET (see --help)\n");
    return std::nullopt;
  }
  if (!o.family.empty()) {
    if (o.box_counts.size() == 1 && o.box_counts[0] == 4250) o.box_counts = {1000, 50000};
    if (o.box_counts.size() != 2 || o.box_counts[0] > o.box_counts[1]) {
      std::fprintf(stderr, "partlab-bench broadphase: --family takes --boxes LO,HI (LO <= HI)\n");
      return std::nullopt;
    }
  } else if (o.kinds.empty() && o.box_counts.size() != 1) {
    std::fprintf(stderr, "partlab-bench broadphase: several --boxes need --kinds\n");
    return std::nullopt;
  }
  o.boxes = o.box_counts[0];
  if (!o.game_pairs.empty() && o.trace.empty()) {
    std::fprintf(stderr,
                 "partlab-bench broadphase: --game-pairs needs the --trace it was recorded with\n");
    return std::nullopt;
  }
  // Each plugin registers under its own name and runs after the listed algorithms.
  std::vector<std::string> plugin_names;
  for (const std::string& path : o.plugins) {
    const auto before = BroadPhaseNames().size();
    if (const std::string err = LoadBroadPhasePlugin(path); !err.empty()) {
      std::fprintf(stderr, "partlab-bench broadphase: --plugin %s\n", err.c_str());
      return std::nullopt;
    }
    if (BroadPhaseNames().size() > before) plugin_names.emplace_back(BroadPhaseNames().back());
  }
  const bool every = o.algos.empty() || (o.algos.size() == 1 && o.algos[0] == "all");
  if (!every)
    for (const std::string& n : plugin_names)
      if (std::find(o.algos.begin(), o.algos.end(), n) == o.algos.end()) o.algos.push_back(n);
  // The family's runs leave brute force out unless named: it is the reference already.
  if (o.algos.empty() && !o.family.empty()) {
    for (auto n : BroadPhaseNames())
      if (n != "brute") o.algos.emplace_back(n);
  } else if (o.algos.empty() || (o.algos.size() == 1 && o.algos[0] == "all")) {
    for (auto n : BroadPhaseNames()) o.algos.emplace_back(n);
  }
  for (const std::string& n : o.algos)
    if (!MakeAny(n)) {
      std::fprintf(stderr,
                   "partlab-bench broadphase: --algo: unknown or unbuilt algorithm '%s' "
                   "(one of%s)\n",
                   n.c_str(), algorithms.c_str());
      return std::nullopt;
    }
  return o;
}

// The reference pair sets, one per frame, and how they were obtained.
struct Reference {
  std::string how;
  PairSetReference pairs;
  bool trusted = true;  // false when the sort-and-sweep disagreed with brute force
};

// Brute force is the reference on every frame while its pair tests stay within this many (about
// ten seconds on this machine); beyond, the from-scratch sort-and-sweep stands in for it, checked
// against brute force on the first and the last frame up to kBruteCheckBoxes boxes.
constexpr double kBruteForceTests = 3e9;
constexpr uint32_t kBruteCheckBoxes = 30000;

Reference ComputeReference(FrameSource& src) {
  Reference ref;
  const double n = src.box_count();
  const bool brute = n * n * 0.5 * double(src.frame_count()) <= kBruteForceTests;
  ref.how = brute ? "brute force on every frame" : "sort-and-sweep from scratch";
  BruteForce bf;
  FrameDriver driver(bf);
  SortAndSweep sweep;
  std::vector<BoxPair> pairs, check;
  src.Rewind();
  for (size_t f = 0; f < src.frame_count(); ++f) {
    const auto frame = src.Next();
    pairs.clear();
    if (brute)
      driver.Step(frame, pairs);
    else
      sweep.FindPairs(frame, pairs);
    ref.pairs.Record(pairs);
    const bool checked_frame = f == 0 || f + 1 == src.frame_count();
    if (!brute && checked_frame && src.box_count() <= kBruteCheckBoxes) {
      // The driver has only seen the frames it was given: from scratch on this one.
      BruteForce fresh;
      FrameDriver(fresh).Step(frame, check);
      if (const std::string diff = ref.pairs.Compare(f, check); !diff.empty()) {
        std::fprintf(stderr, "%s\n",
                     MismatchLine("broadphase", "the reference sort-and-sweep",
                                  "brute force's frame", f, diff)
                         .c_str());
        ref.trusted = false;
      }
    }
  }
  if (!brute)
    ref.how += src.box_count() <= kBruteCheckBoxes
                   ? " (= brute force on the first and last frames)"
                   : " (checked against brute force in the tests, not at this size)";
  ref.how += "; compared as " + ref.pairs.Describe();
  return ref;
}

// --game-pairs: the pairs the game's own broad phase reported while the trace was recorded,
// compared with the reference frame by frame as an algorithm's are. False when any frame differs
// or the file cannot be read (one line naming it).
bool CheckGamePairs(const std::string& path, const Reference& ref, uint32_t box_count,
                    const std::string& scene) {
  auto game = ReadRecordedPairs(path);
  if (!game) {
    std::fprintf(stderr, "%s\n", game.error().c_str());
    return false;
  }
  if (game.value().box_count != box_count || game.value().frames.size() < ref.pairs.frame_count()) {
    std::fprintf(stderr, "%s: %u boxes and %zu frames, but the trace has %u boxes and %zu frames\n",
                 path.c_str(), game.value().box_count, game.value().frames.size(), box_count,
                 ref.pairs.frame_count());
    return false;
  }
  size_t wrong = 0, first = 0;
  for (size_t f = 0; f < ref.pairs.frame_count(); ++f) {
    std::vector<BoxPair>& pairs = game.value().frames[f];
    if (const std::string diff = ref.pairs.Compare(f, pairs); !diff.empty() && wrong++ == 0) {
      first = f;
      std::fprintf(stderr, "%s\n",
                   MismatchLine("broadphase", "the game's recorded pairs", scene, f, diff).c_str());
    }
  }
  std::printf("the game's recorded pairs (%s): %s\n", path.c_str(),
              wrong == 0 ? "same as the reference on every frame"
                         : ("MISMATCH (" + std::to_string(wrong) + " frames, first " +
                            std::to_string(first) + ")")
                               .c_str());
  return wrong == 0;
}

struct AlgoResult {
  std::string name;
  double build_ms = 0;
  std::vector<double> update, pairs, total;
  std::vector<double> wall;  // the whole Step in wall-clock time (threads of the broad phase too)
  double mean_pairs = 0, mean_candidates = 0;
  size_t memory = 0;
  size_t mismatches = 0, first_mismatch = 0;
  std::string first_difference;  // how the first wrong frame differed
  bool over_budget = false;      // stopped early: its first steps took more than the budget
};

// The largest |coordinate| of any present box in any frame of the input.
float LargestCoordinateOf(FrameSource& src) {
  float largest = 0.0f;
  src.Rewind();
  for (size_t f = 0; f < src.frame_count(); ++f)
    largest = std::max(largest, LargestCoordinate(src.Next()));
  src.Rewind();
  return largest;
}

AlgoResult RunAlgorithm(const std::string& name, FrameSource& src, const Reference& ref,
                        const Options& o, size_t from, std::FILE* csv, const std::string& scene,
                        double budget_ms = 0) {
  AlgoResult r;
  r.name = name;
  auto bp = MakeConfigured(name, o);
  FrameDriver driver(*bp);
  std::vector<BoxPair> pairs;
  size_t most_pairs = 0;
  for (size_t f = 0; f < ref.pairs.frame_count(); ++f)
    most_pairs = std::max(most_pairs, ref.pairs.pair_count(f));
  pairs.reserve(most_pairs);
  src.Rewind();
  double pair_sum = 0, cand_sum = 0;
  size_t counted = 0;
  for (size_t f = 0; f < src.frame_count(); ++f) {
    const auto frame = src.Next();
    const auto wall_start = Clock::now();
    const StepTimings t = driver.Step(frame, pairs);
    const double wall_ms =
        std::chrono::duration<double, std::milli>(Clock::now() - wall_start).count();
    if (f == 0) {
      r.build_ms = t.total_ms();
    } else if (f >= from) {
      r.update.push_back(t.update_ms);
      r.pairs.push_back(t.pairs_ms);
      r.total.push_back(t.total_ms());
      r.wall.push_back(wall_ms);
    }
    if (f >= from || src.frame_count() <= from) {  // the same frames as the timings
      pair_sum += double(pairs.size());
      cand_sum += double(bp->LastCandidateCount());
      ++counted;
    }
    r.memory = std::max(r.memory, bp->MemoryBytes());
    if (csv)
      std::fprintf(csv, "%s,%zu,%.6f,%.6f,%.6f,%zu,%llu\n", name.c_str(), f, t.update_ms,
                   t.pairs_ms, t.total_ms(), pairs.size(),
                   (unsigned long long)bp->LastCandidateCount());
    // Outside the timings: sorts `pairs` for the element-by-element comparison. A broken promise
    // (a plugin's pair naming no present box...) makes the frame wrong even if the rest matches.
    std::string diff = ref.pairs.Compare(f, pairs);
    if (!bp->LastContractViolation().empty())
      diff = std::string(bp->LastContractViolation()) + (diff.empty() ? "" : "; " + diff);
    if (!diff.empty() && r.mismatches++ == 0) {
      r.first_mismatch = f;
      r.first_difference = std::move(diff);
      std::fprintf(stderr, "%s\n",
                   MismatchLine("broadphase", name, scene, f, r.first_difference).c_str());
    }
    // The median of the first five steps: one slow step (a build, a trial) does not count.
    if (budget_ms > 0 && r.total.size() == 5 && Median(r.total) > budget_ms) {
      r.over_budget = true;
      break;
    }
  }
  r.mean_pairs = pair_sum / double(std::max<size_t>(1, counted));
  r.mean_candidates = cand_sum / double(std::max<size_t>(1, counted));
  return r;
}

// The 25th or 75th percentile (q = 0.25, 0.75) of a sample, 0 when empty.
double Percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(q * double(v.size() - 1) + 0.5)];
}

// The summary: one row per algorithm, ratios against bullet_dbvt (else brute force) of this run,
// and against box pruning, the from-scratch SIMD sweep, when it ran.
ResultsTable SummaryTable(const std::vector<AlgoResult>& results, const std::string& what,
                          const std::string& reference) {
  const AlgoResult* base = nullptr;
  for (const auto& r : results)
    if (r.name == "bullet_dbvt") base = &r;
  if (!base)
    for (const auto& r : results)
      if (r.name == "brute") base = &r;
  const double base_total = base ? Median(base->total) : 0;
  double pruning_total = 0;
  for (const auto& r : results)
    if (r.name == "box_pruning") pruning_total = Median(r.total);
  ResultsTable table{
      "",
      "Broad phases over " + what +
          ": construction, then per step the median of the update, the pair "
          "enumeration and their total (ms, single-threaded); ratio = median total "
          "over " +
          (base ? base->name : std::string("-")) +
          "'s (lower is faster); p25 and p75: the total's 25th and 75th percentiles; wall med: "
          "the median step in wall-clock time, the driver's frame comparison and every thread "
          "of the broad phase included (the other columns count the calling thread's CPU time "
          "only: compare a multi-threaded broad phase by wall med). Pairs checked against " +
          reference + ".",
      {"algorithm", "build ms", "upd med", "pair med", "tot med", "tot p25", "tot p75", "tot mean",
       "wall med", "pairs/st", "cand/st", "memory KB", base ? "x " + base->name : "ratio",
       "x box_pruning", "check"},
      {}};
  for (const auto& r : results) {
    const double med = Median(r.total);
    const std::string check = r.mismatches
                                  ? "MISMATCH (" + std::to_string(r.mismatches) +
                                        " frames, first " + std::to_string(r.first_mismatch) + ")"
                                  : "ok";
    table.AddRow({r.name, Fixed(r.build_ms, 3), Fixed(Median(r.update), 4),
                  Fixed(Median(r.pairs), 4), Fixed(med, 4), Fixed(Percentile(r.total, 0.25), 4),
                  Fixed(Percentile(r.total, 0.75), 4), Fixed(Mean(r.total), 4),
                  Fixed(Median(r.wall), 4), Fixed(r.mean_pairs, 1), Fixed(r.mean_candidates, 1),
                  Fixed(double(r.memory) / 1024.0, 0),
                  base && base_total > 0 ? Fixed(med / base_total, 2) : "-",
                  pruning_total > 0 ? Fixed(med / pruning_total, 2) : "-", check});
  }
  return table;
}

// --kinds: each algorithm's per-step median total, one per seed, for one kind at one size.
struct KindCell {
  std::string kind;
  uint32_t boxes = 0;
  std::vector<std::string> algos;                      // in the order they ran
  std::map<std::string, std::vector<double>> medians;  // per algorithm, one per seed
  std::map<std::string, size_t> wrong_frames;          // per algorithm, over all seeds
};

// Seed s's fastest real engine's median (0 when none ran).
double BestRealEngine(const KindCell& cell, size_t s, std::string* which = nullptr) {
  double best = 0;
  for (const auto& name : cell.algos)
    if (IsRealEngineAdapter(name) && (best == 0 || cell.medians.at(name)[s] < best)) {
      best = cell.medians.at(name)[s];
      if (which) *which = name;
    }
  return best;
}

// The median over the seeds of algorithm `name`'s per-seed ratio to `reference(seed)`.
template <typename ReferenceMs>
std::vector<double> PerSeedRatios(const KindCell& cell, const std::string& name,
                                  ReferenceMs reference) {
  std::vector<double> ratios;
  const auto& mine = cell.medians.at(name);
  for (size_t s = 0; s < mine.size(); ++s)
    if (const double r = reference(s); r > 0) ratios.push_back(mine[s] / r);
  return ratios;
}

std::string RatioText(const std::vector<double>& ratios) {
  if (ratios.empty()) return "-";
  return Fixed(Median(ratios), 2) + " (" +
         Fixed(*std::min_element(ratios.begin(), ratios.end()), 2) + "-" +
         Fixed(*std::max_element(ratios.begin(), ratios.end()), 2) + ")";
}

// Runs every algorithm over one generated kind, size and seed into `cell`; false when the
// reference itself was wrong. A run of 100 steps of a tenth of a millisecond is over in a few
// milliseconds, so one run's median moves with whatever the machine did meanwhile: with
// --rounds R each algorithm runs R times, the order reversed every other round so that no
// algorithm always runs first or last, and its median is over the steps of all R runs.
bool RunKindSeed(const Options& o, KindCell& cell, uint32_t seed) {
  SyntheticSource src({*ParseSyntheticKind(cell.kind), cell.boxes, seed}, o.frames);
  const std::string what = "generated '" + cell.kind + "' (" + std::to_string(cell.boxes) +
                           " boxes, seed " + std::to_string(seed) + ")";
  const Reference ref = ComputeReference(src);
  const float largest = LargestCoordinateOf(src);
  std::vector<std::string> runnable;
  for (const std::string& name : o.algos)
    if (CoordinateLimitProblem(name, MakeAny(name)->AcceptedCoordinates(), largest).empty())
      runnable.push_back(name);
  std::map<std::string, std::vector<double>> steps;  // per algorithm, over all rounds
  for (uint32_t round = 0; round < o.rounds; ++round) {
    std::vector<std::string> order = runnable;
    if (round % 2 == 1) std::reverse(order.begin(), order.end());
    for (const std::string& name : order) {
      const AlgoResult r = RunAlgorithm(name, src, ref, o, o.from, nullptr, what);
      steps[name].insert(steps[name].end(), r.total.begin(), r.total.end());
      cell.wrong_frames[name] += r.mismatches;
    }
  }
  for (const std::string& name : runnable) {
    if (!cell.medians.contains(name)) cell.algos.push_back(name);
    cell.medians[name].push_back(Median(steps[name]));
  }
  std::printf("  %s: %zu frames, pairs %s\n", what.c_str(), src.frame_count(), ref.how.c_str());
  std::fflush(stdout);
  return ref.trusted;
}

// One row per kind, size and algorithm: the median over the seeds of its per-step median total,
// the range across the seeds, and the ratios to box pruning and the best real engine.
ResultsTable KindsTable(const std::vector<KindCell>& cells, const Options& o) {
  ResultsTable table{"kinds",
                     "Broad phases over generated kinds of motion, " + std::to_string(o.frames) +
                         " frames per run, " + std::to_string(o.seeds.size()) + " seeds, " +
                         std::to_string(o.rounds) +
                         " runs per seed (alternating order): per-step total (update + pairs, ms, "
                         "single-threaded), the median over the seeds of each seed's per-step "
                         "median over its runs, and its min and max across the seeds; ratios are "
                         "per seed in the same process, given as the "
                         "median over the seeds (min-max); best real = the fastest bullet_*/ode_* "
                         "adapter of that seed. Every frame's pairs checked against brute force.",
                     {"kind", "boxes", "algorithm", "tot med", "seed min", "seed max",
                      "x box_pruning", "x best real", "check"},
                     {}};
  for (const KindCell& c : cells)
    for (const std::string& name : c.algos) {
      const auto& m = c.medians.at(name);
      const auto pruning = [&](size_t s) {
        return c.medians.contains("box_pruning") ? c.medians.at("box_pruning")[s] : 0.0;
      };
      const auto best = [&](size_t s) { return BestRealEngine(c, s); };
      const size_t wrong = c.wrong_frames.at(name);
      table.AddRow({c.kind, std::to_string(c.boxes), name, Fixed(Median(m), 4),
                    Fixed(*std::min_element(m.begin(), m.end()), 4),
                    Fixed(*std::max_element(m.begin(), m.end()), 4),
                    RatioText(PerSeedRatios(c, name, pruning)),
                    RatioText(PerSeedRatios(c, name, best)),
                    wrong ? "MISMATCH (" + std::to_string(wrong) + " frames)" : "ok"});
    }
  return table;
}

// One row per kind and size: the semi-adjusting BSP against its two targets.
ResultsTable SabspTable(const std::vector<KindCell>& cells) {
  ResultsTable table{
      "kinds_sabsp",
      "sabsp against box pruning and the best real engine per kind and size: "
      "per-step medians (ms) as medians over the seeds; ratios per seed, median "
      "(min-max) over the seeds; targets: x best real <= 0.5 and x box_pruning < 1 "
      "on every seed.",
      {"kind", "boxes", "sabsp ms", "box_pruning ms", "best real (1st seed)", "best real ms",
       "sabsp x best real", "sabsp x box_pruning", "<= 0.5x real", "ahead of box_pruning"},
      {}};
  for (const KindCell& c : cells) {
    if (!c.medians.contains("sabsp")) continue;
    std::vector<double> best_ms;
    std::string first_best;
    for (size_t s = 0; s < c.medians.at("sabsp").size(); ++s)
      best_ms.push_back(BestRealEngine(c, s, s == 0 ? &first_best : nullptr));
    const auto vs_real = PerSeedRatios(c, "sabsp", [&](size_t s) { return best_ms[s]; });
    const bool pruning_ran = c.medians.contains("box_pruning");
    const auto vs_pruning = PerSeedRatios(
        c, "sabsp", [&](size_t s) { return pruning_ran ? c.medians.at("box_pruning")[s] : 0.0; });
    const auto all_below = [](const std::vector<double>& v, double limit, bool strict) {
      return !v.empty() && std::all_of(v.begin(), v.end(),
                                       [&](double r) { return strict ? r < limit : r <= limit; });
    };
    table.AddRow({c.kind, std::to_string(c.boxes), Fixed(Median(c.medians.at("sabsp")), 4),
                  pruning_ran ? Fixed(Median(c.medians.at("box_pruning")), 4) : "-",
                  first_best.empty() ? "-" : first_best,
                  best_ms.empty() ? "-" : Fixed(Median(best_ms), 4), RatioText(vs_real),
                  RatioText(vs_pruning), all_below(vs_real, 0.5, false) ? "yes" : "no",
                  all_below(vs_pruning, 1.0, true) ? "yes" : "no"});
  }
  return table;
}

// A sweep's exit code: 1, with one FAILED line, when the reference or any algorithm's pairs were
// wrong on some frame (the lines above name them), else 0.
int CheckedExit(bool reference_ok, size_t wrong_frames) {
  if (reference_ok && wrong_frames == 0) return 0;
  std::printf("FAILED: %s\n", reference_ok ? "some algorithm's pair set differs from the "
                                             "reference (lines above)"
                                           : "the reference sort-and-sweep differs from brute "
                                             "force");
  return 1;
}

// --kinds: every kind x size x seed, checked frame by frame, then the two tables.
int RunKinds(const Options& o, std::span<char*> args) {
  std::printf(
      "broad-phase bench over generated kinds: %zu kinds x %zu sizes x %zu seeds x %u runs, %u "
      "frames each\n",
      o.kinds.size(), o.box_counts.size(), o.seeds.size(), o.rounds, o.frames);
  std::printf("machine: %s, load average %s; times in ms, single-threaded\n", MachineLine().c_str(),
              LoadAverage().c_str());
  std::vector<KindCell> cells;
  bool reference_ok = true;
  for (const std::string& kind : o.kinds)
    for (uint32_t boxes : o.box_counts) {
      KindCell& cell = cells.emplace_back();
      cell.kind = kind;
      cell.boxes = boxes;
      for (uint32_t seed : o.seeds) reference_ok = RunKindSeed(o, cell, seed) && reference_ok;
    }
  const ResultsTable kinds = KindsTable(cells, o), sabsp = SabspTable(cells);
  std::printf("\n%s\n%s", ToText(kinds).c_str(), ToText(sabsp).c_str());
  if (!o.results.empty())
    if (const std::string err = WriteResults(o.results, "broadphase", args, {kinds, sabsp});
        !err.empty()) {
      std::fprintf(stderr, "partlab-bench broadphase: %s\n", err.c_str());
      return 1;
    }
  size_t wrong = 0;
  for (const KindCell& c : cells)
    for (const auto& [name, frames] : c.wrong_frames) wrong += frames;
  return CheckedExit(reference_ok, wrong);
}

// One trace of the family: every algorithm over it (R runs, alternating order), checked frame by
// frame; per algorithm the per-step median and mean over all its runs. False when the reference
// itself was wrong.
bool RunFamilyTrace(const Options& o, FamilyTraceResult& t) {
  FamilySource src(t.params, o.frames);
  const std::string what = "family trace '" + Describe(t.params) + "'";
  const Reference ref = ComputeReference(src);
  const float largest = LargestCoordinateOf(src);
  std::vector<std::string> runnable;
  for (const std::string& name : o.algos)
    if (CoordinateLimitProblem(name, MakeAny(name)->AcceptedCoordinates(), largest).empty())
      runnable.push_back(name);
  std::map<std::string, std::vector<double>> steps;
  std::set<std::string> over;
  for (uint32_t round = 0; round < o.rounds; ++round) {
    std::vector<std::string> order = runnable;
    if (round % 2 == 1) std::reverse(order.begin(), order.end());
    for (const std::string& name : order) {
      if (over.contains(name)) continue;
      const AlgoResult r = RunAlgorithm(name, src, ref, o, o.from, nullptr, what, o.budget_ms);
      if (r.over_budget) over.insert(name);
      steps[name].insert(steps[name].end(), r.total.begin(), r.total.end());
      t.wrong_frames[name] += r.mismatches;
    }
  }
  t.algos = runnable;
  for (const std::string& name : runnable)
    if (!over.contains(name) && !steps[name].empty()) {
      t.median[name] = Median(steps[name]);
      t.mean[name] = Mean(steps[name]);
    }
  double fastest_ms = 0;
  const std::string fastest = Fastest(t, false, &fastest_ms);
  std::printf(
      "  %s: fastest %s %.4f ms%s\n", Describe(t.params).c_str(), fastest.c_str(), fastest_ms,
      t.median.contains("auto") ? (", auto x" + Fixed(t.median.at("auto") / fastest_ms, 2)).c_str()
                                : "");
  std::fflush(stdout);
  return ref.trusted;
}

// --family: the set's traces, then (--map) the winner map's cells, then the tables.
int RunFamily(const Options& o, std::span<char*> args) {
  const SeedSet set = *ParseSeedSet(o.family);
  const auto plan = FamilyPlan(set, o.traces, o.box_counts[0], o.box_counts[1]);
  std::printf(
      "broad-phase bench over the motion family: %zu %s traces, %u-%u boxes, %u frames, "
      "%u runs each\n",
      plan.size(), o.family.c_str(), o.box_counts[0], o.box_counts[1], o.frames, o.rounds);
  std::printf("machine: %s, load average %s; times in ms (thread CPU), single-threaded\n",
              MachineLine().c_str(), LoadAverage().c_str());
  bool reference_ok = true;
  std::vector<FamilyTraceResult> traces, cells;
  for (const MotionFamilyParams& p : plan) {
    traces.emplace_back().params = p;
    reference_ok = RunFamilyTrace(o, traces.back()) && reference_ok;
  }
  if (o.map) {
    // Each cell's other parameters (fill, clustering, flat) from seeds of the same set, in turn.
    const auto seeds = FamilySeeds(set);
    size_t next = 0;
    std::printf("winner map:\n");
    for (uint32_t boxes : o.map_boxes)
      for (SizeSpread sizes : kAllSizeSpreads)
        for (SpeedProfile speed : kAllSpeedProfiles)
          for (uint32_t k = 0; k < o.map_seeds; ++k) {
            MotionFamilyParams p = DrawFamilyTrace(seeds[next++ % seeds.size()], boxes, boxes);
            p.sizes = sizes;
            p.speed = speed;
            cells.emplace_back().params = p;
            reference_ok = RunFamilyTrace(o, cells.back()) && reference_ok;
          }
  }
  std::vector<ResultsTable> tables{FamilyTable(traces, o.family, o.frames, o.rounds),
                                   FamilyTracesTable(traces)};
  if (o.map) tables.push_back(WinnerMapTable(cells));
  for (const ResultsTable& t : tables) std::printf("\n%s", ToText(t).c_str());
  if (!o.results.empty()) {
    if (const std::string err = WriteResults(o.results, "broadphase", args, tables); !err.empty()) {
      std::fprintf(stderr, "partlab-bench broadphase: %s\n", err.c_str());
      return 1;
    }
    if (o.map) {
      if (const std::string err = PlotWinnerMap(o.results, cells); !err.empty())
        std::fprintf(stderr, "partlab-bench broadphase: %s\n", err.c_str());
      else
        std::ofstream(o.results + "/broadphase_family_map.md", std::ios::app)
            << "\n![the fastest broad phase per size spread and "
               "speed](broadphase_family_map.png)\n";
    }
  }
  size_t wrong = 0;
  for (const auto* list : {&traces, &cells})
    for (const FamilyTraceResult& t : *list)
      for (const auto& [name, frames] : t.wrong_frames) wrong += frames;
  return CheckedExit(reference_ok, wrong);
}

int RunBroadPhaseBench(std::span<char*> args) {
  int exit_code = 0;
  const auto opt = Parse(args, exit_code);
  if (!opt) return exit_code;
  if (!opt->kinds.empty()) return RunKinds(*opt, args);
  if (!opt->family.empty()) return RunFamily(*opt, args);
  std::unique_ptr<FrameSource> src;
  std::string what;
  if (!opt->trace.empty()) {
    auto trace = ReadAabbTrace(opt->trace);
    if (!trace) {
      std::fprintf(stderr, "%s\n", trace.error().c_str());
      return 1;
    }
    size_t frames = trace.value().FrameCount();
    if (opt->steps) frames = std::min(frames, opt->steps);
    what = "trace " + opt->trace;
    src = std::make_unique<TraceSource>(std::move(trace).value(), frames);
  } else {
    const auto kind = ParseSyntheticKind(opt->generate);
    if (!kind) {
      std::fprintf(stderr, "broadphase: unknown --generate kind '%s' (one of: %s)\n",
                   opt->generate.c_str(), std::string(SyntheticKindNames()).c_str());
      return 2;
    }
    size_t frames = opt->frames;
    if (opt->steps) frames = std::min(frames, opt->steps);
    src = std::make_unique<SyntheticSource>(SyntheticParams{*kind, opt->boxes, opt->seed},
                                            std::max<size_t>(frames, 1));
    what = "generated '" + opt->generate + "' (seed " + std::to_string(opt->seed) + ")";
    if (!opt->out.empty()) {
      AabbTraceWriter w;
      std::string err = w.Open(opt->out, src->box_count());
      src->Rewind();
      for (size_t f = 0; f < src->frame_count() && err.empty(); ++f)
        err = w.AppendFrame(src->Next());
      if (err.empty()) err = w.Close();
      if (!err.empty()) {
        std::fprintf(stderr, "%s\n", err.c_str());
        return 1;
      }
      std::printf("wrote %s\n", opt->out.c_str());
    }
  }
  if (src->frame_count() == 0) {
    // AABBTRC1 allows N = 0 (any frame count then fits 16 bytes): nothing to pair, said so.
    if (!opt->trace.empty())
      std::fprintf(stderr, "broadphase: %s: the trace has no %s: nothing to run\n",
                   opt->trace.c_str(), src->box_count() == 0 ? "boxes" : "frames");
    else
      std::fprintf(stderr, "broadphase: no frames to run\n");
    return 1;
  }

  std::printf(
      "broad-phase bench: %s, %u boxes, %zu frames (frame 0 = construction, then %zu steps)\n",
      what.c_str(), src->box_count(), src->frame_count(), src->frame_count() - 1);
  std::printf("machine: %s, load average %s; times in ms, single-threaded\n", MachineLine().c_str(),
              LoadAverage().c_str());
  const auto t0 = Clock::now();
  const Reference ref = ComputeReference(*src);
  std::printf("reference pair sets: %s (%.1f s)\n", ref.how.c_str(),
              std::chrono::duration<double>(Clock::now() - t0).count());
  std::printf(
      "per step: update = the broad phase's add/remove/move calls + Update() (finding which boxes "
      "changed is the driver's, untimed); pairs = FindPairs() incl. exact test\n");

  const bool game_ok =
      opt->game_pairs.empty() || CheckGamePairs(opt->game_pairs, ref, src->box_count(), what);

  std::FILE* csv = nullptr;
  if (!opt->csv.empty()) {
    csv = std::fopen(opt->csv.c_str(), "w");
    if (!csv) {
      std::fprintf(stderr, "%s: cannot write\n", opt->csv.c_str());
      return 1;
    }
    std::fprintf(csv, "algorithm,frame,update_ms,pairs_ms,total_ms,pairs,candidates\n");
  }
  std::vector<AlgoResult> results;
  bool all_ok = true;
  // Adapters are only handed what their library accepts (coordinate_limit.h): checked on the
  // whole input first, an algorithm that cannot take it is skipped with a note.
  const float largest = LargestCoordinateOf(*src);
  for (const std::string& name : opt->algos) {
    std::fflush(stdout);
    const std::string refused =
        CoordinateLimitProblem(name, MakeAny(name)->AcceptedCoordinates(), largest);
    if (!refused.empty()) {
      std::printf("skipped: %s\n", refused.c_str());
      continue;
    }
    results.push_back(RunAlgorithm(name, *src, ref, *opt, opt->from, csv, what));
    all_ok = all_ok && results.back().mismatches == 0;
  }
  if (csv) std::fclose(csv);
  const ResultsTable summary = SummaryTable(results, what, ref.how);
  std::printf("\n%s", ToText(summary).c_str());
  if (!opt->results.empty()) {
    if (const std::string err = WriteResults(opt->results, "broadphase", args, {summary});
        !err.empty()) {
      std::fprintf(stderr, "partlab-bench broadphase: %s\n", err.c_str());
      return 1;
    }
  }
  if (!ref.trusted) {
    std::printf("FAILED: the reference sort-and-sweep differs from brute force\n");
    return 1;
  }
  if (!all_ok) {
    std::printf("FAILED: some algorithm's pair set differs from the reference (lines above)\n");
    return 1;
  }
  if (!game_ok) {
    std::printf("FAILED: the game's recorded pairs differ from the reference (lines above)\n");
    return 1;
  }
  return 0;
}

const bool kRegistered =
    RegisterBenchCommand({"broadphase", "every broad phase over one trace (AABBTRC1 or generated)",
                          &RunBroadPhaseBench});

}  // namespace
}  // namespace broadphase_bench
}  // namespace partlab::bench
