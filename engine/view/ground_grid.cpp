#include "engine/view/ground_grid.h"

#include <algorithm>
#include <cmath>

namespace partlab {

float NiceGridSpacing(float extent, float cells) {
  const float raw = extent / cells;
  const float decade = std::pow(10.0f, std::floor(std::log10(raw)));
  for (float m : {1.0f, 2.0f, 5.0f})
    if (m * decade >= raw) return m * decade;
  return 10.0f * decade;
}

void DrawGroundGrid(DebugDraw& draw, const Aabb& bounds) {
  if (bounds.IsEmpty()) return;
  const glm::vec3 centre = bounds.Center();
  const float half = 1.6f * std::max({bounds.Extent().x, bounds.Extent().z, 1e-3f});
  const float spacing = NiceGridSpacing(2.0f * half, 24.0f);
  const int lines = int(std::ceil(half / spacing));
  const float reach = lines * spacing;
  const float y = bounds.min.y;
  // Snap the centre to the grid so lines sit at round coordinates.
  const float cx = std::round(centre.x / spacing) * spacing;
  const float cz = std::round(centre.z / spacing) * spacing;
  constexpr int kSegments = 12;
  for (int i = -lines; i <= lines; ++i) {
    const float base_alpha = i % 5 == 0 ? 0.30f : 0.14f;
    const float offset = i * spacing;
    for (int s = 0; s < kSegments; ++s) {
      const float t0 = -reach + 2.0f * reach * s / kSegments;
      const float t1 = -reach + 2.0f * reach * (s + 1) / kSegments;
      const float mid = 0.5f * (t0 + t1);
      const float r = std::sqrt(mid * mid + offset * offset) / reach;
      const float alpha = base_alpha * std::max(0.0f, 1.0f - r * r);
      if (alpha <= 0.01f) continue;
      const Color color{0.75f, 0.80f, 0.90f, alpha};
      draw.Line({cx + t0, y, cz + offset}, {cx + t1, y, cz + offset}, color);  // along x
      draw.Line({cx + offset, y, cz + t0}, {cx + offset, y, cz + t1}, color);  // along z
    }
  }
}

}  // namespace partlab
