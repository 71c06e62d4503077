// The Visibility view (visibility_view.h): cameras, the three modes' CPU work, drawing, panels.
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

#include "app/command_line.h"
#include "app/panels/figure_area.h"
#include "app/panels/legend.h"
#include "app/panels/tooltip.h"
#include "app/render/mesh_buffer.h"
#include "app/render/viewport_state.h"
#include "app/view.h"
#include "app/views/visibility/ui_insets.h"
#include "app/views/visibility/visibility_overlay.h"
#include "app/views/visibility/visibility_view.h"
#include "engine/geometry/triangle.h"
#include "engine/view/ground_grid.h"
#include "engine/visibility/backface_count.h"
#include "engine/visibility/chapter_bsp_example.h"
#include "engine/visibility/room_scene.h"

namespace partlab {

namespace {

// A heading line (this ImGui predates SeparatorText).
void SectionTitle(const char* text) {
  ImGui::Spacing();
  ImGui::TextColored(ImVec4(0.95f, 0.80f, 0.45f, 1.0f), "%s", text);
  ImGui::Separator();
}

constexpr size_t kMaxGhostTriangles = 100000;

constexpr const char* kModeNames[] = {"Backface culling (3.2.3.1)",
                                      "Octree frustum culling (3.2.3.2)", "BSP room (3.2.3.3)"};

}  // namespace

// --preset: comma-separated words, a mode (backface | frustum | room) and a display
// (god | observer | split), e.g. --preset room,split.
void VisibilityView::ApplyPreset(const Options& options) {
  print_summary_ = !options.screenshot.empty();
  size_t start = 0;
  const std::string& p = options.preset;
  while (start <= p.size() && !p.empty()) {
    const size_t comma = p.find(',', start);
    const std::string word = p.substr(start, comma == std::string::npos ? comma : comma - start);
    if (word == "backface") mode_ = Mode::kBackface;
    if (word == "frustum") mode_ = Mode::kFrustum;
    if (word == "room") mode_ = Mode::kRoom;
    if (word == "god") display_ = Display::kGod;
    if (word == "observer") display_ = Display::kObserver;
    if (word == "split") display_ = Display::kSplit;
    if (word == "no-cull") subtree_culling_ = cull_enabled_ = backface_culling_ = false;
    if (word == "book") mode_ = Mode::kRoom, book_example_ = true;
    if (word == "geometry-stage") geometry_stage_ = true;
    static constexpr const char* kWords[] = {"backface", "frustum",  "room",
                                             "god",      "observer", "split",
                                             "no-cull",  "book",     "geometry-stage"};
    if (!word.empty() && std::none_of(std::begin(kWords), std::end(kWords),
                                      [&](const char* w) { return word == w; }))
      std::fprintf(stderr,
                   "partlab: --preset: '%s' means nothing to the Visibility view (backface, "
                   "frustum, room, book, god, observer, split, no-cull, geometry-stage), "
                   "ignored\n",
                   word.c_str());
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (display_ == Display::kObserver) driven_ = Driven::kObserver;
}

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

// --- Panels -------------------------------------------------------------------------------------

void VisibilityView::UpdateGui() {
  CameraGui();
  ModeGui();
  switch (mode_) {
    case Mode::kBackface:
      BackfaceGui();
      break;
    case Mode::kFrustum:
      FrustumGui();
      break;
    case Mode::kRoom:
      RoomGui();
      break;
  }
}

void VisibilityView::CameraGui() {
  SectionTitle("Cameras");
  int display = int(display_);
  ImGui::RadioButton("God view", &display, int(Display::kGod));
  Tip("Watch the observer from outside: its view frustum is drawn (section 3.2.3.2, \"view "
      "frustum\"), so what culling keeps and drops can be seen. The mouse moves the god view.");
  ImGui::SameLine();
  ImGui::RadioButton("Observer", &display, int(Display::kObserver));
  Tip("See through the observer's eye (the chapter's O in figure 3.3): culling must not change "
      "this picture. The mouse moves the observer.");
  ImGui::SameLine();
  ImGui::RadioButton("Side by side", &display, int(Display::kSplit));
  Tip("Split viewport: the god view on the left, the observer's picture on the right.");
  display_ = Display(display);
  if (display_ == Display::kSplit) {
    int driven = int(driven_);
    ImGui::RadioButton("Mouse moves god view", &driven, int(Driven::kGod));
    Tip("Drag in either half to orbit the god view.");
    ImGui::SameLine();
    ImGui::RadioButton("Mouse moves observer", &driven, int(Driven::kObserver));
    Tip("Drag to orbit the observer around its target; watch its frustum move on the left.");
    driven_ = Driven(driven);
  }
  bool animate = stepping().playing();
  if (ImGui::Checkbox("Animate observer", &animate))
    animate ? stepping().Play() : stepping().Pause();
  Tip("Turn the observer slowly around its target, so culling results change every frame.");
  ImGui::SameLine();
  ImGui::Checkbox("Ground grid", &show_grid_);
  Tip("The floor grid under the scene (this view draws its own grid in each viewport).");
  ImGui::SliderFloat("Far plane", &far_scale_, 0.2f, 6.0f, "%.2f x radius");
  Tip("Where the observer's far plane lies, past the scene's centre in scene radii. The chapter: "
      "\"levando em consideração o far plane da câmera este volume é de tamanho finito\" "
      "(3.2.3.3).");
  float fov = glm::degrees(observer_.fov_y);
  if (ImGui::SliderFloat("Observer FOV", &fov, 15.0f, 90.0f, "%.0f deg"))
    observer_.fov_y = glm::radians(fov);
  Tip("The observer's vertical field of view: a wider frustum accepts more cells (3.2.3.2).");
  if (ImGui::Button("Reset cameras")) cameras_placed_ = false;
  Tip("Put the observer and the god view back where they start.");
}

void VisibilityView::ModeGui() {
  SectionTitle("Technique");
  int mode = int(mode_);
  for (int m = 0; m < 3; ++m) {
    ImGui::RadioButton(kModeNames[m], &mode, m);
    static constexpr const char* kTips[] = {
        "3.2.3.1: faces whose normal makes more than 90 degrees with the vector from a vertex "
        "to the observer are discarded in the application stage, before the geometry stage.",
        "3.2.3.2 and 3.2.3.3: the octree's cells as a hierarchy of bounding volumes; a cell "
        "outside the frustum is skipped whole, one inside is accepted whole without testing its "
        "children, one that intersects is opened.",
        "3.2.3.3: a polygon-aligned BSP over a small room, drawn back to front for the observer "
        "(painter's algorithm, Z-buffer off), with the far side of each splitter culled when "
        "the frustum does not reach it."};
    Tip(kTips[m]);
  }
  mode_ = Mode(mode);
}

void VisibilityView::BackfaceGui() {
  SectionTitle("Backface culling (3.2.3.1)");
  ImGui::Checkbox("Cull backfaces", &backface_culling_);
  Tip("Send only the faces turned towards the observer: \"Se o ângulo formado entre este vetor e "
      "a normal do polígono for maior do que 90 graus, então este polígono simplesmente é "
      "ignorado\" (3.2.3.1). The god view shows the holes.");
  ImGui::Checkbox("Tint culled faces in the god view", &tint_culled_);
  Tip("Show the discarded faces as faint red in the god view (3.2.3.1; models up to 100,000 "
      "triangles).");
  const size_t total = backface_.size();
  ImGui::Text("Culled on the CPU: %zu of %zu triangles (%.1f%%)", backface_count_, total,
              total ? 100.0 * double(backface_count_) / double(total) : 0.0);
  Tip("Counted by the chapter's application-stage test: dot(normal, observer - vertex) < 0, i.e. "
      "an angle above 90 degrees (3.2.3.1).");
  ImGui::Checkbox("Geometry stage: projected sign", &geometry_stage_);
  Tip("Cull by the geometry stage's test instead: \"ao realizar a projeção dos polígonos com a "
      "matriz de projeção de câmera, a normal dos polígonos possuirá apenas duas direções "
      "possíveis [...] um teste de sinal\" (3.2.3.1): the sign of the projected triangle's "
      "area.");
  ImGui::Text("Geometry stage (projected sign): %zu culled; differ from the angle test: %zu",
              backface_projected_count_, backface_disagree_);
  Tip("The two tests answer the same question; they may differ only on triangles seen edge-on, "
      "where rounding picks the side. The application stage saves the geometry stage the work.");
  const size_t culled = geometry_stage_ ? backface_projected_count_ : backface_count_;
  ImGui::Text("Sent to the pipeline: %zu triangles, test took %.3f ms",
              backface_culling_ ? total - culled : total, backface_ms_);
  Tip("A closed model seen from outside loses about half its faces (3.2.3.1).");
}

void VisibilityView::FrustumGui() {
  SectionTitle("Hierarchical frustum culling (3.2.3.2)");
  ImGui::Checkbox("Cull with the octree", &cull_enabled_);
  Tip("Off: every triangle goes to the rasterizer. On: only those in cells not outside the "
      "observer's frustum (3.2.3.2).");
  ImGui::Checkbox("Ghost culled triangles", &ghost_culled_);
  Tip("Draw what was culled faintly in the god view, to see it is all outside the frustum (models "
      "up to 100,000 triangles).");
  ImGui::Checkbox("Show outside cells", &cell_options_.show_outside);
  Tip("The cells skipped whole (red): \"outside\" in section 3.2.3.2's terms.");
  ImGui::SameLine();
  ImGui::Checkbox("Deepest only", &cell_options_.leaves_only);
  Tip("Only the deepest cell tested on each path: less clutter on big trees.");
  const double pct = cull_.triangles_total
                         ? 100.0 * double(cull_.triangles_accepted) / double(cull_.triangles_total)
                         : 0.0;
  ImGui::Text("Triangles drawn: %zu of %zu (%.1f%%)",
              cull_enabled_ ? cull_.triangles_accepted : cull_.triangles_total,
              cull_.triangles_total, cull_enabled_ ? pct : 100.0);
  Tip("Distinct triangles referenced by the accepted cells (3.2.3.2): a leaf-reference octree "
      "shares a triangle between cells, and it is counted once.");
  ImGui::Text("Culling time: %.3f ms, %zu cell tests of %zu cells", cull_.seconds * 1e3,
              cull_.cells_tested, octree_.nodes().size());
  Tip("Wall time of the hierarchical pass on the CPU; inside cells save every test below them "
      "(3.2.3.2).");
  ImGui::Text("Cells: %zu outside, %zu inside, %zu intersecting", cull_.cells_outside,
              cull_.cells_inside, cull_.cells_intersecting);
  Tip("Outside: skipped; inside: accepted whole, children untested; intersecting: opened, and its "
      "triangles keep clipping on (3.2.3.2).");
  ImGui::TextDisabled("Octree: %zu cells, depth %d, built in %.1f ms", octree_.nodes().size(),
                      octree_.stats().depth_reached, octree_build_ms_);
}

void VisibilityView::RoomGui() {
  SectionTitle("Polygon-aligned BSP (3.2.3.3)");
  ImGui::Checkbox("The chapter's example (figures 3.3, 3.4)", &book_example_);
  Tip("The corridor scene of section 3.2.3.3 rebuilt from its text: root wall 1, walls 2-4 on "
      "its left, 5-9 on its right, 5's plane cutting one wall into 6 and 8, and the observer O of "
      "figure 3.4. The numbers on the walls are the book's; the book's order is 3, 2, 4, 1, 6, 5, "
      "8, 7, 9, and with the frustum culling 1-4 and 9 are dropped while 5 is drawn although 7 "
      "hides it (\"a árvore BSP não fornece a solução ótima\").");
  if (book_example_) ImGui::TextWrapped("%s", BookOrder().c_str());
  static constexpr const char* kHeuristics[] = {"First polygon", "Least splits", "Best balance"};
  ImGui::BeginDisabled(book_example_);
  ImGui::Combo("Splitter", &heuristic_, kHeuristics, kSplitterHeuristicCount);
  ImGui::EndDisabled();
  Tip("How each node's polygon is chosen. The chapter picks arbitrarily and notes that \"as "
      "melhores árvores [...] deverão ser esparsas\" (3.2.3.3): least splits makes the fewest new "
      "polygons, best balance the shallowest tree.");
  ImGui::Checkbox("Frustum culling of subtrees", &subtree_culling_);
  Tip("The chapter's second listing (3.2.3.3): when the frustum does not reach across a "
      "splitter's plane, the far half-space and the splitter are skipped.");
  ImGui::Checkbox("Order numbers", &show_numbers_);
  Tip("Write each polygon's drawing position on it: 1 is painted first (farthest), the last is "
      "nearest (3.2.3.3, \"de trás para frente\").");
  const BspBuildStats& s = bsp_.stats();
  ImGui::Text("%zu input polygons, %zu after %zu splits, depth %d", room_.polygons.size(),
              s.polygons, s.splits, s.depth);
  Tip("Straddling polygons are cut \"exatamente na linha de interseção\" with the splitter's "
      "plane (3.2.3.3).");
  ImGui::Text("Drawn: %zu, subtrees culled: %zu, traversal %.3f ms", order_.size(),
              bsp_stats_.subtrees_culled, bsp_ms_);
  Tip("Polygons painted back to front with the depth test off (3.2.3.3: \"o teste de Z-buffer "
      "[é] totalmente dispensável\").");
  SectionTitle("Tree (front / back)");
  if (ImGui::BeginChild("bsp_tree", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 14), true)) {
    if (bsp_.root() >= 0) TreeNodeGui(bsp_.root(), "root", 0);
  }
  ImGui::EndChild();
}

void VisibilityView::TreeNodeGui(int32_t index, const char* side, int depth) {
  if (index < 0) return;
  const BspNode& node = bsp_.nodes()[index];
  const BspPolygon& poly = bsp_.polygons()[node.polygon];
  const int pos = node.polygon < position_of_.size() ? position_of_[node.polygon] : -1;
  char label[160];
  char book_name[16];
  std::snprintf(book_name, sizeof book_name, "wall %d",
                book_example_ ? ChapterBookNumber(book_, bsp_, node.polygon) : 0);
  const std::string& name = book_example_ ? std::string(book_name) : room_.labels[poly.source];
  if (pos >= 0) {
    std::snprintf(label, sizeof label, "%s: %s  [drawn #%d]###n%d", side, name.c_str(), pos + 1,
                  index);
  } else {
    std::snprintf(label, sizeof label, "%s: %s  [culled]###n%d", side, name.c_str(), index);
  }
  const bool leaf = node.front < 0 && node.back < 0;
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_SpanAvailWidth;
  if (leaf) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
  if (depth < 3) flags |= ImGuiTreeNodeFlags_DefaultOpen;
  const float last = float(std::max<size_t>(order_.size(), 2) - 1);
  const Color c = pos >= 0 ? OrderRamp(float(pos) / last) : Color{0.6f, 0.6f, 0.6f, 1.0f};
  ImGui::PushStyleColor(ImGuiCol_Text,
                        ToImU32({glm::mix(glm::vec3(c), glm::vec3(1.0f), 0.5f), 1.0f}));
  const bool open = ImGui::TreeNodeEx(label, flags);
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Splitter: a piece of \"%s\" (%zu vertices).%s\nFront child first, then "
        "back (3.2.3.3).",
        name.c_str(), poly.vertices.size(),
        culled_nodes_.size() > size_t(index) && culled_nodes_[index]
            ? "\nIts far side was culled: the frustum does not cross its plane."
            : "");
  }
  if (leaf || !open) return;
  TreeNodeGui(node.front, "front", depth + 1);
  TreeNodeGui(node.back, "back", depth + 1);
  ImGui::TreePop();
}

