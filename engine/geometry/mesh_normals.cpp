#include "engine/geometry/mesh_normals.h"

#include <cmath>
#include <glm/geometric.hpp>
#include <vector>

namespace partlab {

namespace {

glm::vec3 TwiceAreaNormal(const Mesh& mesh, size_t triangle) {
  const glm::vec3& a = mesh.positions[mesh.indices[3 * triangle + 0]];
  const glm::vec3& b = mesh.positions[mesh.indices[3 * triangle + 1]];
  const glm::vec3& c = mesh.positions[mesh.indices[3 * triangle + 2]];
  return glm::cross(b - a, c - a);
}

// The same in double: with coordinates near +-3.4e38 the float cross product overflows and the
// normal became NaN (found by fuzzing the OBJ reader); in double it cannot (|n| <= ~1e78).
glm::dvec3 TwiceAreaNormalInDouble(const Mesh& mesh, size_t triangle) {
  const glm::dvec3 a(mesh.positions[mesh.indices[3 * triangle + 0]]);
  const glm::dvec3 b(mesh.positions[mesh.indices[3 * triangle + 1]]);
  const glm::dvec3 c(mesh.positions[mesh.indices[3 * triangle + 2]]);
  return glm::cross(b - a, c - a);
}

}  // namespace

void ComputeAreaWeightedNormals(Mesh& mesh) {
  std::vector<glm::dvec3> sums(mesh.positions.size(), glm::dvec3(0.0));
  for (size_t t = 0; t < mesh.TriangleCount(); ++t) {
    const glm::dvec3 n = TwiceAreaNormalInDouble(mesh, t);
    for (int k = 0; k < 3; ++k) sums[mesh.indices[3 * t + k]] += n;
  }
  mesh.normals.resize(mesh.positions.size());
  for (size_t i = 0; i < sums.size(); ++i) {
    const double length = glm::length(sums[i]);
    mesh.normals[i] = length > 0.0 && std::isfinite(length) ? glm::vec3(sums[i] / length)
                                                            : glm::vec3(0.0f, 1.0f, 0.0f);
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
