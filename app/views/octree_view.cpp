// The octree in the testbed (issue 4): the paper's acceleration structure ("1.2 Estrutura de
// aceleração", "Octree") built over the current model or a random soup ("2.2 Fatores de estudo"),
// drawn as cells coloured by depth, queried by single rays (both traversals side by side), by the
// paper's batch of 10,000 random rays ("2.1 Parâmetros da avaliação", "3.1 Resultados") and by a
// per-pixel cost heatmap, so a student sees where the octree pays and where it does not.
//
// Everything slow (the batch, the heatmap) runs on a worker thread (octree_jobs.h) over an
// immutable shared octree, so a rebuild never pulls the tree from under a running job.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>
#include <memory>

#include "app/command_line.h"
#include "app/panels/clamped_widgets.h"
#include "app/panels/tooltip.h"
#include "app/param_settings.h"
#include "app/render/heatmap_mesh.h"
#include "app/render/heatmap_quad.h"
#include "app/render/scene_cache.h"
#include "app/render/static_lines.h"
#include "app/settings.h"
#include "app/ui_style.h"
#include "app/view.h"
#include "app/views/octree_jobs.h"
#include "app/views/octree_params.h"
#include "app/views/octree_scene.h"
#include "engine/octree/cell_lines_outside_mesh.h"
#include "engine/octree/octree_overlay.h"

namespace partlab {

namespace {

namespace op = octree_params;

uint32_t PackRgba(const Color& c) {
  auto byte = [](float v) { return uint32_t(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
  return byte(c.r) | byte(c.g) << 8 | byte(c.b) << 16 | byte(c.a) << 24;
}

ImU32 ImColor32(const Color& c) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a));
}

// The panel's collapsing sections; presets open the ones their screenshot is about.
enum Section : unsigned {
  kSectionScene = 1u << 0,
  kSectionBuild = 1u << 1,
  kSectionOverlay = 1u << 2,
  kSectionRay = 1u << 3,
  kSectionBatch = 1u << 4,
  kSectionHeatmap = 1u << 5,
};

enum class RayMode { kFromCamera, kFromFixedOrigin };
enum class HeatmapShown { kPaper, kOrdered, kSplit };
constexpr int kFractions[] = {1, 2, 4, 8, 16};  // the heatmap traces 1/f of the pixels per axis

// What the ray query of the panel found with one traversal.
struct RayResult {
  RayHit hit;
  QueryStats stats;
  QueryTrace trace;  // keeps its capacity from ray to ray
};

class OctreeView final : public View {
 public:
  explicit OctreeView(AppContext& app) : app_(app) {
    tint_mesh_ = std::make_unique<HeatmapMesh>();
    heatmap_quad_ = std::make_unique<HeatmapQuad>();
    cell_lines_ = std::make_unique<StaticLines>();
    scene_cache_ = std::make_unique<SceneCache>();
    LoadSettings(ParsedCommandLine());
    ApplyCommandLine(ParsedCommandLine());
    std::printf("partlab: octree view: %s, max depth %d, placement %s, cells %s (depths <= %d)\n",
                source_ == SceneSource::kSoup ? "soup" : "model", max_depth_,
                placement_ == int(Placement::kLeafReferences) ? "leaf" : "paper",
                show_cells_ ? "shown" : "hidden", depth_shown_);
  }
  ~OctreeView() override {
    batch_job_.Stop();
    heatmap_job_.Stop();
    if (!synchronous_) SaveSettings();
    if (ParsedCommandLine().frames > 0)  // a measured run: say how many frames were cached
      std::printf(
          "partlab: octree view: %d of %d frames drew the mesh and cells (%d of them with the "
          "%zu-triangle mesh of a moving camera, %d of those with the cells outside it), the "
          "others composited the scene cache; %zu cell edges drawn as %zu lines (%zu outside the "
          "mesh)\n",
          scene_redraws_, scene_frames_, motion_redraws_, app_.model.triangles_in_motion(),
          outside_redraws_, cell_recorder_.segments_recorded(), cell_lines_->line_count(),
          cell_lines_->outside_line_count());
  }

  void Render(const RenderContext& ctx, DebugDraw& draw) override;
  void UpdateGui() override;
  void UpdateWindows() override;
  bool Pick(const PickRay& ray) override;
  bool Animating() const override { return batch_job_.Running() || heatmap_job_.Running(); }

 private:
  void LoadSettings(const Options& options);
  void SaveSettings();
  void ApplyCommandLine(const Options& options);
  void FrameForScreenshot(const Options& options);
  bool Header(const char* label, unsigned section);
  void UpdateCellLines();
  void RebuildIfStale();
  void Rebuild();
  void UploadTriangleColours();
  void DefaultFixedRay();
  void ShootRay(const Ray& ray);
  void PrintRay() const;
  void PrintBatch() const;
  void FinishJobs(const RenderContext& ctx);
  void StartBatch();
  void UpdateHeatmap(const RenderContext& ctx);
  void ColouriseHeatmap();
  void DrawScene(const RenderContext& ctx, DebugDraw& draw);
  void DrawMeshAndCells(const RenderContext& ctx, bool moving);
  uint64_t SceneKey(const RenderContext& ctx) const;
  void DrawBatchRays(DebugDraw& draw) const;

  void SourceGui();
  void BuildGui();
  void OverlayGui();
  void RayGui();
  void BatchGui();
  void HeatmapGui();
  void ResultsWindow();
  void RayResultsTable();
  void BatchResultsTable();
  void LegendWindow();

  AppContext& app_;
  Settings settings_;  // octree/settings.ini: the panel's controls, by name (interactive runs only)
  std::string settings_note_;  // what LoadSettings clamped (yellow, dismissable)
  ClampNote clamp_note_;       // the last slider value clamped into its range
  bool synchronous_ = false;   // a --screenshot run: jobs finish before the frame is drawn

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
  bool tint_uploaded_ = false;           // the scene is drawn from tint_mesh_
  bool uploaded_depth_colours_ = false;  // ... with depth colours (else plain)
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

  // Single ray.
  RayMode ray_mode_ = RayMode::kFromCamera;
  glm::vec3 fixed_origin_{0.0f};
  bool has_ray_ = false;
  Ray ray_;
  RayResult results_[2];  // [0] paper traversal, [1] ordered
  int trace_shown_ = 0;

  // Batch.
  BatchJob batch_job_;
  bool draw_batch_rays_ = op::kDrawBatchRays.fallback;
  int batch_rays_drawn_ = op::kRaysDrawn.fallback;
  int batch_seed_ = op::kBatchSeed.fallback;
  int brute_rays_ =
      op::kBruteRays.fallback;  // lowered for big models when the view starts (see constructor)