// Everything this view draws over its pictures is a figure: the same drawing interactively and
// in presenter mode.
void VisibilityView::UpdateWindows() {
  DrawFigures(WholeDisplayFigureArea());
}

// The split line, the walls' numbers, the pictures' names and the colour key, over the scene.
void VisibilityView::DrawFigures(const FigureArea& area) {
  figures_in_presenter_ = area.presenter;  // read by the next Render, which places the numbers
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  PushFigureClip(list, area);
  for (const ImVec2& d : dividers_) {
    const float x = d.x / display_scale_.x;
    list->AddLine(ImVec2(x, area.min.y), ImVec2(x, area.max.y), IM_COL32(235, 235, 245, 200), 2.0f);
  }
  WallNumbers(list, area);
  LegendWindow(list, area);
  list->PopClipRect();
}

// The book's numbers (or the drawing order) on the walls, each on a dark tag in its wall's colour.
void VisibilityView::WallNumbers(ImDrawList* list, const FigureArea& area) const {
  ImFont* font = FigureFont(area);
  const float px = FigureFontPixels(area), s = px / ImGui::GetFontSize();
  for (const Label& l : labels_) {
    char text[8];
    std::snprintf(text, sizeof text, "%d", l.number);
    const ImVec2 ts = FigureTextSize(font, px, text);
    const ImVec2 a(l.at.x - ts.x * 0.5f - 3 * s, l.at.y - ts.y * 0.5f - 1 * s);
    const ImVec2 b(l.at.x + ts.x * 0.5f + 3 * s, l.at.y + ts.y * 0.5f + 1 * s);
    list->AddRectFilled(a, b, IM_COL32(20, 20, 28, 190), 3.0f * s);
    list->AddText(font, px, ImVec2(a.x + 3 * s, a.y + 1 * s),
                  ToImU32({glm::mix(glm::vec3(l.color), glm::vec3(1.0f), 0.3f), 1.0f}), text);
  }
}

