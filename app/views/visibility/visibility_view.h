// The chapter's visibility techniques as teaching views (Feijó, Pagliosa & Clua, section
// 3.2.3 "Recorte e Culling"): "the same partitioning trees that accelerate collisions accelerate
// rendering". Two cameras: the observer, whose frustum is drawn, and the god view that watches it,
// one at a time or side by side. Three modes:
//  - Backface (3.2.3.1): the CPU counts the triangles facing away from the observer;
//  - Octree frustum culling (3.2.3.2): cells outside / inside / intersecting the observer's
//    frustum, triangles drawn vs total and the time of the pass;
//  - BSP room (3.2.3.3): the polygon-aligned BSP over a small room, painted back to front with the
//    depth test off, the drawing order as a colour ramp and numbers, subtree culling, the tree.
//
// This view draws its viewports itself (each camera's meshes and overlays, flushed with that
// camera's matrices), then leaves an empty viewport so that the app's own overlay flush after
// Render adds nothing on top; ImGui sets its own viewport.
//
// The class is split by concern: visibility_view.cpp (cameras, the modes' CPU work, drawing),
// visibility_settings.cpp (--preset), visibility_panels.cpp (the panel), visibility_figures.cpp
// (what is drawn over the scene: the walls' numbers, the colour key), visibility_lesson_verbs.cpp.
#pragma once

#include <imgui.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "app/render/mesh_buffer.h"
#include "app/render/viewport_state.h"
#include "app/view.h"
#include "app/views/visibility/ui_insets.h"
#include "app/views/visibility/visibility_overlay.h"
#include "engine/visibility/chapter_bsp_example.h"
#include "engine/visibility/room_scene.h"

namespace partlab {

class VisibilityView final : public View {
 public:
  enum class Mode { kBackface, kFrustum, kRoom };
  enum class Display { kGod, kObserver, kSplit };
  enum class Driven { kGod, kObserver };

  // One camera's picture: where it goes in the framebuffer and its matrices.
  struct Shot {
    PixelRect rect;
    glm::mat4 view, projection;
    float light_distance;
    bool is_observer;
  };

  // At most two pictures a frame, without a per-frame allocation.
  struct Shots {
    std::array<Shot, 2> items;
    size_t count = 0;
    void push_back(const Shot& s) { items[count++] = s; }
    const Shot& front() const { return items[0]; }
    const Shot& back() const { return items[count - 1]; }
    const Shot* begin() const { return items.data(); }
    const Shot* end() const { return items.data() + count; }
  };

  // A label to draw over the scene this frame (window pixels, top-left origin).
  struct Label {
    ImVec2 at;
    int number;
    Color color;
  };

  // The observer stands still until Play: the base's stepping starts paused.
  explicit VisibilityView(AppContext& app) : View(app), app_(app) {
    stepping().Pause();
    ApplyPreset(app.start);
  }

  // One fixed step of the observer's turn about its target (the base's stepping calls it while
  // playing, or once for Step); when the mouse drives the observer, the app's camera is the one.
  void Step(float dt) override {
    (driven_ == Driven::kObserver ? app_.camera : observer_).yaw += 0.35f * dt;
  }
  bool Animating() const override { return stepping().playing(); }
  bool ShowsStepControls() const override { return true; }
  void Render(const RenderContext& ctx, DebugDraw& draw) override;
  void UpdateGui() override;
  void UpdateWindows() override;
  // The walls' numbers, the split line, the pictures' names and the colour key.
  void DrawFigures(const FigureArea& area) override;
  // Lessons (docs/lessons.md): visibility_lesson_verbs.cpp.
  std::string RunLessonAction(const LessonCommand& action) override;
  std::string CheckLessonClaim(const LessonCommand& check) override;
  static std::span<const LessonVerbRow<VisibilityView>> LessonVerbTable();

 private:
  void ApplyPreset(const ViewStart& launch);
  void ResetCameras();
  void FrameGodView(const PixelRect& rect);
  void PlaceCamerasIfStale();
  void SyncCameras();
  void RebuildIfStale();
  void Compute(float observer_aspect);
  Shots Layout(const RenderContext& ctx) const;
  void DrawShot(const RenderContext& ctx, const Shot& shot, DebugDraw& draw);
  void DrawModel(const RenderContext& ctx, const Shot& shot, DebugDraw& draw);
  void DrawRoom(const Shot& shot, DebugDraw& draw);
  const std::vector<uint32_t>& PaintOrder(const Shot& shot);
  void CollectLabels(const Shot& shot, glm::vec2 framebuffer_size);
  void UploadSubset(const std::vector<uint8_t>& keep, bool keep_when_set);
  RoomScene BookRoom() const;
  glm::mat4 ObserverProjection(float aspect) const;
  float SceneRadius() const;
  void PrintSummary() const;
  std::string BookOrder() const;

