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
#include "engine/view/ground_grid.h"
#include "engine/visibility/backface_count.h"
#include "engine/visibility/chapter_bsp_example.h"
#include "engine/visibility/room_scene.h"

namespace partlab {

namespace {

constexpr size_t kMaxGhostTriangles = 100000;

}  // namespace

float VisibilityView::SceneRadius() const {
  const Aabb& b = mode_ == Mode::kRoom ? room_.bounds : app_.model.bounds();
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
  if (mode_ == Mode::kRoom && book_example_) {
    // The chapter's O and the frustum of figure 3.4 (chapter_bsp_example.h).
    observer_ = LookFrom(book_.observer, book_.look_at, book_.fov_y);
  } else if (mode_ == Mode::kRoom && !room_.bounds.IsEmpty()) {
    // Room units: the room is 10 x 8 x 2.5 (room_scene.h), scaled to the model's footprint.
    const glm::vec3 lo = room_.bounds.min, size = room_.bounds.Extent();
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
  Aabb box = mode_ == Mode::kRoom ? room_.bounds : app_.model.bounds();
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
  if (mode_ == Mode::kRoom && book_example_)
    return glm::perspective(observer_.fov_y, aspect, book_.near_plane, book_.far_plane);
  const float r = SceneRadius();
  const float near_plane = 0.08f * r;
  const float far_plane = std::max(observer_.distance + far_scale_ * r - r, near_plane * 4.0f);
  return glm::perspective(observer_.fov_y, aspect, near_plane, far_plane);
}

void VisibilityView::RebuildIfStale() {
  if (app_.model.generation() != model_generation_) {
    model_generation_ = app_.model.generation();
    const Mesh& mesh = app_.model.mesh();
    triangles_.resize(mesh.TriangleCount());
    for (size_t t = 0; t < triangles_.size(); ++t)
      triangles_[t] = {mesh.positions[mesh.indices[3 * t]], mesh.positions[mesh.indices[3 * t + 1]],
                       mesh.positions[mesh.indices[3 * t + 2]]};
    const auto start = std::chrono::steady_clock::now();
    octree_ = Octree(triangles_, OctreeBuildOptions{});
    octree_build_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    subset_mesh_.positions = mesh.positions;
    subset_mesh_.normals = mesh.normals;
    backface_.assign(mesh.TriangleCount(), 0);
    built_heuristic_ = -1;
    cameras_placed_ = false;
  }
  const Aabb& footprint = app_.model.bounds();
  if (book_example_) heuristic_ = int(SplitterHeuristic::kFirst);  // the book's tree
  if (built_heuristic_ != heuristic_ || footprint.min != room_footprint_.min ||
      footprint.max != room_footprint_.max || built_book_ != book_example_) {
    room_footprint_ = footprint;
    room_ = book_example_ ? BookRoom() : MakeRoomScene(footprint);
    bsp_ = PolygonBsp(room_.polygons, SplitterHeuristic(heuristic_));
    built_heuristic_ = heuristic_;
    if (built_book_ != book_example_) cameras_placed_ = false;
    built_book_ = book_example_;
  }
}

// The walls of figure 3.3 as a room: in the example's own coordinates (the observer and frustum
// of figure 3.4 are given in them).
RoomScene VisibilityView::BookRoom() const {
  RoomScene r;
  r.polygons = book_.walls;
  r.labels = {"wall 1", "wall 2", "wall 3", "wall 4",
              "wall 5", "wall 7", "wall 9", "wall 6 | 8 (cut by 5's plane)"};
  for (const auto& w : r.polygons)
    for (const glm::vec3& p : w) r.bounds.Grow(p);
  return r;
}

// The CPU side of every mode, for the observer of this frame.
void VisibilityView::Compute(float observer_aspect) {
  frustum_ = Frustum(ObserverProjection(observer_aspect) * observer_.ViewMatrix());
  const glm::vec3 eye = observer_.Eye();
  using Ms = std::chrono::duration<double, std::milli>;
  if (mode_ == Mode::kBackface) {
    const Mesh& mesh = app_.model.mesh();
    const auto start = std::chrono::steady_clock::now();
    backface_count_ = CountBackfaces(mesh.positions, mesh.indices, eye, backface_);
    backface_ms_ = Ms(std::chrono::steady_clock::now() - start).count();
    // The geometry stage's test on the same triangles, for the count beside it.
    backface_projected_.resize(backface_.size());
    backface_projected_count_ = CountBackfacesProjected(
        mesh.positions, mesh.indices, ObserverProjection(observer_aspect) * observer_.ViewMatrix(),
        backface_projected_);
    backface_disagree_ = 0;
    for (size_t t = 0; t < backface_.size(); ++t)
      backface_disagree_ += backface_[t] != backface_projected_[t];
    draw_full_model_ = !backface_culling_;
    if (backface_culling_)
      UploadSubset(geometry_stage_ ? backface_projected_ : backface_, /*keep_when_set=*/false);
  } else if (mode_ == Mode::kFrustum) {
    CullOctree(octree_, frustum_, &cull_);  // computed either way: the panel shows the figures
    draw_full_model_ = !cull_enabled_;
    if (cull_enabled_) UploadSubset(cull_.accepted, /*keep_when_set=*/true);
  } else {
    const auto start = std::chrono::steady_clock::now();
    if (subtree_culling_) {
      bsp_.BackToFrontCulled(eye, frustum_, &order_, &bsp_stats_, &culled_nodes_);
    } else {
      bsp_.BackToFront(eye, &order_);
      culled_nodes_.assign(bsp_.nodes().size(), 0);
      bsp_stats_ = {0, order_.size()};
    }
    bsp_ms_ = Ms(std::chrono::steady_clock::now() - start).count();
    position_of_.assign(bsp_.polygons().size(), -1);
    for (size_t i = 0; i < order_.size(); ++i) position_of_[order_[i]] = int(i);
  }
}

// The triangles the observer sends to the rasterizer: with keep_when_set, those flagged 1 (the
// octree's accepted ones), otherwise those flagged 0 (backfaces are flagged 1). Uploaded each
// frame the observer is computed (a few MB at most for the models the testbed ships).
void VisibilityView::UploadSubset(const std::vector<uint8_t>& flags, bool keep_when_set) {
  const Mesh& mesh = app_.model.mesh();
  subset_mesh_.indices.clear();
  for (size_t t = 0; t < mesh.TriangleCount(); ++t) {
    const bool keep = keep_when_set ? flags[t] != 0 : flags[t] == 0;
    if (!keep) continue;
    subset_mesh_.indices.insert(subset_mesh_.indices.end(), mesh.indices.begin() + 3 * t,
                                mesh.indices.begin() + 3 * t + 3);
  }
  subset_gpu_.Upload(subset_mesh_);
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
  display_scale_ = io.DisplayFramebufferScale.x > 0 ? io.DisplayFramebufferScale : ImVec2(1, 1);
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
  labels_.clear();
  dividers_.clear();
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
    if (mode_ == Mode::kRoom && show_numbers_ && (shot.is_observer || god_numbers))
      CollectLabels(shot, ctx.framebuffer_size);
  }
  if (display_ == Display::kSplit) dividers_.push_back(ImVec2(ctx.framebuffer_size.x * 0.5f, 0));
  // Nothing of the app's own overlay flush after Render may land on these viewports.
  SetViewport({0, 0, 0, 0});
  if (print_summary_ && ++summary_frames_ == 2) PrintSummary();
}

void VisibilityView::DrawShot(const RenderContext& ctx, const Shot& shot, DebugDraw& draw) {
  const Aabb grid_box = mode_ == Mode::kRoom ? room_.bounds : app_.model.bounds();
  if (show_grid_ && mode_ != Mode::kRoom) DrawGroundGrid(draw, grid_box);
  if (mode_ == Mode::kRoom) {
    DrawRoom(shot, draw);
  } else {
    DrawModel(ctx, shot, draw);
  }
  if (!shot.is_observer) DrawFrustum(draw, frustum_, observer_.Eye());
}

void VisibilityView::DrawModel(const RenderContext& ctx, const Shot& shot, DebugDraw& draw) {
  const CameraMatrices m{shot.view, shot.projection, shot.light_distance};
  ctx.renderer.DrawMesh(draw_full_model_ ? app_.model.gpu() : subset_gpu_, glm::mat4(1.0f), m,
                        ctx.style);
  const Mesh& mesh = app_.model.mesh();
  auto triangle = [&](size_t t, const Color& c) {
    const glm::vec3 v[3] = {mesh.positions[mesh.indices[3 * t]],
                            mesh.positions[mesh.indices[3 * t + 1]],
                            mesh.positions[mesh.indices[3 * t + 2]]};
    draw.Polygon(v, c);
  };
  // Ghosts go through the per-frame overlay batch: capped so big models stay interactive.
  const bool ghosts = !shot.is_observer && mesh.TriangleCount() <= kMaxGhostTriangles;
  if (mode_ == Mode::kBackface) {
    // The god view shows what the observer's test threw away.
    if (ghosts && tint_culled_ && backface_culling_)
      for (size_t t = 0; t < backface_.size(); ++t)
        if (backface_[t]) triangle(t, {0.95f, 0.25f, 0.3f, 0.18f});
    return;
  }
  if (ghosts && ghost_culled_ && cull_enabled_)
    for (size_t t = 0; t < cull_.accepted.size(); ++t)
      if (!cull_.accepted[t]) triangle(t, {0.75f, 0.78f, 0.85f, 0.10f});
  if (!shot.is_observer) DrawCellClasses(draw, octree_, cull_, cell_options_);
}

// The observer's picture is painted in the observer's order, which is the point. The god view is
// painted in its own back-to-front order (the same tree, traversed for the god's eye) so that it
// looks right from there too, but coloured by the observer's order.
void VisibilityView::DrawRoom(const Shot& shot, DebugDraw& draw) {
  // No ground grid here: with the depth test off its lines would be painted over the walls.
  const glm::vec3 light = glm::normalize(glm::vec3(0.4f, 0.8f, 0.45f));
  DrawPaintersOrder(draw, bsp_, PaintOrder(shot), position_of_, order_.size(), light);
}

const std::vector<uint32_t>& VisibilityView::PaintOrder(const Shot& shot) {
  if (shot.is_observer) return order_;
  bsp_.BackToFront(god_.Eye(), &god_order_);
  return god_order_;
}

// The observer's order numbers at the centroid of each polygon the camera of `shot` can see (no
// polygon painted after it crosses the line of sight), for the ImGui overlay.
void VisibilityView::CollectLabels(const Shot& shot, glm::vec2 framebuffer_size) {
  const glm::mat4 vp = shot.projection * shot.view;
  const glm::vec3 eye = shot.is_observer ? observer_.Eye() : god_.Eye();
  const std::vector<uint32_t>& paint = PaintOrder(shot);
  const float last = float(std::max<size_t>(order_.size(), 2) - 1);
  const auto polygons = bsp_.polygons();
  for (size_t i = 0; i < paint.size(); ++i) {
    const int pos = position_of_[paint[i]];
    if (pos < 0) continue;
    const glm::vec3 c = Centroid(polygons[paint[i]].vertices);
    bool hidden = false;
    for (size_t j = i + 1; j < paint.size() && !hidden; ++j)
      hidden =
          position_of_[paint[j]] >= 0 && SegmentCrossesPolygon(eye, c, polygons[paint[j]].vertices);
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
    const int number = book_example_ ? ChapterBookNumber(book_, bsp_, paint[i]) : pos + 1;
    labels_.push_back({ImVec2(px / display_scale_.x, py / display_scale_.y), number,
                       OrderRamp(float(pos) / last)});
  }
}

// One line for scripts and the smoke test: what the screenshot shows.
void VisibilityView::PrintSummary() const {
  if (mode_ == Mode::kBackface) {
    std::printf(
        "partlab: visibility backface: %zu of %zu triangles culled (%.3f ms); geometry stage "
        "(projected sign): %zu culled, %zu differ\n",
        backface_count_, backface_.size(), backface_ms_, backface_projected_count_,
        backface_disagree_);
  } else if (mode_ == Mode::kFrustum) {
    std::printf(
        "partlab: visibility frustum: %zu of %zu triangles drawn, %zu cells tested (%zu outside, "
        "%zu inside, %zu intersecting) of %zu, culling %.3f ms\n",
        cull_.triangles_accepted, cull_.triangles_total, cull_.cells_tested, cull_.cells_outside,
        cull_.cells_inside, cull_.cells_intersecting, octree_.nodes().size(), cull_.seconds * 1e3);
  } else {
    if (book_example_) std::printf("partlab: visibility book: %s\n", BookOrder().c_str());
    std::printf(
        "partlab: visibility room: %zu polygons (%zu input, %zu splits, depth %d, %s), %zu drawn "
        "back to front, %zu subtrees culled\n",
        bsp_.stats().polygons, room_.polygons.size(), bsp_.stats().splits, bsp_.stats().depth,
        SplitterHeuristicName(SplitterHeuristic(heuristic_)), order_.size(),
        bsp_stats_.subtrees_culled);
  }
  std::fflush(stdout);
}

// The observer's drawing order in the book's numbers, then what was culled.
std::string VisibilityView::BookOrder() const {
  std::string s = "drawing order";
  std::vector<int> drawn(10, 0);
  for (uint32_t p : order_) {
    const int n = ChapterBookNumber(book_, bsp_, p);
    s.push_back(' ');
    s.push_back(char('0' + n));
    drawn[size_t(n)] = 1;
  }
  s += "; culled";
  for (int n = 1; n <= 9; ++n)
    if (!drawn[size_t(n)]) s.push_back(' '), s.push_back(char('0' + n));
  return s;
}

namespace {

std::unique_ptr<View> CreateVisibilityView(AppContext& app) {
  return std::make_unique<VisibilityView>(app);
}

const bool kVisibilityViewRegistered = RegisterView(
    {"Visibility",
     "Chapter 3.2.3: backface culling, octree frustum culling, BSP back-to-front (painter's)",
     &CreateVisibilityView, /*uses_model=*/true, &LessonVerbSpecs<VisibilityView>,
     &AddVisibilityFlags});

}  // namespace

}  // namespace partlab
