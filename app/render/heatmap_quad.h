// A CPU-computed image (the octree view's per-pixel cost heatmap) drawn over the whole viewport:
// one RGBA8 texture, re-uploaded only when the image changes, and one full-screen triangle, so the
// heatmap costs one draw call whatever its resolution.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "app/render/gl.h"
#include "app/render/shader_program.h"

namespace partlab {

class HeatmapQuad {
 public:
  HeatmapQuad();
  ~HeatmapQuad();
  HeatmapQuad(const HeatmapQuad&) = delete;
  HeatmapQuad& operator=(const HeatmapQuad&) = delete;

  // "" or the shader's one-line error (the quad then draws nothing).
  const std::string& error() const { return error_; }
  // rgba: width * height packed RGBA8 pixels, row 0 at the top of the screen.
  void Upload(int width, int height, std::span<const uint32_t> rgba);
  // Nearest filtering keeps each traced ray a crisp block, so a student sees the sampling rate.
  void Draw(float opacity) const;
  bool has_image() const { return width_ > 0; }

 private:
  ShaderProgram program_;
  std::string error_;
  GLuint texture_ = 0, vao_ = 0;
  int width_ = 0, height_ = 0;
};

}  // namespace partlab
