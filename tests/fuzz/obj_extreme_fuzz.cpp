// Fuzz target: OBJ files as tools write them, built from the fuzzer's bytes, with finite but
// extreme coordinates: vertex counts, polygons of 3 to 40 corners, positive, negative and forward
// indices, normals on every corner or none, comments after data, backslash continuations, and LF,
// CR LF or CR line endings. The generator knows the mesh it wrote, so the properties are exact:
//   - the file loads (it is valid OBJ), with exactly the triangles the file says (sum of
//     corners - 2) and every triangle's corners at the positions written;
//   - the --fit100 path then either fits every vertex into [-50, 50] or says why it cannot;
//   - framing never produces a non-finite camera, and FramingProblem never crashes.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/geometry/mesh_triangles.h"
#include "engine/io/obj_loader.h"
#include "engine/view/model_framing.h"
#include "engine/view/orbit_camera.h"
#include "tests/fuzz/extreme_values.h"

namespace partlab::fuzz {
namespace {

struct Written {
  std::string text;
  std::vector<glm::vec3> vertices;
  std::vector<std::vector<int>> faces;  // 0-based corners
};

std::string Num(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", double(v));  // round-trips every float
  return buf;
}

Written Generate(FuzzInput& in) {
  Written w;
  const uint8_t style = in.Byte();
  const char* eol = (style & 3) == 0 ? "\r" : (style & 3) == 1 ? "\r\n" : "\n";
  const bool comments = style & 4, continuations = style & 8, forward = style & 16;
  const bool normals = style & 32;
  const int vertex_count = 3 + in.Byte() % 40;
  for (int i = 0; i < vertex_count; ++i) w.vertices.push_back(ExtremeVec3(in));
  const int face_count = 1 + in.Byte() % 30;
  for (int f = 0; f < face_count; ++f) {
    std::vector<int> face(3 + in.Byte() % 38);
    for (int& c : face) c = in.Byte() % vertex_count;
    w.faces.push_back(face);
  }
  std::string v, f;
  for (const glm::vec3& p : w.vertices) {
    v += "v " + Num(p.x) + (continuations ? " \\" + std::string(eol) + " " : " ") + Num(p.y) + " " +
         Num(p.z) + (comments ? " # vertex" : "") + eol;
  }
  if (normals) v += std::string("vn 0 0 1") + eol;
  for (size_t k = 0; k < w.faces.size(); ++k) {
    f += "f";
    for (int c : w.faces[k]) {
      // A negative index counts back from the vertices defined so far: only when they are.
      const bool negative = !forward && (c + k) % 3 == 0;
      f.append(" ").append(negative ? std::to_string(c - vertex_count) : std::to_string(c + 1));
      if (normals) f.append(negative ? "//-1" : "//1");
    }
    f += (comments ? " # face" : "") + std::string(eol);
  }
  w.text = forward ? f + v : v + f;
  return w;
}

void Check(const Written& w, const Mesh& mesh) {
  size_t triangles = 0;
  for (const auto& face : w.faces) triangles += face.size() - 2;
  if (mesh.TriangleCount() != triangles)
    Fail(std::to_string(mesh.TriangleCount()) + " triangles loaded, the file says " +
         std::to_string(triangles));
  size_t t = 0;
  for (const auto& face : w.faces)
    for (size_t k = 1; k + 1 < face.size(); ++k, ++t) {
      const int corner[3] = {face[0], face[k], face[k + 1]};
      for (int c = 0; c < 3; ++c) {
        const glm::vec3 got = mesh.positions[mesh.indices[3 * t + c]];
        const glm::vec3 want = w.vertices[size_t(corner[c])];
        if (!(got == want)) Fail("triangle " + std::to_string(t) + " has a corner elsewhere");
      }
    }
  for (const glm::vec3& n : mesh.normals)
    if (!std::isfinite(n.x + n.y + n.z)) Fail("non-finite normal");
}

void CheckDerived(const Mesh& mesh) {
  std::vector<Triangle> tris = TrianglesOf(mesh);
  const std::string why = FitTo100Cube(tris);
  if (why.empty()) {
    for (const Triangle& tri : tris)
      for (const glm::vec3& p : {tri.v0, tri.v1, tri.v2})
        for (int a = 0; a < 3; ++a)
          if (!(std::fabs(p[a]) <= 50.001f)) Fail("fitted coordinate " + Num(p[a]));
  } else if (why.find("zero extent") == std::string::npos) {
    Fail("a finite model could not be fitted: " + why);
  }
  FramingProblem(mesh.positions);
  OrbitCamera camera;
  camera.FramePoints(mesh.positions, 1.5f);
  // Each value on its own: their sum may overflow although every one is finite.
  if (!std::isfinite(camera.distance) || !std::isfinite(camera.target.x) ||
      !std::isfinite(camera.target.y) || !std::isfinite(camera.target.z))
    Fail("framing produced a non-finite camera");
}

}  // namespace
}  // namespace partlab::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace partlab;
  fuzz::FuzzInput in(data, size);
  const fuzz::Written w = fuzz::Generate(in);
  LoadResult<Mesh> mesh = ParseObj(w.text, "fuzz.obj");
  if (!mesh.ok()) fuzz::Fail("a valid OBJ was refused: " + mesh.error());
  fuzz::Check(w, mesh.value());
  fuzz::CheckDerived(mesh.value());
  return 0;
}
