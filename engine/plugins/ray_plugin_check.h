// A ray-structure plugin's answers checked ray by ray, as the octree bench checks them
// (docs/plugins.md, section 5): an answer that agrees with our octree's (itself equal to brute
// force, tests/octree) is settled; a disagreement goes to brute force, "o algoritmo básico" of the
// octree paper (1.1 Detecção de colisão), which decides. A ray the plugin answered with a broken
// promise (NaN, non-positive t, a triangle index past the count) is wrong whatever brute force
// says.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/geometry/ray.h"
#include "engine/octree/octree.h"
#include "engine/octree/prepared_triangles.h"
#include "engine/plugins/ray_structure_plugin.h"

namespace partlab {

// Two answers agree when both miss, or both hit within 1e-4 relative (the bench's tolerance).
bool SameDistance(float a, float b);

// One ray the plugin got wrong: brute force's answer and the plugin's.
struct WrongRay {
  uint32_t ray = 0;         // index in the checked rays
  float expected_t = 0.0f;  // brute force; +infinity for a miss
  uint32_t expected_triangle = UINT32_MAX;
  float got_t = 0.0f;           // the plugin's, +infinity for a miss (or for a broken promise)
  bool broken_promise = false;  // NaN, non-positive t, or a triangle index out of range
};

struct RayPluginCheck {
  size_t rays = 0;
  std::vector<WrongRay> wrong;        // ascending by ray
  size_t settled_by_brute_force = 0;  // disagreements with the octree that brute force decided
  double plugin_seconds = 0.0;
  std::string violation;  // the plugin's first broken promise, "" if none
};

// The plugin (built on the octree's triangles) against `tree`'s ordered traversal and, where they
// differ, brute force over `prepared` (the same triangles).
RayPluginCheck CheckRayPlugin(PluginRayStructure& plugin, const Octree& tree,
                              const PreparedTriangles& prepared, std::span<const Ray> rays);

}  // namespace partlab
