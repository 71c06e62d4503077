// The octree view's settings file and start-up flags (the class is in octree_view.h).
#include "app/views/octree/octree_view.h"

namespace partlab::octree_view {

// --- Settings: the panel's controls persist between interactive runs, stored by name ----------
// (octree.*) in their own file next to the app's; flags and presets override them, and headless
// runs neither read nor write them, so scripted screenshots never depend on the last session.

void OctreeView::LoadSettings() {
  if (headless()) return;
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
  if (!notes.empty()) notices().Note("partlab: " + settings_.path() + ": " + notes);
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
  if (headless()) FrameForScreenshot(options);
  if (options.has_ray) {
    ray_mode_ = RayMode::kFromFixedOrigin;
    fixed_origin_ = {options.ray[0], options.ray[1], options.ray[2]};
    ShootRay(
        {fixed_origin_, glm::normalize(glm::vec3(options.ray[3], options.ray[4], options.ray[5]))});
  } else if (p == "ray") {
    DefaultFixedRay();
  }
  if (headless() && has_ray_) PrintRay();
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

}  // namespace partlab::octree_view
