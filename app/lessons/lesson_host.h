// What the lessons need of the running app, declared here so that the dependency runs one way:
// the engine loop (app/engine_loop.h) owns a LessonSession and hands it an adapter of itself
// (engine_loop.cpp), and nothing under app/lessons/ includes the loop. A lesson step replaces the
// app's view, model, camera and style; an export or a video fixes the frame's time step and
// reads the framebuffer's size.
#pragma once

#include <glm/vec2.hpp>
#include <memory>

#include "app/command_line.h"
#include "app/model_library.h"
#include "app/render/scene_renderer.h"
#include "app/view.h"
#include "engine/view/orbit_camera.h"

namespace partlab {

class LessonHost {
 public:
  virtual ~LessonHost() = default;
  virtual const Options& options() const = 0;  // the app's command line (--lesson, --export, ...)
  // What a view built outside a lesson step is told (the fallback when a step's view fails).
  virtual const ViewStart& view_start() const = 0;
  virtual CurrentModel& model() = 0;
  virtual OrbitCamera& camera() = 0;
  virtual MeshStyle& style() = 0;
  // The view shown, replaced by each step (the old one goes before its replacement is built).
  virtual std::unique_ptr<View>& view() = 0;
  // The Scene panel's view list follows the step's view.
  virtual void SetViewIndex(int index) = 0;
  virtual glm::ivec2 FramebufferSize() const = 0;
  // >= 0: each frame advances the view by this many seconds instead of the wall clock's.
  virtual void SetFixedFrameSeconds(double seconds) = 0;
};

}  // namespace partlab
