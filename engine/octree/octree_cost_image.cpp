#include "engine/octree/octree_cost_image.h"

#include <algorithm>
#include <cmath>

namespace partlab {

void CostImage::Resize(int w, int h) {
  width = std::max(w, 0);
  height = std::max(h, 0);
  const size_t n = size_t(width) * size_t(height);
  for (int i = 0; i < 2; ++i) {
    nodes[i].assign(n, 0);
    tests[i].assign(n, 0);
  }
  hit.assign(n, 0);
}

uint32_t CostImage::Max(CostMetric m) const {
  uint32_t best = 0;
  for (Traversal t : {Traversal::kPaper, Traversal::kOrdered})
    for (uint32_t c : Plane(t, m)) best = std::max(best, c);
  return best;
}

PickRay CostPixelRay(const OrbitCamera& camera, glm::vec2 framebuffer_size, int image_width,
                     int image_height, int x, int y) {
  const glm::vec2 pixel((float(x) + 0.5f) * framebuffer_size.x / float(image_width),
                        (float(y) + 0.5f) * framebuffer_size.y / float(image_height));
  return camera.RayThroughPixel(pixel, framebuffer_size);
}

void TraceCostRows(const Octree& tree, const OrbitCamera& camera, glm::vec2 framebuffer_size,
                   CostImage& image, int row_begin, int row_end) {
  const RayTriangleOptions options;  // two-sided, as the mesh viewer's picking
  for (int y = std::max(row_begin, 0); y < std::min(row_end, image.height); ++y) {
    for (int x = 0; x < image.width; ++x) {
      const PickRay pick = CostPixelRay(camera, framebuffer_size, image.width, image.height, x, y);
      const Ray ray{pick.origin, pick.dir};
      const size_t i = size_t(y) * size_t(image.width) + size_t(x);
      bool any_hit = false;
      for (int k = 0; k < 2; ++k) {
        QueryStats stats;
        const RayHit hit =
            tree.Nearest(ray, k == 0 ? Traversal::kPaper : Traversal::kOrdered, options, &stats);
        image.nodes[k][i] = uint32_t(stats.nodes_visited);
        image.tests[k][i] = uint32_t(stats.triangle_tests);
        any_hit |= hit.hit;
      }
      image.hit[i] = any_hit ? 1 : 0;
    }
  }
}

Color CostRampColor(float t) {
  // Key colours of matplotlib's "inferno", linearly interpolated: black-purple to pale yellow.
  static const Color kKeys[] = {{0.001f, 0.000f, 0.014f, 1}, {0.258f, 0.039f, 0.406f, 1},
                                {0.578f, 0.148f, 0.404f, 1}, {0.865f, 0.317f, 0.226f, 1},
                                {0.988f, 0.645f, 0.040f, 1}, {0.988f, 0.998f, 0.645f, 1}};
  constexpr int kSegments = int(std::size(kKeys)) - 1;
  const float s = std::clamp(t, 0.0f, 1.0f) * kSegments;
  const int i = std::min(int(s), kSegments - 1);
  const float f = s - float(i);
  return kKeys[i] * (1.0f - f) + kKeys[i + 1] * f;
}

float CostRampPosition(uint32_t count, uint32_t max_count) {
  if (max_count == 0) return 0.0f;
  return float(std::log1p(double(count)) / std::log1p(double(max_count)));
}

}  // namespace partlab
