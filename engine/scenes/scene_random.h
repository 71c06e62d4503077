// The scenes' random numbers: SplitMix64 with our own float mapping, so a seed gives the same
// scene on every compiler and standard library (std::uniform_real_distribution does not promise
// that), which the determinism tests and the recorded traces rely on.
#pragma once

#include <cstdint>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace partlab {

class SceneRandom {
 public:
  explicit SceneRandom(uint64_t seed = 1) : state_(seed) {}

  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1) with 53 random bits.
  double Unit() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }
  double Uniform(double lo, double hi) { return lo + (hi - lo) * Unit(); }
  uint32_t Below(uint32_t n) { return static_cast<uint32_t>(Unit() * n); }
  bool Chance(double p) { return Unit() < p; }
  glm::dvec3 InBox(const glm::dvec3& lo, const glm::dvec3& hi) {
    return {Uniform(lo.x, hi.x), Uniform(lo.y, hi.y), Uniform(lo.z, hi.z)};
  }
  // A uniformly random rotation (Shoemake's method).
  glm::dquat Rotation() {
    const double u1 = Unit(), u2 = Unit() * 6.283185307179586, u3 = Unit() * 6.283185307179586;
    const double a = std::sqrt(1 - u1), b = std::sqrt(u1);
    return glm::normalize(
        glm::dquat(b * std::cos(u3), a * std::sin(u2), a * std::cos(u2), b * std::sin(u3)));
  }

 private:
  uint64_t state_;
};

}  // namespace partlab
