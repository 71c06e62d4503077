#include "bench/octree_cases.h"

#include <cstdio>
#include <filesystem>

#include "engine/geometry/mesh_triangles.h"
#include "engine/io/obj_loader.h"
#include "engine/paths/data_paths.h"

namespace partlab::bench {

bool LoadModelCase(const std::string& path, const std::string& name, bool fit, Case* out) {
  if (!std::filesystem::exists(path)) {
    std::printf("# %s: skipped, %s not found (run scripts/fetch-models.sh)\n", name.c_str(),
                path.c_str());
    return false;
  }
  auto mesh = LoadObj(path);
  if (!mesh) {
    std::printf("# %s: skipped, %s\n", name.c_str(), mesh.error().c_str());
    return false;
  }
  *out = {name, "model", TrianglesOf(mesh.value())};
  if (const std::string why = fit ? FitTo100Cube(out->triangles) : ""; !why.empty()) {
    std::printf("# %s: skipped, %s: cannot fit to the 100-unit cube: %s\n", name.c_str(),
                path.c_str(), why.c_str());
    return false;
  }
  return true;
}

std::vector<std::pair<std::string, std::string>> ModelPaths() {
  const std::string cache = ModelCacheDirectory();
  return {{"bunny", AssetDirectory() + "/models/bunny.obj"},
          {"dragon_res2", cache + "/dragon_res2.obj"},
          {"dragon_vrip", cache + "/dragon_vrip.obj"},
          {"oa_shouse", cache + "/oa_shouse.obj"},
          {"oa_dm5", cache + "/oa_dm5.obj"}};
}

std::string ModelNames(const char* separator) {
  std::string names;
  for (const auto& [name, path] : ModelPaths()) names += (names.empty() ? "" : separator) + name;
  return names;
}

}  // namespace partlab::bench
