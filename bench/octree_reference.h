// The independent answer every octree answer of `partlab-bench octree` is checked against, ray by
// ray, on every ray of every case.
//
// Brute force (every ray against every triangle, the paper's "algoritmo básico") is the exact
// reference: the same t to the bit and the same triangle. Where it does not fit in time (the
// dragons, the largest soups), Embree screens the remaining rays instead: an answer agreeing with
// Embree's in hit or miss and in t within kEmbreeTolerance (relative, at least absolute for t < 1)
// is accepted, and any ray where the two disagree is settled by brute force on that ray alone, so
// an octree answer is only ever called wrong by brute force.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "engine/geometry/ray.h"
#include "engine/octree/brute_force_rays.h"
#include "engine/octree/prepared_triangles.h"
#include "engine/octree/ray_query.h"

namespace partlab::bench {

// Embree's watertight single-precision test and Möller–Trumbore round differently; this is how
// far their t may differ on the same surface point.
inline constexpr float kEmbreeTolerance = 1e-4f;

// Exact equality of two nearest-hit answers: hit or miss, and for a hit the same t and triangle.
bool SameAnswer(const RayHit& a, const RayHit& b);

// Hit or miss agree, and a hit's t is within kEmbreeTolerance of Embree's (+infinity: a miss).
bool AgreesWithinTolerance(const RayHit& a, float embree_t);

// How the rays of one case were checked.
struct ReferenceCounts {
  size_t brute_force_rays = 0;  // rays checked exactly against brute force
  size_t embree_rays = 0;       // rays checked against Embree within kEmbreeTolerance
  size_t settled_rays = 0;      // of the brute-force rays, those Embree disagreed on
};

class ReferenceAnswers {
 public:
  // `brute` holds brute force's answers to the first brute.size() rays; `embree_t` Embree's t for
  // every ray (+infinity for a miss), or is empty when Embree is not available, in which case brute
  // force answers every other ray too, when first asked.
  ReferenceAnswers(const PreparedTriangles& triangles, std::span<const Ray> rays,
                   std::vector<RayHit> brute, std::vector<float> embree_t);

  // Checks every method's answer to ray i (answers[k]: method k's) and says in agrees[k] whether
  // it agrees with the independent answer. A ray whose answers all agree with Embree's is accepted
  // as such; otherwise every answer is compared with brute force's, exactly. Call once per ray.
  void Check(size_t i, std::span<const RayHit> answers, std::vector<bool>* agrees);

  // Brute force's answer to ray i (computed now if it was not known).
  const RayHit& BruteForce(size_t i);
  bool KnowsBruteForce(size_t i) const { return known_[i]; }

  ReferenceCounts Counts() const;
  bool has_embree() const { return !embree_t_.empty(); }
  float EmbreeT(size_t i) const { return embree_t_[i]; }

 private:
  const PreparedTriangles& triangles_;
  std::span<const Ray> rays_;
  size_t brute_prefix_;
  std::vector<RayHit> brute_;
  std::vector<bool> known_;  // brute_[i] holds brute force's answer
  std::vector<float> embree_t_;
  size_t embree_only_ = 0;  // rays accepted by Embree alone
};

}  // namespace partlab::bench
