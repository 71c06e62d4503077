#include "app/views/simulation/sim_static_caps.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

namespace partlab {

namespace {

// Whether `b` wholly covers the side of `a` facing `sign` along `axis` (0 = x, 2 = z): standing
// against it within `gap`, spanning it along the other horizontal axis, reaching as low as `a`.
bool CoversSide(const Aabb& a, const Aabb& b, int axis, int sign, float gap) {
  const int across = 2 - axis;  // the other horizontal axis
  const bool touches = sign > 0 ? std::abs(b.min[axis] - a.max[axis]) <= gap
                                : std::abs(a.min[axis] - b.max[axis]) <= gap;
  return touches && b.min[across] <= a.min[across] + gap && b.max[across] >= a.max[across] - gap &&
         b.min.y <= a.min.y + gap;
}

}  // namespace

// Every pair once per scene (the static boxes never move): 1,604 boxes in scene 1, a few ms.
std::vector<float> VisibleSideFloors(std::span<const Aabb> boxes, float gap) {
  std::vector<float> floors(boxes.size());
  for (size_t i = 0; i < boxes.size(); ++i) {
    const Aabb& a = boxes[i];
    float covered[4];  // the highest covering top per side (-x, +x, -z, +z); -inf while open
    std::fill(std::begin(covered), std::end(covered), -std::numeric_limits<float>::infinity());
    for (size_t j = 0; j < boxes.size(); ++j) {
      if (j == i) continue;
      for (int side = 0; side < 4; ++side) {
        const int axis = side < 2 ? 0 : 2, sign = side % 2 ? 1 : -1;
        if (CoversSide(a, boxes[j], axis, sign, gap))
          covered[side] = std::max(covered[side], boxes[j].max.y);
      }
    }
    const float lowest = *std::min_element(std::begin(covered), std::end(covered));
    floors[i] = std::clamp(lowest, a.min.y, a.max.y);
  }
  return floors;
}

}  // namespace partlab
