// partlab-bench octree: the octree paper's benchmark ("Proposta do trabalho", "Resultados"), and
// beyond it. Every case is fitted to the 100-unit cube; 10,000 random rays (origin uniform in the
// cube, direction uniform on the sphere, fixed seed); for each case brute force, the paper's
// traversal and the ordered traversal over both placement policies, and Embree when available.
// Every octree answer is checked against brute force (exact t and triangle id).
#include <algorithm>
#include <chrono>
#include <cmath>
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

#include "bench/bench_command.h"
#include "bench/embree_rays.h"
#include "engine/geometry/mesh_triangles.h"
#include "engine/io/hits.h"
#include "engine/io/obj_loader.h"
#include "engine/io/rayset.h"
#include "engine/octree/brute_force_rays.h"
#include "engine/octree/octree.h"
#include "engine/octree/random_scenes.h"

namespace partlab::bench {
namespace {

struct Options {
  size_t rays = 10000;
  uint64_t seed = 1;
  bool quick = false;
  std::string csv, obj, rays_in, rays_out, hits_out;
  bool fit100 = false;
  size_t brute_rays = 0;  // 0: automatic (kPassSeconds)
  int repeats = 7;
  int max_depth = 0, leaf_size = 0;  // 0: automatic
  bool embree = true;
  std::vector<size_t> sizes = {1000, 2000, 5000, 10000, 20000, 50000, 100000};
  std::string only;  // comma-separated case names/kinds to run; empty = all
};

void PrintUsage() {
  std::printf(
      "usage: partlab-bench octree [options]\n"
      "  --rays N          random rays per case (default 10000)\n"
      "  --seed S          seed of rays and soups (default 1)\n"
      "  --quick           small soups, 500 rays, one pass: a correctness smoke test in seconds\n"
      "  --csv FILE        results as CSV (and FILE's stem + _depth.csv: triangles per depth)\n"
      "  --obj FILE        run this OBJ model only (with --fit100: fitted to the 100 cube)\n"
      "  --fit100          translate and scale --obj into the 100-unit cube (formats.md)\n"
      "  --rays-in FILE    use the rays of a RAYSET01 file instead of random ones\n"
      "  --rays-out FILE   write the rays used as RAYSET01\n"
      "  --hits-out FILE   write the first case's nearest t per ray as HITS0001\n"
      "  --brute-rays K    brute force times the first K rays (default: all rays, or as many\n"
      "                    as fit in 0.5 s per pass, at least 200; the same rule for every\n"
      "                    octree variant; Embree always runs all rays)\n"
      "  --repeats R       timed passes per method, median reported (default 7)\n"
      "  --max-depth D --leaf-size L   octree limits (default: automatic)\n"
      "  --sizes LIST      soup sizes, comma-separated (default 1000,2000,5000,...,100000)\n"
      "  --no-embree       skip Embree\n"
      "  --only LIST       comma-separated: low,medium,high,bunny,dragon_res2,dragon_vrip\n");
}

bool ParseOptions(std::span<char*> args, Options* o) {
  bool sizes_given = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "partlab-bench octree: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return args[++i];
    };
    auto number = [&]() -> unsigned long long {
      const std::string v = value();
      char* end = nullptr;
      const unsigned long long n = std::strtoull(v.c_str(), &end, 10);
      if (v.empty() || *end) {
        std::fprintf(stderr, "partlab-bench octree: %s expects a number, got '%s'\n", a.c_str(),
                     v.c_str());
        std::exit(2);
      }
      return n;
    };
    if (a == "--help" || a == "-h") {
      PrintUsage();
      std::exit(0);
    } else if (a == "--rays")
      o->rays = number();
    else if (a == "--seed")
      o->seed = number();
    else if (a == "--quick")
      o->quick = true;
    else if (a == "--csv")
      o->csv = value();
    else if (a == "--obj")
      o->obj = value();
    else if (a == "--fit100")
      o->fit100 = true;
    else if (a == "--rays-in")
      o->rays_in = value();
    else if (a == "--rays-out")
      o->rays_out = value();
    else if (a == "--hits-out")
      o->hits_out = value();
    else if (a == "--brute-rays")
      o->brute_rays = number();
    else if (a == "--repeats")
      o->repeats = std::max(1, int(number()));
    else if (a == "--max-depth")
      o->max_depth = int(number());
    else if (a == "--leaf-size")
      o->leaf_size = int(number());
    else if (a == "--sizes") {
      o->sizes.clear();
      const std::string list = value();
      for (size_t pos = 0; pos < list.size();) {
        const size_t comma = std::min(list.find(',', pos), list.size());
        o->sizes.push_back(std::strtoull(list.substr(pos, comma - pos).c_str(), nullptr, 10));
        pos = comma + 1;
      }
      sizes_given = true;
    } else if (a == "--no-embree")
      o->embree = false;
    else if (a == "--only")
      o->only = value().insert(0, 1, ',').append(1, ',');  // ",a,b," for whole-word lookups
    else {
      std::fprintf(stderr, "partlab-bench octree: unknown option '%s' (see --help)\n", a.c_str());
      return false;
    }
  }
  if (o->quick) {
    if (!sizes_given) o->sizes = {1000, 3000};
    if (o->rays == 10000) o->rays = 500;
    o->repeats = 1;
  }
  return true;
}

