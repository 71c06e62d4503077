#include "engine/octree/octree_lesson_reference.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>

namespace partlab::octree_lesson {

namespace {

// The octant of the cell centred at c that holds all three vertices (x = bit 0, y = bit 1,
// z = bit 2), or -1 when they lie on both sides of a mid-plane. A vertex on a mid-plane belongs
// to both halves, as the closed cubes of the paper's figure 5 do.
int OctantHolding(const Triangle& tri, const glm::vec3& c) {
  int octant = 0;
  for (int axis = 0; axis < 3; ++axis) {
    const float a = tri.v0[axis], b = tri.v1[axis], d = tri.v2[axis];
    const bool all_low = a <= c[axis] && b <= c[axis] && d <= c[axis];
    const bool all_high = a >= c[axis] && b >= c[axis] && d >= c[axis];
    if (all_low) continue;
    if (!all_high) return -1;
    octant |= 1 << axis;
  }
  return octant;
}

bool Degenerate(const Triangle& tri) {
  const glm::vec3 n = glm::cross(tri.v1 - tri.v0, tri.v2 - tri.v0);
  return !(glm::dot(n, n) > 0.0f) || !std::isfinite(glm::dot(n, n));
}

}  // namespace

std::vector<int> PlacementDepths(std::span<const Triangle> triangles, const glm::vec3& root_center,
                                 float root_half, int max_depth) {
  std::vector<int> depths(triangles.size(), 0);
  for (size_t i = 0; i < triangles.size(); ++i) {
    if (Degenerate(triangles[i])) continue;
    glm::vec3 center = root_center;
    float half = root_half;
    int depth = 1;
    for (; depth < max_depth; ++depth) {
      const int octant = OctantHolding(triangles[i], center);
      if (octant < 0) break;
      const float q = half * 0.5f;  // the child's centre, a quarter edge from the parent's
      center += glm::vec3(octant & 1 ? q : -q, octant & 2 ? q : -q, octant & 4 ? q : -q);
      half = q;
    }
    depths[i] = depth;
  }
  return depths;
}

std::vector<size_t> DepthHistogram(std::span<const int> depths, int max_depth) {
  std::vector<size_t> histogram(size_t(max_depth) + 1, 0);
  for (int d : depths)
    if (d >= 0 && d <= max_depth) ++histogram[size_t(d)];
  return histogram;
}

AffinityClass ClassifyAffinity(std::span<const size_t> histogram) {
  size_t total = 0, shallow = 0;  // shallow: depths 1 to 3
  for (size_t d = 1; d < histogram.size(); ++d) {
    total += histogram[d];
    if (d <= 3) shallow += histogram[d];
  }
  const size_t root = histogram.size() > 1 ? histogram[1] : 0;
  if (total == 0 || 10 * root >= 9 * total) return AffinityClass::kLow;
  return 2 * shallow > total ? AffinityClass::kMedium : AffinityClass::kHigh;
}

const char* AffinityClassName(AffinityClass a) {
  return a == AffinityClass::kLow ? "low" : a == AffinityClass::kMedium ? "medium" : "high";
}

ReferenceHit BruteForceNearest(std::span<const Triangle> triangles, const Ray& ray) {
  const glm::dvec3 o(ray.origin), d(ray.direction);
  ReferenceHit best;
  for (size_t i = 0; i < triangles.size(); ++i) {
    const glm::dvec3 v0(triangles[i].v0);
    const glm::dvec3 e1 = glm::dvec3(triangles[i].v1) - v0;  // (7)
    const glm::dvec3 e2 = glm::dvec3(triangles[i].v2) - v0;  // (8)
    const glm::dvec3 p = glm::cross(d, e2);                  // (9)
    const double det = glm::dot(p, e1);
    if (std::fabs(det) < 1e-18) continue;  // parallel to the plane (or degenerate)
    const glm::dvec3 r = o - v0;           // (10)
    const double u = glm::dot(r, p) / det;
    if (u < 0.0 || u > 1.0) continue;        // condition (A)
    const glm::dvec3 q = glm::cross(r, e1);  // (11)
    const double v = glm::dot(d, q) / det;
    if (v < 0.0 || u + v > 1.0) continue;  // conditions (A) and (B)
    const double t = glm::dot(e2, q) / det;
    if (t > 1e-6 && (!best.hit || t < best.t)) best = {true, t, uint32_t(i)};
  }
  return best;
}

std::string CompareHits(bool hit, float t, uint32_t triangle, const ReferenceHit& reference) {
  char text[200];
  if (hit != reference.hit) {
    std::snprintf(text, sizeof text, "the octree says %s, the brute force says %s",
                  hit ? "hit" : "miss", reference.hit ? "hit" : "miss");
    return text;
  }
  if (!hit) return {};
  const double tolerance = 1e-4 * std::max(1.0, std::fabs(reference.t));
  if (std::fabs(double(t) - reference.t) <= tolerance) return {};
  std::snprintf(text, sizeof text,
                "the octree hits triangle %u at t = %.6g, the brute force triangle %u at t = %.6g",
                triangle, double(t), reference.triangle, reference.t);
  return text;
}

}  // namespace partlab::octree_lesson
