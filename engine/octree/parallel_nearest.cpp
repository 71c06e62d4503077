#include "engine/octree/parallel_nearest.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <thread>
#include <vector>

namespace partlab {
namespace {
// Rays per block taken from the counter: enough that taking one costs nothing next to answering
// it, few enough that the last blocks balance the threads.
constexpr size_t kBlockRays = 64;
}  // namespace

void NearestHitsInParallel(const Octree& tree, std::span<const Ray> rays, std::span<RayHit> hits,
                           Traversal traversal, unsigned threads) {
  assert(hits.size() == rays.size());
  std::atomic<size_t> next{0};
  const auto answer_blocks = [&] {
    for (;;) {
      const size_t begin = next.fetch_add(kBlockRays, std::memory_order_relaxed);
      if (begin >= rays.size()) return;
      const size_t end = std::min(begin + kBlockRays, rays.size());
      for (size_t i = begin; i < end; ++i) hits[i] = tree.Nearest(rays[i], traversal);
    }
  };
  std::vector<std::jthread> helpers;  // joined when they go out of scope
  for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(answer_blocks);
  answer_blocks();
}

}  // namespace partlab
