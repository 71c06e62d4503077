#include "engine/geometry/mesh_normals.h"

#include <glm/geometric.hpp>

namespace partlab {

namespace {

glm::vec3 TwiceAreaNormal(const Mesh& mesh, size_t triangle) {
  const glm::vec3& a = mesh.positions[mesh.indices[3 * triangle + 0]];
  const glm::vec3& b = mesh.positions[mesh.indices[3 * triangle + 1]];
  const glm::vec3& c = mesh.positions[mesh.indices[3 * triangle + 2]];
  return glm::cross(b - a, c - a);
}

}  // namespace

void ComputeAreaWeightedNormals(Mesh& mesh) {
  mesh.normals.assign(mesh.positions.size(), glm::vec3(0.0f));
  for (size_t t = 0; t < mesh.TriangleCount(); ++t) {
    const glm::vec3 n = TwiceAreaNormal(mesh, t);
    for (int k = 0; k < 3; ++k) mesh.normals[mesh.indices[3 * t + k]] += n;
  }
  for (glm::vec3& n : mesh.normals) {
    const float length = glm::length(n);
    n = length > 0.0f ? n / length : glm::vec3(0.0f, 1.0f, 0.0f);
  }
}

size_t CountDegenerateTriangles(const Mesh& mesh) {
  size_t count = 0;
  for (size_t t = 0; t < mesh.TriangleCount(); ++t) {
    const glm::vec3 n = TwiceAreaNormal(mesh, t);
    if (glm::dot(n, n) == 0.0f) ++count;
  }
  return count;
}

}  // namespace partlab
