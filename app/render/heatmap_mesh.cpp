#include "app/render/heatmap_mesh.h"

#include <cstddef>
#include <cstdlib>
#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

#include "app/render/vertex_attributes.h"

namespace partlab {

HeatmapMesh::HeatmapMesh() {
  program_ = ShaderProgram::LoadOrError("heatmap_mesh", error_);
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  SetVertexAttributes(sizeof(Vertex), {{0, 3, GL_FLOAT, false, offsetof(Vertex, position)},
                                       {1, 3, GL_FLOAT, false, offsetof(Vertex, normal)},
                                       {2, 4, GL_UNSIGNED_BYTE, true, offsetof(Vertex, rgba)}});
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

HeatmapMesh::~HeatmapMesh() {
  glDeleteBuffers(1, &vbo_);
  glDeleteVertexArrays(1, &vao_);
}

void HeatmapMesh::Upload(std::span<const Triangle> triangles, std::span<const uint32_t> colors) {
  staging_.clear();
  staging_.reserve(triangles.size() * 3);
  for (size_t i = 0; i < triangles.size(); ++i) {
    const Triangle& t = triangles[i];
    glm::vec3 n = glm::cross(t.Edge1(), t.Edge2());
    const float len = glm::length(n);
    n = len > 0.0f ? n / len : glm::vec3(0, 1, 0);
    const uint32_t c = i < colors.size() ? colors[i] : 0xffffffffu;
    staging_.push_back({t.v0, n, c});
    staging_.push_back({t.v1, n, c});
    staging_.push_back({t.v2, n, c});
  }
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(staging_.size() * sizeof(Vertex)), staging_.data(),
               GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  vertex_count_ = staging_.size();
}

void HeatmapMesh::Draw(const glm::mat4& view, const glm::mat4& projection) const {
  if (!program_.valid() || vertex_count_ == 0) return;
  program_.Use();
  program_.Set("u_view", view);
  program_.Set("u_projection", projection);
  program_.Set("u_normal_matrix", glm::transpose(glm::inverse(glm::mat3(view))));
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, GLsizei(vertex_count_));
  glBindVertexArray(0);
}

}  // namespace partlab
