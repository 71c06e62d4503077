#include "engine/broadphase/synthetic_motion.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <glm/geometric.hpp>

namespace partlab {

std::optional<SyntheticKind> ParseSyntheticKind(std::string_view name) {
  if (name == "uniform") return SyntheticKind::kUniform;
  if (name == "clustered") return SyntheticKind::kClustered;
  if (name == "moving") return SyntheticKind::kMoving;
  if (name == "terdiman") return SyntheticKind::kTerdiman;
  if (name == "terdiman100k") return SyntheticKind::kTerdiman100k;
  if (name == "raining") return SyntheticKind::kRaining;
  if (name == "swarming") return SyntheticKind::kSwarming;
  if (name == "bursting") return SyntheticKind::kBursting;
  return std::nullopt;
}

std::string_view SyntheticKindNames() {
  return "uniform, clustered, moving, terdiman, terdiman100k, raining, swarming, bursting";
}

SyntheticMotion::SyntheticMotion(const SyntheticParams& params)
    : params_(params), rng_(params.seed) {
  Build();
}

// 24 random bits: the same sequence on every standard library, unlike <random>'s distributions.
float SyntheticMotion::Uniform01() {
  return float(rng_() >> 8) * (1.0f / 16777216.0f);
}

void SyntheticMotion::Build() {
  if (params_.kind == SyntheticKind::kTerdiman || params_.kind == SyntheticKind::kTerdiman100k) {
    const int n = params_.kind == SyntheticKind::kTerdiman ? 10000 : 100000;
    std::srand(42);
    frame_.resize(n);
    for (Aabb& b : frame_) {
      glm::vec3 c, e;
      for (int a = 0; a < 3; ++a) c[a] = float((std::rand() & 4095) - 2048);
      for (int a = 0; a < 3; ++a) e[a] = float(std::rand() & 127);
      b = Aabb::FromCenterHalf(c, e);
    }
    side_ = 4096 + 256;
    return;
  }
  const uint32_t n = std::max(params_.boxes, 1u);
  // Half-extents in [0.5, 1.5]: boxes about 2 wide, so a cube of volume 64 n gives each box about
  // one overlapping neighbour.
  side_ = std::cbrt(64.0f * float(n));
  centre_.resize(n);
  velocity_.resize(n);
  half_.resize(n);
  frame_.resize(n);
  const float speed = params_.kind == SyntheticKind::kMoving ? 0.4f : 0.02f;
  for (uint32_t i = 0; i < n; ++i) {
    centre_[i] = glm::vec3(Uniform01(), Uniform01(), Uniform01()) * side_;
    half_[i] = glm::vec3(0.5f) + glm::vec3(Uniform01(), Uniform01(), Uniform01());
    velocity_[i] = (glm::vec3(Uniform01(), Uniform01(), Uniform01()) - 0.5f) * (2 * speed);
  }
  if (params_.kind == SyntheticKind::kRaining || params_.kind == SyntheticKind::kSwarming ||
      params_.kind == SyntheticKind::kBursting) {
    BuildGameMotion();
    return;
  }
  if (params_.kind == SyntheticKind::kClustered) {
    // A cluster per 500 boxes, each a ball a tenth of the cube wide: dense spots in empty space.
    const uint32_t k = std::max(4u, n / 500);
    cluster_centre_.resize(k);
    cluster_velocity_.resize(k);
    for (uint32_t c = 0; c < k; ++c) {
      cluster_centre_[c] = glm::vec3(Uniform01(), Uniform01(), Uniform01()) * side_;
      cluster_velocity_[c] = (glm::vec3(Uniform01(), Uniform01(), Uniform01()) - 0.5f) * 0.2f;
    }
    cluster_of_.resize(n);
    for (uint32_t i = 0; i < n; ++i) {
      cluster_of_[i] = i % k;
      // Offset within the cluster (kept in centre_), uniform in a ball of radius side / 20.
      glm::vec3 d;
      do d = glm::vec3(Uniform01(), Uniform01(), Uniform01()) * 2.0f - 1.0f;
      while (glm::dot(d, d) > 1);
      centre_[i] = d * (side_ / 20);
    }
  }
  Advance();
  step_ = 0;  // the frame just made is the first
}

void SyntheticMotion::Advance() {
  ++step_;
  auto bounce = [this](glm::vec3& p, glm::vec3& v) {
    p += v;
    for (int a = 0; a < 3; ++a)
      if ((p[a] < 0 && v[a] < 0) || (p[a] > side_ && v[a] > 0)) v[a] = -v[a];
  };
  switch (params_.kind) {
    case SyntheticKind::kTerdiman:
    case SyntheticKind::kTerdiman100k:
      return;
    case SyntheticKind::kClustered:
      for (size_t c = 0; c < cluster_centre_.size(); ++c)
        bounce(cluster_centre_[c], cluster_velocity_[c]);
      for (size_t i = 0; i < frame_.size(); ++i) {
        centre_[i] += velocity_[i] * 0.1f;  // slow drift inside the cluster
        frame_[i] = Aabb::FromCenterHalf(cluster_centre_[cluster_of_[i]] + centre_[i], half_[i]);
      }
      return;
    case SyntheticKind::kRaining:
      return AdvanceRaining();
    case SyntheticKind::kSwarming:
      return AdvanceSwarming();
    case SyntheticKind::kBursting:
      return AdvanceBursting();
    case SyntheticKind::kUniform:
    case SyntheticKind::kMoving:
      for (size_t i = 0; i < frame_.size(); ++i) {
        bounce(centre_[i], velocity_[i]);
        frame_[i] = Aabb::FromCenterHalf(centre_[i], half_[i]);
      }
      return;
  }
}

}  // namespace partlab