  // Heatmap.
  bool heatmap_on_ = false;
  int heatmap_metric_ = op::kHeatmapMetric.fallback;      // CostMetric::kTrianglesTested
  int heatmap_shown_ = op::kHeatmapShown.fallback;        // HeatmapShown::kSplit
  int heatmap_fraction_ = op::kHeatmapFraction.fallback;  // 1/8: a quick first image
  bool heatmap_log_ = op::kHeatmapLog.fallback;
  HeatmapJob heatmap_job_;
  HeatmapKey heatmap_key_;  // what the shown image was traced for
  bool heatmap_recolour_ = false;
  std::vector<uint32_t> heatmap_rgba_;
  std::unique_ptr<HeatmapQuad> heatmap_quad_;
  double heatmap_mean_[2] = {0, 0};
  uint32_t heatmap_max_ = 0;
};

// --- Settings: the panel's controls persist between interactive runs, stored by name ----------
// (octree.*) in their own file next to the app's; flags and presets override them, and headless
// runs neither read nor write them, so scripted screenshots never depend on the last session.

void OctreeView::LoadSettings(const Options& options) {
  if (!options.screenshot.empty()) return;
  settings_.Load(ConfigDirectory() + "/octree");
  const Settings& s = settings_;
  // A hand-edited file: numbers back into the panel's ranges, with one note naming the file.
  std::string notes;
  int source = int(source_), ray_mode = int(ray_mode_);
  LoadParam(s, op::kSource, source, notes);
  LoadParam(s, op::kAffinity, soup_affinity_, notes);
  LoadParam(s, op::kSoupTriangles, soup_count_, notes);
  LoadParam(s, op::kSoupSeed, soup_seed_, notes);
  LoadParam(s, op::kMaxDepth, max_depth_, notes);
  LoadParam(s, op::kPlacement, placement_, notes);
  LoadParam(s, op::kShowMesh, show_mesh_, notes);
  LoadParam(s, op::kShowCells, show_cells_, notes);
  LoadParam(s, op::kCoarseInMotion, coarse_in_motion_, notes);
  LoadParam(s, op::kHideEmpty, hide_empty_, notes);
  LoadParam(s, op::kDepthShown, depth_shown_, notes);
  AppendNote(notes, ClampWithNote(depth_shown_,
                                  {1, max_depth_, "the root is depth 1", "the octree's max depth"},
                                  op::kDepthShown.key));
  LoadParam(s, op::kTintByDepth, tint_by_depth_, notes);
  LoadParam(s, op::kRayMode, ray_mode, notes);
  LoadParam(s, op::kDrawBatchRays, draw_batch_rays_, notes);
  LoadParam(s, op::kBatchSeed, batch_seed_, notes);
  LoadParam(s, op::kHeatmapMetric, heatmap_metric_, notes);
  LoadParam(s, op::kHeatmapShown, heatmap_shown_, notes);
  LoadParam(s, op::kHeatmapFraction, heatmap_fraction_, notes);
  LoadParam(s, op::kHeatmapLog, heatmap_log_, notes);
  source_ = SceneSource(source);
  ray_mode_ = RayMode(ray_mode);
  if (!notes.empty()) {
    settings_note_ = "partlab: " + settings_.path() + ": " + notes;
    std::fprintf(stderr, "%s\n", settings_note_.c_str());
  }
}

void OctreeView::SaveSettings() {
  Settings& s = settings_;
  SaveParam(s, op::kSource, int(source_));
  SaveParam(s, op::kAffinity, soup_affinity_);
  SaveParam(s, op::kSoupTriangles, soup_count_);
  SaveParam(s, op::kSoupSeed, soup_seed_);
  SaveParam(s, op::kMaxDepth, max_depth_);
  SaveParam(s, op::kPlacement, placement_);
  SaveParam(s, op::kShowMesh, show_mesh_);
  SaveParam(s, op::kShowCells, show_cells_);
  SaveParam(s, op::kCoarseInMotion, coarse_in_motion_);
  SaveParam(s, op::kHideEmpty, hide_empty_);
  SaveParam(s, op::kDepthShown, depth_shown_);
  SaveParam(s, op::kTintByDepth, tint_by_depth_);
  SaveParam(s, op::kRayMode, int(ray_mode_));
  SaveParam(s, op::kDrawBatchRays, draw_batch_rays_);
  SaveParam(s, op::kBatchSeed, batch_seed_);
  SaveParam(s, op::kHeatmapMetric, heatmap_metric_);
  SaveParam(s, op::kHeatmapShown, heatmap_shown_);
  SaveParam(s, op::kHeatmapFraction, heatmap_fraction_);
  SaveParam(s, op::kHeatmapLog, heatmap_log_);
  if (const std::string error = s.Save(); !error.empty())
    std::fprintf(stderr, "partlab: %s\n", error.c_str());
}

// --- Start-up flags (headless screenshots)
// --------------------------------------------------------

void OctreeView::ApplyCommandLine(const Options& options) {
  synchronous_ = !options.screenshot.empty();
  if (options.octree_depth > 0) max_depth_ = depth_shown_ = options.octree_depth;
  if (options.placement == "leaf") placement_ = int(Placement::kLeafReferences);
  const std::string& p = options.preset;
  if (p == "tint") {
    tint_by_depth_ = true;
    show_cells_ = false;
    open_sections_ = kSectionBuild | kSectionOverlay;
  } else if (p.rfind("soup-", 0) == 0) {  // soup-low, soup-medium, soup-high: cells over a soup
    source_ = SceneSource::kSoup;
    soup_affinity_ = p == "soup-low" ? 0 : p == "soup-medium" ? 1 : 2;
    open_sections_ = kSectionScene | kSectionBuild | kSectionOverlay;
  } else if (p == "cells") {
    open_sections_ = kSectionBuild | kSectionOverlay;
  } else if (p == "ray") {
    show_cells_ = false;
    ray_mode_ = RayMode::kFromFixedOrigin;
    open_sections_ = kSectionBuild | kSectionOverlay | kSectionRay;
  } else if (p == "batch") {
    show_cells_ = false;
    show_mesh_ = true;
    open_sections_ = kSectionBuild | kSectionBatch;
  } else if (p.rfind("heatmap", 0) == 0) {
    heatmap_on_ = true;
    show_cells_ = false;
    open_sections_ = kSectionBuild | kSectionHeatmap;
    heatmap_fraction_ = 2;
    if (p == "heatmap-paper") heatmap_shown_ = int(HeatmapShown::kPaper);
    if (p == "heatmap-ordered") heatmap_shown_ = int(HeatmapShown::kOrdered);
    if (p == "heatmap-nodes") heatmap_metric_ = int(CostMetric::kNodesVisited);
    if (p == "heatmap-log") heatmap_log_ = true;
  }
  RebuildIfStale();
  // The brute force costs N tests per ray: on the dragon all 10,000 rays take a minute or more.
  if (tree_->usable_triangle_count() > 50000) brute_rays_ = 1000;
  if (synchronous_) FrameForScreenshot(options);
  if (options.has_ray) {
    ray_mode_ = RayMode::kFromFixedOrigin;
    fixed_origin_ = {options.ray[0], options.ray[1], options.ray[2]};
    ShootRay(
        {fixed_origin_, glm::normalize(glm::vec3(options.ray[3], options.ray[4], options.ray[5]))});
  } else if (p == "ray") {
    DefaultFixedRay();
  }
  if (synchronous_ && has_ray_) PrintRay();
  if (p == "batch") StartBatch();
}

// Screenshots: the whole scene in view, shifted right of the panel that covers the left third.
void OctreeView::FrameForScreenshot(const Options& options) {
  const float aspect =
      options.width > 0 && options.height > 0 ? float(options.width) / options.height : 16.f / 9.f;
  OrbitCamera& camera = app_.camera;
  // With the cells drawn, the root cube is the scene (its bounding sphere is loose: come closer).
  const bool cube = show_cells_ && !tree_->empty();
  camera.Frame(cube ? tree_->nodes()[0].Bounds() : scene_.bounds(), aspect);
  camera.distance *= cube ? 0.8f : 1.05f;
  const float visible_width = 2.0f * camera.distance * std::tan(0.5f * camera.fov_y) * aspect;
  camera.target -= camera.Right() * (0.12f * visible_width);
}

bool OctreeView::Header(const char* label, unsigned section) {
  ImGui::SetNextItemOpen((open_sections_ & section) != 0, ImGuiCond_Once);
  return ImGui::CollapsingHeader(label);
}

// Every cell's twelve edges through the engine's overlay function, recorded into one GPU buffer
// when the tree or the filter changes: the same picture as DrawOctreeCells, one draw call a frame.
void OctreeView::UpdateCellLines() {
  if (tree_->empty() || (cells_tree_ == tree_.get() && cells_depth_ == depth_shown_ &&
                         cells_hide_empty_ == hide_empty_))
    return;
  cells_tree_ = tree_.get();
  cells_depth_ = depth_shown_;
  cells_hide_empty_ = hide_empty_;
  cell_recorder_.Clear();
  // Snap to the deepest cells' corners: shared edges of neighbouring cells are drawn once.
  const OctreeNode& root = tree_->nodes()[0];
  cell_recorder_.SetGrid(root.center - glm::vec3(root.half),
                         2.0f * root.half / float(1u << (tree_->stats().max_depth - 1)));
  DrawOctreeCells(*tree_, {depth_shown_, hide_empty_}, cell_recorder_);
  cell_recorder_.Finish();
  // The model's coarse copy is what moving frames draw under the cells (a soup is drawn whole).
  if (source_ == SceneSource::kModel)
    cells_outside_.SetMesh(app_.model.mesh_in_motion());
  else
    cells_outside_.ClearMesh();
  const uint32_t points = (1u << (tree_->stats().max_depth - 1)) + 1;
  cell_lines_->Upload(cell_recorder_.vertices(), cells_outside_.Clip(cell_recorder_, points));
}

// --- The octree ----------------------------------------------------------------------------------

void OctreeView::RebuildIfStale() {
  const bool model_changed =
      source_ == SceneSource::kModel && scene_.model_generation() != app_.model.generation();
  if (stale_ || model_changed) Rebuild();
}

// "A profundidade máxima ... válvula de escape" (1.2, Octree): rebuilding is the experiment, so it
// runs synchronously on every change of source, depth or placement; its time is the build time.
void OctreeView::Rebuild() {
  stale_ = false;
  ++rebuilds_;
  scene_.Update(source_, app_.model, Affinity(soup_affinity_), size_t(soup_count_),
                uint64_t(soup_seed_));
  OctreeBuildOptions options;
  options.placement = Placement(placement_);
  options.max_depth = max_depth_;
  tree_ = std::make_shared<const Octree>(scene_.triangles(), options);
  depth_shown_ = std::min(depth_shown_, max_depth_);
  const OctreeBuildStats& stats = tree_->stats();
  triangles_per_depth_.assign(size_t(max_depth_), 0.0f);
  for (size_t d = 1; d < stats.triangles_per_depth.size() && d <= size_t(max_depth_); ++d)
    triangles_per_depth_[d - 1] = float(stats.triangles_per_depth[d]);
  cells_per_depth_.assign(size_t(max_depth_), 0);
  const auto nodes = tree_->nodes();
  for (uint32_t i = 0; i < nodes.size(); ++i)
    if (tree_->SubtreeReferences(i) > 0 && nodes[i].depth <= max_depth_)
      ++cells_per_depth_[nodes[i].depth - 1];
  UploadTriangleColours();
  if (has_ray_) ShootRay(ray_);
  batch_job_.Stop();  // its answers belong to the old tree
  batch_job_.Clear();
}

// Soups always go through the per-triangle mesh (they have no MeshBuffer); the model only when
// tinted by depth. Depth colours are the cells' (OctreeDepthColor), so the legend serves both.
void OctreeView::UploadTriangleColours() {
  tint_uploaded_ = source_ == SceneSource::kSoup || tint_by_depth_;
  uploaded_depth_colours_ = tint_by_depth_;
  if (!tint_uploaded_) return;
  const auto depths = tree_->triangle_depths();
  std::vector<uint32_t> colours(depths.size());
  const uint32_t plain = PackRgba({0.80f, 0.52f, 0.30f, 1.0f});
  for (size_t i = 0; i < depths.size(); ++i)
    colours[i] = !tint_by_depth_  ? plain
                 : depths[i] == 0 ? PackRgba({0.5f, 0.5f, 0.5f, 1.0f})
                                  : PackRgba(OctreeDepthColor(depths[i]));
  tint_mesh_->Upload(scene_.triangles(), colours);
}

// --- Rays ----------------------------------------------------------------------------------------

// The "Default ray" (and --preset ray): aimed at the surface point the camera sees at the scene's
// centre, from the left of the view, a little above and in front, so the whole ray, the cells it
// crosses and its hit are in sight.
void OctreeView::DefaultFixedRay() {
  const OrbitCamera& camera = app_.camera;
  const float radius = 0.5f * glm::length(scene_.bounds().Extent());
  const glm::vec3 eye = camera.Eye();
  const Ray sight{eye, glm::normalize(scene_.bounds().Center() - eye)};
  const RayHit seen = tree_->Nearest(sight, Traversal::kOrdered);
  const glm::vec3 target = seen.hit ? sight.At(seen.t) : scene_.SurfacePointNearCentre();
  fixed_origin_ = target - camera.Right() * (0.95f * radius) + camera.Up() * (0.3f * radius) -
                  camera.Forward() * (0.25f * radius);
  ShootRay({fixed_origin_, glm::normalize(target - fixed_origin_)});
}

void OctreeView::ShootRay(const Ray& ray) {
  ray_ = ray;
  has_ray_ = true;
  for (int k = 0; k < 2; ++k) {
    RayResult& r = results_[k];
    r.trace.Clear();
    r.stats = {};
    r.hit = tree_->Nearest(ray_, k == 0 ? Traversal::kPaper : Traversal::kOrdered, {}, &r.stats,
                           &r.trace);
  }
}

// Camera mode: the ray through the cursor. Fixed-origin mode: from the placed origin towards
// what is under the cursor (the surface point, or a point far along the camera ray).
bool OctreeView::Pick(const PickRay& pick) {
  if (!tree_) return false;
  const Ray camera_ray{pick.origin, pick.dir};
  if (ray_mode_ == RayMode::kFromCamera) {
    ShootRay(camera_ray);
    PrintRay();  // one line per click: a log a student (or a test) can read back
    return true;
  }
  const RayHit under = tree_->Nearest(camera_ray, Traversal::kOrdered);
  const float far = 2.0f * glm::length(scene_.bounds().Extent()) + glm::length(pick.origin);
  const glm::vec3 target = camera_ray.At(under.hit ? under.t : far);
  if (glm::length(target - fixed_origin_) <= 0.0f) return false;
  ShootRay({fixed_origin_, glm::normalize(target - fixed_origin_)});
  PrintRay();
  return true;
}

// --- Jobs ----------------------------------------------------------------------------------------

void OctreeView::StartBatch() {
  batch_job_.Start(tree_, MakeBatchRays(scene_.bounds(), 10000, uint64_t(batch_seed_)),
                   size_t(brute_rays_));
}

void OctreeView::FinishJobs(const RenderContext& ctx) {
  if (synchronous_) batch_job_.Wait();
  const bool had_batch = batch_job_.HasResult();
  batch_job_.Collect();
  if (synchronous_ && !had_batch && batch_job_.HasResult()) PrintBatch();
  if (heatmap_on_) UpdateHeatmap(ctx);
}

// Headless runs say what the screenshot shows, for scripts and the smoke tests.
void OctreeView::PrintRay() const {
  const RayResult &p = results_[0], &o = results_[1];
  std::printf(
      "partlab: octree ray: %s triangle %u t %.6g | paper: %llu cells, %llu tests, triangle %u | "
      "ordered: %llu cells, %llu tests, triangle %u\n",
      p.hit.hit ? "hit" : "miss", p.hit.triangle, p.hit.t,
      (unsigned long long)p.stats.nodes_visited, (unsigned long long)p.stats.triangle_tests,
      p.hit.triangle, (unsigned long long)o.stats.nodes_visited,
      (unsigned long long)o.stats.triangle_tests, o.hit.triangle);
  std::fflush(stdout);
}

void OctreeView::PrintBatch() const {
  const RayBatch& b = batch_job_.result();
  const size_t n = tree_->usable_triangle_count();
  std::printf(
      "partlab: octree batch: %zu rays, %zu triangles | on the first %zu: brute %.1f ms, paper "
      "%.1f ms (%.2fx), ordered %.1f ms (%.2fx) | all rays: paper %.1f ms, %.2f%% tested, "
      "ordered %.1f ms, %.2f%% tested | wrong %zu %zu\n",
      b.done, n, b.brute_rays, b.brute_seconds * 1e3, b.octree_seconds_on_brute_rays[0] * 1e3,
      b.Speedup(0), b.octree_seconds_on_brute_rays[1] * 1e3, b.Speedup(1),
      b.octree_seconds[0] * 1e3, 100.0 * b.octree[0].FractionTested(n), b.octree_seconds[1] * 1e3,
      100.0 * b.octree[1].FractionTested(n), b.mismatches[0], b.mismatches[1]);
}

// Re-traces when the camera, the viewport, the fraction or the tree changed; a finished image is
// coloured and uploaded once. Interactive runs keep showing the previous image meanwhile.
void OctreeView::UpdateHeatmap(const RenderContext& ctx) {
  const int f = kFractions[heatmap_fraction_];
  HeatmapKey key{ctx.camera, ctx.framebuffer_size, std::max(1, int(ctx.framebuffer_size.x) / f),
                 std::max(1, int(ctx.framebuffer_size.y) / f), tree_.get()};
  // A running trace is left to finish (cancelling would make the UI thread wait for its slice);
  // the next frame starts one for the camera as it is then.
  if (!(key == heatmap_job_.requested()) && !heatmap_job_.Running()) heatmap_job_.Start(tree_, key);
  if (synchronous_) heatmap_job_.Wait();
  if (heatmap_job_.Collect()) {
    heatmap_key_ = heatmap_job_.shown_key();
    heatmap_recolour_ = true;
  }
  if (heatmap_recolour_) ColouriseHeatmap();
}

// One colour per traced pixel on a (linear or log) scale shared by both traversals, so the two
// halves of the split view compare directly.
void OctreeView::ColouriseHeatmap() {
  heatmap_recolour_ = false;
  const CostImage& image = heatmap_job_.image();
  if (image.width == 0) return;
  const CostMetric metric = CostMetric(heatmap_metric_);
  heatmap_max_ = image.Max(metric);
  const auto& paper = image.Plane(Traversal::kPaper, metric);
  const auto& ordered = image.Plane(Traversal::kOrdered, metric);
  double sums[2] = {0, 0};
  heatmap_rgba_.resize(paper.size());
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const size_t i = size_t(y) * image.width + x;
      sums[0] += paper[i];
      sums[1] += ordered[i];
      const HeatmapShown shown = HeatmapShown(heatmap_shown_);
      const bool left = 2 * x < image.width;
      const bool use_paper =
          shown == HeatmapShown::kPaper || (shown == HeatmapShown::kSplit && left);
      const uint32_t cost = use_paper ? paper[i] : ordered[i];
      const float t = heatmap_log_ ? CostRampPosition(cost, heatmap_max_)
                                   : float(cost) / float(std::max(heatmap_max_, 1u));
      heatmap_rgba_[i] = PackRgba(CostRampColor(t));
    }
  }
  for (int k = 0; k < 2; ++k) heatmap_mean_[k] = paper.empty() ? 0.0 : sums[k] / paper.size();
  heatmap_quad_->Upload(image.width, image.height, heatmap_rgba_);
  if (synchronous_)
    std::printf("partlab: octree heatmap %dx%d rays: mean %s paper %.2f, ordered %.2f (max %u)\n",
                image.width, image.height, metric == CostMetric::kNodesVisited ? "cells" : "tests",
                heatmap_mean_[0], heatmap_mean_[1], heatmap_max_);
}

