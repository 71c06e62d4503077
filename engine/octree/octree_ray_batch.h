// The paper's batch experiment on the testbed's current scene: 10,000 random rays
// ("um raio diferente em cada teste, de posição e direção aleatórias", section "Fatores de
// estudo"), answered by the brute force ("algoritmo básico") and by the octree with both
// traversals, timed in interleaved slices so a UI can run it a slice at a time on a worker and show
// progress.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/geometry/aabb.h"
#include "engine/octree/brute_force_rays.h"
#include "engine/octree/octree.h"

namespace partlab {

// The paper's rays live in the 100-unit cube every case is fitted to; here the same rays are mapped
// into the cube around the scene's bounding box (same centre, edge = the largest extent), so the
// experiment runs on the scene as drawn.
std::vector<Ray> MakeBatchRays(const Aabb& scene_bounds, size_t count, uint64_t seed);

// The brute force answers only the first brute_rays rays (all of them by default): on a
// 200k-triangle model the full 10,000 take minutes. Speedups compare the methods on those same
// rays; the octree's totals cover every ray.
struct RayBatch {
  std::vector<Ray> rays;
  size_t brute_rays = 0;               // rays [0, brute_rays) are also answered by the brute force
  std::vector<RayHit> brute_hits;      // the reference answer of each ray
  std::vector<RayHit> octree_hits[2];  // [0] paper traversal, [1] ordered
  QueryStats brute, octree[2];         // summed over the rays done so far
  double brute_seconds = 0.0, octree_seconds[2] = {0.0, 0.0};
  double octree_seconds_on_brute_rays[2] = {0.0, 0.0};  // the octree's time on [0, brute_rays)
  size_t mismatches[2] = {0, 0};  // rays of [0, brute_rays) whose octree answer differs
  size_t done = 0;                // rays [0, done) are answered

  // brute_limit: how many rays the brute force answers (SIZE_MAX: all).
  void Reset(std::vector<Ray> new_rays, size_t brute_limit = SIZE_MAX);
  // Brute-force time over octree time on the rays both answered.
  double Speedup(int traversal) const {
    return octree_seconds_on_brute_rays[traversal] > 0.0
               ? brute_seconds / octree_seconds_on_brute_rays[traversal]
               : 0.0;
  }
  bool Finished() const { return done == rays.size(); }
};

// Answers rays [batch.done, batch.done + count) with the three methods, each timed over the whole
// slice (so the clock's overhead is per slice, not per ray), and compares the octree to the brute
// force ray by ray.
void RunRayBatchSlice(const Octree& tree, const PreparedTriangles& triangles, RayBatch& batch,
                      size_t count);

}  // namespace partlab
