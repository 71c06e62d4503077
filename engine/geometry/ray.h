// A ray R(t) = O + t·D (the octree paper, equation 1). Only hits in front of the origin count
// ("apenas colisões à frente do vetor direção são contabilizadas"), so a query accepts
// t in (t_min, t_max) with t measured in units of D: D need not be unit length (RAYSET01).
#pragma once

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <limits>

namespace partlab {

// HITS0001 (../shared/formats.md): the nearest intersection with t > 1e-6.
inline constexpr float kRayEpsilon = 1e-6f;

struct Ray {
  glm::vec3 origin{0.0f};
  glm::vec3 direction{0.0f, 0.0f, 1.0f};

  glm::vec3 At(float t) const { return origin + t * direction; }
};

inline bool IsFinite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// The shortest direction (largest component) a query answers; shorter ones are refused and
// counted. Longer ones, however short or long, are rescaled exactly first (ray_scale.h).
inline constexpr float kSmallestRayDirection = 1e-20f;

// A ray the queries can answer: finite origin and a finite direction that is not (numerically)
// zero. Queries skip and count any other ray instead of computing with NaN or dividing by zero.
inline bool IsUsableRay(const Ray& r) {
  if (!IsFinite(r.origin) || !IsFinite(r.direction)) return false;
  // Plain comparisons: std::fmax is a library call without -ffast-math, and this runs on every
  // query ray; the direction is finite here, so no NaN needs fmax's care.
  const float x = std::fabs(r.direction.x), y = std::fabs(r.direction.y),
              z = std::fabs(r.direction.z);
  const float xy = x > y ? x : y;
  return (xy > z ? xy : z) >= kSmallestRayDirection;
}

}  // namespace partlab