// --- Drawing -------------------------------------------------------------------------------------

void OctreeView::Render(const RenderContext& ctx, DebugDraw& draw) {
  RebuildIfStale();
  if (!tree_) return;
  if (tint_uploaded_ != (source_ == SceneSource::kSoup || tint_by_depth_) ||
      (tint_uploaded_ && uploaded_depth_colours_ != tint_by_depth_))
    UploadTriangleColours();
  FinishJobs(ctx);
  if (heatmap_on_ && heatmap_quad_->has_image()) {
    heatmap_quad_->Draw(1.0f);
    if (HeatmapShown(heatmap_shown_) == HeatmapShown::kSplit) {
      // The divider between the paper (left) and ordered (right) halves, on the image plane.
      const PickRay top =
          ctx.camera.RayThroughPixel({ctx.framebuffer_size.x * 0.5f, 0.0f}, ctx.framebuffer_size);
      const PickRay bottom = ctx.camera.RayThroughPixel(
          {ctx.framebuffer_size.x * 0.5f, ctx.framebuffer_size.y}, ctx.framebuffer_size);
      const float d = ctx.camera.NearPlane() * 1.5f;
      draw.Line(top.origin + d * top.dir, bottom.origin + d * bottom.dir, {1, 1, 1, 0.9f});
    }
  } else {
    DrawScene(ctx, draw);
  }
  if (has_ray_)
    DrawRayQuery(*tree_, ray_, results_[trace_shown_].hit, results_[trace_shown_].trace,
                 2.0f * glm::length(scene_.bounds().Extent()), draw);
  if (ray_mode_ == RayMode::kFromFixedOrigin) draw.Point(fixed_origin_, 11.0f, {1, 0.3f, 1, 1});
}

