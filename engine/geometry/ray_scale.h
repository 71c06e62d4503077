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
//
// Origins far from the scene: O - V0 in float loses the triangle's detail once |O| is far above
// the scene's size (an origin at 2e18 aimed at a model of size 100), and the octree's slab tests
// lose it differently from Möller–Trumbore, so the two disagreed. A query whose origin lies more
// than kFarOrigin scene sizes from the scene's box first moves the origin along the ray, in
// double, to about one scene size before the box (nothing lies on the way: it is outside the
// box), and adds the distance back to t; a ray that misses the box misses every triangle.
// The brute force and the octree pass the same box (the bounds of the usable triangles), so they
// move the origin identically and keep agreeing bit for bit.
#pragma once

#include <cmath>
#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "engine/geometry/aabb.h"
#include "engine/geometry/moller_trumbore.h"
#include "engine/geometry/ray.h"

namespace partlab {

// Directions whose largest component lies in [2^-8, 2^8] are used as they are, so ordinary rays
// (unit length, or the octree paper's) are not touched at all.
inline constexpr float kUnscaledDirectionLow = 1.0f / 256.0f, kUnscaledDirectionHigh = 256.0f;

struct ScaledQuery {
  Ray ray;                 // the direction multiplied by `factor`, the origin maybe moved
  RayTriangleOptions opt;  // t_min and t_max divided by `factor` (less the move)
  float t_factor = 1.0f;   // (t along `ray` + t_offset) times t_factor = t along the original
  double t_offset = 0.0;   // how far the origin was moved, in units of the scaled direction
  bool misses = false;     // the ray misses the scene's box: no triangle can be hit
  bool refused = false;    // the origin is too far for double to move it to the scene

