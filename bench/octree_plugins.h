// partlab-bench octree --plugin PATH: a ray-structure plugin (include/partlab/plugin.h) run on the
// same case and rays as the octree and Embree, timed like them, and every answer checked: where it
// differs from the octree's (itself checked against brute force and Embree in the same run,
// octree_reference.h) by more than kEmbreeTolerance, brute force decides, and an answer brute force
// disproves is a wrong hit, printed with the ray.
#pragma once

#include <span>
#include <string>

#include "engine/geometry/ray.h"
#include "engine/geometry/triangle.h"
#include "engine/octree/octree.h"
#include "engine/plugins/ray_structure_plugin.h"

namespace partlab::bench {

struct RayPluginRun {
  double build_ms = 0, us_per_ray = 0;
  size_t memory = 0;
  size_t wrong = 0;     // answers brute force disproves (a plugin that cannot build: every ray)
  std::string failure;  // the plugin's refusal to build, or the first bad value it returned
};

// Builds `plugin` on `triangles`, times `repeats` passes over `rays` (fewer once 4 s are used),
// and checks every answer; prints "# WRONG HITS: ..." for the first few wrong ones.
RayPluginRun RunRayPlugin(PluginRayStructure& plugin, const std::string& case_name,
                          std::span<const Triangle> triangles, std::span<const Ray> rays,
                          const Octree& checked_octree, int repeats);

}  // namespace partlab::bench
