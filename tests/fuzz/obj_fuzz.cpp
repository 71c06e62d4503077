// Fuzz target: OBJ text through ParseObj (the path LoadObj and the app's model loading take).
// Property: either one error line naming the file, or a mesh the octree and the renderer can use
// as it is: whole triangles, indices in range, finite positions, one unit normal per position.
#include <cmath>
#include <string>

#include "engine/io/obj_loader.h"
#include "tests/fuzz/fuzz_input.h"

namespace partlab::fuzz {
namespace {

void CheckMesh(const Mesh& mesh) {
  if (mesh.indices.size() % 3 != 0) Fail("index count not a multiple of 3");
  for (uint32_t i : mesh.indices)
    if (i >= mesh.positions.size()) Fail("index " + std::to_string(i) + " out of range");
  for (const glm::vec3& p : mesh.positions)
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
      Fail("non-finite position in a loaded mesh");
  if (mesh.normals.size() != mesh.positions.size()) Fail("normals and positions differ in count");
  for (const glm::vec3& n : mesh.normals)
    if (!std::isfinite(n.x) || !std::isfinite(n.y) || !std::isfinite(n.z))
      Fail("non-finite normal in a loaded mesh");
}

}  // namespace
}  // namespace partlab::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace partlab;
  const std::string text(reinterpret_cast<const char*>(data), size);
  ObjLoadStats stats;
  LoadResult<Mesh> mesh = ParseObj(text, "fuzz.obj", &stats);
  if (mesh.ok()) {
    fuzz::CheckMesh(mesh.value());
  } else {
    const std::string& e = mesh.error();
    if (e.rfind("fuzz.obj:", 0) != 0 || e.find('\n') != std::string::npos)
      fuzz::Fail("error is not one line naming the file: " + e);
  }
  return 0;
}