// Everything the mesh-and-cells picture depends on.
uint64_t OctreeView::SceneKey(const RenderContext& ctx) const {
  struct {
    glm::mat4 view, projection;
    glm::vec2 size;
    glm::vec3 material;
    float shininess;
    int ints[10];
  } k{};
  k.view = ctx.matrices.view;
  k.projection = ctx.matrices.projection;
  k.size = ctx.framebuffer_size;
  k.material = ctx.style.material;
  k.shininess = ctx.style.shininess;
  const int ints[10] = {
      ctx.style.lighting,      ctx.style.wireframe,     show_mesh_, show_cells_,  tint_uploaded_,
      uploaded_depth_colours_, app_.model.generation(), rebuilds_,  depth_shown_, hide_empty_};
  std::copy(std::begin(ints), std::end(ints), k.ints);
  return HashBytes(&k, sizeof k);
}

void OctreeView::DrawScene(const RenderContext& ctx, DebugDraw& draw) {
  if (show_cells_) UpdateCellLines();
  ++scene_frames_;
  const int w = int(ctx.framebuffer_size.x), h = int(ctx.framebuffer_size.y);
  const uint64_t key = scene_cache_->usable() ? SceneKey(ctx) : 0;
  // While the picture changes every frame (the camera turning) the cache would only add its copy:
  // draw directly, and fill the cache once the same picture is asked for twice in a row.
  const bool still = key == previous_key_;
  previous_key_ = key;
  if (scene_cache_->Holds(key, w, h)) {
    scene_cache_->Composite();
  } else if (scene_cache_->usable() && still) {
    scene_cache_->Begin(key, w, h);
    DrawMeshAndCells(ctx, false);
    scene_cache_->End();
    scene_cache_->Composite();
    ++scene_redraws_;
  } else {
    DrawMeshAndCells(ctx, !still);
    ++scene_redraws_;
  }
  if (draw_batch_rays_) DrawBatchRays(draw);
}

