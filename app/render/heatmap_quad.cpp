#include "app/render/heatmap_quad.h"

#include <cstdlib>

#include "app/render/full_screen_texture.h"

namespace partlab {

HeatmapQuad::HeatmapQuad() {
  program_ = ShaderProgram::LoadOrError("heatmap_quad", error_);
  glGenVertexArrays(1, &vao_);
  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
}

HeatmapQuad::~HeatmapQuad() {
  glDeleteTextures(1, &texture_);
  glDeleteVertexArrays(1, &vao_);
}

void HeatmapQuad::Upload(int width, int height, std::span<const uint32_t> rgba) {
  if (width <= 0 || height <= 0 || rgba.size() < size_t(width) * size_t(height)) return;
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  if (width != width_ || height != height_) {
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 rgba.data());
    width_ = width;
    height_ = height;
  } else {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  }
  glBindTexture(GL_TEXTURE_2D, 0);
}

void HeatmapQuad::Draw(float opacity) const {
  if (!program_.valid() || !has_image()) return;
  program_.Use();
  program_.Set("u_image", 0);
  program_.Set("u_opacity", opacity);
  DrawFullScreenTexture(vao_, texture_, GL_SRC_ALPHA);
}

}  // namespace partlab
