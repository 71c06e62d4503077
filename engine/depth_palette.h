// The colour of a tree's depth, one palette for every tree drawn level by level: the planes and
// cells of the semi-adjusting BSP (the broad phase's overlay and the Simulation view's), and the
// portal recursion of the Portals view (which portal narrowed a view). Red at the root through
// orange, yellow, green, teal, blue, indigo to violet, cycling after eight levels: the root's cut,
// the most important, is the warmest, and neighbouring levels stay apart. The octree's cells keep
// their own sequential ramp (engine/octree/octree_overlay.h: twelve ordered depths read against a
// legend). GL-free and ImGui-free.
#pragma once

#include "engine/debug_draw.h"

namespace partlab {

inline Color DepthPaletteColor(int depth, float alpha = 1.0f) {
  static constexpr Color kRamp[] = {{0.96f, 0.30f, 0.26f, 1}, {0.98f, 0.58f, 0.20f, 1},
                                    {0.96f, 0.84f, 0.26f, 1}, {0.56f, 0.86f, 0.32f, 1},
                                    {0.26f, 0.80f, 0.66f, 1}, {0.28f, 0.62f, 0.96f, 1},
                                    {0.48f, 0.42f, 0.96f, 1}, {0.82f, 0.42f, 0.92f, 1}};
  Color c = kRamp[(depth < 0 ? 0 : depth) % 8];
  c.a = alpha;
  return c;
}

}  // namespace partlab