void OctreeView::DrawMeshAndCells(const RenderContext& ctx, bool moving) {
  // Only under the cells: they are what costs (about 47,000 lines), and they hide the mesh's
  // detail; a bare mesh turns fast enough drawn whole.
  const bool coarse = show_mesh_ && moving && coarse_in_motion_ && show_cells_ &&
                      scene_cache_->usable() && !tint_uploaded_;
  if (show_mesh_) {
    motion_redraws_ += coarse;
    if (tint_uploaded_)
      tint_mesh_->Draw(ctx.matrices.view, ctx.matrices.projection);
    else
      ctx.renderer.DrawMesh(coarse ? app_.model.gpu_in_motion() : app_.model.gpu(), glm::mat4(1.0f),
                            ctx.matrices, ctx.style);
  }
  // On llvmpipe this draw call only bins the mesh; a flush hands it to the rasteriser threads now,
  // so they shade the dragon while this thread sets up and bins the ~47,000 cell lines, instead of
  // both waiting for the frame's end (the main loop's flush). Costs one extra tile load/store.
  if (show_mesh_ && show_cells_) glFlush();
  // Over the opaque coarse mesh, seen from outside it, the cells' stretches inside it are all
  // hidden: leave them out rather than have the rasteriser reject them pixel by pixel.
  const bool outside =
      coarse && !ctx.style.wireframe && cells_outside_.HiddenFrom(ctx.camera.Eye());
  outside_redraws_ += outside;
  if (show_cells_) cell_lines_->Draw(ctx.matrices.projection * ctx.matrices.view, outside);
}

// Thin translucent lines (origin to hit, or across the scene) and the hits as points.
void OctreeView::DrawBatchRays(DebugDraw& draw) const {
  if (!batch_job_.HasResult()) return;
  const RayBatch& batch = batch_job_.result();
  const float length = 1.5f * glm::length(scene_.bounds().Extent());
  const size_t n = std::min(size_t(batch_rays_drawn_), batch.done);
  for (size_t i = 0; i < n; ++i) {
    const RayHit& hit = batch.octree_hits[1][i];
    const Ray& r = batch.rays[i];
    if (hit.hit) {
      draw.Line(r.origin, r.At(hit.t), {0.55f, 0.85f, 1.0f, 0.35f});
      draw.Point(r.At(hit.t), 4.0f, {1.0f, 0.25f, 0.2f, 1.0f});
    } else {
      draw.Line(r.origin, r.At(length), {0.7f, 0.7f, 0.8f, 0.07f});
    }
  }
}

