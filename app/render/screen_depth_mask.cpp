#include "app/render/screen_depth_mask.h"

#include "app/render/vertex_attributes.h"

namespace partlab {

ScreenDepthMask::ScreenDepthMask() {
  program_ = ShaderProgram::LoadOrError("depth_mask", error_);
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  SetVertexAttributes(sizeof(glm::vec2), {{0, 2, GL_FLOAT, false, 0}});
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

ScreenDepthMask::~ScreenDepthMask() {
  glDeleteBuffers(1, &vbo_);
  glDeleteVertexArrays(1, &vao_);
}

void ScreenDepthMask::Draw(std::span<const ScreenRect> rects, glm::vec2 framebuffer_size) {
  if (!program_.valid() || rects.empty()) return;
  vertices_.clear();
  for (const ScreenRect& r : rects) {
    const glm::vec2 a = r.min, b{r.max.x, r.min.y}, c = r.max, d{r.min.x, r.max.y};
    vertices_.insert(vertices_.end(), {a, b, c, a, c, d});
  }
  program_.Use();
  program_.Set("u_framebuffer_size", framebuffer_size);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_ALWAYS);
  glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertices_.size() * sizeof(glm::vec2)), vertices_.data(),
               GL_STREAM_DRAW);
  glDrawArrays(GL_TRIANGLES, 0, GLsizei(vertices_.size()));
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glBindVertexArray(0);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDepthFunc(GL_LESS);
}

}  // namespace partlab
