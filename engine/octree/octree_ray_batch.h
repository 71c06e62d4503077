// The paper's batch experiment on the testbed's current scene (issue 4): 10,000 random rays
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

struct RayBatch {
  std::vector<Ray> rays;
  std::vector<RayHit> brute_hits;      // the reference answer of each ray
  std::vector<RayHit> octree_hits[2];  // [0] paper traversal, [1] ordered
  QueryStats brute, octree[2];         // summed over the rays done so far
  double brute_seconds = 0.0, octree_seconds[2] = {0.0, 0.0};
  size_t mismatches[2] = {0, 0};  // rays whose octree answer differs from the brute force
  size_t done = 0;                // rays [0, done) are answered

  void Reset(std::vector<Ray> new_rays);
  bool Finished() const { return done == rays.size(); }
};

// Answers rays [batch.done, batch.done + count) with the three methods, each timed over the whole
// slice (so the clock's overhead is per slice, not per ray), and compares the octree to the brute
// force ray by ray.
void RunRayBatchSlice(const Octree& tree, const PreparedTriangles& triangles, RayBatch& batch,
                      size_t count);

}  // namespace partlab