// --- Panel ---------------------------------------------------------------------------------------

void OctreeView::UpdateGui() {
  DrawNoticeLine(settings_note_, "octree-settings");
  SourceGui();
  BuildGui();
  OverlayGui();
  RayGui();
  BatchGui();
  HeatmapGui();
  if (!tint_mesh_->error().empty())
    ImGui::TextColored({1, 0.45f, 0.4f, 1}, "%s", tint_mesh_->error().c_str());
  if (!heatmap_quad_->error().empty())
    ImGui::TextColored({1, 0.45f, 0.4f, 1}, "%s", heatmap_quad_->error().c_str());
}

void OctreeView::UpdateWindows() {
  ResultsWindow();
  LegendWindow();
}

void OctreeView::SourceGui() {
  if (!Header("Scene", kSectionScene)) return;
  int source = int(source_);
  stale_ |= ImGui::RadioButton("Model", &source, 0);
  Tip("Build over the loaded model's triangles, like the paper's artist models Building and "
      "SciFiCity (3.1 Resultados).");
  ImGui::SameLine();
  stale_ |= ImGui::RadioButton("Random soup", &source, 1);
  Tip("Build over random triangles, the paper's synthetic test cases (2.2 Fatores de estudo).");
  source_ = SceneSource(source);
  if (source_ != SceneSource::kSoup) return;
  stale_ |= ParamCombo(op::kAffinity, &soup_affinity_);
  ParamSliderInt(op::kSoupTriangles, &soup_count_, clamp_note_, "%d", ImGuiSliderFlags_Logarithmic);
  stale_ |= clamp_note_.deactivated_after_edit;
  stale_ |= ParamInputInt(op::kSoupSeed, &soup_seed_, clamp_note_);
}

void OctreeView::BuildGui() {
  if (!Header("Octree build", kSectionBuild)) return;
  ParamSliderInt(op::kMaxDepth, &max_depth_, clamp_note_);
  stale_ |= clamp_note_.deactivated_after_edit;
  const char* placements[] = {"Paper: deepest containing cell", "Leaf references (split + SAT)"};
  stale_ |= ParamCombo(op::kPlacement, &placement_, placements);
  const OctreeBuildStats& s = tree_->stats();
  ImGui::Text("%zu triangles, build %.1f ms, %.2f MB", tree_->usable_triangle_count(),
              s.build_seconds * 1e3, double(s.memory_bytes) / (1 << 20));
  Tip("Build time and memory (nodes, triangle references, the triangle copy) of this octree; the "
      "paper weighs the same build cost against query time (3.1 Resultados).");
  ImGui::Text("%zu cells, %zu leaves, %zu refs, deepest %d", s.node_count, s.leaf_count,
              s.reference_count, s.depth_reached);
  if (s.skipped.Total() > 0)
    ImGui::TextDisabled("%zu degenerate triangles skipped", s.skipped.Total());
  ImGui::PlotHistogram("##perdepth", triangles_per_depth_.data(), int(triangles_per_depth_.size()),
                       0, "triangles per depth (1 .. max)", 0.0f, FLT_MAX,
                       ImVec2(0, ImGui::GetFontSize() * 4));
  Tip("How many triangles each depth holds, the paper's figures 9-17 (3.1 Resultados): a tall "
      "bar at a shallow depth means big triangles the octree cannot separate.");
}

void OctreeView::OverlayGui() {
  if (!Header("Overlay", kSectionOverlay)) return;
  ImGui::Checkbox("Mesh", &show_mesh_);
  Tip("Draw the scene's triangles, the T = V0 + uE1 + vE2 of equation 2 (1.1 Detecção de "
      "colisão).");
  ImGui::SameLine();
  ImGui::Checkbox("Cells", &show_cells_);
  Tip("Draw every cell as a wireframe cube coloured by its depth (legend at the bottom), the "
      "subdivision of 1.2 Octree.");
  ImGui::SameLine();
  ImGui::Checkbox("Hide empty", &hide_empty_);
  Tip("Skip cells with no triangle in their subtree: they exist only as the octant a ray crosses "
      "(1.2 Octree).");
  ClampedSliderInt(op::kDepthShown.label, &depth_shown_,
                   {1, max_depth_, "the root is depth 1", "the octree's max depth"}, clamp_note_);
  Tip(op::kDepthShown.tip);
  if (show_cells_) {
    ImGui::TextDisabled("%zu cell edges merged into %zu lines", cell_recorder_.segments_recorded(),
                        cell_lines_->line_count());
    Tip("Shared and continuing edges of neighbouring cells are drawn as one line: fewer lines keep "
        "the overlay fast on a software renderer.");
    if (cell_lines_->outside_line_count() > 0 && coarse_in_motion_) {
      ImGui::TextDisabled("%zu pieces outside the mesh, while turning",
                          cell_lines_->outside_line_count());
      Tip("While the camera moves, the lines are cut where they enter the closed mesh drawn "
          "under them: from outside it those stretches are hidden anyway, and a software "
          "renderer no longer fills their pixels.");
    }
  }
  if (app_.model.triangles_in_motion() < app_.model.displayed_triangles()) {
    ImGui::Checkbox("Coarser mesh while the camera moves", &coarse_in_motion_);
    Tip("Software rendering: while the camera turns with the cells shown, the model is drawn "
        "from a copy with a sixth of the triangles, and the cell edges inside it (hidden from a "
        "camera outside) are left out, so the frame rate keeps up; the still picture uses the "
        "display mesh and every edge.");
  }
  ImGui::Checkbox("Colour triangles by cell depth", &tint_by_depth_);
  Tip("Each triangle takes the colour of the depth of the cell that holds it: big or badly "
      "placed triangles stay shallow and are tested by many rays (3.1 Profundidade da Octree).");
}

