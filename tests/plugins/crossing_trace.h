// A trace on which the broken grid plugin (examples/grid_broad_phase.c built with
// PARTLAB_GRID_DROPS_SPANNING_BOXES) goes wrong late and a little at a time: pairs of overlapping
// unit cubes sliding along x at different speeds, each cube inside one grid cell at the start
// (the grid's cell is twice the mean extent: 2), so a pair is lost from the frame one of its cubes
// first straddles a multiple of 2. Box 12 appears at frame 10 and is gone again from frame 20, so
// ids come and go as in a game. The expected answers are computed by the tests from brute force.
#pragma once

#include <cmath>
#include <vector>

#include "engine/broadphase/broad_phase.h"
#include "engine/io/aabb_trace.h"

namespace partlab {

inline AabbTrace CrossingTrace() {
  constexpr int kPairs = 6, kFrames = 30;
  AabbTrace t;
  t.box_count = 2 * kPairs + 1;
  for (int f = 0; f < kFrames; ++f) {
    for (int k = 0; k < kPairs; ++k) {
      // Multiples of 1/32: every x extent is exactly 1, so the grid's cell is exactly 2.
      const float x = 0.125f + float(k + 1) * float(f) / 32.0f, z = 4.0f * float(k) + 0.25f;
      t.boxes.push_back({{x, 0.25f, z}, {x + 1.0f, 1.25f, z + 1.0f}});
      t.boxes.push_back({{x + 0.25f, 0.5f, z + 0.2f}, {x + 1.25f, 1.3f, z + 0.9f}});
    }
    const bool present = f >= 10 && f < 20;  // inside cell (4..6, 0..2, 0..2): never spanning
    t.boxes.push_back(present ? Aabb{{4.25f, 0.2f, 0.2f}, {5.25f, 0.9f, 0.9f}} : AbsentTraceBox());
  }
  return t;
}

// What the planted bug must lose, from its statement (a box straddling a cell boundary is never
// put in the grid) and brute force's pairs `truth` of `frame`: the true pairs with such a box.
inline std::vector<BoxPair> PairsWithASpanningBox(std::span<const Aabb> frame, float cell,
                                                  std::span<const BoxPair> truth) {
  const auto spans = [&](const Aabb& b) {
    for (int k = 0; k < 3; ++k)
      if (std::floor(b.min[k] / cell) != std::floor(b.max[k] / cell)) return true;
    return false;
  };
  std::vector<BoxPair> lost;
  for (BoxPair p : truth)
    if (spans(frame[p.a]) || spans(frame[p.b])) lost.push_back(p);
  return lost;
}

}  // namespace partlab
