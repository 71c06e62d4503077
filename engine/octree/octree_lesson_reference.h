// The independent answers the octree lessons check the view against (docs/lessons.md): each is
// recomputed here from the triangles alone, by the paper's own definitions, never read back from
// the octree or its counters. GL-free, so the lesson checks and the unit tests share them.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <span>
#include <string>
#include <vector>

#include "engine/geometry/ray.h"
#include "engine/geometry/triangle.h"

namespace partlab::octree_lesson {

// The paper's placement redone from geometry ("1.2 Octree": a triangle descends while one octant
// holds it whole, and stops at the maximum depth, the "válvula de escape"): the depth (root = 1)
// of every triangle, 0 for degenerate ones, which the octree leaves out.
std::vector<int> PlacementDepths(std::span<const Triangle> triangles, const glm::vec3& root_center,
                                 float root_half, int max_depth);

// How many triangles each depth holds (index = depth, entry 0 = degenerate ones).
std::vector<size_t> DepthHistogram(std::span<const int> depths, int max_depth);

// "Profundidade e afinidade da OCTREE": low when almost every triangle stays at the root (here at
// least 90 %), high when most (more than half) fit at depth 4 or deeper, medium when most stay in
// the first three levels.
enum class AffinityClass { kLow, kMedium, kHigh };
AffinityClass ClassifyAffinity(std::span<const size_t> histogram);
const char* AffinityClassName(AffinityClass a);  // "low" / "medium" / "high"

// The nearest hit of the paper's basic algorithm ("algoritmo básico": every triangle tested),
// with Möller–Trumbore written out again from equations 5-11 in double precision: two-sided, and
// only hits in front of the origin (t > 1e-6), the corrected reading of the listing.
struct ReferenceHit {
  bool hit = false;
  double t = 0.0;
  uint32_t triangle = UINT32_MAX;
};
ReferenceHit BruteForceNearest(std::span<const Triangle> triangles, const Ray& ray);

// "" when the octree's answer (hit, t, triangle) is the reference's, else what differed. Two hits
// count as the same when their t agree to a relative 1e-4 (float against double): a different
// triangle at the same distance is a tie on a shared edge, not a wrong answer.
std::string CompareHits(bool hit, float t, uint32_t triangle, const ReferenceHit& reference);

}  // namespace partlab::octree_lesson
