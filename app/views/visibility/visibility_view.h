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
// Each technique is a component with its state, panel section, drawing and summary line
// (vis_backface.h, vis_frustum_culling.h, vis_room_bsp.h); the view holds the cameras and lends
// the techniques the observer. The class is split by concern: visibility_view.cpp (cameras, the
// frame's layout and drawing), visibility_settings.cpp (--preset), visibility_panels.cpp (the
// panel), visibility_figures.cpp (what is drawn over the scene: the walls' numbers, the colour
// key), visibility_lesson_verbs.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "app/render/viewport_state.h"
#include "app/view.h"
#include "app/views/visibility/ui_insets.h"
#include "app/views/visibility/vis_backface.h"
#include "app/views/visibility/vis_frustum_culling.h"
#include "app/views/visibility/vis_observer_mesh.h"
#include "app/views/visibility/vis_room_bsp.h"
#include "app/views/visibility/vis_scene_labels.h"
#include "app/views/visibility/visibility_overlay.h"

struct ImDrawList;

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
  void CollectLabels(const Shot& shot, glm::vec2 framebuffer_size);
  glm::mat4 ObserverProjection(float aspect) const;
  float SceneRadius() const;
  void PrintSummary() const;

  void CameraGui();
  void ModeGui();
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

  // The three techniques, each with its state, panel section and drawing (3.2.3.1 - 3.2.3.3).
  BackfaceTechnique backface_;
  FrustumCulling frustum_culling_;
  RoomBsp room_bsp_;
  ObserverMesh subset_;  // what the observer "sends to the pipeline" in the model modes

  Frustum frustum_;
  // The observer's picture's width over height, as the last frame laid it out (the right half of
  // a 16:9 window until then): lesson checks compute with it, so they judge what is drawn.
  float observer_aspect_ = 8.0f / 9.0f;
  SceneLabels scene_labels_;
  bool figures_in_presenter_ = false;  // the last DrawFigures was presenter mode's
  UiInsets insets_;                    // the UI along the window's edges this frame (ui_insets.h)
};

}  // namespace partlab
