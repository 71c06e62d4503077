// The octree view's picture of the scene: the mesh (plain, tinted by the depth of each triangle's
// cell, or the root's triangles in red) and every cell as a wireframe cube coloured by its depth
// (1.2 Octree), with the overlay's panel section. A component of the view: it holds the overlay's
// parameters, the GPU copies (tinted mesh, merged cell lines, the cached picture) and the counts
// a measured run reports; the view lends it the tree, the scene and the model.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "app/model_library.h"
#include "app/panels/clamped_widgets.h"
#include "app/render/heatmap_mesh.h"
#include "app/render/scene_cache.h"
#include "app/render/static_lines.h"
#include "app/view.h"
#include "app/views/octree/octree_heatmap.h"
#include "app/views/octree/octree_params.h"
#include "engine/octree/cell_lines_outside_mesh.h"
#include "engine/octree/octree.h"
#include "engine/octree/octree_overlay.h"

namespace partlab::octree_view {

// What the overlay shows (the panel's "Overlay" section, persisted).
struct OctreeOverlay {
  bool show_mesh = octree_params::kShowMesh.fallback;
  bool show_cells = octree_params::kShowCells.fallback;
  int depth_shown = octree_params::kDepthShown.fallback;
  bool hide_empty = octree_params::kHideEmpty.fallback;
  bool tint_by_depth = octree_params::kTintByDepth.fallback;
  // Software rendering: frames drawn under the cells while the camera moves use the model's
  // coarser copy (CurrentModel::gpu_in_motion); the still picture uses the display mesh, cached.
  bool coarse_in_motion = octree_params::kCoarseInMotion.fallback;
};

class OctreePicture {
 public:
  OctreePicture();

  template <class Visit>
  void VisitSettings(Visit&& visit) {  // in the settings file's order
    visit(octree_params::kShowMesh, overlay_.show_mesh);
    visit(octree_params::kShowCells, overlay_.show_cells);
    visit(octree_params::kCoarseInMotion, overlay_.coarse_in_motion);
    visit(octree_params::kHideEmpty, overlay_.hide_empty);
    visit(octree_params::kDepthShown, overlay_.depth_shown);
    visit(octree_params::kTintByDepth, overlay_.tint_by_depth);
  }
  OctreeOverlay& overlay() { return overlay_; }
  const OctreeOverlay& overlay() const { return overlay_; }

  // A new tree (part of the cache key: it may reuse the old one's address), its colours uploaded.
  // `tint`: the triangles are drawn from their own coloured copy (a soup always, the model when
  // tinted); `highlight_root`: the root's triangles red over grey, else depth colours or plain.
  void NewTree(const Octree& tree, std::span<const Triangle> triangles, bool tint,
               bool highlight_root);
  // Uploads the colours again when what they show changed since the last upload.
  void RefreshColours(const Octree& tree, std::span<const Triangle> triangles, bool tint,
                      bool highlight_root);
  // The mesh and the cells, composited from the cached picture when nothing changed.
  void Draw(const RenderContext& ctx, const Octree& tree, const CurrentModel& model,
            bool model_source);

  void Gui(int max_depth, const CurrentModel& model, ClampNote& note);
  const std::string& error() const { return tint_mesh_->error(); }
  std::string MeasuredRunReport(const CurrentModel& model) const;

 private:
  void UploadColours(const Octree& tree, std::span<const Triangle> triangles, bool tint,
                     bool highlight_root);
  void UpdateCellLines(const Octree& tree, const CurrentModel& model, bool model_source);
  void DrawMeshAndCells(const RenderContext& ctx, const CurrentModel& model, bool moving);
  uint64_t SceneKey(const RenderContext& ctx, const CurrentModel& model) const;

  OctreeOverlay overlay_;
  bool tint_uploaded_ = false;            // the scene is drawn from tint_mesh_
  bool uploaded_depth_colours_ = false;   // ... with depth colours (else plain)
  bool uploaded_root_highlight_ = false;  // ... with the root's triangles in red
  std::unique_ptr<HeatmapMesh> tint_mesh_;
  // The cells overlay, recorded once per (tree, depth shown, hide empty) and kept on the GPU.
  std::unique_ptr<StaticLines> cell_lines_;
  // The mesh and cells as last drawn: an unchanged picture is composited, not drawn again.
  std::unique_ptr<SceneCache> scene_cache_;
  int rebuilds_ = 0;  // part of the cache key (a new tree may reuse the old one's address)
  int scene_redraws_ = 0, scene_frames_ = 0, motion_redraws_ = 0, outside_redraws_ = 0;
  uint64_t previous_key_ = 0;
  MergedLineRecorder cell_recorder_;
  // The cells less their stretches inside the coarse mesh, drawn over it while the camera moves.
  CellLinesOutsideMesh cells_outside_;
  const Octree* cells_tree_ = nullptr;
  int cells_depth_ = -1;
  bool cells_hide_empty_ = false;
};

}  // namespace partlab::octree_view
