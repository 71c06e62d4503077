#include "engine/broadphase/sabsp/exact_sweep_slabs.h"

#include <algorithm>
#include <cmath>

namespace partlab {

SlabPlan SlabPlan::Of(const glm::vec3& width, const glm::vec3& lowest, const glm::vec3& highest,
                      int sweep_axis, size_t n) {
  SlabPlan plan;
  if (n < 2 * kEntriesPerSlab) return plan;
  // The axis with the most slabs of kWidthsPerSlab mean widths across the centres' span.
  float best = 0.0f;
  for (int a = 0; a < 3; ++a) {
    if (a == sweep_axis) continue;
    const float span = highest[a] - lowest[a];
    const float mean_width = width[a] / float(n);
    const float slabs = span / (kWidthsPerSlab * mean_width);
    if (std::isfinite(slabs) && slabs > best) best = slabs, plan.axis = uint8_t(a);
  }
  const float most = float(std::min<size_t>(kMaxSlabs, n / kEntriesPerSlab));
  const float count = std::floor(std::min(best, most));
  if (!(count >= 2.0f)) return plan;
  const float span = highest[plan.axis] - lowest[plan.axis];
  plan.count = uint8_t(count);
  plan.origin = lowest[plan.axis];
  plan.inv_width = count / span;
  return plan;
}

}  // namespace partlab
