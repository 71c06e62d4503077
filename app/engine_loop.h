// The chapter's engine skeleton (papers/visualization-simulation-games.txt, section 3.2.2) with
// its names, so a student can read the text and this file side by side:
//   InitEngine    window, rendering context, GL state, subsystems (UI, shaders, scene)
//   MainLoop      events, fixed-step update (on a worker thread beside RenderScene when the view
//                 allows it), RenderScene, swap
//   RenderScene   camera, clear, render state, draw the actors, overlays, UI
//   ReleaseEngine free everything, in the reverse order of InitEngine
// One file per part (app/engine_steps.h lists them): engine_init.cpp, engine_settings.cpp,
// engine_scene.cpp, engine_loop.cpp, engine_frame.cpp, engine_capture.cpp.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/command_line.h"
#include "app/double_click.h"
#include "app/engine_lesson_host.h"
#include "app/exit_codes.h"
#include "app/fixed_step_worker.h"
#include "app/frame_stats.h"
#include "app/lessons/lesson_session.h"
#include "app/model_library.h"
#include "app/panels/scene_panel.h"
#include "app/panels/stats_panel.h"
#include "app/render/debug_draw_renderer.h"
#include "app/render/gpu_timer.h"
#include "app/render/scene_renderer.h"
#include "app/render/screen_depth_mask.h"
#include "app/settings.h"
#include "app/video/video_recorder.h"
#include "app/view.h"
#include "app/welcome/welcome_window.h"
#include "engine/view/orbit_camera.h"

struct GLFWwindow;

namespace partlab {

struct Engine {
  Options options;
  ViewStart view_start;   // what the views are told of the command line (ViewStartOf(options))
  bool headless = false;  // --screenshot: no settings read or written, no help window, no vsync
  Settings settings;
  std::vector<std::string> setting_notes;  // settings.ini values clamped into range (stderr + UI)
  std::string imgui_ini;                   // must outlive ImGui (io.IniFilename points into it)

  GLFWwindow* window = nullptr;
  GlInfo gl;
  std::unique_ptr<SceneRenderer> renderer;
  std::unique_ptr<DebugDrawRenderer> overlays;
  std::unique_ptr<GpuTimer> gpu_timer;
  // The UI's opaque windows, written into the depth buffer before the scene (ScreenDepthMask).
  std::unique_ptr<ScreenDepthMask> ui_mask;
  std::vector<ScreenRect> ui_rects;  // this frame's, reused

  // Lessons (app/lessons/): the Lessons window, presenter mode, --export and lesson videos.
  // Declared before the view, which it lends what the step's view keeps references to.
  LessonSession lessons;
  EngineLessonHost lesson_host{*this};  // what the session is lent of the engine
  VideoRecorder video;                  // --video: every drawn frame goes to ffmpeg
  // >= 0: each frame advances the view by this many seconds instead of the wall clock's (an export
  // shows the state its actions left; a video runs at its own frame rate whatever the machine).
  double fixed_frame_seconds = -1.0;

  CurrentModel model;
  OrbitCamera camera;
  MeshStyle style;
  AppContext app{model, camera, view_start};
  std::unique_ptr<View> view;
  FixedStepWorker step_worker;  // the view's steps, beside RenderScene (View::StepsOffMainThread)

  ScenePanelState scene_ui;
  WelcomeWindow welcome;  // the views and the lessons, on the first start (app/welcome/)
  SceneCommands pending;  // what the panels asked for this frame, done after RenderScene
  FrameStats stats;
  bool show_help = false, show_stats = true, show_scene = true;
  bool vsync = true;
  int msaa = 4;              // samples per pixel of the window's framebuffer
  bool software_gl = false;  // Mesa llvmpipe or softpipe: no MSAA, coarser display meshes
  // $PARTLAB_ORBIT_DEG: the camera turns this many degrees per frame, so a --frames run measures a
  // moving camera (every frame drawn afresh) rather than a still one.
  float orbit_deg_per_frame = 0.0f;
  bool ui_rescale = false;     // the window moved to a monitor with another content scale
  double last_activity = 0.0;  // glfwGetTime() of the last input event
  // Double clicks are told from the button events as they arrive (app/double_click.h); the window
  // point of one not yet handled.
  DoubleClickDetector double_click;
  std::optional<glm::vec2> double_click_at;
  bool idle = false;  // no recent input: the loop waits for events between frames
  bool screenshot_requested = false;
  int screenshots_saved = 0;
  size_t overlay_lines = 0, overlay_points = 0, overlay_triangles = 0;
};

int InitEngine(Engine& engine);  // kExitOk, or the exit code after printing one error line
int MainLoop(Engine& engine);    // returns the process exit code
// The camera's matrices for one frame and the framebuffer they are for.
struct FrameMatrices {
  CameraMatrices matrices;
  glm::vec2 framebuffer_size;
};
void RenderScene(Engine& engine, const FrameMatrices& frame);
void ReleaseEngine(Engine& engine);

}  // namespace partlab
