// The octree in the testbed: the paper's acceleration structure ("1.2 Estrutura de
// aceleração", "Octree") built over the current model or a random soup ("2.2 Fatores de estudo"),
// drawn as cells coloured by depth, queried by single rays (both traversals side by side), by the
// paper's batch of 10,000 random rays ("2.1 Parâmetros da avaliação", "3.1 Resultados") and by a
// per-pixel cost heatmap, so a student sees where the octree pays and where it does not.
//
// Everything slow (the batch, the heatmap) runs on a worker thread (octree_jobs.h) over an
// immutable shared octree, so a rebuild never pulls the tree from under a running job.
//
// The class is split by concern: octree_view.cpp (lifecycle, the octree, rays, jobs, drawing),
// octree_panel.cpp (the panel and windows), octree_settings.cpp (settings file and start-up flags).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>
#include <memory>

#include "app/panels/clamped_widgets.h"
#include "app/panels/legend.h"
#include "app/panels/tooltip.h"
#include "app/param_settings.h"
#include "app/render/heatmap_mesh.h"
#include "app/render/scene_cache.h"
#include "app/render/static_lines.h"
#include "app/settings.h"
#include "app/ui_style.h"
#include "app/view.h"
#include "app/views/octree/octree_batch.h"
#include "app/views/octree/octree_heatmap.h"
#include "app/views/octree/octree_jobs.h"
#include "app/views/octree/octree_params.h"
#include "app/views/octree/octree_scene.h"
#include "engine/octree/cell_lines_outside_mesh.h"
#include "engine/octree/octree_overlay.h"

namespace partlab::octree_view {

namespace op = octree_params;

enum Section : unsigned {
  kSectionScene = 1u << 0,
  kSectionBuild = 1u << 1,
  kSectionOverlay = 1u << 2,
  kSectionRay = 1u << 3,
  kSectionBatch = 1u << 4,
  kSectionHeatmap = 1u << 5,
};

enum class RayMode { kFromCamera, kFromFixedOrigin };

// What the ray query of the panel found with one traversal.
struct RayResult {
  RayHit hit;
  QueryStats stats;
  QueryTrace trace;  // keeps its capacity from ray to ray
};

class OctreeView final : public View {
 public:
  explicit OctreeView(AppContext& app) : View(app), app_(app) {
    tint_mesh_ = std::make_unique<HeatmapMesh>();
    cell_lines_ = std::make_unique<StaticLines>();
    scene_cache_ = std::make_unique<SceneCache>();
    LoadSettings();
    ApplyCommandLine(app.start);
    std::printf("partlab: octree view: %s, max depth %d, placement %s, cells %s (depths <= %d)\n",
                source_ == SceneSource::kSoup ? "soup" : "model", max_depth_,
                placement_ == int(Placement::kLeafReferences) ? "leaf" : "paper",
                show_cells_ ? "shown" : "hidden", depth_shown_);
  }
  ~OctreeView() override {
    batch_.Stop();
    heatmap_.Stop();
    if (uses_saved_settings()) SaveSettings();
  }

  // How many frames were drawn and how many composited the cached picture.
  std::string MeasuredRunReport() const override {
    char text[512];
    std::snprintf(
        text, sizeof text,
        "partlab: octree view: %d of %d frames drew the mesh and cells (%d of them with the "
        "%zu-triangle mesh of a moving camera, %d of those with the cells outside it), the "
        "others composited the scene cache; %zu cell edges drawn as %zu lines (%zu outside the "
        "mesh)",
        scene_redraws_, scene_frames_, motion_redraws_, app_.model.triangles_in_motion(),
        outside_redraws_, cell_recorder_.segments_recorded(), cell_lines_->line_count(),
        cell_lines_->outside_line_count());
    return text;
  }

  void Render(const RenderContext& ctx, DebugDraw& draw) override;
  void UpdateGui() override;
  void UpdateWindows() override;
  void DrawFigures(const FigureArea& area) override;  // the results, the legend, the histogram
  bool Pick(const PickRay& ray) override;
  bool Animating() const override { return batch_.Running() || heatmap_.Running(); }

  // Lessons (octree_lesson_verbs.cpp): the verbs the octree paper's lessons are written in.
  std::string RunLessonAction(const LessonCommand& action) override;
  std::string CheckLessonClaim(const LessonCommand& check) override;
  static std::span<const LessonVerbRow<OctreeView>> LessonVerbTable();

