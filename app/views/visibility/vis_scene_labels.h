// What the Visibility view writes over its pictures, gathered while it renders and drawn with the
// UI (visibility_figures.cpp): each wall's drawing order number (3.2.3.3), the line between the
// split pictures, in window pixels.
#pragma once

#include <glm/vec2.hpp>
#include <vector>

#include "engine/debug_draw.h"

namespace partlab {

struct SceneLabels {
  // A number to draw over the scene this frame (window pixels, top-left origin).
  struct Label {
    glm::vec2 at;
    int number;
    Color color;
  };
  std::vector<Label> labels;
  std::vector<glm::vec2> dividers;  // x of split lines, framebuffer pixels (y unused)
  glm::vec2 display_scale{1, 1};    // framebuffer pixels per window pixel
};

}  // namespace partlab