// ---- Cases ----
struct Case {
  std::string name;  // "low-10000", "bunny", ...
  std::string kind;  // "low", "medium", "high", "model"
  std::vector<Triangle> triangles;
};

std::string MachineName() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}

// The 1, 5 and 15 minute load averages: timings on this shared machine mean little without them.
std::string LoadAverage() {
  std::ifstream f("/proc/loadavg");
  std::string one, five, fifteen;
  if (!(f >> one >> five >> fifteen)) return "unknown";
  return one + " " + five + " " + fifteen;
}

// Loads an OBJ into a case, fitted to the 100 cube when asked; "" and a message on failure.
bool LoadModelCase(const std::string& path, const std::string& name, bool fit, Case* out) {
  if (!std::filesystem::exists(path)) {
    std::printf("# %s: skipped, %s not found (run scripts/fetch-models.sh)\n", name.c_str(),
                path.c_str());
    return false;
  }
  auto mesh = LoadObj(path);
  if (!mesh) {
    std::printf("# %s: skipped, %s\n", name.c_str(), mesh.error().c_str());
    return false;
  }
  *out = {name, "model", TrianglesOf(mesh.value())};
  if (const std::string why = fit ? FitTo100Cube(out->triangles) : ""; !why.empty()) {
    std::printf("# %s: skipped, %s: cannot fit to the 100-unit cube: %s\n", name.c_str(),
                path.c_str(), why.c_str());
    return false;
  }
  return true;
}

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
double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

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
};

bool SameAnswer(const RayHit& a, const RayHit& b) {
  return a.hit == b.hit && (!a.hit || (a.t == b.t && a.triangle == b.triangle));
}

