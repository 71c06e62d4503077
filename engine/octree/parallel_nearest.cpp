#include "engine/octree/parallel_nearest.h"

#include <cassert>

#include "engine/parallel_blocks.h"

namespace partlab {
namespace {
// Rays per block taken from the counter: enough that taking one costs nothing next to answering
// it, few enough that the last blocks balance the threads.
constexpr size_t kBlockRays = 64;
}  // namespace

void NearestHitsInParallel(const Octree& tree, std::span<const Ray> rays, std::span<RayHit> hits,
                           Traversal traversal, unsigned threads) {
  assert(hits.size() == rays.size());
  ForEachBlockInParallel(rays.size(), kBlockRays, threads, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) hits[i] = tree.Nearest(rays[i], traversal);
  });
}

}  // namespace partlab
