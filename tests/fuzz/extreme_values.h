// Finite-but-extreme numbers for the fuzz targets: the readers check that numbers are finite,
// and the hostile inputs that got through were finite numbers at the ends of the float range
// (+-3.4e38, denormals near 1e-45) or far apart in magnitude. Each value is drawn from the
// fuzzer's bytes either from a table of such values or from raw float bits (every exponent
// equally likely), never NaN or infinity.
#pragma once

#include <cmath>
#include <cstring>
#include <limits>

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

}  // namespace partlab::fuzz