 private:
  void LoadSettings();
  void SaveSettings();
  template <class Visit>
  void VisitSettings(Visit&& visit);  // the persisted members, one list for load and save
  void ApplyCommandLine(const ViewStart& start);
  void FrameForScreenshot(const ViewStart& start);
  bool Header(const char* label, unsigned section);
  void UpdateCellLines();
  void RebuildIfStale();
  void Rebuild();
  void UploadTriangleColours();
  void DefaultFixedRay();
  void ShootRay(const Ray& ray);
  void PrintRay() const;
  void FinishJobs(const RenderContext& ctx);
  void DrawScene(const RenderContext& ctx, DebugDraw& draw);
  void DrawMeshAndCells(const RenderContext& ctx, bool moving);
  uint64_t SceneKey(const RenderContext& ctx) const;

  void SourceGui();
  void BuildGui();
  void OverlayGui();
  void RayGui();
  void ResultsWindow(const FigureArea& area);
  void ResultsTables();
  void RayResultsTable();
  void LegendWindow(const FigureArea& area);
  void HistogramWindow(const FigureArea& area);

  // Lesson actions and checks (octree_lesson_verbs.cpp).
  bool WantsTriangleColours() const {
    return source_ == SceneSource::kSoup || tint_by_depth_ || highlight_root_;
  }
  std::string SetSoup(const LessonCommand& action);
  std::string RunBatch(const LessonCommand& action);
  std::string CheckAffinity(const LessonCommand& check) const;
  std::string CheckHistogram() const;
  std::string CheckRootTrianglesTested(const LessonCommand& check) const;
  std::string CheckTestsFewerThanPaperRoot() const;
  std::string CheckOrderedDoesLess(const LessonCommand& check) const;
  std::string CheckHitEqualsBruteForce() const;
  std::string CheckBatchMatchesBruteForce(const LessonCommand& check) const;
  std::string CheckBatchTestedFraction(const LessonCommand& check) const;
  std::vector<uint32_t> TrianglesKeptAtRoot() const;

  AppContext& app_;
  Settings settings_;  // octree/settings.ini: the panel's controls, by name (interactive runs only)
  ClampNote clamp_note_;  // the last slider value clamped into its range

  // The scene and its octree.
  OctreeScene scene_;
  SceneSource source_ = SceneSource::kModel;
  int soup_affinity_ = op::kAffinity.fallback;  // Affinity::kHigh
  int soup_count_ = op::kSoupTriangles.fallback;
  int soup_seed_ = op::kSoupSeed.fallback;
  int max_depth_ = op::kMaxDepth.fallback;
  int placement_ = op::kPlacement.fallback;  // Placement::kDeepestContaining, the paper's
  bool stale_ = true;
  std::shared_ptr<const Octree> tree_;
  std::vector<float> triangles_per_depth_;  // the build histogram, index 0 = depth 1
  std::vector<int> cells_per_depth_;        // non-empty cells, index 0 = depth 1

  // Overlay.
  bool show_mesh_ = op::kShowMesh.fallback;
  bool show_cells_ = op::kShowCells.fallback;
  int depth_shown_ = op::kDepthShown.fallback;
  bool hide_empty_ = op::kHideEmpty.fallback;
  bool tint_by_depth_ = op::kTintByDepth.fallback;
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
  // Software rendering: frames drawn under the cells while the camera moves use the model's
  // coarser copy (CurrentModel::gpu_in_motion); the still picture uses the display mesh, cached.
  bool coarse_in_motion_ = op::kCoarseInMotion.fallback;
  uint64_t previous_key_ = 0;
  MergedLineRecorder cell_recorder_;
  // The cells less their stretches inside the coarse mesh, drawn over it while the camera moves.
  CellLinesOutsideMesh cells_outside_;
  const Octree* cells_tree_ = nullptr;
  int cells_depth_ = -1;
  bool cells_hide_empty_ = false;
  unsigned open_sections_ = kSectionScene | kSectionBuild | kSectionOverlay | kSectionRay;

  // Lessons: the root's triangles tinted red over grey ("a triangle straddling children stays in
  // the parent"), and the triangles-per-depth histogram drawn large.
  bool highlight_root_ = false;
  bool show_histogram_ = false;
  bool lesson_layout_ = false;  // a lesson step: windows along the top, clear of the caption

  // Single ray.
  RayMode ray_mode_ = RayMode::kFromCamera;
  glm::vec3 fixed_origin_{0.0f};
  bool has_ray_ = false;
  Ray ray_;
  RayResult results_[2];  // [0] paper traversal, [1] ordered
  int trace_shown_ = 0;

  // The batch of random rays: its state, panel section, results and drawing (octree_batch.h).
  RandomRayBatch batch_;

  // The cost heatmap: its state, panel section, drawing and parameters (octree_heatmap.h).
  CostHeatmap heatmap_;
};

}  // namespace partlab::octree_view
