// Interleaved vertex attributes, described once: every buffer the GL layer draws from (meshes,
// overlay batches, merged lines, heatmap triangles, body instances) lays its vertex out as a
// struct, and this turns the struct's fields into glVertexAttribPointer calls on the bound VAO.
#pragma once

#include <cstddef>
#include <initializer_list>

#include "app/render/gl.h"

namespace partlab {

struct VertexAttribute {
  GLuint location;
  GLint components;  // 1-4
  GLenum type;       // GL_FLOAT, GL_UNSIGNED_BYTE...
  bool normalised;   // integers read as [0, 1] (colours as RGBA8)
  size_t offset;     // offsetof(Vertex, field)
};

// Enables `attributes` of the buffer bound to GL_ARRAY_BUFFER, for the bound vertex array, with
// vertices `stride` bytes apart. `divisor` 1 advances them once per instance instead of per vertex.
inline void SetVertexAttributes(GLsizei stride, std::initializer_list<VertexAttribute> attributes,
                                GLuint divisor = 0) {
  for (const VertexAttribute& a : attributes) {
    glEnableVertexAttribArray(a.location);
    glVertexAttribPointer(a.location, a.components, a.type, a.normalised ? GL_TRUE : GL_FALSE,
                          stride, reinterpret_cast<void*>(a.offset));
    if (divisor != 0) glVertexAttribDivisor(a.location, divisor);
  }
}

}  // namespace partlab
