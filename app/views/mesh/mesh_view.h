// The first view: the current model, lit by the chosen shader (chapter 3.2.4), with its bounding
// box and the triangle under a double-click. For the chapter's lessons it can also show the engine
// skeleton's loop as this app runs it (mesh_loop_window.cpp) and take lesson verbs
// (mesh_lesson_verbs.cpp).
#pragma once

#include <array>
#include <chrono>
#include <glm/vec3.hpp>

#include "app/view.h"

namespace partlab::mesh_view {

class MeshView final : public View {
 public:
  explicit MeshView(AppContext& app) : View(app), app_(app) {}

  void Step(float dt) override;
  void Prepare(const RenderContext& ctx, DebugDraw& draw) override;
  void Render(const RenderContext& ctx, DebugDraw& draw) override;
  bool Pick(const PickRay& ray) override;
  void UpdateGui() override;
  void UpdateWindows() override;
  void DrawFigures(const FigureArea& area) override;  // the engine skeleton's loop

  std::string RunLessonAction(const LessonCommand& action) override;
  std::string CheckLessonClaim(const LessonCommand& check) override;
  static std::span<const LessonVerbRow<MeshView>> LessonVerbTable();

 private:
  void DrawPicked(DebugDraw& draw);
  void LoopWindow(const FigureArea& area);
  void FrameIntervalPlot(float pad) const;
  void RecordFrame();
  std::string CheckFixedSteps(const LessonCommand& check);
  std::string CheckPickedIsNearest() const;
  std::string CheckTriangleCount(const LessonCommand& check) const;
  std::string CheckBoundsEncloseMesh() const;

  AppContext& app_;
  bool show_bounds_ = false;
  long picked_ = -1;
  int picked_generation_ = 0;
  glm::vec3 picked_point_{0.0f};
  PickRay picked_ray_{};  // the ray of the last pick, for the lesson check

  // The engine skeleton as it runs (section 3.2.2): how often MainLoop called the view's hooks,
  // and the intervals between RenderScene calls (a plot like the stats panel's frame times).
  bool show_loop_ = false;
  long steps_ = 0, prepares_ = 0, renders_ = 0;
  double simulated_seconds_ = 0.0;  // the sum of the fixed steps' dt
  using Clock = std::chrono::steady_clock;
  Clock::time_point last_render_{};
  std::array<float, 120> frame_ms_{};  // a ring, oldest at next_frame_
  int next_frame_ = 0;
  const char* lighting_ = "";  // the lighting model RenderScene used last
};

}  // namespace partlab::mesh_view
