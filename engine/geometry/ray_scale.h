// Rays far from unit length, answered exactly as if they were near it. Möller–Trumbore's
// determinant scales with the length of the direction, so a fixed "parallel" threshold
// (kParallelDeterminant) silently rejects every triangle for a direction of length 1e-15, and a
// direction near 1e38 overflows the cross products. RAYSET01 allows any length ("direction need
// not be unit length"), so a query first multiplies the direction by a power of two that brings
// its largest component into [1, 2), and divides t_min and t_max by the same power. Multiplying by
// a power of two is exact in floating point (no rounding), and so is every product and sum that
// follows, so u, v are bit-for-bit the same and t differs exactly by the factor, which the query
// multiplies back. The brute force and the octree both go through here, so they keep agreeing.
//
// Directions shorter than kSmallestRayDirection stay refused (IsUsableRay): below it, t in units
// of the direction would overflow a float for any hit a few units away.
#pragma once

#include <cmath>

#include "engine/geometry/moller_trumbore.h"
#include "engine/geometry/ray.h"

namespace partlab {

// Directions whose largest component lies in [2^-8, 2^8] are used as they are, so ordinary rays
// (unit length, or the octree paper's) are not touched at all.
inline constexpr float kUnscaledDirectionLow = 1.0f / 256.0f, kUnscaledDirectionHigh = 256.0f;

struct ScaledQuery {
  Ray ray;                 // the direction multiplied by `factor`
  RayTriangleOptions opt;  // t_min and t_max divided by `factor`
  float t_factor = 1.0f;   // t along `ray` times t_factor = t along the original ray
};

// Requires IsUsableRay(ray).
inline ScaledQuery ScaleForQuery(const Ray& ray, const RayTriangleOptions& opt) {
  ScaledQuery q{ray, opt, 1.0f};
  const glm::vec3 a = glm::abs(ray.direction);
  const float largest = std::fmax(a.x, std::fmax(a.y, a.z));
  if (largest >= kUnscaledDirectionLow && largest <= kUnscaledDirectionHigh) return q;
  int exponent = 0;
  std::frexp(largest, &exponent);  // largest = m * 2^exponent, m in [0.5, 1)
  const int shift = 1 - exponent;  // largest * 2^shift in [1, 2)
  q.ray.direction =
      glm::vec3(std::ldexp(ray.direction.x, shift), std::ldexp(ray.direction.y, shift),
                std::ldexp(ray.direction.z, shift));
  q.opt.t_min = std::ldexp(opt.t_min, -shift);
  q.opt.t_max = std::ldexp(opt.t_max, -shift);
  q.t_factor = std::ldexp(1.0f, shift);
  return q;
}

}  // namespace partlab
