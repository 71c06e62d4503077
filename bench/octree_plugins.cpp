#include "bench/octree_plugins.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "bench/bench_stats.h"
#include "bench/octree_reference.h"
#include "engine/octree/brute_force_rays.h"

namespace partlab::bench {
namespace {

constexpr size_t kWrongShown = 3;  // per plugin and case

void PrintWrong(const std::string& plugin, const std::string& case_name, size_t i, float t,
                const RayHit& truth) {
  std::printf("# WRONG HITS: plugin %s on %s, ray %zu:", plugin.c_str(), case_name.c_str(), i);
  if (std::isinf(t))
    std::printf(" plugin miss;");
  else
    std::printf(" plugin hit t=%.9g;", double(t));
  if (truth.hit)
    std::printf(" brute force hit t=%.9g triangle %u\n", double(truth.t), truth.triangle);
  else
    std::printf(" brute force miss\n");
}

}  // namespace

RayPluginRun RunRayPlugin(PluginRayStructure& plugin, const std::string& case_name,
                          std::span<const Triangle> triangles, std::span<const Ray> rays,
                          const Octree& checked_octree, int repeats) {
  RayPluginRun run;
  const std::string name(plugin.Name());
  const auto t0 = std::chrono::steady_clock::now();
  run.failure = plugin.Build(triangles);
  run.build_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  run.memory = plugin.MemoryBytes();
  if (!run.failure.empty()) {
    run.wrong = rays.size();
    std::printf("# WRONG HITS: plugin %s on %s: cannot build: %s\n", name.c_str(),
                case_name.c_str(), run.failure.c_str());
    return run;
  }
  std::vector<float> t(rays.size());
  std::vector<double> seconds;
  double total = 0;
  for (int pass = 0; pass < repeats && (pass == 0 || total < 4.0); ++pass) {
    const auto start = std::chrono::steady_clock::now();
    for (size_t i = 0; i < rays.size(); ++i) t[i] = plugin.Intersect(rays[i]);
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    total += seconds.back();
  }
  run.us_per_ray = 1e6 * Median(seconds) / double(rays.size());
  run.failure = plugin.LastContractViolation();
  if (!run.failure.empty())
    std::printf("# WRONG HITS: plugin %s on %s: %s\n", name.c_str(), case_name.c_str(),
                run.failure.c_str());
  // Agreeing with the checked octree settles a ray; a disagreement goes to brute force.
  const PreparedTriangles prepared(triangles);
  for (size_t i = 0; i < rays.size(); ++i) {
    if (AgreesWithinTolerance(checked_octree.Nearest(rays[i], Traversal::kOrdered), t[i])) continue;
    const RayHit truth = BruteForceNearest(prepared, rays[i]);
    if (AgreesWithinTolerance(truth, t[i])) continue;
    if (run.wrong++ < kWrongShown) PrintWrong(name, case_name, i, t[i], truth);
  }
  return run;
}

}  // namespace partlab::bench
