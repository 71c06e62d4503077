// Overlay lines that change rarely (the octree view's cells: 300k edges at depth 8 on the
// dragon), kept in a GPU buffer and drawn with one glDrawArrays per frame. Re-sending them through
// the per-frame DebugDraw batch would copy and upload ~12 MB every frame for an unchanged picture.
// Same vertex format and shader (shaders/overlay.*) as DebugDrawRenderer, so both look alike.
#pragma once

#include <cstdint>
#include <glm/mat4x4.hpp>
#include <string>
#include <vector>

#include "app/render/gl.h"
#include "app/render/shader_program.h"
#include "engine/debug_draw.h"

namespace partlab {

// Collects Line calls (ignores points and polygons) into a flat vertex array on the CPU. With a
// grid set, axis-aligned segments are snapped to it and every run of touching or overlapping
// segments of one colour on one grid line becomes a single line: neighbouring octree cells share
// edges and continue each other's, and every line costs llvmpipe set-up time on the CPU.
class LineRecorder final : public DebugDraw {
 public:
  struct Vertex {
    glm::vec3 position;
    uint32_t rgba;
    float size;
  };
  void Line(const glm::vec3& a, const glm::vec3& b, const Color& color) override;
  void Point(const glm::vec3&, float, const Color&) override {}
  void Polygon(std::span<const glm::vec3>, const Color&) override {}

  // Endpoints are snapped to origin + spacing * (i, j, k); 0 spacing turns merging off.
  void SetGrid(const glm::vec3& origin, float spacing);
  void Clear();  // keeps capacity
  // Merges the recorded grid segments and appends them to vertices(); call once after recording.
  void Finish();
  const std::vector<Vertex>& vertices() const { return vertices_; }
  size_t segments_recorded() const { return recorded_; }

 private:
  struct GridSegment {
    uint32_t axis, c1, c2;  // the grid line: its axis and the two other coordinates
    uint32_t rgba;
    uint32_t lo, hi;  // the interval along the axis
  };
  std::vector<Vertex> vertices_;
  std::vector<GridSegment> segments_;
  glm::vec3 grid_origin_{0.0f};
  float grid_spacing_ = 0.0f;
  size_t recorded_ = 0;
};

class StaticLines {
 public:
  StaticLines();
  ~StaticLines();
  StaticLines(const StaticLines&) = delete;
  StaticLines& operator=(const StaticLines&) = delete;

  const std::string& error() const { return error_; }
  void Upload(const LineRecorder& lines);
  void Draw(const glm::mat4& view_projection) const;
  size_t line_count() const { return vertex_count_ / 2; }

 private:
  ShaderProgram program_;
  std::string error_;
  GLuint vao_ = 0, vbo_ = 0;
  size_t vertex_count_ = 0;
};

}  // namespace partlab
