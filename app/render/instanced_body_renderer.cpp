#include "app/render/instanced_body_renderer.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace partlab {

namespace {

// Unit cube [-1, 1]^3 with flat normals: 24 vertices (position, normal), 36 indices.
void UnitCube(std::vector<float>& v, std::vector<uint32_t>& idx) {
  for (int axis = 0; axis < 3; ++axis) {
    for (int sign = -1; sign <= 1; sign += 2) {
      const uint32_t base = uint32_t(v.size() / 6);
      const int u = (axis + 1) % 3, w = (axis + 2) % 3;
      const float corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
      for (const auto& c : corners) {
        float p[3], n[3] = {0, 0, 0};
        p[axis] = float(sign);
        p[u] = c[0] * float(sign);  // keeps the winding outward-facing on both sides
        p[w] = c[1];
        n[axis] = float(sign);
        v.insert(v.end(), {p[0], p[1], p[2], n[0], n[1], n[2]});
      }
      idx.insert(idx.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
    }
  }
}

// Unit UV sphere of `slices` x `stacks`: 10 x 6 (100 triangles) reads as round up close; 6 x 4
// (36 triangles) is enough below about 12 pixels across, where most bodies of a full scene are.
// On llvmpipe the vertex stage runs on the calling thread, so vertices per sphere matter: each pole
// is one vertex and a ring does not repeat its first vertex at the seam (the normal is the
// position, so nothing differs there), and the caps are fans, not bands of triangles with a
// zero-area half. 6 x 4: 20 vertices and 36 triangles, against 35 and 48 (12 of them degenerate)
// for the grid.
void UnitSphere(int kSlices, int kStacks, std::vector<float>& v, std::vector<uint32_t>& idx) {
  auto vertex = [&](float x, float y, float z) { v.insert(v.end(), {x, y, z, x, y, z}); };
  vertex(0, 1, 0);  // north pole: index 0
  for (int i = 1; i < kStacks; ++i) {
    const float phi = float(M_PI) * float(i) / kStacks;
    for (int j = 0; j < kSlices; ++j) {
      const float theta = 2.0f * float(M_PI) * float(j) / kSlices;
      vertex(std::sin(phi) * std::cos(theta), std::cos(phi), std::sin(phi) * std::sin(theta));
    }
  }
  vertex(0, -1, 0);  // south pole: the last index
  const uint32_t slices = uint32_t(kSlices), rings = uint32_t(kStacks - 1);
  const uint32_t south = 1 + rings * slices;
  auto ring = [&](uint32_t r, uint32_t j) { return 1 + r * slices + j % slices; };
  for (uint32_t j = 0; j < slices; ++j) {  // outward-facing throughout, as the grid was
    idx.insert(idx.end(), {0, ring(0, j + 1), ring(0, j)});
    for (uint32_t r = 0; r + 1 < rings; ++r) {
      const uint32_t a = ring(r, j), a1 = ring(r, j + 1), b = ring(r + 1, j),
                     b1 = ring(r + 1, j + 1);
      idx.insert(idx.end(), {a, a1, b, a1, b1, b});
    }
    idx.insert(idx.end(), {ring(rings - 1, j), ring(rings - 1, j + 1), south});
  }
}

}  // namespace

InstancedBodyRenderer::InstancedBodyRenderer() {
  std::vector<float> v;
  std::vector<uint32_t> idx;
  UnitCube(v, idx);
  Create(box_, v, idx);
  v.clear();
  idx.clear();
  UnitSphere(10, 6, v, idx);
  Create(sphere_, v, idx);
  v.clear();
  idx.clear();
  UnitSphere(6, 4, v, idx);
  Create(small_sphere_, v, idx);
}

InstancedBodyRenderer::~InstancedBodyRenderer() {
  for (Shape* s : {&box_, &sphere_, &small_sphere_}) {
    glDeleteVertexArrays(1, &s->vao);
    glDeleteBuffers(1, &s->vbo);
    glDeleteBuffers(1, &s->ebo);
    glDeleteBuffers(1, &s->instances);
  }
}

std::string InstancedBodyRenderer::Load(const std::string& dir) {
  const GLubyte* renderer = glGetString(GL_RENDERER);
  per_vertex_lighting_ = renderer && IsSoftwareRenderer(reinterpret_cast<const char*>(renderer));
  auto result = ShaderProgram::Load(
      dir, per_vertex_lighting_ ? "instanced_bodies_gouraud" : "instanced_bodies");
  if (!result.ok()) return result.error();
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
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float),
                        reinterpret_cast<void*>(3 * sizeof(float)));
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, shape.ebo);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(indices.size_bytes()), indices.data(),
               GL_STATIC_DRAW);
  // Per-instance attributes advance once per instance (divisor 1).
  glBindBuffer(GL_ARRAY_BUFFER, shape.instances);
  const GLsizei stride = sizeof(BodyInstance);
  auto attribute = [&](GLuint loc, GLint size, GLenum type, bool normalised, size_t offset) {
    glEnableVertexAttribArray(loc);
    glVertexAttribPointer(loc, size, type, normalised ? GL_TRUE : GL_FALSE, stride,
                          reinterpret_cast<void*>(offset));
    glVertexAttribDivisor(loc, 1);
  };
  attribute(2, 3, GL_FLOAT, false, offsetof(BodyInstance, position));
  attribute(3, 4, GL_FLOAT, false, offsetof(BodyInstance, orientation));
  attribute(4, 3, GL_FLOAT, false, offsetof(BodyInstance, half_extents));
  attribute(5, 4, GL_UNSIGNED_BYTE, true, offsetof(BodyInstance, rgba));
  glBindVertexArray(0);
  shape.index_count = GLsizei(indices.size());
}

void InstancedBodyRenderer::Draw(std::span<const BodyInstance> boxes,
                                 std::span<const BodyInstance> spheres,
                                 std::span<const BodyInstance> small_spheres,
                                 const CameraMatrices& camera, float shininess) {
  draw_calls_ = 0;
  if (!program_.valid()) return;
  program_.Use();
  program_.Set("u_view", camera.view);
  program_.Set("u_projection", camera.projection);
  program_.Set("LightPosition", glm::vec3(-0.8f, 1.2f, 0.6f) * camera.light_distance);
  program_.Set("u_shininess", shininess);
  glEnable(GL_CULL_FACE);  // closed shapes: back faces never show
  glCullFace(GL_BACK);
  DrawShape(box_, boxes);
  DrawShape(sphere_, spheres);
  DrawShape(small_sphere_, small_spheres);
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
