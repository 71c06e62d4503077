// The octree view: lifecycle, the octree, the jobs and the frame's drawing (the class is in
// octree_view.h).
#include "app/views/octree/octree_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>

#include <imgui.h>

#include "app/i18n/translate.h"
#include "app/views/octree/octree_flags.h"
#include "engine/octree/triangle_figure.h"

namespace partlab::octree_view {

void OctreeView::Start() {
  // The heatmap's worker queries the plugin: it stops before the plugin changes.
  plugin_rays_.SetBeforeChange([this] { heatmap_.Cancel(); });
  ApplyCommandLine(app_.start);
  std::printf("partlab: octree view: %s, max depth %d, placement %s, cells %s (depths <= %d)\n",
              source_ == SceneSource::kSoup ? "soup" : "model", max_depth_,
              placement_ == int(Placement::kLeafReferences) ? "leaf" : "paper",
              overlay().show_cells ? "shown" : "hidden", overlay().depth_shown);
}

OctreeView::~OctreeView() {
  batch_.Stop();
  heatmap_.Stop();
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
  scene_.Update(source_, app_.model, Affinity(soup_affinity_), size_t(soup_count_),
                uint64_t(soup_seed_));
  OctreeBuildOptions options;
  options.placement = Placement(placement_);
  options.max_depth = max_depth_;
  tree_ = std::make_shared<const Octree>(scene_.triangles(), options);
  overlay().depth_shown = std::min(overlay().depth_shown, max_depth_);
  const OctreeBuildStats& stats = tree_->stats();
  triangles_per_depth_.assign(size_t(max_depth_), 0.0f);
  for (size_t d = 1; d < stats.triangles_per_depth.size() && d <= size_t(max_depth_); ++d)
    triangles_per_depth_[d - 1] = float(stats.triangles_per_depth[d]);
  cells_per_depth_.assign(size_t(max_depth_), 0);
  const auto nodes = tree_->nodes();
  for (uint32_t i = 0; i < nodes.size(); ++i)
    if (tree_->SubtreeReferences(i) > 0 && nodes[i].depth <= max_depth_)
      ++cells_per_depth_[nodes[i].depth - 1];
  picture_.NewTree(*tree_, scene_.triangles(), WantsTriangleColours(), highlight_root_);
  probe_.Reshoot(*tree_);
  batch_.Reset();  // its answers belong to the old tree
  plugin_rays_.Build(scene_.triangles());
}

// --- Rays ----------------------------------------------------------------------------------------

// A double-click shoots the probe's ray (octree_ray_probe.h).
bool OctreeView::Pick(const PickRay& pick) {
  if (!tree_) return false;
  return probe_.Pick(*tree_, scene_.bounds(), Ray{pick.origin, pick.dir});
}

// --- Jobs ----------------------------------------------------------------------------------------

void OctreeView::FinishJobs(const RenderContext& ctx) {
  batch_.Finish(*tree_, headless());
  CheckPlugin();
  if (heatmap_.on()) heatmap_.Update(ctx, tree_, plugin_rays_.ForHeatmap(), headless());
}

// The plugin answers what the octree answered: each new batch once, each new probe ray once.
void OctreeView::CheckPlugin() {
  if (!plugin_rays_.Active()) return;
  if (batch_.HasResult() && plugin_rays_.NewBatch(batch_.generation()))
    plugin_rays_.CheckBatch(*tree_, scene_.triangles(), batch_.result().rays, headless());
  if (probe_.has_ray() && plugin_rays_.NewShot(probe_.shots()))
    plugin_rays_.Probe(probe_.ray(), probe_.result(1).hit.t);
}

// A wrong ray clicked in the panel: the probe shot along it (both traversals and the plugin
// answer it again) and the camera framed on the ray from its origin to its true hit.
void OctreeView::AimProbeAlong(size_t wrong_ray) {
  const std::vector<Ray>& rays = plugin_rays_.checked_rays();
  if (wrong_ray >= rays.size()) return;
  const Ray& r = rays[wrong_ray];
  probe_.ShootFrom(*tree_, r.origin, r.direction);
  CheckPlugin();
  const RayHit& truth = probe_.result(1).hit;
  const float across = glm::length(scene_.bounds().Extent());
  const glm::vec3 end = truth.hit ? r.At(truth.t) : r.origin + glm::normalize(r.direction) * across;
  const glm::vec3 points[2] = {r.origin, end};
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  app_.camera.FramePoints(points, display.y > 0 ? display.x / display.y : 16.0f / 9.0f);
}

// --- Drawing -------------------------------------------------------------------------------------

void OctreeView::Render(const RenderContext& ctx, DebugDraw& draw) {
  RebuildIfStale();
  if (!tree_) return;
  picture_.RefreshColours(*tree_, scene_.triangles(), WantsTriangleColours(), highlight_root_);
  FinishJobs(ctx);
  if (!heatmap_.Draw(ctx, draw)) {
    picture_.Draw(ctx, *tree_, app_.model, source_ == SceneSource::kModel);
    plugin_rays_.Draw(scene_.bounds(), draw);  // before the batch's: a wrong ray shows red
    batch_.DrawRays(scene_.bounds(), draw);
  }
  if (show_hit_triangle_ && probe_.has_ray() && probe_.result(1).hit.hit) {
    // Figures 2 and 4 alone: the ray up to its hit and the hit triangle's figure, without the
    // traversal's cells and tested triangles, which would hide them.
    const RayHit& hit = probe_.result(1).hit;
    const glm::vec3 point = probe_.ray().At(hit.t);
    draw.Line(probe_.ray().origin, point, {1, 1, 1, 1});
    draw.Point(probe_.ray().origin, 11.0f, {1, 0.3f, 1, 1});
    DrawTriangleFigure(tree_->triangles()[hit.triangle], point, 0.3f, draw);
  } else {
    probe_.Draw(*tree_, scene_.bounds(), draw);
    if (probe_.has_ray()) plugin_rays_.DrawProbe(draw);
  }
}

}  // namespace partlab::octree_view

namespace partlab {

namespace {

std::unique_ptr<View> CreateOctreeView(AppContext& app) {
  return std::make_unique<octree_view::OctreeView>(app);
}

const bool kOctreeViewRegistered = RegisterView(
    {N_("Octree"), N_("The paper's octree: cells, single rays, 10,000-ray batch, per-pixel cost"),
     &CreateOctreeView, /*uses_model=*/true, &LessonVerbSpecs<octree_view::OctreeView>,
     &octree_view::AddOctreeFlags});

}  // namespace

}  // namespace partlab
