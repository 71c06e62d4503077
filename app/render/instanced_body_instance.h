// One body as the instanced renderer draws it: pose, size and colour, 48 bytes, uploaded as is.
// GL-free, so the view's colouring code and its tests can fill arrays of these without a context.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace partlab {

struct BodyInstance {
  glm::vec3 position{0.0f};
  glm::vec4 orientation{0.0f, 0.0f, 0.0f, 1.0f};  // quaternion (x, y, z, w)
  glm::vec3 half_extents{0.5f};                   // spheres: (r, r, r)
  uint32_t rgba = 0xffffffffu;                    // RGBA8, red in the lowest byte
  uint32_t padding = 0;
};

// RGBA8 with red in the lowest byte (the byte order GL reads as GL_UNSIGNED_BYTE x4).
inline uint32_t PackRgba8(const glm::vec4& c) {
  auto byte = [](float v) {
    const float clamped = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
    return uint32_t(clamped * 255.0f + 0.5f);
  };
  return byte(c.r) | byte(c.g) << 8 | byte(c.b) << 16 | byte(c.a) << 24;
}

}  // namespace partlab
