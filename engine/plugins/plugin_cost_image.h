// The cost heatmap for a ray-structure plugin (include/partlab/plugin.h): the same pixel rays as
// the octree's heatmap (CostPixelRay, engine/octree/octree_cost_image.h), each counted as the
// nodes the plugin's intersect_traced reports entering, so its cost reads beside the octree's
// cells visited ("nós navegados", 3.1 Resultados). No GL: the app colours the counts.
#pragma once

#include <cstdint>
#include <glm/vec2.hpp>
#include <vector>

#include "engine/plugins/ray_structure_plugin.h"
#include "engine/view/orbit_camera.h"

namespace partlab {

// Counts per pixel, row 0 at the top, as CostImage's.
struct PluginCostImage {
  int width = 0, height = 0;
  std::vector<uint32_t> nodes;  // node boxes reported, at most kMaxPluginVisits per ray
  std::vector<uint8_t> bad;  // 1 where the plugin broke its promise on the ray (answer or visits)

  void Resize(int w, int h);  // keeps capacity, so re-tracing at the same size allocates nothing
  uint32_t Max() const;
  size_t BadRays() const;
};

// Traces rows [row_begin, row_end) of `image` (already Resize'd) through the plugin's
// intersect_traced (PluginRayStructure::CountTraced: reentrant, so slices may run on a worker
// while the UI thread asks the plugin other rays).
void TracePluginCostRows(const PluginRayStructure& plugin, const OrbitCamera& camera,
                         glm::vec2 framebuffer_size, PluginCostImage& image, int row_begin,
                         int row_end);

}  // namespace partlab
