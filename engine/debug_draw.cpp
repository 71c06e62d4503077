#include "engine/debug_draw.h"

namespace partlab {

void DebugDraw::BoxEdges(const Aabb& b, const Color& color) {
  const glm::vec3 c[8] = {{b.min.x, b.min.y, b.min.z}, {b.max.x, b.min.y, b.min.z},
                          {b.max.x, b.max.y, b.min.z}, {b.min.x, b.max.y, b.min.z},
                          {b.min.x, b.min.y, b.max.z}, {b.max.x, b.min.y, b.max.z},
                          {b.max.x, b.max.y, b.max.z}, {b.min.x, b.max.y, b.max.z}};
  static constexpr int kEdges[12][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6},
                                        {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
  for (const auto& e : kEdges) Line(c[e[0]], c[e[1]], color);
}

}  // namespace partlab
