// The octree in the testbed: the paper's acceleration structure ("1.2 Estrutura de
// aceleração", "Octree") built over the current model or a random soup ("2.2 Fatores de estudo"),
// drawn as cells coloured by depth, queried by single rays (both traversals side by side), by the
// paper's batch of 10,000 random rays ("2.1 Parâmetros da avaliação", "3.1 Resultados") and by a
// per-pixel cost heatmap, so a student sees where the octree pays and where it does not.
//
// Everything slow (the batch, the heatmap) runs on a worker thread (octree_jobs.h) over an
// immutable shared octree, so a rebuild never pulls the tree from under a running job.
//
// The view holds the octree and lends it to its components, each with its own state, panel section
// and drawing: the picture of mesh and cells (octree_picture.h), the single ray
// (octree_ray_probe.h), the batch (octree_batch.h), the heatmap (octree_heatmap.h) and a
// ray-structure plugin checked against them (octree_plugin_rays.h). The class
// itself is split by concern: octree_view.cpp (lifecycle, the octree, jobs, drawing),
// octree_panel.cpp (the panel and windows), octree_settings.cpp (settings file and start-up flags).
#pragma once

#include <memory>

#include "app/panels/clamped_widgets.h"
#include "app/panels/legend.h"
#include "app/panels/tooltip.h"
#include "app/ui_style.h"
#include "app/view.h"
#include "app/views/octree/octree_batch.h"
#include "app/views/octree/octree_heatmap.h"
#include "app/views/octree/octree_jobs.h"
#include "app/views/octree/octree_params.h"
#include "app/views/octree/octree_picture.h"
#include "app/views/octree/octree_plugin_rays.h"
#include "app/views/octree/octree_ray_probe.h"
#include "app/views/octree/octree_scene.h"

namespace partlab::octree_view {

namespace op = octree_params;

enum Section : unsigned {
  kSectionScene = 1u << 0,
  kSectionBuild = 1u << 1,
  kSectionOverlay = 1u << 2,
  kSectionRay = 1u << 3,
  kSectionBatch = 1u << 4,
  kSectionHeatmap = 1u << 5,
  kSectionPlugin = 1u << 6,
};

class OctreeView final : public View {
 public:
  explicit OctreeView(AppContext& app) : View(app), app_(app) {}
  // After the saved settings (octree/settings.ini): the flags and presets, then the first build.
  void Start() override;
  ~OctreeView() override;
  // The panel's controls persist between interactive runs (octree_settings.cpp).
  std::string SettingsFolder() const override { return "octree"; }
  void VisitParams(ParamVisitor& visit) override;

  // How many frames were drawn and how many composited the cached picture.
  std::string MeasuredRunReport() const override { return picture_.MeasuredRunReport(app_.model); }

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
  void ApplyCommandLine(const ViewStart& start);
  void ApplyPluginFlags(const ViewFlagValues& flags);
  void FrameForScreenshot(const ViewStart& start);
  bool Header(const char* label, unsigned section);
  void RebuildIfStale();
  void Rebuild();
  void FinishJobs(const RenderContext& ctx);
  void CheckPlugin();  // the plugin's answers on a new batch, a new probe ray, a new build
  void AimProbeAlong(size_t wrong_ray);

  void SourceGui();
  void BuildGui();
  void ResultsWindow(const FigureArea& area);
  void ResultsTables();
  void LegendWindow(const FigureArea& area);
  void HistogramWindow(const FigureArea& area);

  // Lesson actions and checks (octree_lesson_verbs.cpp).
  bool WantsTriangleColours() const {
    return source_ == SceneSource::kSoup || overlay().tint_by_depth || highlight_root_;
  }
  OctreeOverlay& overlay() { return picture_.overlay(); }
  const OctreeOverlay& overlay() const { return picture_.overlay(); }
  std::string SetSoup(const LessonCommand& action);
  std::string RunBatch(const LessonCommand& action);
  std::string CheckAffinity(const LessonCommand& check) const;
  std::string CheckHistogram() const;
  std::string CheckRootTrianglesTested(const LessonCommand& check) const;
  std::string CheckTestsFewerThanPaperRoot() const;
  std::string CheckOrderedDoesLess(const LessonCommand& check) const;
  std::string CheckHitEqualsBruteForce() const;
  std::string CheckHitBarycentric() const;
  std::string FrameHitTriangle();
  std::string CheckBatchMatchesBruteForce(const LessonCommand& check) const;
  std::string CheckBatchTestedFraction(const LessonCommand& check) const;
  std::vector<uint32_t> TrianglesKeptAtRoot() const;

  AppContext& app_;
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

  // The mesh and the cells as drawn, with the overlay's parameters (octree_picture.h).
  OctreePicture picture_;
  unsigned open_sections_ = kSectionScene | kSectionBuild | kSectionOverlay | kSectionRay;

  // Lessons: the root's triangles tinted red over grey ("a triangle straddling children stays in
  // the parent"), and the triangles-per-depth histogram drawn large.
  bool highlight_root_ = false;
  bool show_histogram_ = false;
  // The paper's Figures 2 and 4 on the triangle the ray hit (engine/octree/triangle_figure.h).
  bool show_hit_triangle_ = false;
  bool lesson_layout_ = false;  // a lesson step: windows along the top, clear of the caption

  // The single ray: its state, panel section, results table and drawing (octree_ray_probe.h).
  RayProbe probe_;

  // The batch of random rays: its state, panel section, results and drawing (octree_batch.h).
  RandomRayBatch batch_;

  // The cost heatmap: its state, panel section, drawing and parameters (octree_heatmap.h).
  CostHeatmap heatmap_;
  PluginRays plugin_rays_;  // a ray-structure plugin checked beside it (octree_plugin_rays.h)
};

}  // namespace partlab::octree_view
