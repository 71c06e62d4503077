// partlab-bench octree: the octree paper's benchmark ("Proposta do trabalho", "Resultados"), and
// beyond it. Every case is fitted to the 100-unit cube; 10,000 random rays (origin uniform in the
// cube, direction uniform on the sphere, fixed seed); for each case brute force, the paper's
// traversal and the ordered traversal over both placement policies, and Embree when available.
// Every octree answer is checked against brute force (exact t and triangle id).
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "bench/bench_cli.h"
#include "bench/bench_command.h"
#include "bench/bench_stats.h"
#include "bench/embree_rays.h"
#include "bench/heap_state.h"
#include "bench/octree_cases.h"
#include "bench/octree_plugins.h"
#include "bench/octree_reference.h"
#include "bench/results_writer.h"
#include "engine/geometry/mesh_triangles.h"
#include "engine/io/hits.h"
#include "engine/io/obj_loader.h"
#include "engine/io/rayset.h"
#include "engine/octree/brute_force_rays.h"
#include "engine/octree/octree.h"
#include "engine/octree/octree_param_table.h"
#include "engine/octree/random_scenes.h"
#include "engine/params/param_cli.h"
#include "engine/paths/data_paths.h"

namespace partlab::bench {
// This subcommand's own names (its file shares a unity source: bench/CMakeLists.txt).
namespace octree_bench {
namespace {

struct Options {
  size_t rays = 10000;
  uint64_t seed = 1;
  bool quick = false;
  std::string csv, obj, rays_in, rays_out, hits_out, results;
  bool fit100 = false;
  size_t brute_rays = 0;  // 0: automatic (kPassSeconds)
  int repeats = 7;
  int max_depth = 0, leaf_size = 0;  // 0: automatic (no --octree-depth given)
  bool embree = true;
  std::vector<size_t> sizes = {1000, 2000, 5000, 10000, 20000, 50000, 100000};
  std::string only;                  // comma-separated case names/kinds to run; empty = all
  std::vector<std::string> plugins;  // --plugin: ray-structure plugins run beside the octree
};

// The flags; --help lists them with their ranges and defaults. Returns -1 to run, else the exit
// code.
int ParseOptions(std::span<char*> args, Options* o) {
  CLI::App app(
      "The octree paper's ray-triangle benchmark: brute force, the paper's traversal and "
      "the ordered one over both placements, and Embree when built");
  AddNumber<size_t>(app, "--rays", o->rays, 1, 10000000, "random rays per case");
  AddNumber<uint64_t>(app, "--seed", o->seed, 0, UINT64_MAX, "seed of rays and soups");
  app.add_flag("--quick", o->quick,
               "small soups, 500 rays, one pass: a correctness smoke test in seconds");
  app.add_option("--csv", o->csv,
                 "results as CSV (and FILE's stem + _depth.csv: triangles per "
                 "depth)")
      ->type_name("FILE");
  app.add_option("--obj", o->obj, "run this OBJ model only (with --fit100: fitted to the 100 cube)")
      ->type_name("FILE");
  AddResultsFlag(app, o->results);
  app.add_flag("--fit100", o->fit100, "translate and scale --obj into the 100-unit cube");
  app.add_option("--rays-in", o->rays_in, "use the rays of a RAYSET01 file instead of random ones")
      ->type_name("FILE");
  app.add_option("--rays-out", o->rays_out, "write the rays used as RAYSET01")->type_name("FILE");
  app.add_option("--hits-out", o->hits_out, "write the first case's nearest t per ray as HITS0001")
      ->type_name("FILE");
  AddNumber<size_t>(app, "--brute-rays", o->brute_rays, 0, 10000000,
                    "brute force times the first K rays (0: all rays, or as many as fit in 0.5 s "
                    "per pass, at least 200; the same rule for every octree variant; Embree "
                    "always runs all rays)");
  AddNumber(app, "--repeats", o->repeats, 1, 1000, "timed passes per method, median reported");
  // The octree view's row (engine/octree/octree_param_table.h): its range, flag and clamp note.
  std::vector<std::string> clamped;
  AddParamFlag(app, octree_params::kMaxDepth, o->max_depth, clamped, "partlab-bench octree: ")
      ->description(std::string(ParamHelp(octree_params::kMaxDepth)) +
                    " Not given: picked from the triangle count.");
  AddNumber(app, "--leaf-size", o->leaf_size, 0, 1000000, "octree leaf size (0: automatic)");
  std::string sizes;
  app.add_option("--sizes", sizes,
                 "soup sizes, comma-separated (default 1000,2000,5000,...,100000)")
      ->type_name("LIST");
  bool no_embree = false;
  app.add_flag("--no-embree", no_embree, "skip Embree");
  app.add_option("--plugin", o->plugins,
                 "a ray-structure plugin (shared library, include/partlab/plugin.h) run on every "
                 "case beside the octree, its answers checked; repeatable")
      ->type_name("PATH");
  std::string only;
  app.add_option("--only", only, "comma-separated: low,medium,high," + ModelNames(","))
      ->type_name("LIST");
  if (const int code = ParseBenchArgs(app, "octree", args); code >= 0) return code;
  for (const std::string& note : clamped) std::fprintf(stderr, "%s\n", note.c_str());
  o->embree = !no_embree;
  if (!only.empty()) o->only = "," + only + ",";  // ",a,b," for whole-word lookups
  if (!sizes.empty()) {
    o->sizes.clear();
    for (const std::string& item : SplitList(sizes)) {
      size_t n = 0;
      const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), n);
      if (ec != std::errc() || end != item.data() + item.size() || n < 1 || n > 10000000) {
        std::fprintf(stderr, "partlab-bench octree: --sizes expects sizes 1..10000000, got '%s'\n",
                     item.c_str());
        return 2;
      }
      o->sizes.push_back(n);
    }
  }
  if (o->quick) {
    if (sizes.empty()) o->sizes = {1000, 3000};
    if (o->rays == 10000) o->rays = 500;
    o->repeats = 1;
  }
  return -1;
}

// ---- Cases ----
// "" when some triangle can be hit; otherwise why none can (every one zero-area or non-finite,
// e.g. a model near +-3e38 whose edge products overflow): a run would report success while every
// ray misses.
std::string NothingToHit(const std::vector<Triangle>& triangles) {
  const PreparedTriangles prepared(triangles);
  if (!prepared.packed().empty()) return {};
  return "no usable triangle (" + std::to_string(prepared.defects().zero_area) +
         " zero-area or overflowing, " + std::to_string(prepared.defects().non_finite) +
         " non-finite): every ray would miss";
}

bool Wanted(const Options& o, const std::string& key) {
  return o.only.empty() || o.only.find("," + key + ",") != std::string::npos;
}

// ---- Timing ----
// A method that would need more than this per pass over all rays is timed on the first rays only
// (at least 200): brute force on the full dragon needs about 2 minutes for 10,000 rays.
constexpr double kPassSeconds = 0.5;
constexpr size_t kMinTimedRays = 200;

// ---- Results ----
struct Row {
  std::string method;  // "brute", "octree", "embree"
  std::string policy, traversal;
  size_t rays_timed = 0;
  double us_per_ray = 0;
  double build_ms = 0;
  size_t memory = 0, nodes = 0, refs = 0;
  int depth = 0;
  QueryStats stats;
  size_t mismatches = 0;  // answers differing from brute force (octree) or from the octree (embree)
};

Row MakeRow(std::string method, std::string policy, std::string traversal, size_t rays_timed) {
  Row r;
  r.method = std::move(method);
  r.policy = std::move(policy);
  r.traversal = std::move(traversal);
  r.rays_timed = rays_timed;
  return r;
}

// Building ours (leaf placement) and Embree's BVH on the same triangles: build time and memory.
// Interleaved pairs of builds, ours and Embree's, in one heap state (heap_state.h).
struct BuildPairs {
  int builds = 0;                                   // pairs
  double ours_ms = 0, embree_ms = 0;                // medians
  double ratio = 0, ratio_low = 0, ratio_high = 0;  // ours / Embree per pair: median, range
};

struct BuildComparison {
  BuildPairs kept;        // the heap keeps freed memory (the target's figure)
  BuildPairs first;       // free heap memory given back before each build: a process's first build
  size_t ours_bytes = 0;  // the flat arrays' capacities (OctreeBuildStats::memory_bytes)
  size_t embree_bytes = 0;      // Embree's memory monitor: geometry buffers and BVH
  size_t embree_bvh_bytes = 0;  // of which rtcCommitScene's (the BVH alone)
};

struct CaseResult {
  Case* c = nullptr;
  size_t n = 0;
  double brute_us = 0;
  double paired_slowdown = 0;  // median over rounds of ours' time per ray / brute force's
  // Ours (leaf placement, ordered traversal) over Embree, both on all rays, timed alternately in
  // kEmbreePairs back-to-back pairs: the median of the pairs' ratios, and their spread.
  double embree_ratio = 0, embree_ratio_low = 0, embree_ratio_high = 0;
  double embree_wall_ratio = 0;  // wall clock, median over short chunk pairs (WallClockChunkRatio)
  std::vector<Row> rows;
  std::vector<std::pair<std::string, std::vector<size_t>>> per_depth;  // policy -> histogram
  ReferenceCounts checked;       // how every ray's answers were checked (octree_reference.h)
  std::string reference;         // "brute force" or "brute force + Embree"
  size_t octree_mismatches = 0;  // octree answers the independent answer disproves
  BuildComparison build;         // ours (leaf placement) against Embree; builds == 0 without it
};

// Load on this shared 2-core machine changes from second to second, so ours and Embree are timed
// back to back, alternating which goes first (ABBA), many times; each pair gives one ratio and the
// median of those is the figure reported. Both methods answer all rays in every pass. The clock is
// the thread's CPU time: with more runnable processes than cores, a wall-clock pass also counts
// the time slices other processes got, and a longer pass collects more of them, which would
// inflate the ratio of the slower method by the load rather than by its own work.
constexpr int kEmbreePairs = 21;
// Ours within this factor of Embree's single-ray time on real models (the soups are allowed 4x).
constexpr double kModelEmbreeTarget = 2.0;
// The pairs are taken on every ray (Embree answers all of them in one call), so ours is paired
// when its pass over all of them, estimated from its timed passes, takes at most this long: a case
// whose probe asked for a prefix only because the machine was busy is still paired.
constexpr double kPairPassSeconds = 1.0;
template <class Method>
void PairWithEmbree(Method& ours, Method& embree, size_t ray_count, CaseResult* res) {
  auto time_pass = [ray_count](Method& m) {
    const double t0 = ThreadCpuSeconds();
    m.pass(0, ray_count, m.answers);
    return ThreadCpuSeconds() - t0;
  };
  std::vector<double> ratios;
  for (int k = 0; k < kEmbreePairs; ++k) {
    double t_ours, t_embree;
    if (k % 2) {
      t_embree = time_pass(embree);
      t_ours = time_pass(ours);
    } else {
      t_ours = time_pass(ours);
      t_embree = time_pass(embree);
    }
    ratios.push_back(t_ours / t_embree);
  }
  std::sort(ratios.begin(), ratios.end());
  res->embree_ratio = Median(ratios);
  res->embree_ratio_low = ratios.front();
  res->embree_ratio_high = ratios.back();
}

// The same comparison on the wall clock, fair under load only if both passes are short next to a
// scheduler time slice (a few ms): rays in chunks of kChunkRays, ours and Embree back to back on
// each chunk (alternating which goes first), kEmbreePairs times over all rays; the median of the
// chunk ratios leaves out the chunks a preemption fell on.
constexpr size_t kChunkRays = 250;
double WallClockChunkRatio(const Octree& tree, const EmbreeScene& embree,
                           std::span<const Ray> rays) {
  std::vector<RayHit> ours(kChunkRays);
  std::vector<float> t;
  std::vector<uint32_t> id;
  t.reserve(kChunkRays);
  id.reserve(kChunkRays);
  auto seconds_of = [](auto&& pass) {
    const auto t0 = std::chrono::steady_clock::now();
    pass();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  std::vector<double> ratios;
  size_t k = 0;
  for (int round = 0; round < kEmbreePairs; ++round)
    for (size_t first = 0; first + kChunkRays <= rays.size(); first += kChunkRays, ++k) {
      const std::span<const Ray> chunk = rays.subspan(first, kChunkRays);
      auto run_ours = [&] {
        for (size_t i = 0; i < chunk.size(); ++i)
          ours[i] = tree.Nearest(chunk[i], Traversal::kOrdered);
      };
      auto run_embree = [&] { embree.Intersect(chunk, &t, &id); };
      double a, b;
      if (k % 2) {
        b = seconds_of(run_embree);
        a = seconds_of(run_ours);
      } else {
        a = seconds_of(run_ours);
        b = seconds_of(run_embree);
      }
      ratios.push_back(a / b);
    }
  return Median(ratios);
}

// ---- Build time and memory ----
// Pairs of builds, ours then Embree's or the reverse (alternating), in the process's CPU time:
// Embree may build on a thread of its own pool, which the calling thread's CPU clock would not
// see, and the wall clock would count the time slices other programs got. As many
// pairs as fit in about `seconds`, at least kMinBuildPairs. Ours is timed over its whole
// constructor (defect checks, triangle copy, placement, flattening), Embree's over
// rtcCommitScene alone (its buffers are filled before): the comparison is not in ours' favour.
// With `first_builds`, the heap gives its free memory back to the kernel before each build
// (heap_state.h).
constexpr double kBuildSeconds = 8.0, kFirstBuildSeconds = 4.0;
constexpr int kMinBuildPairs = 5, kMaxBuildPairs = 21, kMaxFirstBuildPairs = 11;

BuildPairs TimeBuildPairs(const Case& c, const Options& o, double seconds, int most_pairs,
                          bool first_builds, BuildComparison* sizes) {
  const OctreeBuildOptions leaf{Placement::kLeafReferences, o.max_depth, o.leaf_size};
  std::vector<double> ours, embree, ratios;
  double spent = 0;
  for (int k = 0; k < most_pairs && (k < kMinBuildPairs || spent < seconds); ++k) {
    auto build_ours = [&] {
      if (first_builds) ReturnFreedHeapMemory();
      const double start = ProcessCpuSeconds();
      const Octree tree(c.triangles, leaf);
      ours.push_back((ProcessCpuSeconds() - start) * 1e3);
      sizes->ours_bytes = tree.stats().memory_bytes;
    };
    auto build_embree = [&] {
      if (first_builds) ReturnFreedHeapMemory();
      const EmbreeScene scene(c.triangles);
      embree.push_back(scene.build_cpu_seconds() * 1e3);
      sizes->embree_bytes = scene.memory_bytes();
      sizes->embree_bvh_bytes = scene.bvh_bytes();
    };
    if (k % 2) {
      build_embree();
      build_ours();
    } else {
      build_ours();
      build_embree();
    }
    ratios.push_back(ours.back() / embree.back());
    spent += (ours.back() + embree.back()) * 1e-3;
  }
  std::sort(ratios.begin(), ratios.end());
  BuildPairs p;
  p.builds = int(ratios.size());
  p.ours_ms = Median(ours);
  p.embree_ms = Median(embree);
  p.ratio = Median(ratios);
  p.ratio_low = ratios.front();
  p.ratio_high = ratios.back();
  return p;
}

BuildComparison CompareBuilds(const Case& c, const Options& o) {
  BuildComparison b;
  b.kept = TimeBuildPairs(c, o, kBuildSeconds, kMaxBuildPairs, false, &b);
  b.first = TimeBuildPairs(c, o, kFirstBuildSeconds, kMaxFirstBuildPairs, true, &b);
  return b;
}

// ---- Checks ----
// Brute force checks every ray whose answer it can give within this time per case; Embree screens
// the others (octree_reference.h). Without Embree, brute force checks every ray, however long.
constexpr double kBruteCheckSeconds = 10.0;
constexpr size_t kMismatchesShown = 3;  // per method

void PrintRay(const char* who, const RayHit& h) {
  if (h.hit)
    std::printf(" %s hit t=%.9g triangle %u;", who, double(h.t), h.triangle);
  else
    std::printf(" %s miss;", who);
}

// Every octree method answers every ray (the rays beyond those it was timed on, untimed), and every
// answer is checked against the independent answer; a method's `mismatches` counts the answers it
// disproves, each printed (up to kMismatchesShown per method) with the case and the ray. Embree's
// row counts where Embree itself differs from brute force beyond the tolerance (not a failure:
// its watertight test rounds differently on grazing rays).
template <class Method>
void CheckEveryRay(const Case& c, std::span<const Ray> rays, const PreparedTriangles& prepared,
                   const std::vector<float>* embree_t, std::vector<Method>& methods,
                   size_t octree_end, CaseResult* res) {
  Method& brute = methods[0];
  size_t brute_rays = rays.size();
  if (embree_t) {
    const double per_ray = Median(brute.seconds) / double(brute.row.rays_timed);
    brute_rays = std::clamp(size_t(kBruteCheckSeconds / std::max(per_ray, 1e-12)),
                            brute.row.rays_timed, rays.size());
  }
  brute.pass(brute.row.rays_timed, brute_rays, brute.answers);
  for (size_t k = 1; k < octree_end; ++k)
    methods[k].pass(methods[k].row.rays_timed, rays.size(), methods[k].answers);
  ReferenceAnswers reference(
      prepared, rays,
      std::vector<RayHit>(brute.answers.begin(),
                          brute.answers.begin() + std::ptrdiff_t(brute_rays)),
      embree_t ? *embree_t : std::vector<float>{});
  std::vector<RayHit> answers(octree_end - 1);
  std::vector<bool> agrees;
  for (size_t i = 0; i < rays.size(); ++i) {
    for (size_t k = 1; k < octree_end; ++k) answers[k - 1] = methods[k].answers[i];
    reference.Check(i, answers, &agrees);
    for (size_t k = 1; k < octree_end; ++k) {
      if (agrees[k - 1]) continue;
      Row& row = methods[k].row;
      if (row.mismatches++ < kMismatchesShown) {
        std::printf("# MISMATCH %s, %s placement, %s traversal, ray %zu:", c.name.c_str(),
                    row.policy.c_str(), row.traversal.c_str(), i);
        PrintRay("octree", answers[k - 1]);
        PrintRay("brute force", reference.BruteForce(i));
        std::printf("\n");
      }
      ++res->octree_mismatches;
    }
  }
  if (embree_t) {
    Row& row = methods[octree_end].row;
    for (size_t i = 0; i < rays.size(); ++i)
      if (reference.KnowsBruteForce(i))
        row.mismatches += !AgreesWithinTolerance(reference.BruteForce(i), (*embree_t)[i]);
  }
  res->checked = reference.Counts();
  res->reference = embree_t ? "brute force + Embree" : "brute force";
}

CaseResult RunCase(Case& c, const std::vector<Ray>& rays, const Options& o,
                   std::vector<float>* hits_out) {
  CaseResult res;
  res.c = &c;
  res.n = c.triangles.size();
  const PreparedTriangles prepared(c.triangles);
  const Octree trees[2] = {
      Octree(c.triangles, {Placement::kDeepestContaining, o.max_depth, o.leaf_size}),
      Octree(c.triangles, {Placement::kLeafReferences, o.max_depth, o.leaf_size})};
  for (const Octree& t : trees)
    res.per_depth.emplace_back(PlacementName(t.options().placement), t.stats().triangles_per_depth);

  // methods[0] is brute force, [1..4] placement x traversal, [5] Embree when available.
  struct Method {
    Row row;
    std::function<void(size_t begin, size_t end, std::vector<RayHit>&)> pass;  // rays [begin, end)
    bool all_rays;  // Embree answers all rays in one call: never a subset
    std::vector<RayHit> answers = {};
    std::vector<double> seconds = {};
    double total = 0;
  };
  std::vector<Method> methods;
  methods.push_back({MakeRow("brute", "-", "-", 0),
                     [&](size_t begin, size_t end, std::vector<RayHit>& out) {
                       for (size_t i = begin; i < end; ++i)
                         out[i] = BruteForceNearest(prepared, rays[i]);
                     },
                     false});
  for (const Octree& tree : trees)
    for (Traversal tr : {Traversal::kPaper, Traversal::kOrdered}) {
      Row r = MakeRow("octree", PlacementName(tree.options().placement), TraversalName(tr), 0);
      r.build_ms = tree.stats().build_seconds * 1e3;
      r.memory = tree.stats().memory_bytes;
      r.nodes = tree.stats().node_count;
      r.refs = tree.stats().reference_count;
      r.depth = tree.stats().depth_reached;
      methods.push_back({r,
                         [&tree, tr, &rays](size_t begin, size_t end, std::vector<RayHit>& out) {
                           for (size_t i = begin; i < end; ++i) out[i] = tree.Nearest(rays[i], tr);
                         },
                         false});
    }
  std::unique_ptr<EmbreeScene> embree;
  std::vector<float> embree_t;
  std::vector<uint32_t> embree_id;
  // Embree is only called with what it accepts (embree_rays.h); otherwise it is skipped, said so.
  const std::string rays_refused = o.embree ? EmbreeRefusesRays(rays) : "";
  if (!rays_refused.empty())
    std::printf("# %s: embree skipped: %s\n", c.name.c_str(), rays_refused.c_str());
  if (o.embree && rays_refused.empty()) {
    embree = std::make_unique<EmbreeScene>(c.triangles);
    if (!embree->refusal().empty())
      std::printf("# %s: embree skipped: %s\n", c.name.c_str(), embree->refusal().c_str());
    if (embree->available()) {
      Row r = MakeRow("embree", "bvh", "rtcIntersect1", 0);
      r.build_ms = embree->build_seconds() * 1e3;
      methods.push_back({r,
                         [&](size_t, size_t, std::vector<RayHit>&) {
                           embree->Intersect(rays, &embree_t, &embree_id);
                         },
                         true});
    } else {
      embree.reset();
    }
  }
  const size_t octree_end = embree ? methods.size() - 1 : methods.size();

  // How many rays each method is timed on: all, unless a probe on the first 200 predicts a pass
  // longer than kPassSeconds (--brute-rays fixes brute force's count).
  for (Method& m : methods) {
    m.answers.resize(rays.size());
    m.row.rays_timed = rays.size();
    if (m.all_rays) continue;
    if (&m == &methods[0] && o.brute_rays) {
      m.row.rays_timed = std::min(o.brute_rays, rays.size());
      continue;
    }
    const size_t probe = std::min(kMinTimedRays, rays.size());
    const auto t0 = std::chrono::steady_clock::now();
    m.pass(0, probe, m.answers);
    const double per_ray =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / probe;
    if (per_ray * double(rays.size()) > kPassSeconds)
      m.row.rays_timed = std::max(probe, size_t(kPassSeconds / per_ray));
  }
  // Rounds interleave the methods, so a change in machine load (2 cores shared with other work)
  // falls on all of them alike; a method stops repeating once it has used 4 s.
  // Ours runs right after brute force in each round, so each round gives a paired ratio of the two
  // taken moments apart; their median is the figure the 10% target is judged on.
  const int order[] = {0, 4, 1, 2, 3, 5};
  for (int round = 0; round < o.repeats; ++round)
    for (int index : order) {
      if (size_t(index) >= methods.size()) continue;
      Method& m = methods[size_t(index)];
      if (round > 0 && m.total >= 4.0) continue;
      const auto t0 = std::chrono::steady_clock::now();
      m.pass(0, m.row.rays_timed, m.answers);
      m.seconds.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      m.total += m.seconds.back();
    }
  // Counters in an untimed pass over the rays each method was timed on.
  const size_t nb = methods[0].row.rays_timed;
  for (size_t i = 0; i < nb; ++i) BruteForceNearest(prepared, rays[i], {}, &methods[0].row.stats);
  for (size_t k = 1; k < octree_end; ++k) {
    const Octree& tree = trees[(k - 1) / 2];
    const Traversal tr = (k - 1) % 2 ? Traversal::kOrdered : Traversal::kPaper;
    Row& row = methods[k].row;
    for (size_t i = 0; i < row.rays_timed; ++i) tree.Nearest(rays[i], tr, {}, &row.stats);
  }
  CheckEveryRay(c, rays, prepared, embree ? &embree_t : nullptr, methods, octree_end, &res);
  for (Method& m : methods) {
    m.row.us_per_ray = 1e6 / double(m.row.rays_timed) * Median(m.seconds);
    res.rows.push_back(m.row);
  }
  res.brute_us = res.rows[0].us_per_ray;
  std::vector<double> ratios;
  const Method &brute = methods[0], &ours = methods[4];
  for (size_t r = 0; r < std::min(brute.seconds.size(), ours.seconds.size()); ++r)
    ratios.push_back((ours.seconds[r] / double(ours.row.rays_timed)) /
                     (brute.seconds[r] / double(brute.row.rays_timed)));
  res.paired_slowdown = Median(ratios);
  if (embree) res.build = CompareBuilds(c, o);
  const double ours_all_seconds =
      Median(ours.seconds) * double(rays.size()) / double(ours.row.rays_timed);
  if (embree && ours_all_seconds <= kPairPassSeconds) {
    PairWithEmbree(methods[4], methods.back(), rays.size(), &res);
    res.embree_wall_ratio = WallClockChunkRatio(trees[1], *embree, rays);
  }
  if (hits_out) {  // all rays, even when ours was timed on a prefix
    hits_out->resize(rays.size());
    for (size_t i = 0; i < rays.size(); ++i) {
      const RayHit h = trees[1].Nearest(rays[i], Traversal::kOrdered);
      (*hits_out)[i] = h.hit ? h.t : INFINITY;
    }
  }
  return res;
}

// ---- Output ----
void PrintHeader() {
  std::printf("%-18s %8s %-7s %-7s %-9s %8s %9s %9s %8s %8s %8s %7s %9s %5s\n", "case", "N",
              "method", "policy", "traversal", "rays", "us/ray", "speedup", "build_ms", "MB",
              "nodes/r", "tests/r", "tested%", "diff");
}

void PrintRows(const CaseResult& r) {
  for (const Row& row : r.rows) {
    const double rays = double(std::max<uint64_t>(1, row.stats.rays));
    std::printf("%-18s %8zu %-7s %-7s %-9s %8zu %9.3f %9.2f %8.1f %8.1f %8.1f %7.1f %9.3f %5zu\n",
                r.c->name.c_str(), r.n, row.method.c_str(), row.policy.c_str(),
                row.traversal.c_str(), row.rays_timed, row.us_per_ray, r.brute_us / row.us_per_ray,
                row.build_ms, double(row.memory) / 1e6, double(row.stats.nodes_visited) / rays,
                double(row.stats.triangle_tests) / rays, 100.0 * row.stats.FractionTested(r.n),
                row.mismatches);
  }
  std::fflush(stdout);
}

// "0.0001": the tolerance as the tables print it.
std::string ToleranceText() {
  char text[32];
  std::snprintf(text, sizeof text, "%g", double(kEmbreeTolerance));
  return text;
}

// One line per case: build time and memory against Embree's; a second with the first builds.
void PrintBuild(const CaseResult& r) {
  const BuildComparison& b = r.build;
  if (b.kept.builds == 0) return;
  std::printf(
      "# %s: build %.1f ms vs Embree's %.1f ms, %.2fx (median of %d pairs, range %.2f-%.2f; "
      "target <= 2x: %s); memory %.2f MB vs Embree's %.2f MB (BVH %.2f MB), %.2fx (target <= 2x: "
      "%s)\n",
      r.c->name.c_str(), b.kept.ours_ms, b.kept.embree_ms, b.kept.ratio, b.kept.builds,
      b.kept.ratio_low, b.kept.ratio_high, b.kept.ratio <= 2.0 ? "met" : "MISSED",
      double(b.ours_bytes) / 1e6, double(b.embree_bytes) / 1e6, double(b.embree_bvh_bytes) / 1e6,
      double(b.ours_bytes) / double(std::max<size_t>(1, b.embree_bytes)),
      double(b.ours_bytes) <= 2.0 * double(b.embree_bytes) ? "met" : "MISSED");
  std::printf(
      "# %s: first builds (free heap memory given back to the kernel before each): %.1f ms vs "
      "Embree's %.1f ms, %.2fx (median of %d pairs, range %.2f-%.2f)\n",
      r.c->name.c_str(), b.first.ours_ms, b.first.embree_ms, b.first.ratio, b.first.builds,
      b.first.ratio_low, b.first.ratio_high);
}

// One line per case: how its rays were checked.
void PrintChecks(const CaseResult& r, size_t rays) {
  const ReferenceCounts& k = r.checked;
  std::printf("# %s: all %zu rays checked: %zu exactly against brute force", r.c->name.c_str(),
              rays, k.brute_force_rays);
  if (k.settled_rays) std::printf(" (%zu of them where Embree disagreed)", k.settled_rays);
  if (k.embree_rays)
    std::printf(", %zu against Embree (hit/miss, t within %g relative)", k.embree_rays,
                double(kEmbreeTolerance));
  std::printf("; %zu octree answers disproved\n", r.octree_mismatches);
}

std::string WriteCsv(const std::string& path, const std::vector<CaseResult>& results) {
  std::ofstream f(path);
  if (!f) return path + ": cannot write";
  f << "case,kind,n,method,policy,traversal,rays_timed,us_per_ray,ms_per_10k_rays,speedup_vs_brute,"
       "build_ms,memory_bytes,nodes,references,depth,avg_nodes_visited,avg_triangle_tests,"
       "fraction_tested,mismatches\n";
  for (const CaseResult& r : results)
    for (const Row& row : r.rows) {
      const double rays = double(std::max<uint64_t>(1, row.stats.rays));
      f << r.c->name << ',' << r.c->kind << ',' << r.n << ',' << row.method << ',' << row.policy
        << ',' << row.traversal << ',' << row.rays_timed << ',' << row.us_per_ray << ','
        << row.us_per_ray * 10 << ',' << r.brute_us / row.us_per_ray << ',' << row.build_ms << ','
        << row.memory << ',' << row.nodes << ',' << row.refs << ',' << row.depth << ','
        << double(row.stats.nodes_visited) / rays << ',' << double(row.stats.triangle_tests) / rays
        << ',' << row.stats.FractionTested(r.n) << ',' << row.mismatches << '\n';
    }
  const std::filesystem::path p(path);
  const std::string depth_path = (p.parent_path() / (p.stem().string() + "_depth.csv")).string();
  std::ofstream d(depth_path);
  if (!d) return depth_path + ": cannot write";
  d << "case,kind,n,policy,depth,triangles\n";
  for (const CaseResult& r : results)
    for (const auto& [policy, hist] : r.per_depth)
      for (size_t depth = 1; depth < hist.size(); ++depth)
        d << r.c->name << ',' << r.c->kind << ',' << r.n << ',' << policy << ',' << depth << ','
          << hist[depth] << '\n';
  return {};
}

// The published tables: every row of every case, and ours against Embree per case.
std::vector<ResultsTable> ResultTables(const std::vector<CaseResult>& results) {
  ResultsTable rows{
      "",
      "Ray-triangle nearest-hit queries per case (scene fitted to the 100 cube, random "
      "rays): time per ray, speedup over brute force, build cost and work per ray.",
      {"case", "N", "method", "policy", "traversal", "rays timed", "us/ray", "speedup", "build ms",
       "MB", "nodes/ray", "tests/ray", "tested %", "diff"},
      {}};
  ResultsTable embree{"embree",
                      "Ours (leaf placement, ordered traversal) over Embree on the same rays: "
                      "median of interleaved pairs of thread CPU time, with the pairs' range, and "
                      "the wall-clock ratio over short chunk pairs.",
                      {"case", "N", "ratio (median)", "lowest", "highest", "wall-clock ratio"},
                      {}};
  ResultsTable checks{
      "checks",
      "How every octree answer to every ray was checked: exactly against brute force (the same t "
      "and triangle) on the rays it answers within the time allowed, against Embree's hit/miss and "
      "t within " +
          ToleranceText() +
          " relative on the others, and against brute force again wherever an answer and "
          "Embree's disagree.",
      {"case", "N", "rays", "brute force (exact)", "of which Embree disagreed",
       "Embree (tolerance)", "octree answers checked", "disproved"},
      {}};
  ResultsTable build{
      "build",
      "Building ours (leaf placement) and Embree's BVH on the same triangles, alternately: median "
      "build time (CPU time of the process) over the pairs (ours: the whole constructor; Embree: "
      "rtcCommitScene), the median and range of the pairs' ratios, with the heap keeping freed "
      "memory, as a program that rebuilds finds it; the same for first builds, the heap's free "
      "memory given back to the kernel before each (bench/heap_state.h); and memory: ours, the "
      "flat arrays' capacities (nodes, "
      "packed triangles, the triangle copy, per-node and per-triangle counts); Embree's, what its "
      "device memory monitor counted once the scene was committed (geometry buffers and BVH; the "
      "BVH alone beside it).",
      {"case", "N", "builds", "ours ms", "Embree ms", "time ratio", "lowest", "highest",
       "first builds", "first: ours ms", "first: Embree ms", "first: time ratio", "ours MB",
       "Embree MB", "Embree BVH MB", "memory ratio"},
      {}};
  for (const CaseResult& r : results) {
    const BuildComparison& b = r.build;
    if (b.kept.builds == 0) continue;
    build.AddRow(
        {r.c->name, std::to_string(r.n), std::to_string(b.kept.builds), Fixed(b.kept.ours_ms, 1),
         Fixed(b.kept.embree_ms, 1), Fixed(b.kept.ratio, 2), Fixed(b.kept.ratio_low, 2),
         Fixed(b.kept.ratio_high, 2), std::to_string(b.first.builds), Fixed(b.first.ours_ms, 1),
         Fixed(b.first.embree_ms, 1), Fixed(b.first.ratio, 2), Fixed(double(b.ours_bytes) / 1e6, 2),
         Fixed(double(b.embree_bytes) / 1e6, 2), Fixed(double(b.embree_bvh_bytes) / 1e6, 2),
         Fixed(double(b.ours_bytes) / double(std::max<size_t>(1, b.embree_bytes)), 2)});
  }
  for (const CaseResult& r : results) {
    const size_t rays_checked = r.checked.brute_force_rays + r.checked.embree_rays;
    size_t octree_methods = 0;
    for (const Row& row : r.rows) octree_methods += row.method == "octree";
    checks.AddRow({r.c->name, std::to_string(r.n), std::to_string(rays_checked),
                   std::to_string(r.checked.brute_force_rays),
                   std::to_string(r.checked.settled_rays), std::to_string(r.checked.embree_rays),
                   std::to_string(rays_checked * octree_methods),
                   std::to_string(r.octree_mismatches)});
    for (const Row& row : r.rows) {
      const double rays = double(std::max<uint64_t>(1, row.stats.rays));
      rows.AddRow(
          {r.c->name, std::to_string(r.n), row.method, row.policy, row.traversal,
           std::to_string(row.rays_timed), Fixed(row.us_per_ray, 3),
           Fixed(r.brute_us / row.us_per_ray, 2), Fixed(row.build_ms, 1),
           Fixed(double(row.memory) / 1e6, 1), Fixed(double(row.stats.nodes_visited) / rays, 1),
           Fixed(double(row.stats.triangle_tests) / rays, 1),
           Fixed(100.0 * row.stats.FractionTested(r.n), 3), std::to_string(row.mismatches)});
    }
    if (r.embree_ratio > 0)
      embree.AddRow({r.c->name, std::to_string(r.n), Fixed(r.embree_ratio, 2),
                     Fixed(r.embree_ratio_low, 2), Fixed(r.embree_ratio_high, 2),
                     Fixed(r.embree_wall_ratio, 2)});
  }
  return {rows, embree, checks, build};
}

const Row* FindRow(const CaseResult& r, const std::string& method, const std::string& policy,
                   const std::string& traversal) {
  for (const Row& row : r.rows)
    if (row.method == method && row.policy == policy && row.traversal == traversal) return &row;
  return nullptr;
}

// A case no ray hit is said so: the random rays fill the 100-unit cube, and a model elsewhere
// (not fitted) is missed by all of them, which is a correct answer but rarely the intended run.
void NoteIfNoRayHit(const CaseResult& r, bool fitted) {
  const Row* ours = FindRow(r, "octree", "leaf", "ordered");
  if (!ours || ours->stats.rays == 0 || ours->stats.hits != 0) return;
  std::printf("# %s: no ray hit the model%s\n", r.c->name.c_str(),
              fitted ? "" : " (the rays fill the 100-unit cube; --fit100 moves the model there)");
}

// The octree's targets (docs/octree.md), checked on this run's medians.
void PrintVerdicts(const std::vector<CaseResult>& results, bool quick) {
  std::printf("\n# targets (ordered traversal, leaf placement, unless stated)%s\n",
              quick ? " -- quick mode: one round of 500 rays, a correctness check; its timings "
                      "mean little"
                    : "");
  bool all_fast = true;
  const CaseResult* worst = nullptr;
  for (const CaseResult& r : results) {
    const Row* ours = FindRow(r, "octree", "leaf", "ordered");
    if (!ours || r.n < 1000) continue;
    if (!worst || r.paired_slowdown > worst->paired_slowdown) worst = &r;
    const double slowdown = r.paired_slowdown;
    if (slowdown > 1.10) {
      all_fast = false;
      std::printf("# SLOWER than brute force by more than 10%%: %s (%.2fx the time, paired)%s\n",
                  r.c->name.c_str(), slowdown,
                  ours->nodes == 1 ? " -- a single-leaf tree: the same loop over the same "
                                     "triangles as brute force, so this is timing noise"
                                   : "");
    }
  }
  std::printf(
      "# never more than 10%% slower than brute force for N >= 1000 (median of the rounds' "
      "paired ratios, ours timed right after brute force): %s\n",
      all_fast ? "yes" : "NO");
  if (worst)
    std::printf("# worst case: %s, ours takes %.2fx brute force's time per ray\n",
                worst->c->name.c_str(), worst->paired_slowdown);
  for (const CaseResult& r : results) {
    if (r.c->kind != "model") continue;
    const Row* ours = FindRow(r, "octree", "leaf", "ordered");
    const Row* embree = FindRow(r, "embree", "bvh", "rtcIntersect1");
    std::printf("# %s:", r.c->name.c_str());
    if (r.n >= 100000)
      std::printf(" %.0fx faster than brute force (target >= 1000x: %s);",
                  r.brute_us / ours->us_per_ray,
                  r.brute_us / ours->us_per_ray >= 1000 ? "met" : "MISSED");
    if (embree && r.embree_ratio > 0)
      std::printf(
          " %.2fx Embree's time (thread CPU time, median of %d interleaved pairs, range "
          "%.2f-%.2f; target on real models <= %.0fx: %s; wall clock, median over %zu-ray chunk "
          "pairs: %.2fx)",
          r.embree_ratio, kEmbreePairs, r.embree_ratio_low, r.embree_ratio_high, kModelEmbreeTarget,
          r.embree_ratio <= kModelEmbreeTarget ? "met" : "MISSED", kChunkRays, r.embree_wall_ratio);
    std::printf("\n");
  }
}

// Each --plugin on case `c` after the octree's methods: a row of its own (method "plugin", its
// name as the policy) whose diff counts the wrong hits. Returns the wrong hits of all of them.
size_t RunPlugins(std::span<const std::unique_ptr<PluginRayStructure>> plugins, const Case& c,
                  std::span<const Ray> rays, const Options& o, CaseResult& res) {
  if (plugins.empty()) return 0;
  const Octree checked(c.triangles, {Placement::kLeafReferences, o.max_depth, o.leaf_size});
  size_t wrong = 0;
  for (const auto& plugin : plugins) {
    const RayPluginRun run = RunRayPlugin(*plugin, c.name, c.triangles, rays, checked, o.repeats);
    Row row = MakeRow("plugin", std::string(plugin->Name()), "intersect", rays.size());
    row.build_ms = run.build_ms;
    row.us_per_ray = run.us_per_ray;
    row.memory = run.memory;
    row.mismatches = run.wrong;
    res.rows.push_back(row);
    wrong += run.wrong;
  }
  return wrong;
}

int RunOctreeBench(std::span<char*> args) {
  Options o;
  if (const int code = ParseOptions(args, &o); code >= 0) return code;
  KeepFreedHeapMemory();  // every case's builds measured in the same heap state (heap_state.h)

  std::vector<Ray> rays;
  if (!o.rays_in.empty()) {
    auto loaded = ReadRaySet(o.rays_in);
    if (!loaded) {
      std::fprintf(stderr, "partlab-bench octree: %s\n", loaded.error().c_str());
      return 1;
    }
    rays = std::move(loaded.value());
  } else {
    rays = MakeRandomRays(o.rays, o.seed);
  }
  if (rays.empty()) {
    std::fprintf(stderr, "partlab-bench octree: no rays\n");
    return 1;
  }
  if (!o.rays_out.empty()) {
    const std::string err = WriteRaySet(o.rays_out, rays);
    if (!err.empty()) {
      std::fprintf(stderr, "partlab-bench octree: %s\n", err.c_str());
      return 1;
    }
  }

  std::vector<std::unique_ptr<PluginRayStructure>> plugins;
  for (const std::string& path : o.plugins) {
    auto loaded = LoadRayStructurePlugin(path);
    if (!loaded) {
      std::fprintf(stderr, "partlab-bench octree: --plugin %s\n", loaded.error().c_str());
      return 1;
    }
    plugins.push_back(std::move(loaded.value()));
  }

  std::vector<Case> cases;
  if (!o.obj.empty()) {
    Case c;
    if (!std::filesystem::exists(o.obj)) {
      std::fprintf(stderr, "partlab-bench octree: %s: cannot open (no such file)\n", o.obj.c_str());
      return 1;
    }
    auto mesh = LoadObj(o.obj);
    if (!mesh) {
      std::fprintf(stderr, "partlab-bench octree: %s\n", mesh.error().c_str());
      return 1;
    }
    c = {std::filesystem::path(o.obj).stem().string(), "model", TrianglesOf(mesh.value())};
    if (const std::string why = o.fit100 ? FitTo100Cube(c.triangles) : ""; !why.empty()) {
      std::fprintf(stderr, "partlab-bench octree: %s: cannot fit to the 100-unit cube: %s\n",
                   o.obj.c_str(), why.c_str());
      return 1;
    }
    if (const std::string why = NothingToHit(c.triangles); !why.empty()) {
      std::fprintf(stderr, "partlab-bench octree: %s: %s\n", o.obj.c_str(), why.c_str());
      return 1;
    }
    cases.push_back(std::move(c));
  } else {
    for (Affinity a : {Affinity::kLow, Affinity::kMedium, Affinity::kHigh}) {
      if (!Wanted(o, AffinityName(a))) continue;
      for (size_t n : o.sizes)
        cases.push_back({std::string(AffinityName(a)) + "-" + std::to_string(n), AffinityName(a),
                         MakeTriangleSoup(a, n, o.seed + n)});
    }
    for (const auto& [name, path] : ModelPaths()) {
      if (!Wanted(o, name) || (o.quick && name != "bunny")) continue;
      Case c;
      if (LoadModelCase(path, name, true, &c)) cases.push_back(std::move(c));
    }
  }

  std::printf("# partlab-bench octree: %s, %u hardware threads, one used; load average %s\n",
              MachineName().c_str(), std::thread::hardware_concurrency(), LoadAverage().c_str());
  std::printf(
      "# %zu rays (%s), median of up to %d interleaved passes (fewer when a pass exceeds 4 s)\n"
      "# rays: how many of them a method was timed on: all, or the first ones (at least 200)\n"
      "#   when a pass over all would exceed 0.5 s (Embree: always all)\n"
      "# us/ray: median time per ray; speedup: brute force's us/ray over this row's\n"
      "# nodes/r, tests/r: cells visited and triangle tests per ray; tested%%: tests / (rays x N)\n"
      "# diff: of every octree method's answers to all rays, those the independent answer "
      "disproves:\n"
      "#   brute force's (exact t and triangle) on the rays it answers within %.0f s per case "
      "(all\n"
      "#   rays without Embree), Embree's hit/miss and t within %g relative on the others, and\n"
      "#   brute force again on every ray where an answer and Embree's disagree; Embree's diff:\n"
      "#   its own answers beyond that tolerance from brute force's (grazing rays)\n",
      rays.size(),
      o.rays_in.empty() ? ("random, seed " + std::to_string(o.seed)).c_str() : o.rays_in.c_str(),
      o.repeats, kBruteCheckSeconds, double(kEmbreeTolerance));
  PrintHeader();
  std::vector<CaseResult> results;
  std::vector<float> hits;
  size_t mismatches = 0, plugin_wrong = 0;
  for (Case& c : cases) {
    results.push_back(
        RunCase(c, rays, o, !o.hits_out.empty() && results.empty() ? &hits : nullptr));
    plugin_wrong += RunPlugins(plugins, c, rays, o, results.back());
    PrintRows(results.back());
    PrintChecks(results.back(), rays.size());
    PrintBuild(results.back());
    NoteIfNoRayHit(results.back(), c.kind != "model" || o.fit100 || o.obj.empty());
    mismatches += results.back().octree_mismatches;
  }
  PrintVerdicts(results, o.quick);
  std::printf("# load average at the end: %s\n", LoadAverage().c_str());
  if (!o.csv.empty()) {
    const std::string err = WriteCsv(o.csv, results);
    if (!err.empty()) {
      std::fprintf(stderr, "partlab-bench octree: %s\n", err.c_str());
      return 1;
    }
  }
  if (!o.results.empty()) {
    if (const std::string err = WriteResults(o.results, "octree", args, ResultTables(results));
        !err.empty()) {
      std::fprintf(stderr, "partlab-bench octree: %s\n", err.c_str());
      return 1;
    }
  }
  if (!o.hits_out.empty() && !hits.empty()) {
    const std::string err = WriteHits(o.hits_out, hits);
    if (!err.empty()) {
      std::fprintf(stderr, "partlab-bench octree: %s\n", err.c_str());
      return 1;
    }
  }
  if (mismatches) {
    std::printf("# FAILED: %zu octree answers disproved by the independent answer\n", mismatches);
    return 1;
  }
  if (plugin_wrong) {
    std::printf(
        "# FAILED: %zu ray-structure plugin answers disproved by brute force (WRONG HITS "
        "lines above)\n",
        plugin_wrong);
    return 1;
  }
  std::printf(
      "# every octree answer to every ray agrees with the independent answer (see the checks "
      "above)\n");
  return 0;
}

const bool kRegistered = RegisterBenchCommand(
    {"octree", "the octree paper's ray-triangle benchmark (brute force, paper, ordered, Embree)",
     &RunOctreeBench});

}  // namespace
}  // namespace octree_bench
}  // namespace partlab::bench
