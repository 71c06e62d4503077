// A Mesh on the GPU: one VAO, an interleaved position+normal VBO and an index buffer, drawn with
// a single glDrawElements (the "vertex arrays" the chapter recommends over glBegin, 3.2.2).
#pragma once

#include "app/render/gl.h"
#include "engine/geometry/mesh.h"

namespace partlab {

class MeshBuffer {
 public:
  MeshBuffer() = default;
  ~MeshBuffer() { Release(); }
  MeshBuffer(const MeshBuffer&) = delete;
  MeshBuffer& operator=(const MeshBuffer&) = delete;

  void Upload(const Mesh& mesh);  // replaces whatever was there
  void Draw() const;
  void Release();
  size_t index_count() const { return index_count_; }

 private:
  GLuint vao_ = 0, vbo_ = 0, ebo_ = 0;
  size_t index_count_ = 0;
};

}  // namespace partlab
