// An axis-aligned rectangle in framebuffer pixels, origin at the top left (as the UI lays out its
// windows). GL-free, so that the UI code that finds such rectangles can be tested without a
// context.
#pragma once

#include <glm/vec2.hpp>

namespace partlab {

struct ScreenRect {
  glm::vec2 min{0.0f}, max{0.0f};
};

}  // namespace partlab
