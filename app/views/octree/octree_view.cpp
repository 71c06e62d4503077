#include "app/views/octree/octree_view.h"

#include "app/views/octree/octree_flags.h"

namespace partlab::octree_view {

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
  batch_.Reset();  // its answers belong to the old tree
}

// Soups always go through the per-triangle mesh (they have no MeshBuffer); the model only when
// tinted by depth. Depth colours are the cells' (OctreeDepthColor), so the legend serves both.
void OctreeView::UploadTriangleColours() {
  tint_uploaded_ = WantsTriangleColours();
  uploaded_depth_colours_ = tint_by_depth_;
  uploaded_root_highlight_ = highlight_root_;
  if (!tint_uploaded_) return;
  const auto depths = tree_->triangle_depths();
  std::vector<uint32_t> colours(depths.size());
  const uint32_t plain = PackRgba({0.80f, 0.52f, 0.30f, 1.0f});
  const uint32_t root = PackRgba({0.95f, 0.18f, 0.12f, 1.0f});
  const uint32_t below_root = PackRgba({0.55f, 0.58f, 0.64f, 1.0f});
  for (size_t i = 0; i < depths.size(); ++i)
    colours[i] = highlight_root_   ? (depths[i] == 1 ? root : below_root)
                 : !tint_by_depth_ ? plain
                 : depths[i] == 0  ? PackRgba({0.5f, 0.5f, 0.5f, 1.0f})
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

void OctreeView::FinishJobs(const RenderContext& ctx) {
  batch_.Finish(*tree_, headless());
  if (heatmap_.on()) heatmap_.Update(ctx, tree_, headless());
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

// --- Drawing -------------------------------------------------------------------------------------

void OctreeView::Render(const RenderContext& ctx, DebugDraw& draw) {
  RebuildIfStale();
  if (!tree_) return;
  if (tint_uploaded_ != WantsTriangleColours() ||
      (tint_uploaded_ &&
       (uploaded_depth_colours_ != tint_by_depth_ || uploaded_root_highlight_ != highlight_root_)))
    UploadTriangleColours();
  FinishJobs(ctx);
  if (!heatmap_.Draw(ctx, draw)) DrawScene(ctx, draw);
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
    int ints[11];
  } k{};
  k.view = ctx.matrices.view;
  k.projection = ctx.matrices.projection;
  k.size = ctx.framebuffer_size;
  k.material = ctx.style.material;
  k.shininess = ctx.style.shininess;
  const int ints[11] = {ctx.style.lighting,
                        ctx.style.wireframe,
                        show_mesh_,
                        show_cells_,
                        tint_uploaded_,
                        uploaded_depth_colours_,
                        uploaded_root_highlight_,
                        app_.model.generation(),
                        rebuilds_,
                        depth_shown_,
                        hide_empty_};
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
  batch_.DrawRays(scene_.bounds(), draw);
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
  if (show_mesh_ && show_cells_) ctx.renderer.SubmitQueued();
  // Over the opaque coarse mesh, seen from outside it, the cells' stretches inside it are all
  // hidden: leave them out rather than have the rasteriser reject them pixel by pixel.
  const bool outside =
      coarse && !ctx.style.wireframe && cells_outside_.HiddenFrom(ctx.camera.Eye());
  outside_redraws_ += outside;
  if (show_cells_) cell_lines_->Draw(ctx.matrices.projection * ctx.matrices.view, outside);
}

// Thin translucent lines (origin to hit, or across the scene) and the hits as points.
}  // namespace partlab::octree_view

namespace partlab {

namespace {

std::unique_ptr<View> CreateOctreeView(AppContext& app) {
  return std::make_unique<octree_view::OctreeView>(app);
}

const bool kOctreeViewRegistered = RegisterView(
    {"Octree", "The paper's octree: cells, single rays, 10,000-ray batch, per-pixel cost",
     &CreateOctreeView, /*uses_model=*/true, &LessonVerbSpecs<octree_view::OctreeView>,
     &octree_view::AddOctreeFlags});

}  // namespace

}  // namespace partlab
