// The display LOD (app/render/mesh_lod.h): within the budget, close to it, and still the same
// surface (every vertex near the sphere it came from, normals outward, no collapsed triangle, none
// drawn with its own reverse, every index valid, a closed surface still closed).
#include "app/render/mesh_lod.h"

#include "engine/geometry/closed_surface.h"
#include "tests/geometry/closed_meshes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <glm/geometric.hpp>
#include <set>

namespace partlab {
namespace {

// A UV sphere of radius r: 2 * slices * (stacks - 1) triangles, normals = directions.
Mesh UvSphere(float r, int slices, int stacks) {
  Mesh m;
  m.name = "sphere";
  for (int i = 0; i <= stacks; ++i) {
    const float theta = 3.14159265f * float(i) / float(stacks);
    for (int j = 0; j < slices; ++j) {
      const float phi = 2.0f * 3.14159265f * float(j) / float(slices);
      const glm::vec3 n{std::sin(theta) * std::cos(phi), std::cos(theta),
                        std::sin(theta) * std::sin(phi)};
      m.positions.push_back(r * n);
      m.normals.push_back(n);
    }
  }
  auto at = [&](int i, int j) { return uint32_t(i * slices + (j % slices)); };
  for (int i = 0; i < stacks; ++i)
    for (int j = 0; j < slices; ++j) {
      if (i > 0) m.indices.insert(m.indices.end(), {at(i, j), at(i + 1, j), at(i, j + 1)});
      if (i + 1 < stacks)
        m.indices.insert(m.indices.end(), {at(i, j + 1), at(i + 1, j), at(i + 1, j + 1)});
    }
  return m;
}

TEST(MeshLod, StaysWithinTheBudgetAndCloseToIt) {
  const Mesh sphere = UvSphere(10.0f, 300, 150);
  ASSERT_GT(sphere.TriangleCount(), 80000u);
  const MeshLod lod = SimplifyForDisplay(sphere, 8000);
  EXPECT_LE(lod.mesh.TriangleCount(), 8000u);
  EXPECT_GE(lod.mesh.TriangleCount(), 4000u);  // the finest grid within the budget, not a blob
  EXPECT_GT(lod.grid_cells, 8);
}

TEST(MeshLod, KeepsTheSurface) {
  const Mesh sphere = UvSphere(10.0f, 200, 100);
  const MeshLod lod = SimplifyForDisplay(sphere, 5000);
  const Mesh& m = lod.mesh;
  ASSERT_EQ(m.positions.size(), m.normals.size());
  const float cell = 20.0f / float(lod.grid_cells);  // the sphere's extent over the grid
  for (size_t i = 0; i < m.positions.size(); ++i) {
    // A mean of points of the sphere inside one cell lies within a cell diagonal of it.
    EXPECT_NEAR(glm::length(m.positions[i]), 10.0f, std::sqrt(3.0f) * cell);
    EXPECT_NEAR(glm::length(m.normals[i]), 1.0f, 1e-4f);
    EXPECT_GT(glm::dot(m.normals[i], m.positions[i]), 0.0f);  // outward, as the input's
  }
  std::set<std::array<uint32_t, 3>> seen;
  for (size_t t = 0; t < m.TriangleCount(); ++t) {
    std::array<uint32_t, 3> tri{m.indices[3 * t], m.indices[3 * t + 1], m.indices[3 * t + 2]};
    for (uint32_t v : tri) ASSERT_LT(v, m.positions.size());
    EXPECT_TRUE(tri[0] != tri[1] && tri[1] != tri[2] && tri[0] != tri[2]) << "triangle " << t;
    std::rotate(tri.begin(), std::min_element(tri.begin(), tri.end()), tri.end());
    seen.insert(tri);
  }
  for (const auto& tri : seen)  // never a triangle together with its reverse (they cancel)
    EXPECT_FALSE(seen.count({tri[0], tri[2], tri[1]})) << tri[0] << " " << tri[1] << " " << tri[2];
}

// The octree view clips its cells against the coarse copy of a closed model (IsClosedSurface):
// merging must keep it closed, whatever the resolution.
TEST(MeshLod, AClosedSurfaceStaysClosed) {
  const Mesh torus = test::Torus({0.3f, 0.1f, -0.2f}, 10.0f, 3.0f, 240, 120);
  ASSERT_TRUE(IsClosedSurface(torus));
  for (int cells : {6, 9, 16, 40, 90}) {
    const Mesh m = ClusterVertices(torus, cells);
    EXPECT_TRUE(IsClosedSurface(m)) << cells << " cells";
    EXPECT_GT(m.TriangleCount(), 0u);
  }
  EXPECT_TRUE(IsClosedSurface(SimplifyForDisplay(torus, 3000).mesh));
}

// Triangles that merge onto the same three corners add up: wound opposite ways they cancel, wound
// the same way both stay (dropping one would open the surface).
TEST(MeshLod, MergedCopiesOfATriangleAddUpByWinding) {
  Mesh m;
  m.positions = {{0, 0, 0}, {10, 0, 0}, {0, 10, 0}, {0.1f, 0, 0}, {10.1f, 0, 0}, {0, 10.1f, 0}};
  m.indices = {0, 1, 2,   // a triangle
               3, 5, 4,   // a slightly moved copy wound the other way: merges with it, cancels
               4, 5, 3};  // the moved copy wound the same way as the first: stays
  const Mesh out = ClusterVertices(m, 4);  // cells of 2.5: each corner's two copies merge
  ASSERT_EQ(out.TriangleCount(), 1u);
  const glm::vec3 n = glm::cross(out.positions[out.indices[1]] - out.positions[out.indices[0]],
                                 out.positions[out.indices[2]] - out.positions[out.indices[0]]);
  EXPECT_GT(n.z, 0.0f);  // the surviving one faces +z, as the triangles that outnumbered
  m.indices.resize(6);   // the first and its reverse only: nothing is left
  EXPECT_EQ(ClusterVertices(m, 4).TriangleCount(), 0u);
  m.indices = {0, 1, 2, 3, 4, 5};  // two copies wound the same way: both drawn
  EXPECT_EQ(ClusterVertices(m, 4).TriangleCount(), 2u);
}

TEST(MeshLod, AMeshWithinTheBudgetIsUnchanged) {
  const Mesh sphere = UvSphere(1.0f, 16, 8);
  const MeshLod lod = SimplifyForDisplay(sphere, sphere.TriangleCount());
  EXPECT_EQ(lod.grid_cells, 0);
  EXPECT_EQ(lod.mesh.indices, sphere.indices);
  EXPECT_EQ(lod.mesh.positions, sphere.positions);
}

TEST(MeshLod, OneCellCollapsesEverything) {
  const Mesh sphere = UvSphere(1.0f, 16, 8);
  const Mesh one = ClusterVertices(sphere, 1);
  EXPECT_EQ(one.TriangleCount(), 0u);
  EXPECT_EQ(one.positions.size(), 1u);
}

}  // namespace
}  // namespace partlab
