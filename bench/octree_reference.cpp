#include "bench/octree_reference.h"

#include <algorithm>
#include <cmath>

namespace partlab::bench {

bool SameAnswer(const RayHit& a, const RayHit& b) {
  return a.hit == b.hit && (!a.hit || (a.t == b.t && a.triangle == b.triangle));
}

bool AgreesWithinTolerance(const RayHit& a, float embree_t) {
  const bool embree_hit = std::isfinite(embree_t);
  if (a.hit != embree_hit) return false;
  return !a.hit || std::fabs(embree_t - a.t) <= kEmbreeTolerance * std::fmax(1.0f, a.t);
}

ReferenceAnswers::ReferenceAnswers(const PreparedTriangles& triangles, std::span<const Ray> rays,
                                   std::vector<RayHit> brute, std::vector<float> embree_t)
    : triangles_(triangles),
      rays_(rays),
      brute_prefix_(std::min(brute.size(), rays.size())),
      brute_(std::move(brute)),
      known_(rays.size(), false),
      embree_t_(std::move(embree_t)) {
  brute_.resize(rays.size());
  std::fill(known_.begin(), known_.begin() + std::ptrdiff_t(brute_prefix_), true);
  if (!embree_t_.empty()) embree_t_.resize(rays.size(), INFINITY);
}

const RayHit& ReferenceAnswers::BruteForce(size_t i) {
  if (!known_[i]) {
    brute_[i] = BruteForceNearest(triangles_, rays_[i]);
    known_[i] = true;
  }
  return brute_[i];
}

void ReferenceAnswers::Check(size_t i, std::span<const RayHit> answers, std::vector<bool>* agrees) {
  agrees->assign(answers.size(), true);
  if (!known_[i] && has_embree() &&
      std::all_of(answers.begin(), answers.end(),
                  [&](const RayHit& a) { return AgreesWithinTolerance(a, embree_t_[i]); })) {
    ++embree_only_;
    return;
  }
  const RayHit& reference = BruteForce(i);
  for (size_t k = 0; k < answers.size(); ++k) (*agrees)[k] = SameAnswer(answers[k], reference);
}

ReferenceCounts ReferenceAnswers::Counts() const {
  ReferenceCounts c;
  c.brute_force_rays = size_t(std::count(known_.begin(), known_.end(), true));
  c.settled_rays = has_embree() ? c.brute_force_rays - brute_prefix_ : 0;
  c.embree_rays = embree_only_;
  return c;
}

}  // namespace partlab::bench
