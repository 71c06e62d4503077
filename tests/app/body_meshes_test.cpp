// The instanced renderer's unit shapes: closed, wound outward, and the flat cube's faces each
// ending on a corner of their own that carries the face's normal (what flat shading reads).
#include "app/render/body_meshes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <map>
#include <tuple>
#include <utility>

namespace partlab {
namespace {

struct Mesh {
  std::vector<float> v;
  std::vector<uint32_t> idx;
  size_t VertexCount() const { return v.size() / 6; }
  glm::vec3 Position(uint32_t i) const { return {v[i * 6], v[i * 6 + 1], v[i * 6 + 2]}; }
  glm::vec3 Normal(uint32_t i) const { return {v[i * 6 + 3], v[i * 6 + 4], v[i * 6 + 5]}; }
  glm::vec3 FaceNormal(size_t t) const {
    const glm::vec3 a = Position(idx[t]), b = Position(idx[t + 1]), c = Position(idx[t + 2]);
    return glm::cross(b - a, c - a);
  }
};

// Every index in range, every triangle facing away from the centre (all shapes are convex and
// centred on the origin), and every directed edge matched by its reverse exactly once: closed.
// Edges are keyed by their ends' positions (rounded), since the 24-vertex cube repeats corners.
void ExpectClosedAndOutward(const Mesh& m) {
  ASSERT_EQ(m.idx.size() % 3, 0u);
  using Point = std::tuple<long, long, long>;
  auto key = [&](uint32_t i) {
    const glm::vec3 p = m.Position(i) * 1e4f;
    return Point{std::lround(p.x), std::lround(p.y), std::lround(p.z)};
  };
  std::map<std::pair<Point, Point>, int> edges;
  for (size_t t = 0; t < m.idx.size(); t += 3) {
    for (int k = 0; k < 3; ++k) ASSERT_LT(m.idx[t + k], m.VertexCount());
    const glm::vec3 centroid =
        (m.Position(m.idx[t]) + m.Position(m.idx[t + 1]) + m.Position(m.idx[t + 2])) / 3.0f;
    EXPECT_GT(glm::dot(m.FaceNormal(t), centroid), 0.0f) << "triangle " << t / 3 << " faces in";
    for (int k = 0; k < 3; ++k) ++edges[{key(m.idx[t + k]), key(m.idx[t + (k + 1) % 3])}];
  }
  for (const auto& [edge, count] : edges) {
    EXPECT_EQ(count, 1) << "an edge is used twice in one direction";
    EXPECT_EQ(edges.count({edge.second, edge.first}), 1u) << "an edge borders a hole";
  }
}

TEST(BodyMeshes, CubeIsClosedWithFaceNormalsAtEveryVertex) {
  Mesh m;
  UnitCube(m.v, m.idx);
  EXPECT_EQ(m.VertexCount(), 24u);
  EXPECT_EQ(m.idx.size(), 36u);
  ExpectClosedAndOutward(m);
  for (size_t t = 0; t < m.idx.size(); t += 3) {
    const glm::vec3 n = glm::normalize(m.FaceNormal(t));
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(glm::dot(m.Normal(m.idx[t + k]), n), 1.0f, 1e-6f);
  }
}

TEST(BodyMeshes, CornerCubeGivesEachFaceItsOwnProvokingCorner) {
  Mesh m;
  UnitCubeCorners(m.v, m.idx);
  EXPECT_EQ(m.VertexCount(), 8u);
  EXPECT_EQ(m.idx.size(), 36u);
  ExpectClosedAndOutward(m);
  // Flat shading takes a triangle's last vertex: its normal must be the triangle's own, and the
  // six faces (twelve triangles) must end on six different corners.
  std::map<uint32_t, glm::vec3> provoking;  // corner -> the face normal it serves
  for (size_t t = 0; t < m.idx.size(); t += 3) {
    const uint32_t last = m.idx[t + 2];
    const glm::vec3 n = glm::normalize(m.FaceNormal(t));
    EXPECT_NEAR(glm::dot(m.Normal(last), n), 1.0f, 1e-6f) << "triangle " << t / 3;
    const auto [it, inserted] = provoking.emplace(last, n);
    if (!inserted) {
      EXPECT_NEAR(glm::dot(it->second, n), 1.0f, 1e-6f) << "corner shared by faces";
    }
  }
  EXPECT_EQ(provoking.size(), 6u);
}

TEST(BodyMeshes, SphereIsClosedOnTheUnitSphere) {
  for (const auto& [slices, stacks] : {std::pair{4, 2}, std::pair{6, 4}, std::pair{10, 6}}) {
    Mesh m;
    UnitSphere(slices, stacks, m.v, m.idx);
    EXPECT_EQ(m.VertexCount(), size_t(2 + (stacks - 1) * slices));
    EXPECT_EQ(m.idx.size(), size_t(3 * 2 * slices * (stacks - 1)));
    ExpectClosedAndOutward(m);
    for (uint32_t i = 0; i < m.VertexCount(); ++i) {
      EXPECT_NEAR(glm::length(m.Position(i)), 1.0f, 1e-5f);
      EXPECT_NEAR(glm::dot(m.Normal(i), m.Position(i)), 1.0f, 1e-5f);  // normal = position
    }
  }
}

// Finer meshes for bigger spheres on screen, each level from its threshold up, coarsest below all.
TEST(BodyMeshes, SphereDetailFollowsTheOnScreenRadius) {
  EXPECT_EQ(SphereDetailLevel(100.0f), 0);
  EXPECT_EQ(SphereDetailLevel(6.0f), 0);
  EXPECT_EQ(SphereDetailLevel(5.9f), 1);
  EXPECT_EQ(SphereDetailLevel(3.0f), 1);
  EXPECT_EQ(SphereDetailLevel(2.9f), 2);
  EXPECT_EQ(SphereDetailLevel(0.0f), 2);
  for (int level = 0; level + 1 < kSphereDetailLevels; ++level) {  // coarser as they shrink
    EXPECT_GT(kSphereDetails[level].min_radius_pixels, kSphereDetails[level + 1].min_radius_pixels);
    EXPECT_GT(kSphereDetails[level].slices * kSphereDetails[level].stacks,
              kSphereDetails[level + 1].slices * kSphereDetails[level + 1].stacks);
  }
}

// The impostor quad: two triangles covering [-1, 1]^2 in z = 0, both facing the eye (+z), so
// back-face culling keeps them.
TEST(BodyMeshes, ImpostorQuadCoversTheSquareFacingTheEye) {
  Mesh m;
  UnitQuad(m.v, m.idx);
  ASSERT_EQ(m.VertexCount(), 4u);
  ASSERT_EQ(m.idx.size(), 6u);
  float area = 0.0f;
  for (size_t t = 0; t < m.idx.size(); t += 3) {
    const glm::vec3 n = m.FaceNormal(t);
    EXPECT_GT(n.z, 0.0f) << "triangle " << t / 3 << " faces away from the eye";
    area += 0.5f * glm::length(n);
  }
  EXPECT_FLOAT_EQ(area, 4.0f);
  for (uint32_t i = 0; i < 4; ++i) {
    const glm::vec3 p = m.Position(i);
    EXPECT_EQ(std::abs(p.x), 1.0f);
    EXPECT_EQ(std::abs(p.y), 1.0f);
    EXPECT_EQ(p.z, 0.0f);
    EXPECT_EQ(m.Normal(i), glm::vec3(0, 0, 1));
  }
}

// Only the spheres under 6 pixels of radius become impostors; the 10 x 6 mesh stays above.
TEST(BodyMeshes, OnlySmallSpheresAreImpostors) {
  EXPECT_LT(SphereDetailLevel(6.0f), kFirstImpostorLevel);
  EXPECT_LT(SphereDetailLevel(40.0f), kFirstImpostorLevel);
  EXPECT_GE(SphereDetailLevel(5.9f), kFirstImpostorLevel);
  EXPECT_GE(SphereDetailLevel(0.5f), kFirstImpostorLevel);
}

// The quad stands at the sphere's nearest point, on the line from the eye through the centre,
// and its disc subtends the sphere's silhouette: the same size on screen as the mesh was.
TEST(BodyMeshes, ImpostorQuadSitsAtTheFrontAndCoversTheSilhouette) {
  for (const glm::vec3 centre :
       {glm::vec3(0, 0, -50), glm::vec3(10, -3, -80), glm::vec3(-4, 7, -20)}) {
    for (const float radius : {0.3f, 1.0f}) {
      const ImpostorQuad q = PlaceImpostorQuad(centre, radius);
      const float d = glm::length(centre);
      EXPECT_NEAR(glm::length(q.centre), d - radius, 1e-4f) << "not at the sphere's front";
      EXPECT_NEAR(glm::length(glm::cross(q.centre, centre)), 0.0f, 1e-3f) << "off the eye's line";
      EXPECT_NEAR(glm::length(q.centre - centre), radius, 1e-4f);
      // Angular radius of the disc vs the sphere's silhouette, asin(r / d).
      const float disc = std::atan(q.half_size / glm::length(q.centre));
      const float silhouette = std::asin(radius / d);
      EXPECT_NEAR(disc / silhouette, 1.0f, 0.01f) << "radius " << radius << " at " << d;
    }
  }
}

}  // namespace
}  // namespace partlab