  void CameraGui();
  void ModeGui();
  void BackfaceGui();
  void FrustumGui();
  void RoomGui();
  void TreeNodeGui(int32_t node, const char* side, int depth);
  void WallNumbers(ImDrawList* list, const FigureArea& area) const;
  void LegendWindow(ImDrawList* list, const FigureArea& area) const;
  // visibility_lesson_verbs.cpp
  std::string ComputeForLesson();
  std::string CheckBackfacesIndependent() const;
  std::string CheckBackfaceFraction(const LessonCommand& check) const;
  std::string CheckCullingConservative() const;
  std::string CheckDrawnFraction(const LessonCommand& check) const;
  std::string CheckPainterOrder(const LessonCommand& check) const;
  std::string CheckCulledWalls(const LessonCommand& check) const;
  std::vector<long> BookNumbers(const std::vector<uint32_t>& polygons) const;

  AppContext& app_;
  Mode mode_ = Mode::kFrustum;
  Display display_ = Display::kSplit;
  Driven driven_ = Driven::kGod;
  Driven last_driven_ = Driven::kGod;
  bool first_frame_ = true;
  bool frame_god_ = true;
  Mode cameras_mode_ = Mode::kFrustum;  // the mode the cameras were last placed for
  bool cameras_placed_ = false;
  OrbitCamera god_, observer_;
  float far_scale_ = 1.6f;  // observer's far plane: distance + far_scale * scene radius
  bool show_grid_ = true;
  bool print_summary_ = false;  // --screenshot: print what the image shows, once
  int summary_frames_ = 0;

  // Backface (3.2.3.1).
  bool backface_culling_ = true;
  bool tint_culled_ = true;
  bool geometry_stage_ = false;  // cull by the projected sign instead of the angle test
  std::vector<uint8_t> backface_, backface_projected_;
  size_t backface_count_ = 0, backface_projected_count_ = 0, backface_disagree_ = 0;
  double backface_ms_ = 0.0;

  // Octree frustum culling (3.2.3.2).
  int model_generation_ = -1;
  std::vector<Triangle> triangles_;
  Octree octree_;
  OctreeCullResult cull_;
  bool cull_enabled_ = true;
  bool ghost_culled_ = true;
  CellOverlayOptions cell_options_{.show_outside = true, .leaves_only = true};
  double octree_build_ms_ = 0.0;

  // What the observer "sends to the pipeline" in the model modes, on the GPU.
  Mesh subset_mesh_;
  MeshBuffer subset_gpu_;
  bool draw_full_model_ = false;  // culling switched off: the app's own buffer of the model

  // BSP room (3.2.3.3).
  int heuristic_ = int(SplitterHeuristic::kFirst);  // the chapter's "arbitrariamente"
  int built_heuristic_ = -1;
  // The chapter's own example (figures 3.3 and 3.4) instead of the testbed's room.
  bool book_example_ = false;
  bool built_book_ = false;
  ChapterBspExample book_ = MakeChapterBspExample();
  Aabb room_footprint_;
  RoomScene room_;
  PolygonBsp bsp_;
  bool subtree_culling_ = true;
  bool show_numbers_ = true;
  std::vector<uint32_t> order_;      // the observer's back-to-front order
  std::vector<uint32_t> god_order_;  // the god view's, to paint its own picture
  std::vector<uint8_t> culled_nodes_;
  std::vector<int> position_of_;  // polygon -> drawing position (-1: culled)
  BspCullStats bsp_stats_;
  double bsp_ms_ = 0.0;

  Frustum frustum_;
  // The observer's picture's width over height, as the last frame laid it out (the right half of
  // a 16:9 window until then): lesson checks compute with it, so they judge what is drawn.
  float observer_aspect_ = 8.0f / 9.0f;
  std::vector<Label> labels_;
  bool figures_in_presenter_ = false;  // the last DrawFigures was presenter mode's
  std::vector<ImVec2> dividers_;       // x of split lines, window pixels (y unused)
  ImVec2 display_scale_{1, 1};
  UiInsets insets_;  // the UI along the window's edges this frame (ui_insets.h)
};

}  // namespace partlab
