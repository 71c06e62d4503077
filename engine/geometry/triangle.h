// A triangle by its three vertices V0, V1, V2 (the octree paper, equation 2: T = V0 + u·E1 + v·E2).
#pragma once

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "engine/geometry/aabb.h"
#include "engine/geometry/ray.h"

namespace partlab {

struct Triangle {
  glm::vec3 v0, v1, v2;

  glm::vec3 Edge1() const { return v1 - v0; }  // E1, equation 7
  glm::vec3 Edge2() const { return v2 - v0; }  // E2, equation 8
  Aabb Bounds() const {
    Aabb b;
    b.Grow(v0);
    b.Grow(v1);
    b.Grow(v2);
    return b;
  }
};

// Why a triangle cannot take part in a query. The paper assumes "três pontos distintos" that span
// a plane; input files do not promise that, so the octree and the brute force skip and count these.
// kNonFinite also covers coordinates beyond kLargestQueryCoordinate.
enum class TriangleDefect { kNone, kNonFinite, kZeroArea };

// The largest |coordinate| a query computes with: the octree's root cell and margins square
// coordinates (overflowing a float past 1.8e19), and a scene reaching +-3.4e38 made its ordered
// traversal miss what the brute force hit (found by fuzzing). Embree keeps vertices only below
// the same 1.844e18 (vec3fa.h isvalid), so all three methods answer on the same triangles.
inline constexpr float kLargestQueryCoordinate = 1.844e18f;

inline bool WithinQueryRange(const glm::vec3& v) {
  return std::fabs(v.x) < kLargestQueryCoordinate && std::fabs(v.y) < kLargestQueryCoordinate &&
         std::fabs(v.z) < kLargestQueryCoordinate;
}

inline TriangleDefect FindDefect(const Triangle& t) {
  if (!IsFinite(t.v0) || !IsFinite(t.v1) || !IsFinite(t.v2)) return TriangleDefect::kNonFinite;
  const glm::vec3 n = glm::cross(t.Edge1(), t.Edge2());
  // Zero area (collinear or repeated vertices), or so thin that its normal underflows; an
  // infinite normal (finite but huge coordinates) would poison the determinant the same way.
  const float n2 = glm::dot(n, n);
  if (!(n2 > 0.0f) || !std::isfinite(n2)) return TriangleDefect::kZeroArea;
  if (!WithinQueryRange(t.v0) || !WithinQueryRange(t.v1) || !WithinQueryRange(t.v2))
    return TriangleDefect::kNonFinite;
  return TriangleDefect::kNone;
}

}  // namespace partlab
