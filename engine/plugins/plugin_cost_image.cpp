#include "engine/plugins/plugin_cost_image.h"

#include <algorithm>

#include "engine/octree/octree_cost_image.h"

namespace partlab {

void PluginCostImage::Resize(int w, int h) {
  width = std::max(w, 0);
  height = std::max(h, 0);
  const size_t n = size_t(width) * size_t(height);
  nodes.assign(n, 0);
  bad.assign(n, 0);
}

uint32_t PluginCostImage::Max() const {
  return nodes.empty() ? 0 : *std::max_element(nodes.begin(), nodes.end());
}

size_t PluginCostImage::BadRays() const {
  return size_t(std::count(bad.begin(), bad.end(), uint8_t(1)));
}

void TracePluginCostRows(const PluginRayStructure& plugin, const OrbitCamera& camera,
                         glm::vec2 framebuffer_size, PluginCostImage& image, int row_begin,
                         int row_end) {
  for (int y = std::max(row_begin, 0); y < std::min(row_end, image.height); ++y) {
    for (int x = 0; x < image.width; ++x) {
      const PickRay pick = CostPixelRay(camera, framebuffer_size, image.width, image.height, x, y);
      const PluginTraceCount c = plugin.CountTraced(Ray{pick.origin, pick.dir});
      const size_t i = size_t(y) * size_t(image.width) + size_t(x);
      image.nodes[i] = c.nodes;
      image.bad[i] = c.hit.bad || c.bad_visits ? 1 : 0;
    }
  }
}

}  // namespace partlab
