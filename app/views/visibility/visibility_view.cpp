// The Visibility view (visibility_view.h): its cameras, the three modes' CPU work and drawing.
// Its --preset settings, panel and figures are in visibility_settings.cpp, visibility_panels.cpp
// and visibility_figures.cpp.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <string>
#include <vector>

#include "app/render/mesh_buffer.h"
#include "app/render/viewport_state.h"
#include "app/view.h"
#include "app/views/visibility/ui_insets.h"
#include "app/views/visibility/visibility_flags.h"
#include "app/views/visibility/visibility_overlay.h"
#include "app/views/visibility/visibility_view.h"
#include "engine/geometry/triangle.h"
#include "engine/text/translatable.h"
#include "engine/view/ground_grid.h"
#include "engine/visibility/backface_count.h"
#include "engine/visibility/chapter_bsp_example.h"
#include "engine/visibility/room_scene.h"

namespace partlab {

namespace {

constexpr size_t kMaxGhostTriangles = 100000;

}  // namespace

float VisibilityView::SceneRadius() const {
  const Aabb& b = mode_ == Mode::kRoom ? room_bsp_.room.bounds : app_.model.bounds();
  return b.IsEmpty() ? 1.0f : 0.5f * glm::length(b.Extent());
}

namespace {

// An orbit camera at `eye` looking at `target`.
OrbitCamera LookFrom(const glm::vec3& eye, const glm::vec3& target, float fov_y) {
  OrbitCamera c;
  const glm::vec3 d = eye - target;
  c.target = target;
  c.distance = glm::length(d);
  c.pitch = std::asin(d.y / c.distance);
  c.yaw = std::atan2(d.x, d.z);
  c.fov_y = fov_y;
  return c;
}

}  // namespace

// Model modes: the observer stands off to one side, a little above, with a far plane that cuts
// the model's far half, so some cells end up outside on every side. Room: the observer stands in
// a corner of the room looking across it, so the walls behind it are culled. The god view is
// framed on the first frame (FrameGodView), when the frustum is known.
void VisibilityView::ResetCameras() {
  const Aabb& b = app_.model.bounds();
  const glm::vec3 centre = b.IsEmpty() ? glm::vec3(0.0f) : b.Center();
  const float r = SceneRadius();
  if (mode_ == Mode::kRoom && room_bsp_.book_example) {
    // The chapter's O and the frustum of figure 3.4 (chapter_bsp_example.h).
    observer_ = LookFrom(room_bsp_.book.observer, room_bsp_.book.look_at, room_bsp_.book.fov_y);
  } else if (mode_ == Mode::kRoom && !room_bsp_.room.bounds.IsEmpty()) {
    // Room units: the room is 10 x 8 x 2.5 (room_scene.h), scaled to the model's footprint.
    const glm::vec3 lo = room_bsp_.room.bounds.min, size = room_bsp_.room.bounds.Extent();
    auto at = [&](float x, float y, float z) {
      return lo + glm::vec3((x + 5.0f) / 10.0f, y / 2.5f, (z + 4.0f) / 8.0f) * size;
    };
    observer_ = LookFrom(at(4.6f, 2.2f, -3.6f), at(-2.5f, 0.3f, 1.5f), glm::radians(60.0f));
    far_scale_ = 1.0f;
  } else {
    observer_ = LookFrom(centre + glm::vec3(2.3f, 0.7f, 1.3f) * r,
                         centre + glm::vec3(0.35f, 0.15f, -0.1f) * r, glm::radians(34.0f));
    far_scale_ = 1.0f;
  }
  first_frame_ = true;
  frame_god_ = true;
}

// The god view sees the scene, the observer and its whole frustum, placed right of whatever UI
// covers the left of the window (the Scene panel, when it is shown).
void VisibilityView::FrameGodView(const PixelRect& rect) {
  Aabb box = mode_ == Mode::kRoom ? room_bsp_.room.bounds : app_.model.bounds();
  if (mode_ != Mode::kRoom)  // the room's frustum reaches far past its walls: those may be cut
    for (const glm::vec3& c : frustum_.corners()) box.Grow(c);
  box.Grow(observer_.Eye());
  const float covered =
      std::clamp(float(insets_.left) / float(std::max(rect.width, 1)), 0.0f, 0.5f);
  const float fov = god_.fov_y;
  god_ = OrbitCamera{};
  god_.fov_y = fov;
  god_.yaw = mode_ == Mode::kRoom ? 0.55f : observer_.yaw + 0.95f;
  god_.pitch = mode_ == Mode::kRoom ? 0.85f : 0.62f;
  god_.Frame(box, rect.Aspect() * (1.0f - covered));
  god_.distance *= 0.9f;  // Frame keeps a margin for any orientation: this one is known
  // Shift the picture right by half the covered fraction of the visible width.
  const float visible_w = 2.0f * god_.distance * std::tan(god_.fov_y * 0.5f) * rect.Aspect();
  god_.target -= god_.Right() * (0.5f * covered * visible_w);
  frame_god_ = false;
}

// The scene rebuilt when its inputs changed, and both cameras placed for the mode: each mode has
// its own stage, so switching between the room and the model places them anew.
void VisibilityView::PlaceCamerasIfStale() {
  RebuildIfStale();
  const bool room = mode_ == Mode::kRoom;
  if (!cameras_placed_ || room != (cameras_mode_ == Mode::kRoom)) {
    ResetCameras();
    cameras_placed_ = true;
  }
  cameras_mode_ = mode_;
}

// Whichever camera the mouse drives is the app's camera; the other keeps its place.
void VisibilityView::SyncCameras() {
  if (display_ == Display::kGod) driven_ = Driven::kGod;
  if (display_ == Display::kObserver) driven_ = Driven::kObserver;
  OrbitCamera& driven = driven_ == Driven::kGod ? god_ : observer_;
  if (first_frame_ || driven_ != last_driven_) {
    app_.camera = driven;
  } else {
    const float fov = driven.fov_y;
    driven = app_.camera;
    driven.fov_y = fov;
  }
  first_frame_ = false;
  last_driven_ = driven_;
}

glm::mat4 VisibilityView::ObserverProjection(float aspect) const {
  if (mode_ == Mode::kRoom && room_bsp_.book_example)
    return glm::perspective(observer_.fov_y, aspect, room_bsp_.book.near_plane,
                            room_bsp_.book.far_plane);
  const float r = SceneRadius();
  const float near_plane = 0.08f * r;
  const float far_plane = std::max(observer_.distance + far_scale_ * r - r, near_plane * 4.0f);
  return glm::perspective(observer_.fov_y, aspect, near_plane, far_plane);
}

void VisibilityView::RebuildIfStale() {
  if (app_.model.generation() != frustum_culling_.model_generation) {
    frustum_culling_.model_generation = app_.model.generation();
    const Mesh& mesh = app_.model.mesh();
    frustum_culling_.Build(mesh);
    subset_.SetModel(mesh);
    backface_.culled.assign(mesh.TriangleCount(), 0);
    room_bsp_.built_heuristic = -1;
    cameras_placed_ = false;
  }
  if (room_bsp_.RebuildIfStale(app_.model.bounds())) cameras_placed_ = false;
}

// The CPU side of every mode, for the observer of this frame.
void VisibilityView::Compute(float observer_aspect) {
  const glm::mat4 view_projection = ObserverProjection(observer_aspect) * observer_.ViewMatrix();
  frustum_ = Frustum(view_projection);
  const glm::vec3 eye = observer_.Eye();
  if (mode_ == Mode::kBackface) {
    backface_.Compute(app_.model.mesh(), eye, view_projection);
    subset_.full_model = !backface_.culling;
    if (backface_.culling) subset_.Upload(app_.model.mesh(), backface_.shown(), false);
  } else if (mode_ == Mode::kFrustum) {
    // Computed either way: the panel shows the figures.
    CullOctree(frustum_culling_.octree, frustum_, &frustum_culling_.cull);
    subset_.full_model = !frustum_culling_.enabled;
    if (frustum_culling_.enabled)
      subset_.Upload(app_.model.mesh(), frustum_culling_.cull.accepted, /*keep_when_set=*/true);
  } else {
    room_bsp_.Compute(eye, frustum_);
  }
}

VisibilityView::Shots VisibilityView::Layout(const RenderContext& ctx) const {
  const int w = int(ctx.framebuffer_size.x);
  // Both pictures sit above a band of UI across the bottom (a lesson's caption), if there is one.
  const int bottom = std::clamp(insets_.bottom, 0, int(ctx.framebuffer_size.y) / 2);
  const int h = int(ctx.framebuffer_size.y) - bottom;
  Shots shots;
  auto add = [&](PixelRect rect, bool is_observer) {
    const OrbitCamera& cam = is_observer ? observer_ : god_;
    shots.push_back(
        {rect, cam.ViewMatrix(),
         is_observer ? ObserverProjection(rect.Aspect()) : cam.ProjectionMatrix(rect.Aspect()),
         cam.distance, is_observer});
  };
  if (display_ == Display::kSplit) {
    add({0, bottom, w / 2, h}, false);
    add({w / 2, bottom, w - w / 2, h}, true);
  } else {
    add({0, bottom, w, h}, display_ == Display::kObserver);
  }
  return shots;
}

void VisibilityView::Render(const RenderContext& ctx, DebugDraw& draw) {
  auto* batches = dynamic_cast<DebugDrawRenderer*>(&draw);
  // A minimised window has no pixels to split (and a zero aspect would poison the matrices).
  if (!app_.model.loaded() || batches == nullptr || ctx.framebuffer_size.x < 2.0f ||
      ctx.framebuffer_size.y < 2.0f)
    return;
  const ImGuiIO& io = ImGui::GetIO();
  scene_labels_.display_scale =
      io.DisplayFramebufferScale.x > 0
          ? glm::vec2(io.DisplayFramebufferScale.x, io.DisplayFramebufferScale.y)
          : glm::vec2(1, 1);
  PlaceCamerasIfStale();
  SyncCameras();
  insets_ = CoveredEdges();
  Shots shots = Layout(ctx);
  observer_aspect_ = (shots.back().is_observer ? shots.back() : shots.front()).rect.Aspect();
  Compute(observer_aspect_);
  if (frame_god_) {
    FrameGodView(shots.front().rect);
    // The panels are first laid out at the end of the app's first frame, so CoveredEdges finds
    // none then: a god view framed on that frame is framed again on the next, right of the Scene
    // panel (without this the observer and its frustum's apex started hidden behind the panel).
    if (ImGui::GetFrameCount() <= 1) frame_god_ = true;
    if (driven_ == Driven::kGod) app_.camera = god_;
    shots = Layout(ctx);
  }
  scene_labels_.labels.clear();
  scene_labels_.dividers.clear();
  for (const Shot& shot : shots) {
    SetViewport(shot.rect);
    ClearDepthOnly(shot.rect);
    DrawShot(ctx, shot, *batches);
    SetDepthTest(!(mode_ == Mode::kRoom));  // the painter's algorithm: no Z-buffer at all
    ctx.renderer.FlushOverlays(*batches, shot.projection * shot.view);
    SetDepthTest(true);
    // Numbers on the observer's picture; on the god view when it is shown alone, or in presenter
    // mode, where a lesson's caption names the walls by number and no panel shows the tree.
    const bool god_numbers = display_ == Display::kGod || figures_in_presenter_;
    if (mode_ == Mode::kRoom && room_bsp_.show_numbers && (shot.is_observer || god_numbers))
      CollectLabels(shot, ctx.framebuffer_size);
  }
  if (display_ == Display::kSplit)
    scene_labels_.dividers.push_back({ctx.framebuffer_size.x * 0.5f, 0});
  // Nothing of the app's own overlay flush after Render may land on these viewports.
  SetViewport({0, 0, 0, 0});
  if (print_summary_ && ++summary_frames_ == 2) PrintSummary();
}

void VisibilityView::DrawShot(const RenderContext& ctx, const Shot& shot, DebugDraw& draw) {
  const Aabb grid_box = mode_ == Mode::kRoom ? room_bsp_.room.bounds : app_.model.bounds();
  if (show_grid_ && mode_ != Mode::kRoom) DrawGroundGrid(draw, grid_box);
  if (mode_ == Mode::kRoom) {
    room_bsp_.Draw(shot.is_observer, god_.Eye(), draw);
  } else {
    DrawModel(ctx, shot, draw);
  }
  if (!shot.is_observer) DrawFrustum(draw, frustum_, observer_.Eye());
}

void VisibilityView::DrawModel(const RenderContext& ctx, const Shot& shot, DebugDraw& draw) {
  const CameraMatrices m{shot.view, shot.projection, shot.light_distance};
  ctx.renderer.DrawMesh(subset_.full_model ? app_.model.gpu() : subset_.gpu, glm::mat4(1.0f), m,
                        ctx.style);
  if (shot.is_observer) return;
  // Ghosts go through the per-frame overlay batch: capped so big models stay interactive.
  const Mesh& mesh = app_.model.mesh();
  const bool ghosts = mesh.TriangleCount() <= kMaxGhostTriangles;
  if (mode_ == Mode::kBackface) {
    if (ghosts) backface_.DrawCulled(mesh, draw);
    return;
  }
  frustum_culling_.DrawGodView(mesh, ghosts, draw);
}

// The observer's order numbers at the centroid of each polygon the camera of `shot` can see (no
// polygon painted after it crosses the line of sight), for the ImGui overlay.
void VisibilityView::CollectLabels(const Shot& shot, glm::vec2 framebuffer_size) {
  const glm::mat4 vp = shot.projection * shot.view;
  const glm::vec3 eye = shot.is_observer ? observer_.Eye() : god_.Eye();
  const std::vector<uint32_t>& paint = room_bsp_.PaintOrder(shot.is_observer, god_.Eye());
  const std::vector<int>& position_of = room_bsp_.position_of;
  const float last = float(std::max<size_t>(room_bsp_.order.size(), 2) - 1);
  const auto polygons = room_bsp_.bsp.polygons();
  for (size_t i = 0; i < paint.size(); ++i) {
    const int pos = position_of[paint[i]];
    if (pos < 0) continue;
    const glm::vec3 c = Centroid(polygons[paint[i]].vertices);
    bool hidden = false;
    for (size_t j = i + 1; j < paint.size() && !hidden; ++j)
      hidden =
          position_of[paint[j]] >= 0 && SegmentCrossesPolygon(eye, c, polygons[paint[j]].vertices);
    if (hidden) continue;
    const glm::vec4 clip = vp * glm::vec4(c, 1.0f);
    if (clip.w <= 0.0f) continue;
    const glm::vec3 ndc = glm::vec3(clip) / clip.w;
    if (std::abs(ndc.x) > 0.97f || std::abs(ndc.y) > 0.97f) continue;
    const float px = float(shot.rect.x) + (ndc.x * 0.5f + 0.5f) * float(shot.rect.width);
    const float py =
        framebuffer_size.y - (float(shot.rect.y) + (ndc.y * 0.5f + 0.5f) * float(shot.rect.height));
    // The book's preset names each wall by its number in figure 3.3; the colour still tells the
    // drawing order.
    const glm::vec2 scale = scene_labels_.display_scale;
    scene_labels_.labels.push_back({glm::vec2(px / scale.x, py / scale.y),
                                    room_bsp_.Number(paint[i], pos), OrderRamp(float(pos) / last)});
  }
}

// One line for scripts and the smoke test: what the screenshot shows.
void VisibilityView::PrintSummary() const {
  if (mode_ == Mode::kBackface)
    backface_.Print();
  else if (mode_ == Mode::kFrustum)
    frustum_culling_.Print();
  else
    room_bsp_.Print();
  std::fflush(stdout);
}

namespace {

std::unique_ptr<View> CreateVisibilityView(AppContext& app) {
  return std::make_unique<VisibilityView>(app);
}

const bool kVisibilityViewRegistered = RegisterView(
    {N_("Visibility"),
     N_("Chapter 3.2.3: backface culling, octree frustum culling, BSP back-to-front (painter's)"),
     &CreateVisibilityView, /*uses_model=*/true, &LessonVerbSpecs<VisibilityView>,
     &AddVisibilityFlags});

}  // namespace

}  // namespace partlab
