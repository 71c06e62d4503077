#include "app/render/static_lines.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdlib>

#include "app/render/vertex_attributes.h"

namespace partlab {

StaticLines::StaticLines() {
  program_ = ShaderProgram::LoadOrError("overlay_lines", error_);
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  SetVertexAttributes(sizeof(Vertex), {{0, 3, GL_FLOAT, false, offsetof(Vertex, position)},
                                       {1, 4, GL_UNSIGNED_BYTE, true, offsetof(Vertex, rgba)},
                                       {2, 1, GL_FLOAT, false, offsetof(Vertex, size)}});
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

StaticLines::~StaticLines() {
  glDeleteBuffers(1, &vbo_);
  glDeleteVertexArrays(1, &vao_);
}

void StaticLines::Upload(std::span<const Vertex> lines, std::span<const Vertex> lines_outside) {
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  const size_t bytes = (lines.size() + lines_outside.size()) * sizeof(Vertex);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(bytes), nullptr, GL_STATIC_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(lines.size_bytes()), lines.data());
  glBufferSubData(GL_ARRAY_BUFFER, GLintptr(lines.size_bytes()),
                  GLsizeiptr(lines_outside.size_bytes()), lines_outside.data());
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  vertex_count_ = lines.size();
  outside_vertex_count_ = lines_outside.size();
  // Opaque lines (the cells) need no blending: on llvmpipe that spares a framebuffer read per
  // pixel. The outside set is made of the same lines' pieces.
  opaque_ = std::all_of(lines.begin(), lines.end(),
                        [](const Vertex& x) { return (x.rgba >> 24) == 255; });
}

void StaticLines::Draw(const glm::mat4& view_projection, bool outside) const {
  const size_t first = outside && outside_vertex_count_ > 0 ? vertex_count_ : 0;
  const size_t count = first > 0 ? outside_vertex_count_ : vertex_count_;
  if (!program_.valid() || count == 0) return;
  program_.Use();
  program_.Set("u_view_projection", view_projection);
  if (!opaque_) glEnable(GL_BLEND);
  // Colour as usual; alpha accumulates coverage, so the lines composite correctly when drawn
  // into a transparent SceneCache (on the window the alpha is not shown).
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glBindVertexArray(vao_);
  // Two halves with a flush between: on llvmpipe the rasteriser threads draw the first half while
  // this thread bins the second (binning ~46,000 lines is ~10 ms of the calling thread).
  const size_t half = count / 4 * 2;
  glDrawArrays(GL_LINES, GLint(first), GLsizei(half));
  glFlush();
  glDrawArrays(GL_LINES, GLint(first + half), GLsizei(count - half));
  glBindVertexArray(0);
  glDisable(GL_BLEND);
}

}  // namespace partlab
