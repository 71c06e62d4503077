// OBJ loading: triangulation, normals, and error lines that name the file and the line.
#include <gtest/gtest.h>
#include "test_paths.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <glm/geometric.hpp>

#include "engine/io/obj_loader.h"

namespace partlab {
namespace {

LoadResult<Mesh> Parse(const std::string& text, ObjLoadStats* stats = nullptr) {
  return ParseObj(text, "m.obj", stats);
}

TEST(ObjLoader, TriangulatesAQuadIntoTwoTriangles) {
  auto r = Parse("v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value().TriangleCount(), 2u);
  EXPECT_EQ(r.value().positions.size(), 4u);
  for (uint32_t i : r.value().indices) EXPECT_LT(i, 4u);
}

TEST(ObjLoader, ComputesNormalsWhenAbsentAndSaysSo) {
  ObjLoadStats stats;
  auto r = Parse("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", &stats);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_TRUE(stats.normals_computed);
  ASSERT_EQ(r.value().normals.size(), 3u);
  for (const glm::vec3& n : r.value().normals) {
    EXPECT_FLOAT_EQ(n.x, 0.0f);
    EXPECT_FLOAT_EQ(n.y, 0.0f);
    EXPECT_FLOAT_EQ(n.z, 1.0f);  // counter-clockwise in the xy plane faces +z
  }
}

TEST(ObjLoader, KeepsTheFilesNormalsSplittingVerticesPerNormal) {
  // A cube corner shared by two faces with different normals becomes two mesh vertices.
  ObjLoadStats stats;
  auto r = Parse(
      "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nvn 0 0 -1\nvn 0 -2 0\n"
      "f 1//1 3//1 2//1\nf 1//2 2//2 4//2\n",
      &stats);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_FALSE(stats.normals_computed);
  EXPECT_EQ(r.value().positions.size(), 6u);
  EXPECT_EQ(r.value().TriangleCount(), 2u);
  EXPECT_FLOAT_EQ(r.value().normals[r.value().indices[3]].y, -1.0f);  // normalised
}

TEST(ObjLoader, AcceptsNegativeRelativeIndices) {
  auto r = Parse("v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\n");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value().indices, (std::vector<uint32_t>{0, 1, 2}));
}

TEST(ObjLoader, KeepsAndCountsDegenerateTriangles) {
  ObjLoadStats stats;
  auto r = Parse("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 2 0 0\nf 1 2 3\nf 1 2 4\nf 1 1 3\n", &stats);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value().TriangleCount(), 3u);
  EXPECT_EQ(stats.degenerate_triangles, 2u);
  for (const glm::vec3& n : r.value().normals) EXPECT_NEAR(glm::length(n), 1.0f, 1e-6f);
}

TEST(ObjLoader, OutOfRangeFaceIndexNamesFileAndLine) {
  auto r = Parse("# a comment\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "m.obj:5: face vertex index 9 out of range (3 vertices)");
}

TEST(ObjLoader, NegativeIndexBeyondTheStartNamesTheLine) {
  auto r = Parse("v 0 0 0\nv 1 0 0\nf -1 -2 -3\nv 0 1 0\n");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rfind("m.obj:3: face vertex index -3 out of range", 0), 0u) << r.error();
}

TEST(ObjLoader, OutOfRangeNormalIndexNamesTheLine) {
  auto r = Parse("v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 1\nf 1//1 2//1 3//2\n");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rfind("m.obj:5: face normal index 2 out of range", 0), 0u) << r.error();
}

TEST(ObjLoader, NanAndInfinityCoordinatesAreRejectedWithTheLine) {
  auto nan = Parse("v 0 0 0\nv nan 0 0\nv 0 1 0\nf 1 2 3\n");
  ASSERT_FALSE(nan.ok());
  EXPECT_EQ(nan.error(), "m.obj:2: vertex coordinate 'nan' is not finite");
  auto inf = Parse("v 0 0 0\nv 1 0 0\nv 0 -inf 0\nf 1 2 3\n");
  ASSERT_FALSE(inf.ok());
  EXPECT_EQ(inf.error(), "m.obj:3: vertex coordinate '-inf' is not finite");
}

TEST(ObjLoader, MissingCoordinateAndNonNumbersNameTheLine) {
  EXPECT_EQ(Parse("v 0 0\n").error(), "m.obj:1: vertex needs 3 coordinates, found 2");
  EXPECT_EQ(Parse("v 0 0 0\nv 1 x 0\n").error(), "m.obj:2: vertex coordinate 'x' is not a number");
}

TEST(ObjLoader, FaceWithTwoCornersIsAnError) {
  EXPECT_EQ(Parse("v 0 0 0\nv 1 0 0\nf 1 2\n").error(),
            "m.obj:3: face has 2 vertices (needs at least 3)");
}

TEST(ObjLoader, ZeroIndexIsAnError) {
  EXPECT_EQ(Parse("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n").error(),
            "m.obj:4: face vertex index 0 (OBJ is 1-based)");
}

TEST(ObjLoader, EmptyAndFacelessFilesAreErrors) {
  EXPECT_EQ(Parse("").error(), "m.obj: empty file");
  EXPECT_EQ(Parse("  \n\n").error(), "m.obj: empty file");
  EXPECT_EQ(Parse("v 0 0 0\n").error(), "m.obj: no faces (not a mesh)");
}

TEST(ObjLoader, BinaryGarbageIsRejectedWithTheLine) {
  std::string garbage = "v 0 0 0\n";
  garbage += std::string("\x89PNG\x1a\x00\x01\x02", 8);
  EXPECT_EQ(Parse(garbage).error(), "m.obj:2: binary data, not a text OBJ file");
}

class ObjFile : public ::testing::Test {
 protected:
  std::filesystem::path Write(const std::string& text) {
    path_ = std::filesystem::temp_directory_path() /
            ("partlab_obj_test_" + std::to_string(::getpid()) + ".obj");
    std::ofstream(path_, std::ios::binary) << text;
    return path_;
  }
  void TearDown() override { std::filesystem::remove(path_); }
  std::filesystem::path path_;
};

TEST_F(ObjFile, LoadsFromDiskAndNamesTheMeshAfterTheFile) {
  const auto path = Write("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
  auto r = LoadObj(path.string());
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value().name, path.stem().string());
}

TEST_F(ObjFile, ErrorsFromDiskCarryThePath) {
  const auto path = Write("v 0 0 0\nf 1 2 3\n");
  EXPECT_EQ(LoadObj(path.string()).error(),
            path.string() + ":2: face vertex index 2 out of range (1 vertices)");
}

TEST(ObjLoader, MissingFileIsOneLine) {
  auto r = LoadObj("/nonexistent/dir/model.obj");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "/nonexistent/dir/model.obj: cannot open (No such file or directory)");
}

TEST(ObjLoader, LoadsTheCommittedBunny) {
  const std::string path = std::string(PARTLAB_ASSET_DIR) + "/models/bunny.obj";
  ObjLoadStats stats;
  auto r = LoadObj(path, &stats);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value().TriangleCount(), 3674u);
  EXPECT_EQ(r.value().normals.size(), r.value().positions.size());
  EXPECT_TRUE(stats.normals_computed);
}

TEST(ObjLoader, LoadsTheCommittedLowResolutionDragon) {
  auto r = LoadObj(std::string(PARTLAB_ASSET_DIR) + "/models/dragon_res4.obj");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value().TriangleCount(), 11102u);
}

}  // namespace
}  // namespace partlab
