// Overlay lines that change rarely (the octree view's cells: 300k edges at depth 8 on the
// dragon), kept in a GPU buffer and drawn with one glDrawArrays per frame. Re-sending them through
// the per-frame DebugDraw batch would copy and upload ~12 MB every frame for an unchanged picture.
// Same vertex format as DebugDrawRenderer and the same colours (shaders/overlay_lines.*: overlay.*
// without the round points' discard, so hidden lines are rejected before shading).
// The lines come from a MergedLineRecorder (engine/octree/octree_cell_lines.h), optionally with a
// second set: the same lines less their stretches inside the model (AppendOutside), which the
// octree view draws instead while the camera moves over the opaque coarse mesh.
#pragma once

#include <cstdint>
#include <glm/mat4x4.hpp>
#include <span>
#include <string>
#include <vector>

#include "app/render/gl.h"
#include "app/render/shader_program.h"
#include "engine/octree/octree_cell_lines.h"

namespace partlab {

class StaticLines {
 public:
  StaticLines();
  ~StaticLines();
  StaticLines(const StaticLines&) = delete;
  StaticLines& operator=(const StaticLines&) = delete;

  const std::string& error() const { return error_; }
  using Vertex = MergedLineRecorder::Vertex;
  void Upload(std::span<const Vertex> lines, std::span<const Vertex> lines_outside = {});
  // outside: the second set (when one was uploaded) instead of the whole lines.
  void Draw(const glm::mat4& view_projection, bool outside = false) const;
  size_t line_count() const { return vertex_count_ / 2; }
  size_t outside_line_count() const { return outside_vertex_count_ / 2; }

 private:
  ShaderProgram program_;
  std::string error_;
  GLuint vao_ = 0, vbo_ = 0;
  size_t vertex_count_ = 0;          // the whole lines, first in the buffer
  size_t outside_vertex_count_ = 0;  // the outside set, after them
  bool opaque_ = false;              // every vertex has alpha 255: drawn without blending
};

}  // namespace partlab
