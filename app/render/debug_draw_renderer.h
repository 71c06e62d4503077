// The GL side of engine/debug_draw.h: every Line, Point and Polygon call of a frame is appended
// to a flat CPU array (one per primitive kind), and Flush uploads and draws each array with one
// draw call. The arrays keep their capacity between frames, so a steady scene allocates nothing.
#pragma once

#include <cstdint>
#include <glm/mat4x4.hpp>
#include <vector>

#include "app/render/gl.h"
#include "app/render/shader_program.h"
#include "engine/debug_draw.h"

namespace partlab {

class DebugDrawRenderer final : public DebugDraw {
 public:
  DebugDrawRenderer();
  ~DebugDrawRenderer() override;
  DebugDrawRenderer(const DebugDrawRenderer&) = delete;
  DebugDrawRenderer& operator=(const DebugDrawRenderer&) = delete;

  void Line(const glm::vec3& a, const glm::vec3& b, const Color& color) override;
  void Point(const glm::vec3& p, float size_px, const Color& color) override;
  void Polygon(std::span<const glm::vec3> vertices, const Color& color) override;

  // Draws polygons (blended, no depth writes), then lines, then points; then empties the batches.
  // Points use `program` (overlay.*: round points discard their corners); lines and polygons use
  // `no_discard` (overlay_lines.*), so llvmpipe can depth-test their fragments before shading them
  // (the BSP's translucent planes cover much of the window, mostly behind bodies).
  void Flush(const ShaderProgram& program, const ShaderProgram& no_discard,
             const glm::mat4& view_projection);
  // One program for all three kinds (it must handle u_round_points).
  void Flush(const ShaderProgram& program, const glm::mat4& view_projection) {
    Flush(program, program, view_projection);
  }

  size_t line_count() const { return lines_.vertices.size() / 2; }
  size_t point_count() const { return points_.vertices.size(); }
  size_t triangle_count() const { return polygons_.vertices.size() / 3; }
  int draw_calls_last_flush() const { return draw_calls_; }

 private:
  struct Vertex {
    glm::vec3 position;
    uint32_t rgba;  // RGBA8, normalised by the vertex fetch
    float size;
  };
  struct Batch {
    GLuint vao = 0, vbo = 0;
    size_t gpu_capacity = 0;  // vertices the VBO can hold
    std::vector<Vertex> vertices;
  };
  static uint32_t Pack(const Color& c);
  void DrawBatch(Batch& batch, GLenum mode);

  Batch lines_, points_, polygons_;
  int draw_calls_ = 0;
};

}  // namespace partlab
