// The octree view's settings file and start-up flags (the class is in octree_view.h).
#include "app/i18n/translate.h"
#include "app/views/octree/octree_flags.h"
#include "app/views/octree/octree_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>

#include <charconv>

#include "engine/io/rayset.h"

namespace partlab::octree_view {

// --- Settings: the panel's controls persist between interactive runs, stored by name ----------
// (octree.*) in their own file next to the app's (the View base reads it before Start and writes
// it when the view ends); flags and presets override them, and headless runs and lesson steps
// neither read nor write them, so scripted screenshots never depend on the last session.

// The one list of what the settings file holds: each parameter row beside the member it sets, the
// components' own rows in their VisitSettings. Loading and saving both walk it, so a control is
// persisted by adding one line here.
void OctreeView::VisitParams(ParamVisitor& visit) {
  int source = int(source_);
  visit(op::kSource, source);
  visit(op::kAffinity, soup_affinity_);
  visit(op::kSoupTriangles, soup_count_);
  visit(op::kSoupSeed, soup_seed_);
  visit(op::kMaxDepth, max_depth_);
  visit(op::kPlacement, placement_);
  picture_.VisitSettings(visit);
  probe_.VisitSettings(visit);
  batch_.VisitSettings(visit);
  heatmap_.VisitSettings(visit);
  source_ = SceneSource(source);
  // The depth shown ends at the max depth a hand-edited file may have lowered.
  visit.Note(ClampWithNote(overlay().depth_shown,
                           {1, max_depth_, _("the root is depth 1"), _("the octree's max depth")},
                           op::kDepthShown.key));
}

// --- Start-up flags (headless screenshots)
// --------------------------------------------------------

void OctreeView::ApplyCommandLine(const ViewStart& start) {
  const ViewFlagValues& flags = start.flags;  // octree_flags.cpp declares them
  if (flags.Has("--octree-depth")) max_depth_ = overlay().depth_shown = flags.Int("--octree-depth");
  if (flags.Text("--placement") == "leaf") placement_ = int(Placement::kLeafReferences);
  const std::string p = flags.Text("--preset");
  if (p == "tint") {
    overlay().tint_by_depth = true;
    overlay().show_cells = false;
    open_sections_ = kSectionBuild | kSectionOverlay;
  } else if (p.rfind("soup-", 0) == 0) {  // soup-low, soup-medium, soup-high: cells over a soup
    source_ = SceneSource::kSoup;
    soup_affinity_ = p == "soup-low" ? 0 : p == "soup-medium" ? 1 : 2;
    open_sections_ = kSectionScene | kSectionBuild | kSectionOverlay;
  } else if (p == "cells") {
    open_sections_ = kSectionBuild | kSectionOverlay;
  } else if (p == "ray") {
    overlay().show_cells = false;
    probe_.set_mode(RayMode::kFromFixedOrigin);
    open_sections_ = kSectionBuild | kSectionOverlay | kSectionRay;
  } else if (p == "batch") {
    overlay().show_cells = false;
    overlay().show_mesh = true;
    open_sections_ = kSectionBuild | kSectionBatch;
  } else if (p.rfind("heatmap", 0) == 0) {
    heatmap_.ApplyPreset(p);
    overlay().show_cells = false;
    open_sections_ = kSectionBuild | kSectionHeatmap;
  }
  RebuildIfStale();
  ApplyPluginFlags(flags);
  batch_.FitBruteRays(tree_->usable_triangle_count());
  if (headless()) FrameForScreenshot(start);
  if (float ray[6]; ParseRay(flags.Text("--ray"), ray)) {
    probe_.ShootFrom(*tree_, {ray[0], ray[1], ray[2]},
                     glm::normalize(glm::vec3(ray[3], ray[4], ray[5])));
  } else if (p == "ray") {
    probe_.ShootDefault(*tree_, scene_, app_.camera);
  }
  if (headless() && probe_.has_ray()) probe_.Print();
  if (p == "batch") batch_.Start(tree_, scene_.bounds());
}

namespace {

// The whole text as one finite number.
bool ParseDouble(const std::string& text, double* out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && end == text.data() + text.size() && std::isfinite(*out);
}

}  // namespace

// --rays-in, --ray-plugin and --plugin-param; a bad one is one line on stderr and in the panel.
void OctreeView::ApplyPluginFlags(const ViewFlagValues& flags) {
  std::string error;
  if (const std::string path = flags.Text("--rays-in"); !path.empty()) {
    auto rays = ReadRaySet(path);
    if (!rays.ok())
      error = rays.error();
    else if (rays.value().empty())
      error = Formatted(_("%s: no rays"), path.c_str());
    else
      batch_.UseRays(std::move(rays.value()), path);
  }
  if (flags.Has("--ray-plugin")) {
    const std::string name = flags.Text("--ray-plugin");
    if (!plugin_rays_.Choose(name == "octree" ? "" : name))
      error = Formatted(_("--ray-plugin %s: no ray-structure plugin of that name is loaded"),
                        name.c_str());
    plugin_rays_.Build(scene_.triangles());
  }
  if (plugin_rays_.Available()) open_sections_ |= kSectionPlugin;
  if (const std::string set = flags.Text("--plugin-param"); !set.empty()) {
    const size_t eq = set.rfind('=');
    double value = 0;
    const bool number = eq != std::string::npos && ParseDouble(set.substr(eq + 1), &value);
    const std::string problem =
        !number ? std::string(_("expects NAME=VALUE"))
                : plugin_rays_.SetParam(set.substr(0, eq), value, scene_.triangles());
    // untranslated: the flag's name and the value as typed; the problem is translated
    if (!problem.empty()) error = "--plugin-param " + set + ": " + problem;
  }
  if (!error.empty()) notices().Error("partlab: " + error);
}

// Screenshots: the whole scene in view, shifted right of the panel that covers the left third.
void OctreeView::FrameForScreenshot(const ViewStart& start) {
  const float aspect =
      start.width > 0 && start.height > 0 ? float(start.width) / start.height : 16.f / 9.f;
  OrbitCamera& camera = app_.camera;
  // With the cells drawn, the root cube is the scene (its bounding sphere is loose: come closer).
  const bool cube = overlay().show_cells && !tree_->empty();
  camera.Frame(cube ? tree_->nodes()[0].Bounds() : scene_.bounds(), aspect);
  camera.distance *= cube ? 0.8f : 1.05f;
  const float visible_width = 2.0f * camera.distance * std::tan(0.5f * camera.fov_y) * aspect;
  camera.target -= camera.Right() * (0.12f * visible_width);
}

}  // namespace partlab::octree_view
