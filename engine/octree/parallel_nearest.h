// A batch of rays' nearest hits over several threads: beyond the paper's one core. Every ray is
// still answered by Octree::Nearest alone, so each answer is the one-thread answer, bit for bit;
// only which thread computes it changes. The threads take blocks of rays from a shared counter
// (engine/parallel_blocks.h).
#pragma once

#include <span>

#include "engine/octree/octree.h"

namespace partlab {

// hits[i] = tree.Nearest(rays[i], traversal) for every i, computed on `threads` threads (the
// calling one and threads - 1 started for the call; 0 or 1: the calling thread alone).
// hits.size() must equal rays.size().
void NearestHitsInParallel(const Octree& tree, std::span<const Ray> rays, std::span<RayHit> hits,
                           Traversal traversal, unsigned threads);

}  // namespace partlab
