// What coordinates a broad phase can be handed. Every reader checks only that numbers are finite,
// but a library behind an adapter may assert, read out of bounds or loop on finite values far
// from the origin (ODE's hash space converts coordinate / cell size to int; its sweep-and-prune
// caps a float list with FLT_MAX). Each adapter states its limit and where it comes from; callers
// check a trace or a frame against it BEFORE the library sees it, and refuse or skip that
// algorithm with one line. The adapters also clamp every box to their limit, so a caller that
// forgot cannot crash the process: clamping both boxes of a pair keeps every overlap (it is
// monotone per coordinate), and the exact test on the real boxes removes the extra candidates.
#pragma once

#include <limits>
#include <span>
#include <string>
#include <string_view>

#include "engine/geometry/aabb.h"

namespace partlab {

struct CoordinateLimit {
  float largest = std::numeric_limits<float>::max();  // accepted: |coordinate| <= largest
  std::string_view why;  // the library's reason, with the source it was found in
};

// The largest |coordinate| of the present (non-empty) boxes; 0 when there are none.
float LargestCoordinate(std::span<const Aabb> boxes);

// "" when `largest` is within `limit`, else one line for the user:
// "ode_hash accepts coordinates within +-1.34e+08 (ODE 0.16 ...); this input reaches 3.2e+38".
std::string CoordinateLimitProblem(std::string_view algorithm, const CoordinateLimit& limit,
                                   float largest);

// The box with every coordinate clamped into [-largest, largest] (an empty box stays empty).
Aabb ClampedToLimit(const Aabb& box, float largest);

}  // namespace partlab
