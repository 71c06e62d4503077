// The octree view's settings file and start-up flags (the class is in octree_view.h).
#include "app/views/octree/octree_flags.h"
#include "app/views/octree/octree_view.h"

namespace partlab::octree_view {

// --- Settings: the panel's controls persist between interactive runs, stored by name ----------
// (octree.*) in their own file next to the app's; flags and presets override them, and headless
// runs neither read nor write them, so scripted screenshots never depend on the last session.

// The one list of what the settings file holds: each parameter row beside the member it sets.
// Loading and saving both walk it, so a control is persisted by adding one line here.
template <class Visit>
void OctreeView::VisitSettings(Visit&& visit) {
  int source = int(source_), ray_mode = int(ray_mode_);
  visit(op::kSource, source);
  visit(op::kAffinity, soup_affinity_);
  visit(op::kSoupTriangles, soup_count_);
  visit(op::kSoupSeed, soup_seed_);
  visit(op::kMaxDepth, max_depth_);
  visit(op::kPlacement, placement_);
  visit(op::kShowMesh, show_mesh_);
  visit(op::kShowCells, show_cells_);
  visit(op::kCoarseInMotion, coarse_in_motion_);
  visit(op::kHideEmpty, hide_empty_);
  visit(op::kDepthShown, depth_shown_);
  visit(op::kTintByDepth, tint_by_depth_);
  visit(op::kRayMode, ray_mode);
  batch_.VisitSettings(visit);
  heatmap_.VisitSettings(visit);
  source_ = SceneSource(source);
  ray_mode_ = RayMode(ray_mode);
}

void OctreeView::LoadSettings() {
  if (!uses_saved_settings()) return;
  settings_.Load(ConfigDirectory() + "/octree");
  // A hand-edited file: numbers back into the panel's ranges, with one note naming the file.
  std::string notes;
  VisitSettings([&](const auto& param, auto& value) { LoadParam(settings_, param, value, notes); });
  AppendNote(notes, ClampWithNote(depth_shown_,
                                  {1, max_depth_, "the root is depth 1", "the octree's max depth"},
                                  op::kDepthShown.key));
  if (!notes.empty()) notices().Note("partlab: " + settings_.path() + ": " + notes);
}

void OctreeView::SaveSettings() {
  VisitSettings([&](const auto& param, auto& value) { SaveParam(settings_, param, value); });
  if (const std::string error = settings_.Save(); !error.empty())
    notices().Error("partlab: " + error);
}

// --- Start-up flags (headless screenshots)
// --------------------------------------------------------

void OctreeView::ApplyCommandLine(const ViewStart& start) {
  const ViewFlagValues& flags = start.flags;  // octree_flags.cpp declares them
  if (flags.Has("--octree-depth")) max_depth_ = depth_shown_ = flags.Int("--octree-depth");
  if (flags.Text("--placement") == "leaf") placement_ = int(Placement::kLeafReferences);
  const std::string p = flags.Text("--preset");
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
    heatmap_.ApplyPreset(p);
    show_cells_ = false;
    open_sections_ = kSectionBuild | kSectionHeatmap;
  }
  RebuildIfStale();
  batch_.FitBruteRays(tree_->usable_triangle_count());
  if (headless()) FrameForScreenshot(start);
  if (float ray[6]; ParseRay(flags.Text("--ray"), ray)) {
    ray_mode_ = RayMode::kFromFixedOrigin;
    fixed_origin_ = {ray[0], ray[1], ray[2]};
    ShootRay({fixed_origin_, glm::normalize(glm::vec3(ray[3], ray[4], ray[5]))});
  } else if (p == "ray") {
    DefaultFixedRay();
  }
  if (headless() && has_ray_) PrintRay();
  if (p == "batch") batch_.Start(tree_, scene_.bounds());
}

// Screenshots: the whole scene in view, shifted right of the panel that covers the left third.
void OctreeView::FrameForScreenshot(const ViewStart& start) {
  const float aspect =
      start.width > 0 && start.height > 0 ? float(start.width) / start.height : 16.f / 9.f;
  OrbitCamera& camera = app_.camera;
  // With the cells drawn, the root cube is the scene (its bounding sphere is loose: come closer).
  const bool cube = show_cells_ && !tree_->empty();
  camera.Frame(cube ? tree_->nodes()[0].Bounds() : scene_.bounds(), aspect);
  camera.distance *= cube ? 0.8f : 1.05f;
  const float visible_width = 2.0f * camera.distance * std::tan(0.5f * camera.fov_y) * aspect;
  camera.target -= camera.Right() * (0.12f * visible_width);
}

}  // namespace partlab::octree_view
