// OBJ files as real tools write them: every case is generated here, and the expected mesh comes
// from the test's own description of it (the corners it wrote, the triangle count it computed),
// never from the loader. One reader decides (obj_loader.h), so these are also the cases where a
// checking pass and a separate parser used to disagree.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "engine/io/obj_loader.h"

namespace partlab {
namespace {

// A small mesh described independently of the loader: vertices and polygons (0-based corners).
struct Model {
  std::vector<glm::vec3> vertices;
  std::vector<std::vector<int>> faces;

  size_t Triangles() const {
    size_t n = 0;
    for (const auto& f : faces) n += f.size() - 2;
    return n;
  }
};

Model RandomModel(uint32_t seed, int vertex_count, int face_count, int max_corners) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> coord(-10.0f, 10.0f);
  std::uniform_int_distribution<int> corners(3, max_corners), vertex(0, vertex_count - 1);
  Model m;
  for (int i = 0; i < vertex_count; ++i) m.vertices.push_back({coord(rng), coord(rng), coord(rng)});
  for (int f = 0; f < face_count; ++f) {
    std::vector<int> face(size_t(corners(rng)));
    for (int& c : face) c = vertex(rng);
    m.faces.push_back(face);
  }
  return m;
}

std::string Num(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", double(v));
  return buf;
}

// The model as OBJ text: `eol` between lines, `vertices_last` puts every face before the
// vertices it uses (forward references), `comment` appended to every line.
std::string ToObj(const Model& m, const std::string& eol, bool vertices_last = false,
                  const std::string& comment = "") {
  std::string v, f;
  for (const glm::vec3& p : m.vertices)
    v += "v " + Num(p.x) + " " + Num(p.y) + " " + Num(p.z) + comment + eol;
  for (const auto& face : m.faces) {
    f += "f";
    for (int c : face) f.append(" ").append(std::to_string(c + 1));
    f += comment + eol;
  }
  return vertices_last ? f + v : v + f;
}

// The loaded mesh holds exactly the model's fan triangles, corner by corner.
void ExpectFans(const Mesh& mesh, const Model& m) {
  ASSERT_EQ(mesh.TriangleCount(), m.Triangles());
  size_t t = 0;
  for (const auto& face : m.faces)
    for (size_t k = 1; k + 1 < face.size(); ++k, ++t) {
      const int expected[3] = {face[0], face[k], face[k + 1]};
      for (int c = 0; c < 3; ++c)
        ASSERT_EQ(mesh.positions[mesh.indices[3 * t + c]], m.vertices[size_t(expected[c])])
            << "triangle " << t << " corner " << c;
    }
}

Mesh MustParse(const std::string& text) {
  LoadResult<Mesh> r = ParseObj(text, "m.obj");
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? std::move(r).value() : Mesh{};
}

const std::string kTriangle = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";

TEST(ObjAsWritten, CommentsAfterDataAreIgnored) {
  const Model m = RandomModel(1, 20, 30, 6);
  ExpectFans(MustParse(ToObj(m, "\n", false, " # written by a tool")), m);
  ExpectFans(MustParse(ToObj(m, "\n", false, "#glued")), m);
  ExpectFans(MustParse(ToObj(m, "\n", false, "\t# tab, then # twice")), m);
  EXPECT_EQ(MustParse(kTriangle + "f 1 2 3 # base\n").TriangleCount(), 1u);
}

TEST(ObjAsWritten, BackslashContinuesALine) {
  EXPECT_EQ(MustParse(kTriangle + "v 1 1 0\nf 1 2 \\\n  3 4\n").TriangleCount(), 2u);
  EXPECT_EQ(MustParse(kTriangle + "f 1 \\\n 2 \\\n 3\n").TriangleCount(), 1u);
  const Mesh split_vertex = MustParse("v 0 \\\n 0 0\nv 1 0 0\nv 0 1 \\\n2\nf 1 2 3\n");
  ASSERT_EQ(split_vertex.positions.size(), 3u);
  EXPECT_EQ(split_vertex.positions[2], glm::vec3(0, 1, 2));
  // An error in a continued statement names the line it starts on; later lines keep counting.
  EXPECT_EQ(ParseObj(kTriangle + "f 1 \\\n 2\nf 1 2 3\n", "m.obj").error(),
            "m.obj:4: face has 2 vertices (needs at least 3)");
  EXPECT_EQ(ParseObj(kTriangle + "f 1 \\\n 2 3\nf 1 2 9\n", "m.obj").error(),
            "m.obj:6: face vertex index 9 out of range (3 vertices)");
}

TEST(ObjAsWritten, EveryLineEndingReadsTheSameMesh) {
  const Model m = RandomModel(2, 30, 40, 5);
  for (const char* eol : {"\n", "\r\n", "\r"}) {
    SCOPED_TRACE(eol[0] == '\r' && eol[1] == 0 ? "CR" : eol[0] == '\r' ? "CR LF" : "LF");
    ExpectFans(MustParse(ToObj(m, eol)), m);
  }
  // Error lines are counted in CR-only files too.
  EXPECT_EQ(ParseObj("v 0 0 0\rv 1 0 0\rf 1 2 3\r", "m.obj").error(),
            "m.obj:3: face vertex index 3 out of range (2 vertices)");
}

TEST(ObjAsWritten, FacesMayReferToVerticesDefinedLater) {
  const Model m = RandomModel(3, 25, 50, 7);
  ExpectFans(MustParse(ToObj(m, "\n", /*vertices_last=*/true)), m);
  // Still out of range once the whole file is read: the face's line is named.
  EXPECT_EQ(ParseObj("f 1 2 4\nv 0 0 0\nv 1 0 0\nv 0 1 0\n", "m.obj").error(),
            "m.obj:1: face vertex index 4 out of range (3 vertices)");
  // Negative indices stay relative to the vertices defined so far.
  EXPECT_EQ(ParseObj("f -1 -2 -3\n" + kTriangle, "m.obj").error(),
            "m.obj:1: face vertex index -1 out of range (0 vertices so far)");
}

TEST(ObjAsWritten, TriangleCountIsWhatTheFileSays) {
  for (uint32_t seed = 10; seed < 20; ++seed) {
    const Model m = RandomModel(seed, 40, 100, 12);
    ExpectFans(MustParse(ToObj(m, "\n")), m);
  }
}

TEST(ObjAsWritten, AHugePolygonIsFannedInLinearTime) {
  // 200,000 corners on a circle: 199,998 triangles, each (0, k, k + 1).
  constexpr int kCorners = 200000;
  Model m;
  for (int i = 0; i < kCorners; ++i) {
    const float a = 6.2831853f * float(i) / float(kCorners);
    m.vertices.push_back({std::cos(a), std::sin(a), 0.0f});
  }
  m.faces.push_back({});
  for (int i = 0; i < kCorners; ++i) m.faces[0].push_back(i);
  ObjLoadStats stats;
  const LoadResult<Mesh> r = ParseObj(ToObj(m, "\n"), "circle.obj", &stats);
  ASSERT_TRUE(r.ok()) << r.error();
  ExpectFans(r.value(), m);
  EXPECT_EQ(stats.polygons, 1u);
}

TEST(ObjAsWritten, FieldsExportersAddAreAccepted) {
  // Vertex colours after x y z, a '+' sign, texture coordinates and normals on every corner.
  const Mesh m = MustParse(
      "v 0 0 0 1 0 0\nv +1 0 0 0 1 0\nv 0 1 0 0 0 1\nvt 0 0\nvt 1 0\nvt 0 1\nvn 0 0 1\n"
      "o thing\ng part\ns off\nusemtl red\nf 1/1/1 2/2/1 3/3/1\nl 1 2\n");
  ASSERT_EQ(m.TriangleCount(), 1u);
  EXPECT_EQ(m.positions[m.indices[1]], glm::vec3(1, 0, 0));
  EXPECT_EQ(m.normals[0], glm::vec3(0, 0, 1));
}

}  // namespace
}  // namespace partlab
