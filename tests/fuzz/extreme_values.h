// Finite-but-extreme numbers for the fuzz targets: the readers check that numbers are finite,
// and the hostile inputs that got through were finite numbers at the ends of the float range
// (+-3.4e38, denormals near 1e-45) or far apart in magnitude. Each value is drawn from the
// fuzzer's bytes either from a table of such values or from raw float bits (every exponent
// equally likely), never NaN or infinity.
#pragma once

#include <cmath>
#include <cstring>
#include <limits>

#include <glm/geometric.hpp>

#include "engine/geometry/triangle.h"
#include "tests/fuzz/fuzz_input.h"

namespace partlab::fuzz {

inline float ExtremeFloat(FuzzInput& in) {
  static constexpr float kTable[] = {
      0.0f,  -0.0f, 1.0f,         -1.0f,    0.5f,      3.4e38f,  -3.4e38f,   3e38f,  1.7e38f,
      1e37f, 2e18f, 1.844e18f,    1.4e-45f, -1.4e-45f, 1.2e-38f, 1e-40f,     1e-20f, 1e-15f,
      1e9f,  -1e9f, 134217728.0f, 100.0f,   -50.0f,    1e-6f,    16777217.0f};
  const uint8_t mode = in.Byte();
  if (mode < 128) return kTable[mode % (sizeof kTable / sizeof kTable[0])];
  uint32_t bits = uint32_t(in.U16()) | uint32_t(in.U16()) << 16;
  float v;
  std::memcpy(&v, &bits, 4);
  return std::isfinite(v) ? v : std::copysign(std::numeric_limits<float>::max(), v);
}

inline glm::vec3 ExtremeVec3(FuzzInput& in) {
  const float x = ExtremeFloat(in), y = ExtremeFloat(in);  // in order: the reads are sequenced
  return {x, y, ExtremeFloat(in)};
}

// A hit by a ray (nearly) parallel to the triangle's plane: |cos| between the direction and the
// normal below 2^-17 (a few float epsilons). Möller–Trumbore's t and barycentrics are then
// rounding noise (its determinant is the cosine times |D| |E1 x E2|), and whether such a grazing
// ray "hits" may differ between the brute force and the octree's cell culling: the fuzz
// properties leave those rays out (docs/hostile-inputs.md, known limits).
inline bool Grazing(const Triangle& t, const glm::vec3& direction) {
  const glm::dvec3 n =
      glm::cross(glm::dvec3(t.v1) - glm::dvec3(t.v0), glm::dvec3(t.v2) - glm::dvec3(t.v0));
  const glm::dvec3 d(direction);
  const double scale = glm::length(n) * glm::length(d);
  return !(scale > 0) || std::fabs(glm::dot(n, d)) < scale * 0x1p-17;
}

}  // namespace partlab::fuzz
