#include "app/model_library.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "app/i18n/translate.h"
#include "app/render/mesh_lod.h"
#include "engine/view/model_framing.h"

namespace partlab {

std::vector<KnownModel> KnownModels() {
  const std::string assets = AssetDirectory() + "/models/";
  const std::string cache = ModelCacheDirectory() + "/";
  std::vector<KnownModel> models = {
      {"bunny", assets + "bunny.obj", false},
      {"dragon_res4", assets + "dragon_res4.obj", false},
      {"dragon_res3", cache + "dragon_res3.obj", false},
      {"dragon_res2", cache + "dragon_res2.obj", false},
      {"dragon_vrip", cache + "dragon_vrip.obj", false},
      {"oa_shouse", cache + "oa_shouse.obj", false},
      {"oa_dm5", cache + "oa_dm5.obj", false},
  };
  for (KnownModel& m : models) m.present = std::filesystem::exists(m.path);
  return models;
}

std::string DefaultModelPath(std::string& note) {
  const std::string dragon = ModelCacheDirectory() + "/dragon_res2.obj";
  if (std::filesystem::exists(dragon)) return dragon;
  note = "partlab: " +
         Formatted(_("%s not found (run scripts/fetch-models.sh); showing the bunny instead"),
                   dragon.c_str());
  return AssetDirectory() + "/models/bunny.obj";
}

std::string ResolveModelPath(const std::string& typed) {
  if (typed.rfind("~/", 0) == 0)
    if (const char* home = std::getenv("HOME")) return std::string(home) + typed.substr(1);
  if (!std::filesystem::exists(typed))
    for (const KnownModel& m : KnownModels())
      if (m.name == typed) return m.path;
  return typed;
}

std::string CurrentModel::Open(const std::string& typed_path) {
  const std::string path = ResolveModelPath(typed_path);
  const auto start = std::chrono::steady_clock::now();
  ObjLoadStats stats;
  LoadResult<Mesh> result = LoadObj(path, &stats);
  if (!result.ok()) return result.error();
  // A model the camera cannot frame would show an empty scene: keep the current one instead.
  if (const std::string why = FramingProblem(result.value().positions); !why.empty())
    return Formatted(_("%s: cannot frame the model: %s"), path.c_str(), why.c_str());

  mesh_ = std::move(result).value();
  bounds_ = Aabb{};
  for (const glm::vec3& p : mesh_.positions) bounds_.Grow(p);
  motion_triangles_ = 0;
  motion_mesh_ = {};
  if (display_budget_ > 0 && mesh_.TriangleCount() > display_budget_) {
    const MeshLod lod = SimplifyForDisplay(mesh_, display_budget_);
    gpu_.Upload(lod.mesh);
    displayed_triangles_ = lod.mesh.TriangleCount();
    MeshLod motion = SimplifyForDisplay(mesh_, display_budget_ / kMotionBudgetDivisor);
    motion_gpu_.Upload(motion.mesh);
    motion_triangles_ = motion.mesh.TriangleCount();
    motion_mesh_ = std::move(motion.mesh);
  } else {
    gpu_.Upload(mesh_);
    displayed_triangles_ = mesh_.TriangleCount();
  }
  deferred_.clear();
  path_ = path;
  stats_ = stats;
  load_ms_ =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  ++generation_;
  return {};
}

std::string CurrentModel::OpenDeferred() {
  if (deferred_.empty()) return {};
  const std::string path = deferred_;
  deferred_.clear();  // tried once: a bad file is reported once, not every frame
  return Open(path);
}

}  // namespace partlab
