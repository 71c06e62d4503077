// Marks screen rectangles as already covered, before the scene is drawn: it writes the nearest
// depth into them, so every later fragment there fails the depth test before it is shaded.
// The app masks the UI's opaque windows with it. On a software rasteriser (llvmpipe) each shaded
// pixel is CPU time, and the 3D view under a panel was shaded only to be painted over (the
// Simulation view's panels cover about 40 % of a 1280x720 window).
#pragma once

#include <glm/vec2.hpp>
#include <span>
#include <string>
#include <vector>

#include "app/render/gl.h"
#include "app/render/screen_rect.h"
#include "app/render/shader_program.h"

namespace partlab {

class ScreenDepthMask {
 public:
  ScreenDepthMask();
  ~ScreenDepthMask();
  ScreenDepthMask(const ScreenDepthMask&) = delete;
  ScreenDepthMask& operator=(const ScreenDepthMask&) = delete;

  // Writes depth 0 into `rects` (colour untouched), with the depth test passing everywhere; the
  // previous depth function, depth test and colour mask are restored to GL_LESS, on, all channels.
  void Draw(std::span<const ScreenRect> rects, glm::vec2 framebuffer_size);
  const std::string& error() const { return error_; }

 private:
  ShaderProgram program_;
  std::string error_;
  GLuint vao_ = 0, vbo_ = 0;
  std::vector<glm::vec2> vertices_;  // reused: two triangles per rectangle
};

}  // namespace partlab
