#include "engine/octree/random_scenes.h"

#include <cmath>
#include <numbers>
#include <random>

namespace partlab {
namespace {
constexpr float kCube = 100.0f;

// Uniform in [0, 1) from the top 24 bits: the same floats on every platform.
float Unit(std::mt19937_64& rng) {
  return float(rng() >> 40) * 0x1p-24f;
}
float Uniform(std::mt19937_64& rng, float lo, float hi) {
  return lo + (hi - lo) * Unit(rng);
}
glm::vec3 UniformIn(std::mt19937_64& rng, const glm::vec3& lo, float edge) {
  return {Uniform(rng, lo.x, lo.x + edge), Uniform(rng, lo.y, lo.y + edge),
          Uniform(rng, lo.z, lo.z + edge)};
}
}  // namespace

const char* AffinityName(Affinity a) {
  switch (a) {
    case Affinity::kLow:
      return "low";
    case Affinity::kMedium:
      return "medium";
    case Affinity::kHigh:
      return "high";
  }
  return "?";
}

float AffinityCubeEdge(Affinity a) {
  switch (a) {
    case Affinity::kLow:
      return kCube;
    case Affinity::kMedium:
      return 30.0f;
    case Affinity::kHigh:
      return 5.0f;
  }
  return kCube;
}

std::vector<Triangle> MakeTriangleSoup(Affinity affinity, size_t count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const float edge = AffinityCubeEdge(affinity);
  const glm::vec3 cube_min(-kCube / 2);
  std::vector<Triangle> out(count);
  for (Triangle& t : out) {
    // "gerou triângulos aleatórios de qualquer tamanho que coubessem em um cubo de trinta unidades
    // ... foram deslocados para posições aleatórias, para que preenchessem um cubo de cem unidades"
    const glm::vec3 lo = UniformIn(rng, cube_min, kCube - edge);
    t = {UniformIn(rng, lo, edge), UniformIn(rng, lo, edge), UniformIn(rng, lo, edge)};
  }
  return out;
}

std::vector<Ray> MakeRandomRays(size_t count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Ray> out(count);
  for (Ray& r : out) {
    r.origin = UniformIn(rng, glm::vec3(-kCube / 2), kCube);
    // Uniform on the sphere: z uniform in [-1, 1], azimuth uniform (Archimedes).
    const float z = Uniform(rng, -1.0f, 1.0f);
    const float phi = Uniform(rng, 0.0f, 2.0f * std::numbers::pi_v<float>);
    const float s = std::sqrt(std::fmax(0.0f, 1.0f - z * z));
    r.direction = {s * std::cos(phi), s * std::sin(phi), z};
  }
  return out;
}

}  // namespace partlab
