#include "engine/octree/octree_ray_batch.h"

#include <algorithm>
#include <chrono>

#include "engine/octree/random_scenes.h"

namespace partlab {

std::vector<Ray> MakeBatchRays(const Aabb& scene_bounds, size_t count, uint64_t seed) {
  std::vector<Ray> rays = MakeRandomRays(count, seed);
  if (scene_bounds.IsEmpty()) return rays;
  const glm::vec3 e = scene_bounds.Extent();
  const float scale = std::max({e.x, e.y, e.z, 1e-6f}) / 100.0f;
  const glm::vec3 centre = scene_bounds.Center();
  for (Ray& r : rays) r.origin = centre + r.origin * scale;  // directions are scale-free
  return rays;
}

void RayBatch::Reset(std::vector<Ray> new_rays, size_t brute_limit) {
  rays = std::move(new_rays);
  brute_rays = std::min(brute_limit, rays.size());
  brute_hits.assign(rays.size(), RayHit{});
  for (int k = 0; k < 2; ++k) {
    octree_hits[k].assign(rays.size(), RayHit{});
    octree[k] = {};
    octree_seconds[k] = 0.0;
    octree_seconds_on_brute_rays[k] = 0.0;
    mismatches[k] = 0;
  }
  brute = {};
  brute_seconds = 0.0;
  done = 0;
}

namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

bool SameAnswer(const RayHit& a, const RayHit& b) {
  return a.hit == b.hit && (!a.hit || (a.triangle == b.triangle && a.t == b.t));
}

}  // namespace

void RunRayBatchSlice(const Octree& tree, const PreparedTriangles& triangles, RayBatch& batch,
                      size_t count) {
  const size_t begin = batch.done;
  const size_t end = std::min(batch.rays.size(), begin + count);
  const size_t brute_end = std::clamp(batch.brute_rays, begin, end);  // [begin, brute_end): both
  const RayTriangleOptions options;
  const auto start = Clock::now();
  for (size_t i = begin; i < brute_end; ++i)
    batch.brute_hits[i] = BruteForceNearest(triangles, batch.rays[i], options, &batch.brute);
  batch.brute_seconds += SecondsSince(start);
  for (int k = 0; k < 2; ++k) {
    const Traversal traversal = k == 0 ? Traversal::kPaper : Traversal::kOrdered;
    auto answer = [&](size_t from, size_t to) {
      const auto t0 = Clock::now();
      for (size_t i = from; i < to; ++i)
        batch.octree_hits[k][i] = tree.Nearest(batch.rays[i], traversal, options, &batch.octree[k]);
      return SecondsSince(t0);
    };
    const double on_brute_rays = answer(begin, brute_end);
    batch.octree_seconds_on_brute_rays[k] += on_brute_rays;
    batch.octree_seconds[k] += on_brute_rays + answer(brute_end, end);
    for (size_t i = begin; i < brute_end; ++i)
      batch.mismatches[k] += SameAnswer(batch.octree_hits[k][i], batch.brute_hits[i]) ? 0 : 1;
  }
  batch.done = end;
}

}  // namespace partlab
