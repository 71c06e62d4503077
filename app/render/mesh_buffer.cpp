#include "app/render/mesh_buffer.h"

#include <glm/vec3.hpp>
#include <vector>

#include "app/render/vertex_attributes.h"

namespace partlab {

namespace {
struct Vertex {
  glm::vec3 position;
  glm::vec3 normal;
};
}  // namespace

void MeshBuffer::Upload(const Mesh& mesh) {
  Release();
  std::vector<Vertex> vertices(mesh.positions.size());
  for (size_t i = 0; i < vertices.size(); ++i)
    vertices[i] = {mesh.positions[i],
                   i < mesh.normals.size() ? mesh.normals[i] : glm::vec3(0, 1, 0)};

  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glGenBuffers(1, &ebo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertices.size() * sizeof(Vertex)), vertices.data(),
               GL_STATIC_DRAW);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo_);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(mesh.indices.size() * sizeof(uint32_t)),
               mesh.indices.data(), GL_STATIC_DRAW);
  SetVertexAttributes(sizeof(Vertex), {{0, 3, GL_FLOAT, false, offsetof(Vertex, position)},
                                       {1, 3, GL_FLOAT, false, offsetof(Vertex, normal)}});
  glBindVertexArray(0);
  index_count_ = mesh.indices.size();
}

void MeshBuffer::Draw() const {
  if (vao_ == 0 || index_count_ == 0) return;
  glBindVertexArray(vao_);
  glDrawElements(GL_TRIANGLES, GLsizei(index_count_), GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
}

void MeshBuffer::Release() {
  if (vao_ != 0) glDeleteVertexArrays(1, &vao_);
  if (vbo_ != 0) glDeleteBuffers(1, &vbo_);
  if (ebo_ != 0) glDeleteBuffers(1, &ebo_);
  vao_ = vbo_ = ebo_ = 0;
  index_count_ = 0;
}

}  // namespace partlab
