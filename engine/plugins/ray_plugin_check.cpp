#include "engine/plugins/ray_plugin_check.h"

#include <chrono>
#include <cmath>

#include "engine/octree/brute_force_rays.h"

namespace partlab {

bool SameDistance(float a, float b) {
  const bool a_hit = std::isfinite(a), b_hit = std::isfinite(b);
  if (a_hit != b_hit) return false;
  return !a_hit || std::fabs(a - b) <= 1e-4f * std::fmax(1.0f, std::fabs(a));
}

RayPluginCheck CheckRayPlugin(PluginRayStructure& plugin, const Octree& tree,
                              const PreparedTriangles& prepared, std::span<const Ray> rays) {
  RayPluginCheck check;
  check.rays = rays.size();
  std::vector<float> t(rays.size());
  const auto start = std::chrono::steady_clock::now();
  plugin.IntersectBatch(rays, t);
  check.plugin_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  check.violation = plugin.LastContractViolation();
  const std::span<const uint32_t> bad = plugin.BadRays();
  size_t next_bad = 0;
  for (size_t i = 0; i < rays.size(); ++i) {
    const bool broken = next_bad < bad.size() && bad[next_bad] == i;
    next_bad += broken;
    if (!broken && SameDistance(tree.Nearest(rays[i], Traversal::kOrdered).t, t[i])) continue;
    const RayHit truth = BruteForceNearest(prepared, rays[i]);
    ++check.settled_by_brute_force;
    if (!broken && SameDistance(truth.t, t[i])) continue;
    check.wrong.push_back({uint32_t(i), truth.hit ? truth.t : INFINITY,
                           truth.hit ? truth.triangle : UINT32_MAX, t[i], broken});
  }
  return check;
}

}  // namespace partlab