  // t along the original ray of a hit at t along `ray`.
  float OriginalT(float t) const {
    return t_offset == 0.0 ? t * t_factor : float((double(t) + t_offset) * double(t_factor));
  }
};

inline constexpr double kFarOrigin = 64.0;

// Rescales q.ray and q.opt, which hold the query as asked, in place. Requires IsUsableRay(q.ray).
inline void ScaleForQuery(ScaledQuery& q) {
  const glm::vec3 d = q.ray.direction;
  // std::fabs, not glm::abs, which compiles to a branch on the sign; plain comparisons (std::fmax
  // is a library call without -ffast-math; no NaN can occur here).
  const glm::vec3 a(std::fabs(d.x), std::fabs(d.y), std::fabs(d.z));
  const float largest_xy = a.x > a.y ? a.x : a.y;
  const float largest = largest_xy > a.z ? largest_xy : a.z;
  if (largest >= kUnscaledDirectionLow && largest <= kUnscaledDirectionHigh) return;
  int exponent = 0;
  std::frexp(largest, &exponent);  // largest = m * 2^exponent, m in [0.5, 1)
  const int shift = 1 - exponent;  // largest * 2^shift in [1, 2)
  q.ray.direction =
      glm::vec3(std::ldexp(d.x, shift), std::ldexp(d.y, shift), std::ldexp(d.z, shift));
  q.opt.t_min = std::ldexp(q.opt.t_min, -shift);
  q.opt.t_max = std::ldexp(q.opt.t_max, -shift);
  q.t_factor = std::ldexp(1.0f, shift);
}

// Moves a far origin to the scene (see the top of the file); `scene` may be empty (no triangle).
// The part of MoveOriginToScene for origins outside the box (not empty).
inline void MoveOutsideOriginToScene(ScaledQuery& q, const Aabb& scene) {
  const glm::dvec3 lo(scene.min), hi(scene.max), o(q.ray.origin), d(q.ray.direction);
  const glm::dvec3 e = hi - lo;
  // Plain comparisons, not library fmax calls on every ray: the box is finite, no NaN here.
  const double e_yz = e.y > e.z ? e.y : e.z, e_xyz = e.x > e_yz ? e.x : e_yz;
  const double size = e_xyz > 1e-30 ? e_xyz : 1e-30;
  const glm::dvec3 outside = glm::max(glm::max(lo - o, o - hi), glm::dvec3(0.0));
  // Near: the sum of the distances bounds the length from above, and half the limit leaves far
  // more than the rounding, so this only skips the square root on the common rays, never
  // changes the decision.
  if (outside.x + outside.y + outside.z <= 0.5 * kFarOrigin * size) return;
  if (glm::length(outside) <= kFarOrigin * size) return;
  // The ray's interval inside the box (slabs in double; a zero component never crosses its slab).
  double t_enter = -INFINITY, t_exit = INFINITY;
  for (int a = 0; a < 3; ++a) {
    if (d[a] == 0.0) {
      if (o[a] < lo[a] || o[a] > hi[a]) t_enter = INFINITY;
      continue;
    }
    const double t1 = (lo[a] - o[a]) / d[a], t2 = (hi[a] - o[a]) / d[a];
    t_enter = std::fmax(t_enter, std::fmin(t1, t2));
    t_exit = std::fmin(t_exit, std::fmax(t1, t2));
  }
  if (!(t_enter <= t_exit) || t_exit <= double(q.opt.t_min)) {
    q.misses = true;
    return;
  }
  const double t0 = t_enter - size / glm::length(d);  // one scene size before the box
  if (!(t0 > 0.0)) return;
  q.ray.origin = glm::vec3(o + t0 * d);
  q.t_offset = t0;
  // Still far: the origin is so far out that even double cannot place it near the scene (an
  // origin at 2^97 is known to 2^44 after the move, found by fuzzing). Refused and counted.
  const glm::dvec3 moved(q.ray.origin);
  if (glm::length(glm::max(glm::max(lo - moved, moved - hi), glm::dvec3(0.0))) > kFarOrigin * size)
    q.refused = true;
  // Every triangle now lies ahead of the moved origin, at least one scene size away, and far
  // beyond the original t_min: 0 keeps them all (a large negative t_min instead sent the
  // octree's traversal to start far behind the origin, where it lost the ray: found by fuzzing).
  q.opt.t_min = 0.0f;
  q.opt.t_max = float(double(q.opt.t_max) - t0);
}

// An origin just outside the box (most rays that start outside it) decided in float, without the
// conversions to double: true only where MoveOutsideOriginToScene would return at its first test,
// leaving the ray as it is. That test asks for a sum of distances of at most half kFarOrigin scene
// sizes in double; this one asks for a quarter, and float's rounding of these few sums and
// differences (a few parts in 2^24) cannot cover a factor of two. An origin so far out that the
// sum overflows gives infinity here, which is not near, and goes on to the double test.
inline bool IsSurelyNearInFloat(const glm::vec3& p, const Aabb& scene) {
  const glm::vec3 e = scene.max - scene.min;
  const float e_yz = e.y > e.z ? e.y : e.z, size = e.x > e_yz ? e.x : e_yz;
  auto outside = [](float lo, float hi, float x) {  // max(lo - x, x - hi, 0), without branches
    const float below = lo - x, above = x - hi;
    const float m = below > above ? below : above;
    return m > 0.0f ? m : 0.0f;
  };
  const float sum = outside(scene.min.x, scene.max.x, p.x) +
                    outside(scene.min.y, scene.max.y, p.y) + outside(scene.min.z, scene.max.z, p.z);
  return sum <= float(0.25 * kFarOrigin) * size;
}

inline void MoveOriginToScene(ScaledQuery& q, const Aabb& scene) {
  // An origin inside the box is near (its distance to the box is 0): decided in float, without
  // the conversions to double and small enough to be inlined, for the common ray.
  // The six comparisons joined with & rather than &&: one branch, not six that random origins
  // mispredict.
  const glm::vec3& p = q.ray.origin;
  const bool inside = (p.x >= scene.min.x) & (p.y >= scene.min.y) & (p.z >= scene.min.z) &
                      (p.x <= scene.max.x) & (p.y <= scene.max.y) & (p.z <= scene.max.z);
  if (inside || scene.IsEmpty()) return;
  if (IsSurelyNearInFloat(p, scene)) return;
  MoveOutsideOriginToScene(q, scene);
}

// What every query runs on: rescaled, and moved to the scene when its origin is far.
// In place, into a query that holds the ray and options as asked (the octree's queries prepare
// the object they then read: a copy of it, read back at once with wider loads than the stores
// that built it, stalled every ray).
inline void PrepareQuery(ScaledQuery& q, const Aabb& scene) {
  ScaleForQuery(q);
  MoveOriginToScene(q, scene);
}
inline ScaledQuery PrepareQuery(const Ray& ray, const RayTriangleOptions& opt, const Aabb& scene) {
  ScaledQuery q{ray, opt};
  PrepareQuery(q, scene);
  return q;
}

}  // namespace partlab
