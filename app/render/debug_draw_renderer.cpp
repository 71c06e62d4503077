#include "app/render/debug_draw_renderer.h"

#include <algorithm>
#include <glm/common.hpp>

#include "app/render/vertex_attributes.h"

namespace partlab {

namespace {

void CreateBatchObjects(GLuint& vao, GLuint& vbo, GLsizei stride) {
  glGenVertexArrays(1, &vao);
  glGenBuffers(1, &vbo);
  glBindVertexArray(vao);
  glBindBuffer(GL_ARRAY_BUFFER, vbo);
  SetVertexAttributes(stride, {{0, 3, GL_FLOAT, false, 0},
                               {1, 4, GL_UNSIGNED_BYTE, true, 12},
                               {2, 1, GL_FLOAT, false, 16}});
  glBindVertexArray(0);
}

}  // namespace

DebugDrawRenderer::DebugDrawRenderer() {
  static_assert(sizeof(Vertex) == 20, "the attribute offsets above assume a packed vertex");
  for (Batch* batch : {&lines_, &points_, &polygons_}) {
    CreateBatchObjects(batch->vao, batch->vbo, sizeof(Vertex));
    batch->vertices.reserve(4096);
  }
}

DebugDrawRenderer::~DebugDrawRenderer() {
  for (Batch* batch : {&lines_, &points_, &polygons_}) {
    glDeleteBuffers(1, &batch->vbo);
    glDeleteVertexArrays(1, &batch->vao);
  }
}

uint32_t DebugDrawRenderer::Pack(const Color& c) {
  const glm::vec4 v = glm::clamp(c, 0.0f, 1.0f) * 255.0f + 0.5f;
  return uint32_t(v.r) | uint32_t(v.g) << 8 | uint32_t(v.b) << 16 | uint32_t(v.a) << 24;
}

void DebugDrawRenderer::Line(const glm::vec3& a, const glm::vec3& b, const Color& color) {
  const uint32_t rgba = Pack(color);
  lines_.vertices.push_back({a, rgba, 1.0f});
  lines_.vertices.push_back({b, rgba, 1.0f});
}

void DebugDrawRenderer::Point(const glm::vec3& p, float size_px, const Color& color) {
  points_.vertices.push_back({p, Pack(color), size_px});
}

void DebugDrawRenderer::Polygon(std::span<const glm::vec3> vertices, const Color& color) {
  // Convex by contract (debug_draw.h), so a fan from the first vertex covers it exactly.
  const uint32_t rgba = Pack(color);
  for (size_t i = 1; i + 1 < vertices.size(); ++i) {
    polygons_.vertices.push_back({vertices[0], rgba, 1.0f});
    polygons_.vertices.push_back({vertices[i], rgba, 1.0f});
    polygons_.vertices.push_back({vertices[i + 1], rgba, 1.0f});
  }
}

void DebugDrawRenderer::DrawBatch(Batch& batch, GLenum mode) {
  const size_t count = batch.vertices.size();
  if (count == 0) return;
  glBindVertexArray(batch.vao);
  glBindBuffer(GL_ARRAY_BUFFER, batch.vbo);
  if (count > batch.gpu_capacity) batch.gpu_capacity = std::max(count, 2 * batch.gpu_capacity);
  // Orphan the old storage so the driver never waits for last frame's draw to finish reading it.
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(batch.gpu_capacity * sizeof(Vertex)), nullptr,
               GL_STREAM_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(count * sizeof(Vertex)), batch.vertices.data());
  glDrawArrays(mode, 0, GLsizei(count));
  ++draw_calls_;
  batch.vertices.clear();  // keeps the capacity: no allocation next frame
}

void DebugDrawRenderer::Flush(const ShaderProgram& program, const ShaderProgram& no_discard,
                              const glm::mat4& view_projection) {
  draw_calls_ = 0;
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glEnable(GL_PROGRAM_POINT_SIZE);

  no_discard.Use();
  no_discard.Set("u_view_projection", view_projection);
  no_discard.Set("u_round_points", 0);  // when it is overlay.* itself (ignored otherwise)
  glDepthMask(GL_FALSE);                // translucent planes must not hide what is behind them
  DrawBatch(polygons_, GL_TRIANGLES);
  glDepthMask(GL_TRUE);
  DrawBatch(lines_, GL_LINES);
  program.Use();
  program.Set("u_view_projection", view_projection);
  program.Set("u_round_points", 1);
  DrawBatch(points_, GL_POINTS);

  glBindVertexArray(0);
  glDisable(GL_BLEND);
}

}  // namespace partlab
