// The model the testbed shows: loaded through engine/io (CPU mesh, bounds, loader statistics) and
// uploaded once to the GPU. Opening a bad file leaves the current model in place.
#pragma once

#include <string>
#include <vector>

#include "app/render/mesh_buffer.h"
#include "engine/geometry/aabb.h"
#include "engine/geometry/mesh.h"
#include "engine/io/obj_loader.h"
#include "engine/paths/data_paths.h"

namespace partlab {

// Where scripts/fetch-models.sh converts the large models: ModelCacheDirectory()
// (engine/paths/data_paths.h).

struct KnownModel {
  std::string name;  // "dragon_res2"
  std::string path;
  bool present;
};
// bunny and dragon_res4 (assets), dragon_res3, dragon_res2, dragon_vrip and the Quake 3 levels
// oa_shouse and oa_dm5 (cache).
std::vector<KnownModel> KnownModels();

// The default scene: dragon_res2 from the cache, or the committed bunny with `note` explaining.
std::string DefaultModelPath(std::string& note);

// A path as typed: "~/" expands to $HOME; a known model's name ("bunny") stands for its file.
std::string ResolveModelPath(const std::string& typed);

class CurrentModel {
 public:
  static constexpr size_t kMotionBudgetDivisor = 6;  // see gpu_in_motion
  // "" on success; otherwise the loader's one-line error, and the current model is unchanged.
  std::string Open(const std::string& typed_path);
  // Lazy loading: remember what to open without reading it (a view without a model, like the
  // simulation, starts without the dragon's second of parsing); OpenDeferred reads it when a view
  // that needs a model is shown. OpenDeferred returns "" when nothing was deferred.
  void Defer(const std::string& typed_path) { deferred_ = typed_path; }
  const std::string& deferred() const { return deferred_; }
  std::string OpenDeferred();

  // Software rendering (llvmpipe): meshes above this many triangles are drawn from a coarser
  // copy (mesh_lod.h); 0 draws every triangle. Takes effect at the next Open.
  void SetDisplayBudget(size_t max_triangles) { display_budget_ = max_triangles; }
  size_t displayed_triangles() const { return displayed_triangles_; }  // what gpu() draws

  bool loaded() const { return generation_ > 0; }
  const Mesh& mesh() const { return mesh_; }
  const Aabb& bounds() const { return bounds_; }
  const MeshBuffer& gpu() const { return gpu_; }
  // Under software rendering, a coarser copy still (a sixth of the display budget: the dragon's
  // 59,886 triangles become 9,654) for frames the octree view draws under its cell overlay
  // while the camera moves, as visualisation tools lower detail during interaction; under ~47,000
  // cell lines the two look the same, and the still picture, drawn once and cached, keeps the
  // display mesh. gpu() when there is none (hardware rendering, or a mesh within the budget).
  const MeshBuffer& gpu_in_motion() const { return motion_triangles_ > 0 ? motion_gpu_ : gpu_; }
  // The mesh gpu_in_motion() draws (mesh() when there is no coarser copy).
  const Mesh& mesh_in_motion() const { return motion_triangles_ > 0 ? motion_mesh_ : mesh_; }
  size_t triangles_in_motion() const {
    return motion_triangles_ > 0 ? motion_triangles_ : displayed_triangles_;
  }
  const std::string& path() const { return path_; }
  const ObjLoadStats& stats() const { return stats_; }
  double load_ms() const { return load_ms_; }
  // Increments on every successful Open, so views can rebuild what they derive from the mesh.
  int generation() const { return generation_; }
  void ReleaseGpu() {
    gpu_.Release();
    motion_gpu_.Release();
  }

 private:
  Mesh mesh_, motion_mesh_;
  Aabb bounds_;
  MeshBuffer gpu_, motion_gpu_;
  size_t motion_triangles_ = 0;
  std::string path_;
  ObjLoadStats stats_;
  double load_ms_ = 0;
  int generation_ = 0;
  std::string deferred_;
  size_t display_budget_ = 0, displayed_triangles_ = 0;
};

}  // namespace partlab
