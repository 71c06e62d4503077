// partlab-bench octree-cores: beyond the paper's one core. The octree's batch of random rays
// (leaf placement, ordered traversal, as `partlab-bench octree` measures it against Embree) is
// answered on one thread and on several (engine/octree/parallel_nearest.h), beside Embree's
// single-ray calls on one thread and on as many (rtcIntersect1 from each thread, the rays taken
// in the same blocks), on the real models. The one-thread figures of `octree` stay the
// comparison with Embree; this table is reported beside them, never instead.
//
// Several threads need the wall clock, which on a shared machine also counts the time slices
// other processes got: the four passes are taken back to back, in an order that rotates each
// round, and the figures are medians of the rounds' ratios; the load average is printed. Every
// answer of a parallel pass must equal its one-thread answer bit for bit (exit 1 otherwise);
// `partlab-bench octree` checks the one-thread answers against brute force and Embree.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "bench/bench_cli.h"
#include "bench/bench_command.h"
#include "bench/bench_stats.h"
#include "bench/embree_rays.h"
#include "bench/octree_cases.h"
#include "bench/results_writer.h"
#include "engine/octree/octree.h"
#include "engine/octree/parallel_nearest.h"
#include "engine/octree/random_scenes.h"

namespace partlab::bench {
// This subcommand's own names (its file shares a unity source: bench/CMakeLists.txt).
namespace octree_cores_bench {
namespace {

struct Options {
  size_t rays = 10000;
  uint64_t seed = 1;
  int rounds = 11;
  unsigned threads = 2;
  std::string only, results;
};

int ParseOptions(std::span<char*> args, Options* o) {
  CLI::App app(
      "The octree's batch of random rays on one thread and on several (wall clock), beside "
      "Embree's single-ray calls on one and on as many, on the real models; the parallel answers "
      "are checked against the one-thread ones");
  AddNumber<size_t>(app, "--rays", o->rays, 1, 10000000, "random rays per model");
  AddNumber<uint64_t>(app, "--seed", o->seed, 0, UINT64_MAX, "seed of the rays");
  AddNumber(app, "--rounds", o->rounds, 1, 1000, "rounds of the four passes back to back");
  AddNumber(app, "--threads", o->threads, 2u, 64u, "threads of the parallel pass");
  app.add_option("--only", o->only, "comma-separated models (" + ModelNames(", ") + ")")
      ->type_name("LIST");
  AddResultsFlag(app, o->results);
  return ParseBenchArgs(app, "octree-cores", args);
}

double WallSeconds(const std::function<void()>& pass) {
  const auto t0 = std::chrono::steady_clock::now();
  pass();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

struct CoresResult {
  std::string name;
  size_t triangles = 0;
  double one_ms = 0, many_ms = 0, embree_ms = 0, embree_many_ms = 0;  // medians of the rounds
  std::vector<double> speedups;                  // one / many, per round, sorted
  double one_vs_embree = 0, many_vs_embree = 0;  // medians of the rounds' ratios, thread counts
                                                 // alike (one to one, many to many)
  size_t differing = 0;  // parallel answers differing from the one-thread answers (ours, Embree's)
};

size_t CountDiffering(const std::vector<RayHit>& a, const std::vector<RayHit>& b) {
  size_t n = 0;
  for (size_t i = 0; i < a.size(); ++i)
    n += a[i].hit != b[i].hit || a[i].t != b[i].t || a[i].triangle != b[i].triangle;
  return n;
}

size_t CountDiffering(const std::vector<float>& t_a, const std::vector<uint32_t>& id_a,
                      const std::vector<float>& t_b, const std::vector<uint32_t>& id_b) {
  size_t n = 0;
  for (size_t i = 0; i < t_a.size(); ++i) n += t_a[i] != t_b[i] || id_a[i] != id_b[i];
  return n;
}

CoresResult RunModel(const Case& c, const std::vector<Ray>& rays, const Options& o) {
  CoresResult r;
  r.name = c.name;
  r.triangles = c.triangles.size();
  const Octree tree(c.triangles, {Placement::kLeafReferences});
  const EmbreeScene embree(c.triangles);
  std::vector<RayHit> one(rays.size()), many(rays.size());
  std::vector<float> t, t_many;
  std::vector<uint32_t> id, id_many;
  const std::function<void()> passes[4] = {
      [&] { NearestHitsInParallel(tree, rays, one, Traversal::kOrdered, 1); },
      [&] { NearestHitsInParallel(tree, rays, many, Traversal::kOrdered, o.threads); },
      [&] { embree.Intersect(rays, &t, &id); },
      [&] { embree.IntersectInParallel(rays, &t_many, &id_many, o.threads); }};
  const int passes_run = embree.available() ? 4 : 2;
  std::vector<double> seconds[4], one_vs_embree, many_vs_embree;
  for (int round = 0; round < o.rounds; ++round) {
    double s[4] = {0, 0, 0, 0};
    for (int k = 0; k < passes_run; ++k) {
      const int which = (round + k) % passes_run;
      s[which] = WallSeconds(passes[which]);
    }
    for (int k = 0; k < passes_run; ++k) seconds[k].push_back(s[k]);
    r.speedups.push_back(s[0] / s[1]);
    r.differing = std::max(r.differing, CountDiffering(one, many));
    if (passes_run == 4) {
      one_vs_embree.push_back(s[0] / s[2]);
      many_vs_embree.push_back(s[1] / s[3]);
      r.differing = std::max(r.differing, CountDiffering(t, id, t_many, id_many));
    }
  }
  std::sort(r.speedups.begin(), r.speedups.end());
  r.one_ms = Median(seconds[0]) * 1e3;
  r.many_ms = Median(seconds[1]) * 1e3;
  r.embree_ms = Median(seconds[2]) * 1e3;
  r.embree_many_ms = Median(seconds[3]) * 1e3;
  r.one_vs_embree = Median(one_vs_embree);
  r.many_vs_embree = Median(many_vs_embree);
  return r;
}

ResultsTable Table(const std::vector<CoresResult>& results, const Options& o) {
  const std::string n = std::to_string(o.threads);
  ResultsTable table{
      "",
      "The octree's batch of " + std::to_string(o.rays) +
          " random rays (leaf placement, ordered traversal) on one thread and on " + n +
          ", and Embree's rtcIntersect1 on one thread and on " + n +
          ", wall clock, the four passes back to back in a rotating order for " +
          std::to_string(o.rounds) +
          " rounds: median pass times, the median and range of the rounds' speedups of the "
          "octree, the medians of the rounds' ratios to Embree on as many threads, and the "
          "parallel answers (the octree's or Embree's) that differ from the one-thread ones.",
      {"model", "N", "1 thread ms", n + " threads ms", "speedup", "lowest", "highest",
       "Embree 1 thread ms", "Embree " + n + " threads ms", "1 thread x Embree 1",
       n + " threads x Embree " + n, "answers differing"},
      {}};
  for (const CoresResult& r : results)
    table.AddRow({r.name, std::to_string(r.triangles), Fixed(r.one_ms, 2), Fixed(r.many_ms, 2),
                  Fixed(Median(r.speedups), 2), Fixed(r.speedups.front(), 2),
                  Fixed(r.speedups.back(), 2), r.embree_ms > 0 ? Fixed(r.embree_ms, 2) : "-",
                  r.embree_ms > 0 ? Fixed(r.embree_many_ms, 2) : "-",
                  r.embree_ms > 0 ? Fixed(r.one_vs_embree, 2) : "-",
                  r.embree_ms > 0 ? Fixed(r.many_vs_embree, 2) : "-", std::to_string(r.differing)});
  return table;
}

int RunOctreeCoresBench(std::span<char*> args) {
  Options o;
  if (const int code = ParseOptions(args, &o); code >= 0) return code;
  std::printf("# partlab-bench octree-cores: %s; load average %s\n", MachineLine().c_str(),
              LoadAverage().c_str());
  const std::vector<Ray> rays = MakeRandomRays(o.rays, o.seed);
  std::vector<CoresResult> results;
  for (const auto& [name, path] : ModelPaths()) {
    if (!o.only.empty() && ("," + o.only + ",").find("," + name + ",") == std::string::npos)
      continue;
    Case c;
    if (!LoadModelCase(path, name, true, &c)) continue;
    results.push_back(RunModel(c, rays, o));
  }
  const ResultsTable table = Table(results, o);
  std::fputs(ToText(table).c_str(), stdout);
  size_t differing = 0;
  for (const CoresResult& r : results) differing += r.differing;
  if (!o.results.empty())
    if (const std::string err = WriteResults(o.results, "octree-cores", args, {table});
        !err.empty()) {
      std::fprintf(stderr, "partlab-bench octree-cores: %s\n", err.c_str());
      return 1;
    }
  if (differing > 0) {
    std::fprintf(stderr,
                 "partlab-bench octree-cores: %zu parallel answers (the octree's or Embree's) "
                 "differ from the one-thread answers\n",
                 differing);
    return 1;
  }
  return 0;
}

const bool kRegistered = RegisterBenchCommand(
    {"octree-cores",
     "the octree's ray batch on one thread and on several, beside Embree on as many (wall clock)",
     &RunOctreeCoresBench});

}  // namespace
}  // namespace octree_cores_bench
}  // namespace partlab::bench
