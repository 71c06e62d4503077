// Draws thousands of simulation bodies with one draw call per shape kind (box, and sphere in
// levels of detail by on-screen size): the unit
// shapes live in static buffers, the per-body poses and colours in one instance buffer per kind
// that keeps its GPU capacity between frames (shaders/instanced_bodies.*, Blinn-Phong lit).
#pragma once

#include <array>
#include <span>
#include <string>

#include "app/render/body_meshes.h"
#include "app/render/gl.h"
#include "app/render/instanced_body_instance.h"
#include "app/render/scene_renderer.h"
#include "app/render/shader_program.h"

namespace partlab {

class InstancedBodyRenderer {
 public:
  InstancedBodyRenderer();
  ~InstancedBodyRenderer();
  InstancedBodyRenderer(const InstancedBodyRenderer&) = delete;
  InstancedBodyRenderer& operator=(const InstancedBodyRenderer&) = delete;

  // Loads shaders/instanced_bodies.{vert,frag} and sphere_impostor.{vert,frag} from `dir`; returns
  // "" or the error (the previous program, if any, stays).
  std::string Load(const std::string& dir);
  bool valid() const { return program_.valid(); }
  // Under software rendering Load picks shaders/instanced_bodies_gouraud.* (lit per vertex): the
  // per-pixel shader is most of the simulation view's frame on llvmpipe.
  bool per_vertex_lighting() const { return per_vertex_lighting_; }

  // Spheres come in kSphereDetailLevels levels of detail (body_meshes.h), finest first; one draw
  // call per level and one for the boxes. Levels from kFirstImpostorLevel on are impostors: a
  // camera-facing quad per sphere (shaders/sphere_impostor.*).
  using SphereBatches = std::array<std::span<const BodyInstance>, kSphereDetailLevels>;
  void Draw(std::span<const BodyInstance> boxes, const SphereBatches& spheres,
            const CameraMatrices& camera, float shininess);
  int draw_calls_last_frame() const { return draw_calls_; }

 private:
  struct Shape {
    GLuint vao = 0, vbo = 0, ebo = 0, instances = 0;
    GLsizei index_count = 0;
    size_t capacity = 0;  // instances the instance buffer can hold
  };
  void Create(Shape& shape, std::span<const float> vertices, std::span<const uint32_t> indices);
  void DrawShape(Shape& shape, std::span<const BodyInstance> instances);

  ShaderProgram program_;
  ShaderProgram flat_program_;  // software rendering only: program_ with FLAT_FACES, for flat_box_
  ShaderProgram impostor_program_;  // shaders/sphere_impostor.*: levels from kFirstImpostorLevel
  Shape box_, flat_box_;
  Shape spheres_[kSphereDetailLevels];
  int draw_calls_ = 0;
  bool per_vertex_lighting_ = false;
};

// Mesa's CPU rasterisers (GL_RENDERER llvmpipe, softpipe, ...): every triangle and every pixel's
// shader runs on the CPU.
bool IsSoftwareRenderer(const std::string& renderer);

}  // namespace partlab
