// The 2-D cross product on the level's floor plan (x, z as x, y): positive when b turns
// counter-clockwise from a. Outlines, portals and the PVS's sampling all orient by it.
#pragma once

#include <glm/vec2.hpp>

namespace partlab {

inline float Cross2(const glm::vec2& a, const glm::vec2& b) {
  return a.x * b.y - a.y * b.x;
}

}  // namespace partlab