void OctreeView::RayGui() {
  if (!Header("Ray query", kSectionRay)) return;
  int mode = int(ray_mode_);
  ImGui::RadioButton("From camera", &mode, 0);
  Tip("Double-click the view: the ray goes from the eye through the cursor, the paper's R(t) = O "
      "+ tD (1.1 Detecção de colisão).");
  ImGui::SameLine();
  ImGui::RadioButton("From fixed origin", &mode, 1);
  Tip("Double-click aims a ray from the magenta origin at the point under the cursor, to watch "
      "one ray cross the cells from the side.");
  ray_mode_ = RayMode(mode);
  if (ray_mode_ == RayMode::kFromFixedOrigin) {
    const glm::vec3 before = fixed_origin_;
    if (ImGui::DragFloat3("Origin", &fixed_origin_.x,
                          0.01f * glm::length(scene_.bounds().Extent()))) {
      // Ctrl+click accepts typed text, "inf" and "nan" included: a ray cannot start there.
      const bool finite = std::isfinite(fixed_origin_.x) && std::isfinite(fixed_origin_.y) &&
                          std::isfinite(fixed_origin_.z);
      if (!finite) {
        fixed_origin_ = before;
        clamp_note_ = {"Origin", "Origin: not a finite point; the previous origin is kept"};
      } else if (clamp_note_.label == "Origin") {
        clamp_note_ = {};
      }
    }
    if (clamp_note_.label == "Origin") DrawNoteLine(clamp_note_.text);
    Tip("The origin O of fixed-origin rays, R(t) = O + tD (1.1 Detecção de colisão); drag to "
        "move.");
    if (ImGui::Button("Origin at eye")) fixed_origin_ = app_.camera.Eye();
    Tip("Put the origin O at the camera's eye (1.1 Detecção de colisão: any point can be O).");
    ImGui::SameLine();
    if (ImGui::Button("Default ray")) DefaultFixedRay();
    Tip("A ray from the left of the view to the surface seen at the scene's centre, crossing many "
        "cells before its hit (1.2 Octree).");
  }
  const char* traversals[] = {"paper", "ordered"};
  ImGui::Combo("Overlay shows", &trace_shown_, traversals, 2);
  Tip("Whose visited cells (yellow) and tested triangles (blue) are drawn: the paper's traversal "
      "(1.2 Octree) or our front-to-back one that stops at the nearest hit.");
  if (has_ray_) {
    if (ImGui::Button("Clear ray")) has_ray_ = false;
    Tip("Remove the ray, its visited cells and its tested triangles (1.2 Octree) from the view.");
  }
}

void OctreeView::BatchGui() {
  if (!Header("Batch: 10,000 random rays", kSectionBatch)) return;
  if (batch_job_.Running()) {
    ImGui::ProgressBar(batch_job_.Progress(), ImVec2(-1, 0), "running on a worker thread");
    if (ImGui::Button("Cancel")) batch_job_.Stop();
  } else if (ImGui::Button("Run batch")) {
    StartBatch();
  }
  Tip("The paper's experiment (2.1 Parâmetros da avaliação): 10,000 rays of random origin and "
      "direction, brute force vs octree, both traversals, answers compared ray by ray.");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
  ParamInputInt(op::kBatchSeed, &batch_seed_, clamp_note_);
  ParamSliderInt(op::kBruteRays, &brute_rays_, clamp_note_, "%d", ImGuiSliderFlags_Logarithmic);
  ImGui::Checkbox("Draw rays", &draw_batch_rays_);
  Tip("The batch's rays (2.1 Parâmetros da avaliação) as thin lines, to the hit or across the "
      "scene when they miss; hits as red points.");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  ParamSliderInt(op::kRaysDrawn, &batch_rays_drawn_, clamp_note_, "%d drawn",
                 ImGuiSliderFlags_Logarithmic);
}

void OctreeView::HeatmapGui() {
  if (!Header("Cost heatmap", kSectionHeatmap)) return;
  ImGui::Checkbox("Show heatmap", &heatmap_on_);
  Tip("One ray per pixel from the camera, coloured by its cost: where the octree saves work and "
      "where it does not (the costs of 3.1 Resultados, per pixel).");
  const char* metrics[] = {"Cells visited", "Triangles tested"};
  heatmap_recolour_ |= ParamCombo(op::kHeatmapMetric, &heatmap_metric_, metrics);
  const char* shown[] = {"Paper traversal", "Ordered traversal", "Split: paper | ordered"};
  heatmap_recolour_ |= ParamCombo(op::kHeatmapShown, &heatmap_shown_, shown);
  heatmap_recolour_ |= ImGui::Checkbox("Log scale", &heatmap_log_);
  Tip("Colour by log(1 + cost) instead of cost (the costs of 3.1 Resultados): shows the cheap "
      "rays' differences, while the "
      "linear scale shows where the expensive rays are.");
  const char* fractions[] = {"1/1", "1/2", "1/4", "1/8", "1/16"};
  ImGui::Combo(op::kHeatmapFraction.label, &heatmap_fraction_, fractions, 5);
  Tip(op::kHeatmapFraction.tip);
  if (heatmap_job_.Running()) ImGui::ProgressBar(heatmap_job_.Progress(), ImVec2(-1, 0), "tracing");
  if (heatmap_on_ && heatmap_key_.width > 0)
    ImGui::Text("%dx%d rays; mean %s: paper %.1f, ordered %.1f", heatmap_key_.width,
                heatmap_key_.height, heatmap_metric_ == 0 ? "cells" : "tests", heatmap_mean_[0],
                heatmap_mean_[1]);
}

// Results get their own window (bottom right), so the numbers stay visible while the panel scrolls.
void OctreeView::ResultsWindow() {
  if (!has_ray_ && !batch_job_.HasResult()) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float pad = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(
      ImVec2(vp->WorkPos.x + vp->WorkSize.x - pad, vp->WorkPos.y + vp->WorkSize.y - pad),
      ImGuiCond_Always, ImVec2(1, 1));
  SetNextWindowBgAlphaForRenderer(0.85f);
  if (ImGui::Begin("Octree results", nullptr,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing)) {
    if (has_ray_) RayResultsTable();
    if (has_ray_ && batch_job_.HasResult()) ImGui::Separator();
    if (batch_job_.HasResult()) BatchResultsTable();
  }
  ImGui::End();
}

void OctreeView::RayResultsTable() {
  const RayHit& hit = results_[0].hit;
  if (hit.hit) {
    const glm::vec3 p = ray_.At(hit.t);
    ImGui::Text("Hit triangle %u at (%.4g, %.4g, %.4g), distance %.4g", hit.triangle, p.x, p.y, p.z,
                hit.t * glm::length(ray_.direction));
  } else {
    ImGui::Text("The ray hits nothing");
  }
  if (!ImGui::BeginTable("ray", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit))
    return;
  ImGui::TableSetupColumn("one ray");
  ImGui::TableSetupColumn("paper");
  ImGui::TableSetupColumn("ordered");
  ImGui::TableHeadersRow();
  auto row = [](const char* name, auto a, auto b) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name);
    ImGui::TableNextColumn();
    ImGui::Text("%llu", (unsigned long long)a);
    ImGui::TableNextColumn();
    ImGui::Text("%llu", (unsigned long long)b);
  };
  row("cells visited", results_[0].stats.nodes_visited, results_[1].stats.nodes_visited);
  row("triangles tested", results_[0].stats.triangle_tests, results_[1].stats.triangle_tests);
  row("hit triangle", results_[0].hit.hit ? results_[0].hit.triangle : 0,
      results_[1].hit.hit ? results_[1].hit.triangle : 0);
  ImGui::EndTable();
  ImGui::TextDisabled("yellow: visited cells, blue: tested, red: hit (%s)",
                      trace_shown_ == 0 ? "paper" : "ordered");
}

