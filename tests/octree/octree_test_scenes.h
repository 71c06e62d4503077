// Scenes shared by the octree tests: the paper's three soups plus a closed mesh-like grid whose
// shared edges and vertices make rays hit several triangles at exactly the same t.
#pragma once

#include <vector>

#include "engine/octree/octree.h"
#include "engine/octree/random_scenes.h"

namespace partlab::testing {

// A height field over [-40, 40]^2 (two triangles per quad, shared edges), plus an exact duplicate
// of every 7th triangle appended at the end: equal t, and the lower id must win.
inline std::vector<Triangle> GridWithDuplicates(int n) {
  std::vector<Triangle> out;
  auto h = [](float x, float y) { return 5.0f * std::sin(0.1f * x) * std::cos(0.13f * y); };
  const float step = 80.0f / float(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const float x0 = -40 + i * step, y0 = -40 + j * step, x1 = x0 + step, y1 = y0 + step;
      const glm::vec3 a{x0, y0, h(x0, y0)}, b{x1, y0, h(x1, y0)}, c{x1, y1, h(x1, y1)},
          d{x0, y1, h(x0, y1)};
      out.push_back({a, b, c});
      out.push_back({a, c, d});
    }
  const size_t base = out.size();
  for (size_t i = 0; i < base; i += 7) out.push_back(out[i]);
  return out;
}

// Rays that stress the boundaries: the paper's random rays plus axis-parallel ones through cell
// mid-planes and vertices, some starting outside the root.
inline std::vector<Ray> TestRays(size_t count, uint64_t seed) {
  std::vector<Ray> rays = MakeRandomRays(count, seed);
  const float coords[] = {-50.0f, -25.0f, -12.5f, 0.0f, 12.5f, 25.0f, 3.1f};
  for (float a : coords)
    for (float b : coords) {
      rays.push_back({{a, b, 70.0f}, {0, 0, -1}});
      rays.push_back({{-70.0f, a, b}, {1, 0, 0}});
      rays.push_back({{a, 60.0f, b}, {0, -2, 0}});
      rays.push_back({{a, b, 0.0f}, {0.5f, 0.5f, 0}});
    }
  return rays;
}

}  // namespace partlab::testing