// Load on this shared 2-core machine changes from second to second, so ours and Embree are timed
// back to back, alternating which goes first (ABBA), many times; each pair gives one ratio and the
// median of those is the figure reported. Both methods answer all rays in every pass. The clock is
// the thread's CPU time: with more runnable processes than cores, a wall-clock pass also counts
// the time slices other processes got, and a longer pass collects more of them, which would
// inflate the ratio of the slower method by the load rather than by its own work.
constexpr int kEmbreePairs = 21;
double ThreadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}
template <class Method>
void PairWithEmbree(Method& ours, Method& embree, CaseResult* res) {
  auto time_pass = [](Method& m) {
    const double t0 = ThreadCpuSeconds();
    m.pass(m.row.rays_timed, m.answers);
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
    std::function<void(size_t count, std::vector<RayHit>&)> pass;  // the first `count` rays
    bool all_rays;  // Embree answers all rays in one call: never a subset
    std::vector<RayHit> answers = {};
    std::vector<double> seconds = {};
    double total = 0;
  };
  std::vector<Method> methods;
  methods.push_back({MakeRow("brute", "-", "-", 0),
                     [&](size_t count, std::vector<RayHit>& out) {
                       for (size_t i = 0; i < count; ++i)
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
                         [&tree, tr, &rays](size_t count, std::vector<RayHit>& out) {
                           for (size_t i = 0; i < count; ++i) out[i] = tree.Nearest(rays[i], tr);
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
      methods.push_back(
          {r, [&](size_t, std::vector<RayHit>&) { embree->Intersect(rays, &embree_t, &embree_id); },
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
    m.pass(probe, m.answers);
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
      m.pass(m.row.rays_timed, m.answers);
      m.seconds.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      m.total += m.seconds.back();
    }
  // Counters in an untimed pass over the same rays; every octree's answers checked against brute
  // force's and against ours (leaf placement, ordered traversal) on the rays both ran.
  const size_t nb = methods[0].row.rays_timed;
  for (size_t i = 0; i < nb; ++i) BruteForceNearest(prepared, rays[i], {}, &methods[0].row.stats);
  const std::vector<RayHit>& reference = methods[4].answers;  // ours
  const size_t nr = methods[4].row.rays_timed;
  for (size_t k = 1; k < octree_end; ++k) {
    const Octree& tree = trees[(k - 1) / 2];
    const Traversal tr = (k - 1) % 2 ? Traversal::kOrdered : Traversal::kPaper;
    Row& row = methods[k].row;
    for (size_t i = 0; i < row.rays_timed; ++i) tree.Nearest(rays[i], tr, {}, &row.stats);
    for (size_t i = 0; i < std::min(nb, row.rays_timed); ++i)
      row.mismatches += !SameAnswer(methods[k].answers[i], methods[0].answers[i]);
    for (size_t i = 0; i < std::min(nr, row.rays_timed); ++i)
      row.mismatches += !SameAnswer(methods[k].answers[i], reference[i]);
  }
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
  if (embree && ours.row.rays_timed == rays.size()) {
    PairWithEmbree(methods[4], methods.back(), &res);
    res.embree_wall_ratio = WallClockChunkRatio(trees[1], *embree, rays);
  }
  if (hits_out) {  // all rays, even when ours was timed on a prefix
    hits_out->resize(rays.size());
    for (size_t i = 0; i < rays.size(); ++i) {
      const RayHit h = trees[1].Nearest(rays[i], Traversal::kOrdered);
      (*hits_out)[i] = h.hit ? h.t : INFINITY;
    }
  }
  if (embree) {
    Row& r = res.rows.back();
    size_t shown = 0;
    for (size_t i = 0; i < nr; ++i) {
      const bool eh = std::isfinite(embree_t[i]);
      const RayHit& ref = reference[i];
      const bool differ =
          eh != ref.hit || (eh && std::fabs(embree_t[i] - ref.t) > 1e-4f * std::fmax(1.0f, ref.t));
      if (!differ) continue;
      ++r.mismatches;
      if (shown++ < 3)
        std::printf("# %s: ray %zu: octree %s t=%.7g id=%u, embree %s t=%.7g id=%u\n",
                    c.name.c_str(), i, ref.hit ? "hit" : "miss", double(ref.t), ref.triangle,
                    eh ? "hit" : "miss", double(embree_t[i]), embree_id[i]);
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

// The targets, checked on this run's medians.
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
    if (r.c->kind != "model" || r.n < 100000) continue;
    const Row* ours = FindRow(r, "octree", "leaf", "ordered");
    const Row* embree = FindRow(r, "embree", "bvh", "rtcIntersect1");
    std::printf("# %s: %.0fx faster than brute force (target >= 1000x: %s)", r.c->name.c_str(),
                r.brute_us / ours->us_per_ray,
                r.brute_us / ours->us_per_ray >= 1000 ? "met" : "MISSED");
    if (embree && r.embree_ratio > 0)
      std::printf(
          "; %.2fx Embree's time (thread CPU time, median of %d interleaved pairs, range "
          "%.2f-%.2f; target <= 4x: %s; wall clock, median over %zu-ray chunk pairs: %.2fx)",
          r.embree_ratio, kEmbreePairs, r.embree_ratio_low, r.embree_ratio_high,
          r.embree_ratio <= 4.0 ? "met" : "MISSED", kChunkRays, r.embree_wall_ratio);
    std::printf("\n");
  }
}

int RunOctreeBench(std::span<char*> args) {
  Options o;
  if (!ParseOptions(args, &o)) return 2;

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
    const std::string cache = PARTLAB_MODEL_CACHE;
    const std::pair<std::string, std::string> models[] = {
        {"bunny", std::string(PARTLAB_ASSET_DIR) + "/models/bunny.obj"},
        {"dragon_res2", cache + "/dragon_res2.obj"},
        {"dragon_vrip", cache + "/dragon_vrip.obj"}};
    for (const auto& [name, path] : models) {
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
      "# diff: answers (t, triangle id) differing from brute force's or from ours on the rays "
      "both\n"
      "#   ran; Embree's: hit/miss or t differing from ours by more than 1e-4 relative\n",
      rays.size(),
      o.rays_in.empty() ? ("random, seed " + std::to_string(o.seed)).c_str() : o.rays_in.c_str(),
      o.repeats);
  PrintHeader();
  std::vector<CaseResult> results;
  std::vector<float> hits;
  size_t mismatches = 0;
  for (Case& c : cases) {
    results.push_back(
        RunCase(c, rays, o, !o.hits_out.empty() && results.empty() ? &hits : nullptr));
    PrintRows(results.back());
    NoteIfNoRayHit(results.back(), c.kind != "model" || o.fit100 || o.obj.empty());
    for (const Row& row : results.back().rows)
      if (row.method == "octree") mismatches += row.mismatches;
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
  if (!o.hits_out.empty() && !hits.empty()) {
    const std::string err = WriteHits(o.hits_out, hits);
    if (!err.empty()) {
      std::fprintf(stderr, "partlab-bench octree: %s\n", err.c_str());
      return 1;
    }
  }
  if (mismatches) {
    std::printf("# FAILED: %zu octree answers differ from brute force\n", mismatches);
    return 1;
  }
  std::printf("# all octree answers equal brute force's\n");
  return 0;
}

const bool kRegistered = RegisterBenchCommand(
    {"octree", "the octree paper's ray-triangle benchmark (brute force, paper, ordered, Embree)",
     &RunOctreeBench});

}  // namespace
}  // namespace partlab::bench
