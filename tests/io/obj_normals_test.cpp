// Area-weighted vertex normals on meshes whose answer is known by hand.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "engine/geometry/mesh_normals.h"

namespace partlab {
namespace {

void ExpectNear(const glm::vec3& a, const glm::vec3& b) {
  EXPECT_NEAR(a.x, b.x, 1e-6f);
  EXPECT_NEAR(a.y, b.y, 1e-6f);
  EXPECT_NEAR(a.z, b.z, 1e-6f);
}

TEST(MeshNormals, OutwardNormalsOfAnAxisAlignedCubeCornerAreTheDiagonal) {
  // Three unit faces of a cube meeting at the origin, wound to face outward (-x, -y, -z).
  Mesh m;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  m.indices = {0, 2, 1,   // z = 0 plane, normal -z
               0, 1, 3,   // y = 0 plane, normal -y
               0, 3, 2};  // x = 0 plane, normal -x
  ComputeAreaWeightedNormals(m);
  ExpectNear(m.normals[0], glm::normalize(glm::vec3(-1, -1, -1)));
  ExpectNear(m.normals[1], glm::normalize(glm::vec3(0, -1, -1)));
}

TEST(MeshNormals, LargerTrianglesWeighMore) {
  // A vertex shared by a 1x1 triangle facing +z and a 3x3 triangle facing +x: the normal leans
  // towards +x by the area ratio 9:1.
  Mesh m;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 3, 0}, {0, 0, 3}};
  m.indices = {0, 1, 2, 0, 3, 4};
  ComputeAreaWeightedNormals(m);
  ExpectNear(m.normals[0], glm::normalize(glm::vec3(9, 0, 1)));
}

TEST(MeshNormals, VertexOnlyOnDegenerateTrianglesGetsAFiniteUnitNormal) {
  Mesh m;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
  m.indices = {0, 1, 2};
  ComputeAreaWeightedNormals(m);
  for (const glm::vec3& n : m.normals) EXPECT_NEAR(glm::length(n), 1.0f, 1e-6f);
  EXPECT_EQ(CountDegenerateTriangles(m), 1u);
}

}  // namespace
}  // namespace partlab
