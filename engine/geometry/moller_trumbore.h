// Ray–triangle intersection by Möller and Trumbore (1997), as in the octree paper's
// "Formulação matemática" (equations 5–11) and its listing in "Formato algorítmico".
//
// IntersectMollerTrumbore is the corrected test every query in Partition Lab uses: two-sided unless
// cull_backfaces is set, and only hits in front of the origin (t > t_min). PaperRayTriangle is the
// paper's listing line by line, quirks included, kept so tests and the bench can show where the two
// differ:
//   - line 17 `if (div < margemDeErro) continue;` is one-sided: it drops every triangle seen from
//     behind (div < 0) although the text says it only means to drop rays parallel to the plane;
//   - line 27 `t = fabs(...)` turns a hit behind the origin (t < 0) into one in front of it.
#pragma once

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <limits>
#include <span>

#include "engine/geometry/ray.h"
#include "engine/geometry/triangle.h"

namespace partlab {

struct RayTriangleOptions {
  bool cull_backfaces =
      false;                  // true: only triangles whose front (counter-clockwise) faces the ray
  float t_min = kRayEpsilon;  // hits need t > t_min ...
  float t_max = std::numeric_limits<float>::infinity();  // ... and t < t_max
};

// t along the ray and the barycentrics (u, v) of the hit point V0 + u·E1 + v·E2 (equation 3).
struct RayTriangleHit {
  float t = std::numeric_limits<float>::infinity();
  float u = 0.0f;
  float v = 0.0f;
};

// |det| at or below this means the ray is parallel to the triangle's plane (equation 6's divisor).
inline constexpr float kParallelDeterminant = 1e-12f;

// The hot kernel, on precomputed edges E1 = V1 − V0 and E2 = V2 − V0 (equations 7, 8) so that the
// octree and the brute force run bit-for-bit the same arithmetic. Equation numbers from the paper.
inline bool IntersectMollerTrumbore(const glm::vec3& origin, const glm::vec3& dir,
                                    const glm::vec3& v0, const glm::vec3& e1, const glm::vec3& e2,
                                    const RayTriangleOptions& opt, RayTriangleHit* hit) {
  const glm::vec3 p = glm::cross(dir, e2);  // P = D × E2 (9)
  const float det = glm::dot(p, e1);        // P · E1, the divisor of (6)
  // Two-sided: reject only |det| ≈ 0 (ray parallel to the plane). Culling keeps det > 0, the
  // triangles whose counter-clockwise front faces the ray.
  if (opt.cull_backfaces ? !(det > kParallelDeterminant) : !(std::fabs(det) > kParallelDeterminant))
    return false;
  const float inv_det = 1.0f / det;
  const glm::vec3 r = origin - v0;  // R = O − V0 (10)
  const float u = glm::dot(r, p) * inv_det;
  if (u < 0.0f || u > 1.0f) return false;  // condition (A) and the early out of the listing
  const glm::vec3 q = glm::cross(r, e1);   // Q = R × E1 (11)
  const float v = glm::dot(dir, q) * inv_det;
  if (v < 0.0f || u + v > 1.0f) return false;  // conditions (A) and (B)
  const float t = glm::dot(e2, q) * inv_det;
  if (!(t > opt.t_min && t < opt.t_max)) return false;  // in front of the origin, no fabs
  hit->t = t;
  hit->u = u;
  hit->v = v;
  return true;
}

// The same test on a Triangle.
inline bool IntersectRayTriangle(const Ray& ray, const Triangle& tri, const RayTriangleOptions& opt,
                                 RayTriangleHit* hit) {
  return IntersectMollerTrumbore(ray.origin, ray.direction, tri.v0, tri.Edge1(), tri.Edge2(), opt,
                                 hit);
}

// The paper's listing (DeteccaoRaioTriangulo), in double as written, quirks kept: the nearest
// "distance" over the list, or false when the listing reports no collision.
struct PaperCollision {
  bool hit = false;     // houveColisao
  double distance = 0;  // distancia
  int triangle = -1;    // which triangle gave the distance (the listing does not keep it)
};
PaperCollision PaperRayTriangle(const Ray& ray, std::span<const Triangle> triangles);

}  // namespace partlab
