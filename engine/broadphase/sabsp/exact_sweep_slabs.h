// Slabs inside one leaf's sweep (BspParams::exact_sweep_slabs, a departure from 5.1.2, which
// sweeps each leaf's list as one): the exact sweep of a large leaf, and the candidate sweep of a
// large sparse one (bsp_pairs.h).
//
// A sweep along one axis tests, for each box, every box whose projection on that axis starts
// inside its own: about n * w / L of them for n boxes of width w spread over a length L. A leaf
// that the thesis's limits cannot split (3.6: no plane with balance 0.5 straddles fewer than
// 2.5 % of its boxes, as in a large even rain of boxes) is swept whole, and the sweep pays that
// n * n * w / L. Cutting the leaf's sweep into K slabs along a second axis divides it by about K:
// each slab is swept alone, a box in every slab it reaches. Slabs are no planes of the tree: they
// are chosen afresh with the sweep direction, leave the lists and the operations alone, and a box
// that reaches two slabs is listed twice in the sweep only.
//
// A pair of boxes that share several slabs is found in each: it is kept only in the first slab
// both reach, the one where at least one of the two begins (both reach every slab between their
// first common and last common one).
#pragma once

#include <cstdint>

#include <glm/vec3.hpp>

namespace partlab {

struct SlabPlan {
  uint8_t axis = 0;   // 0, 1, 2: x, y, z
  uint8_t count = 0;  // slabs; fewer than 2: the leaf is swept whole
  float origin = 0;   // where slab 0 ends is origin + 1 / inv_width
  float inv_width = 0;

  // The plan for a leaf of n boxes whose summed widths are `width` and whose centres span
  // [lowest, highest] per axis, swept along `sweep_axis` (0-2; -1: along none of them). The slabs
  // run across the axis (other than the sweep's) along which the boxes are most spread for their
  // widths, each about kWidthsPerSlab mean widths wide (so that about one box in that many reaches
  // two), with at least kEntriesPerSlab boxes each and at most kMaxSlabs.
  static SlabPlan Of(const glm::vec3& width, const glm::vec3& lowest, const glm::vec3& highest,
                     int sweep_axis, size_t n);

  // The slab holding coordinate `v` on the plan's axis, clamped to the first and last slab (so
  // boxes that moved past the span since the plan are still placed; NaN goes to slab 0).
  // Monotone in v: two boxes that overlap on the axis share a slab.
  uint32_t SlabOf(float v) const {
    float s = (v - origin) * inv_width;
    s = s > 0.0f ? s : 0.0f;
    const float last = count > 1 ? float(count - 1) : 0.0f;  // no plan: everything in slab 0
    s = s < last ? s : last;
    return uint32_t(s);
  }

  static constexpr float kWidthsPerSlab = 4.0f;
  static constexpr size_t kEntriesPerSlab = 128;
  static constexpr uint32_t kMaxSlabs = 16;
};

}  // namespace partlab
