#include "app/render/instanced_body_renderer.h"

#include "app/render/body_meshes.h"
#include "app/render/vertex_attributes.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <glm/vec3.hpp>
#include <vector>

namespace partlab {

InstancedBodyRenderer::InstancedBodyRenderer() {
  std::vector<float> v;
  std::vector<uint32_t> idx;
  UnitCube(v, idx);
  Create(box_, v, idx);
  v.clear();
  idx.clear();
  UnitCubeCorners(v, idx);
  Create(flat_box_, v, idx);
  v.clear();
  idx.clear();
  for (int level = 0; level < kSphereDetailLevels; ++level) {
    v.clear();
    idx.clear();
    if (level >= kFirstImpostorLevel)
      UnitQuad(v, idx);
    else
      UnitSphere(kSphereDetails[level].slices, kSphereDetails[level].stacks, v, idx);
    Create(spheres_[level], v, idx);
  }
}

InstancedBodyRenderer::~InstancedBodyRenderer() {
  auto release = [](Shape& s) {
    glDeleteVertexArrays(1, &s.vao);
    glDeleteBuffers(1, &s.vbo);
    glDeleteBuffers(1, &s.ebo);
    glDeleteBuffers(1, &s.instances);
  };
  release(box_);
  release(flat_box_);
  for (Shape& s : spheres_) release(s);
}

std::string InstancedBodyRenderer::Load(const std::string& dir) {
  const GLubyte* renderer = glGetString(GL_RENDERER);
  per_vertex_lighting_ = renderer && IsSoftwareRenderer(reinterpret_cast<const char*>(renderer));
  const char* name = per_vertex_lighting_ ? "instanced_bodies_gouraud" : "instanced_bodies";
  auto result = ShaderProgram::Load(dir, name);
  if (!result.ok()) return result.error();
  if (per_vertex_lighting_) {
    auto flat = ShaderProgram::Load(dir, name, "#define FLAT_FACES\n");
    if (!flat.ok()) return flat.error();
    flat_program_ = std::move(flat).value();
  }
  auto impostor = ShaderProgram::Load(dir, "sphere_impostor");
  if (!impostor.ok()) return impostor.error();
  impostor_program_ = std::move(impostor).value();
  program_ = std::move(result).value();
  return "";
}

void InstancedBodyRenderer::Create(Shape& shape, std::span<const float> vertices,
                                   std::span<const uint32_t> indices) {
  glGenVertexArrays(1, &shape.vao);
  glGenBuffers(1, &shape.vbo);
  glGenBuffers(1, &shape.ebo);
  glGenBuffers(1, &shape.instances);
  glBindVertexArray(shape.vao);
  glBindBuffer(GL_ARRAY_BUFFER, shape.vbo);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertices.size_bytes()), vertices.data(), GL_STATIC_DRAW);
  SetVertexAttributes(6 * sizeof(float),
                      {{0, 3, GL_FLOAT, false, 0}, {1, 3, GL_FLOAT, false, 3 * sizeof(float)}});
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, shape.ebo);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(indices.size_bytes()), indices.data(),
               GL_STATIC_DRAW);
  // Per-instance attributes advance once per instance (divisor 1).
  glBindBuffer(GL_ARRAY_BUFFER, shape.instances);
  SetVertexAttributes(sizeof(BodyInstance),
                      {{2, 3, GL_FLOAT, false, offsetof(BodyInstance, position)},
                       {3, 4, GL_FLOAT, false, offsetof(BodyInstance, orientation)},
                       {4, 3, GL_FLOAT, false, offsetof(BodyInstance, half_extents)},
                       {5, 4, GL_UNSIGNED_BYTE, true, offsetof(BodyInstance, rgba)}},
                      /*divisor=*/1);
  glBindVertexArray(0);
  shape.index_count = GLsizei(indices.size());
}

void InstancedBodyRenderer::Draw(std::span<const BodyInstance> boxes, const SphereBatches& spheres,
                                 const CameraMatrices& camera, float shininess) {
  draw_calls_ = 0;
  if (!program_.valid()) return;
  auto use = [&](const ShaderProgram& program) {
    program.Use();
    program.Set("u_view", camera.view);
    program.Set("u_projection", camera.projection);
    program.Set("LightPosition", glm::vec3(-0.8f, 1.2f, 0.6f) * camera.light_distance);
    program.Set("u_shininess", shininess);
  };
  glEnable(GL_CULL_FACE);  // closed shapes: back faces never show
  glCullFace(GL_BACK);
  if (flat_program_.valid()) {  // software rendering: boxes lit once per face, from 8 corners
    use(flat_program_);
    DrawShape(flat_box_, boxes);
    // llvmpipe rasterises a batch only once it is flushed: hand the boxes over now, so its
    // rasteriser threads fill them while this thread transforms and bins the spheres.
    glFlush();
    use(program_);
  } else {
    use(program_);
    DrawShape(box_, boxes);
  }
  for (int level = 0; level < kFirstImpostorLevel; ++level)
    DrawShape(spheres_[level], spheres[level]);
  use(impostor_program_);  // the small spheres: one quad each, shaded as a sphere
  for (int level = kFirstImpostorLevel; level < kSphereDetailLevels; ++level)
    DrawShape(spheres_[level], spheres[level]);
  glDisable(GL_CULL_FACE);
}

// Orphans the instance buffer every frame (glBufferData with no data, then the upload): the
// driver hands out fresh storage instead of waiting for last frame's draw to finish reading the
// old one, which on llvmpipe would serialise the CPU with the rasteriser threads.
void InstancedBodyRenderer::DrawShape(Shape& shape, std::span<const BodyInstance> instances) {
  if (instances.empty()) return;
  glBindBuffer(GL_ARRAY_BUFFER, shape.instances);
  shape.capacity = std::max(instances.size(), shape.capacity);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(shape.capacity * sizeof(BodyInstance)), nullptr,
               GL_STREAM_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(instances.size_bytes()), instances.data());
  glBindVertexArray(shape.vao);
  glDrawElementsInstanced(GL_TRIANGLES, shape.index_count, GL_UNSIGNED_INT, nullptr,
                          GLsizei(instances.size()));
  glBindVertexArray(0);
  ++draw_calls_;
}

bool IsSoftwareRenderer(const std::string& renderer) {
  for (const char* name : {"llvmpipe", "softpipe", "SWR", "Software Rasterizer"})
    if (renderer.find(name) != std::string::npos) return true;
  return false;
}

}  // namespace partlab
