// An indexed triangle mesh as loaded from OBJ: the input of the octree and of the mesh renderer.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <string>
#include <vector>

namespace partlab {

struct Mesh {
  std::string name;  // file stem, for the UI
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;  // one per position (computed when the file has none)
  std::vector<uint32_t> indices;   // three per triangle

  size_t TriangleCount() const { return indices.size() / 3; }
};

}  // namespace partlab
