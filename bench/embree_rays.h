// Embree 3 (Intel's production ray tracing kernels, Debian's libembree-dev) as the outside
// yardstick for the octree bench: the same triangles, the same rays, rtcIntersect1 one ray at a
// time in one thread. Compiled to a stub that reports "unavailable" when CMake does not find
// Embree.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/geometry/ray.h"
#include "engine/geometry/triangle.h"

namespace partlab::bench {

struct EmbreeRun {
  bool available = false;
  std::string version;             // "3.13.5"
  double build_seconds = 0.0;      // rtcCommitScene
  std::vector<double> seconds;     // one entry per timed pass over all rays
  std::vector<float> t;            // nearest t per ray, +inf for a miss
  std::vector<uint32_t> triangle;  // its triangle id (index into the caller's list)
};

// Skips triangles FindDefect rejects, as the octree does; times `passes` passes over `rays`.
EmbreeRun RunEmbree(std::span<const Triangle> triangles, std::span<const Ray> rays, int passes);

}  // namespace partlab::bench
