// Triangles with one colour each, lit two-sided: the octree view's "colour the triangles by the
// depth of their cell" and its generated soups (which have no MeshBuffer). The scene renderer's
// meshes have no colour attribute, so this keeps its own unindexed buffer (position, face normal,
// RGBA8 per vertex), uploaded when the octree changes and drawn with one glDrawArrays.
#pragma once

#include <cstdint>
#include <glm/mat4x4.hpp>
#include <span>
#include <string>
#include <vector>

#include "app/render/gl.h"
#include "app/render/shader_program.h"
#include "engine/geometry/triangle.h"

namespace partlab {

class HeatmapMesh {
 public:
  HeatmapMesh();
  ~HeatmapMesh();
  HeatmapMesh(const HeatmapMesh&) = delete;
  HeatmapMesh& operator=(const HeatmapMesh&) = delete;

  const std::string& error() const { return error_; }
  // colors: one packed RGBA8 per triangle (same order). The staging array keeps its capacity.
  void Upload(std::span<const Triangle> triangles, std::span<const uint32_t> colors);
  void Draw(const glm::mat4& view, const glm::mat4& projection) const;
  size_t triangle_count() const { return vertex_count_ / 3; }

 private:
  struct Vertex {
    glm::vec3 position;
    glm::vec3 normal;
    uint32_t rgba;
  };
  ShaderProgram program_;
  std::string error_;
  GLuint vao_ = 0, vbo_ = 0;
  size_t vertex_count_ = 0;
  std::vector<Vertex> staging_;
};

}  // namespace partlab