void VisibilityView::LegendWindow(ImDrawList* list, const FigureArea& area) const {
  ImFont* font = FigureFont(area);
  const float px = FigureFontPixels(area), s = px / ImGui::GetFontSize();
  const float line = px + ImGui::GetStyle().ItemSpacing.y * s;
  const float left = area.min.x, right = area.max.x, bottom = area.max.y;
  auto text_width = [&](const char* text) { return FigureTextSize(font, px, text).x; };
  // Captions over each viewport.
  auto caption = [&](float x, const char* text) {
    list->AddRectFilled(ImVec2(x + 8 * s, bottom - line - 14 * s),
                        ImVec2(x + 16 * s + text_width(text), bottom - 8 * s),
                        IM_COL32(20, 20, 28, 180), 4.0f * s);
    list->AddText(font, px, ImVec2(x + 12 * s, bottom - line - 11 * s),
                  IM_COL32(240, 240, 245, 255), text);
  };
  if (display_ == Display::kSplit) {
    caption(left, "God view: the observer's frustum in white");
    caption(0.5f * (left + right), "Observer's eye");
  } else {
    caption(left, display_ == Display::kGod ? "God view: the observer's frustum in white"
                                            : "Observer's eye");
  }
  // The colour key, bottom right (the Stats window sits top right).
  const int keys = mode_ == Mode::kFrustum ? 4 : (mode_ == Mode::kRoom ? 3 : 1);
  float y = bottom - 10 * s - float(keys) * (line + 2 * s);
  const float x = right - 330 * s;
  auto key = [&](const Color& c, const char* text) {
    list->AddRectFilled(ImVec2(x, y), ImVec2(x + 320 * s, y + line + 2 * s),
                        IM_COL32(20, 20, 28, 170));
    list->AddRectFilled(ImVec2(x + 6 * s, y + 4 * s), ImVec2(x + 20 * s, y + line - 2 * s),
                        ToImU32({glm::vec3(c), 1.0f}));
    list->AddText(font, px, ImVec2(x + 28 * s, y + 1 * s), IM_COL32(240, 240, 245, 255), text);
    y += line + 2 * s;
  };
  if (mode_ == Mode::kFrustum) {
    key(CellClassColor(BoxClass::kInside), "inside: accepted whole");
    key(CellClassColor(BoxClass::kIntersecting), "intersecting: opened");
    key(CellClassColor(BoxClass::kOutside), "outside: skipped");
    char text[96];
    std::snprintf(text, sizeof text, "drawn %zu / %zu tris, %.2f ms", cull_.triangles_accepted,
                  cull_.triangles_total, cull_.seconds * 1e3);
    key({1, 1, 1, 1}, text);
  } else if (mode_ == Mode::kRoom) {
    key(OrderRamp(0.0f), "painted first (farthest)");
    key(OrderRamp(0.5f), "...");
    key(OrderRamp(1.0f), "painted last (nearest)");
  } else {
    char text[96];
    std::snprintf(text, sizeof text, "backfaces %zu / %zu tris", backface_count_, backface_.size());
    key({0.95f, 0.25f, 0.3f, 1.0f}, text);
  }
}

namespace {

std::unique_ptr<View> CreateVisibilityView(AppContext& app) {
  return std::make_unique<VisibilityView>(app);
}

const bool kRegistered = RegisterView(
    {"Visibility",
     "Chapter 3.2.3: backface culling, octree frustum culling, BSP back-to-front (painter's)",
     &CreateVisibilityView});

}  // namespace

}  // namespace partlab