void OctreeView::BatchResultsTable() {
  const RayBatch& b = batch_job_.result();
  const size_t n = tree_->usable_triangle_count();
  ImGui::Text("%zu random rays (%zu also by brute force), %zu triangles, %llu hits", b.done,
              b.brute_rays, n, (unsigned long long)b.octree[1].hits);
  if (!ImGui::BeginTable("batch", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit))
    return;
  for (const char* h : {"batch", "brute force", "octree paper", "octree ordered"})
    ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  // Times on the rays every method answered, so the columns compare like with like.
  const double seconds[3] = {b.brute_seconds, b.octree_seconds_on_brute_rays[0],
                             b.octree_seconds_on_brute_rays[1]};
  const QueryStats* stats[3] = {&b.brute, &b.octree[0], &b.octree[1]};
  auto row = [](const char* name, auto cell) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name);
    for (int m = 0; m < 3; ++m) {
      ImGui::TableNextColumn();
      cell(m);
    }
  };
  row("time", [&](int m) { ImGui::Text("%.1f ms", seconds[m] * 1e3); });
  row("speedup",
      [&](int m) { ImGui::Text("%.2fx", seconds[m] > 0 ? seconds[0] / seconds[m] : 0); });
  row("tested", [&](int m) { ImGui::Text("%.2f %%", 100.0 * stats[m]->FractionTested(n)); });
  row("cells/ray", [&](int m) {
    if (m == 0)
      ImGui::TextUnformatted("-");  // the brute force visits no cells
    else
      ImGui::Text("%.1f", stats[m]->rays ? double(stats[m]->nodes_visited) / stats[m]->rays : 0.0);
  });
  row("wrong", [&](int m) { ImGui::Text("%zu", m == 0 ? size_t(0) : b.mismatches[m - 1]); });
  ImGui::EndTable();
  ImGui::TextDisabled("times on the %zu brute-force rays; octree on all %zu: %.1f / %.1f ms",
                      b.brute_rays, b.done, b.octree_seconds[0] * 1e3, b.octree_seconds[1] * 1e3);
  // Where the tested triangles live: the paper reads its speedups off this histogram (3.1).
  ImGui::PlotHistogram("##batchdepth", triangles_per_depth_.data(),
                       int(triangles_per_depth_.size()), 0, "triangles per depth (1 .. max)", 0.0f,
                       FLT_MAX, ImVec2(ImGui::GetFontSize() * 22, ImGui::GetFontSize() * 3.5f));
}

// The colour keys, bottom centre: depth colours (cells, tint) or the heatmap's ramp.
void OctreeView::LegendWindow() {
  const bool heatmap = heatmap_on_ && heatmap_quad_->has_image();
  if (!heatmap && !show_cells_ && !tint_by_depth_) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float pad = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(
      ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y - pad),
      ImGuiCond_Always, ImVec2(0.5f, 1));
  SetNextWindowBgAlphaForRenderer(0.8f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (heatmap && HeatmapShown(heatmap_shown_) == HeatmapShown::kSplit) {
    // Which half is which, just above the legend, behind every window.
    ImDrawList* bg = ImGui::GetBackgroundDrawList();
    const float y = vp->WorkPos.y + vp->WorkSize.y - pad * 7.5f;
    const float cx = vp->WorkPos.x + vp->WorkSize.x * 0.5f;
    const char* left = "paper traversal  <";
    const char* right = ">  ordered traversal";
    const ImU32 white = IM_COL32(255, 255, 255, 235);
    bg->AddText(ImVec2(cx - ImGui::CalcTextSize(left).x - pad * 0.4f, y), white, left);
    bg->AddText(ImVec2(cx + pad * 0.4f, y), white, right);
  }
  if (ImGui::Begin("##octree legend", nullptr, flags)) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (heatmap) {
      ImGui::Text("%s per ray (%s scale)",
                  heatmap_metric_ == 0 ? "Cells visited" : "Triangles tested",
                  heatmap_log_ ? "log" : "linear");
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float w = pad * 16, h = pad * 0.9f;
      constexpr int kSteps = 32;
      for (int i = 0; i < kSteps; ++i)
        dl->AddRectFilled(ImVec2(p.x + w * i / kSteps, p.y),
                          ImVec2(p.x + w * (i + 1) / kSteps + 1, p.y + h),
                          ImColor32(CostRampColor(float(i) / (kSteps - 1))));
      ImGui::Dummy(ImVec2(w, h));
      const uint32_t mid =
          heatmap_log_ ? uint32_t(std::lround(std::expm1(0.5 * std::log1p(double(heatmap_max_)))))
                       : heatmap_max_ / 2;
      ImGui::Text("0");
      ImGui::SameLine(w * 0.5f - pad * 0.5f);
      ImGui::Text("%u", mid);
      ImGui::SameLine(w - pad * 1.5f);
      ImGui::Text("%u", heatmap_max_);
    } else {
      ImGui::TextUnformatted("Cell depth (non-empty cells)");
      for (int d = 1; d <= max_depth_; ++d) {
        const ImVec2 p = ImGui::GetCursorScreenPos();
        dl->AddRectFilled(p, ImVec2(p.x + pad, p.y + pad), ImColor32(OctreeDepthColor(d)));
        ImGui::Dummy(ImVec2(pad, pad));
        ImGui::SameLine();
        ImGui::Text("%2d: %d", d, cells_per_depth_[d - 1]);
        if (d % 3 != 0 && d != max_depth_) ImGui::SameLine(pad * 6.5f * (d % 3));
      }
    }
  }
  ImGui::End();
}

std::unique_ptr<View> CreateOctreeView(AppContext& app) {
  return std::make_unique<OctreeView>(app);
}

const bool kRegistered = RegisterView(
    {"Octree", "The paper's octree: cells, single rays, 10,000-ray batch, per-pixel cost",
     &CreateOctreeView});

}  // namespace

}  // namespace partlab
