// The testbed's cost heatmap: one ray per pixel of a reduced-resolution image, cast from
// the camera through the scene's octree with both traversals, recording how much work each ray did
// — the cells whose triangles were tested ("nós navegados") and the Möller–Trumbore tests run
// ("triângulos considerados no teste fino"), the two costs the paper's Resultados tables compare.
// No GL: the app colours the counts with CostRampColor and uploads them as one texture.
#pragma once

#include <cstdint>
#include <glm/vec2.hpp>
#include <vector>

#include "engine/debug_draw.h"
#include "engine/octree/octree.h"
#include "engine/view/orbit_camera.h"

namespace partlab {

enum class CostMetric { kNodesVisited, kTrianglesTested };

// Counts per pixel, row 0 at the top (as the framebuffer pixels RayThroughPixel takes), one plane
// per traversal: index 0 = Traversal::kPaper, 1 = Traversal::kOrdered.
struct CostImage {
  int width = 0, height = 0;
  std::vector<uint32_t> nodes[2];
  std::vector<uint32_t> tests[2];
  std::vector<uint8_t> hit;  // 1 where the ray hit a triangle

  void Resize(int w, int h);  // keeps capacity, so re-tracing at the same size allocates nothing
  const std::vector<uint32_t>& Plane(Traversal t, CostMetric m) const {
    const int i = t == Traversal::kPaper ? 0 : 1;
    return m == CostMetric::kNodesVisited ? nodes[i] : tests[i];
  }
  uint32_t Max(CostMetric m) const;  // over both traversals, so both share one colour scale
};

// The ray of image pixel (x, y): through the centre of the block of framebuffer pixels it covers.
PickRay CostPixelRay(const OrbitCamera& camera, glm::vec2 framebuffer_size, int image_width,
                     int image_height, int x, int y);

// Traces rows [row_begin, row_end) of `image` (already Resize'd): each pixel's ray, nearest-hit
// query, both traversals. Rows are independent, so a worker can fill the image in slices.
void TraceCostRows(const Octree& tree, const OrbitCamera& camera, glm::vec2 framebuffer_size,
                   CostImage& image, int row_begin, int row_end);

// A perceptually ordered dark-to-bright ramp (inferno-like) for t in [0, 1]; the heatmap and its
// legend use the same function.
Color CostRampColor(float t);
// Where a count falls on the ramp: log scale, since costs span orders of magnitude (a ray through
// empty space visits nothing; one along a dense surface, hundreds of cells).
float CostRampPosition(uint32_t count, uint32_t max_count);

}  // namespace partlab
