#include "app/views/simulation/sim_cut_directions.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace partlab {

namespace {

// How many of x, y, z a direction uses: 1 an axis, 2 a face diagonal, 3 a body diagonal.
int NonZeroComponents(const glm::vec3& d) {
  return int(std::fabs(d.x) > 1e-4f) + int(std::fabs(d.y) > 1e-4f) + int(std::fabs(d.z) > 1e-4f);
}

}  // namespace

void DrawCutDirections(const SemiAdjustingBsp& bsp, const Aabb& around, DebugDraw& draw) {
  namespace c = cut_direction_colours;
  if (around.IsEmpty()) return;
  const glm::vec3 centre = around.Center();
  const glm::vec3 size = around.Extent();
  const float length = 0.3f * std::max(glm::length(size), 1e-3f);
  draw.Point(centre, 10.0f, {1, 1, 1, 1});
  for (int i = 0; i < kCutDirectionCount; ++i) {
    const glm::vec3 d = bsp.Direction(i);
    const int kind = NonZeroComponents(d);
    const Color& colour = kind == 1 ? c::kAxis : kind == 2 ? c::kFaceDiagonal : c::kBodyDiagonal;
    draw.Line(centre, centre + length * d, colour);
    draw.Point(centre + length * d, 8.0f, colour);
  }
}

}  // namespace partlab
