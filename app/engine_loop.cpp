// The chapter's "Laço principal" (papers/visualization-simulation-games.txt, section 3.2.2): "O
// laço principal destina-se a capturar e tratar eventos (de janela, entrada de dados, etc.) e
// redesenhar a cena. O tratamento de um evento pode resultar na execução de um passo da simulação
// física". The redraw is engine_frame.cpp's; the other parts of the skeleton are listed in
// app/engine_steps.h.
#include "app/engine_loop.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <cfloat>
#include <chrono>
#include <cstdio>
#include <utility>

#include <glm/trigonometric.hpp>

#include "app/camera_input.h"
#include "app/engine_steps.h"
#include "app/render/render_state.h"
#include "engine/paths/data_paths.h"

namespace partlab {

namespace {

constexpr double kIdleAfter = 1.0;  // seconds without input before the loop sleeps
constexpr double kIdleWait = 0.25;  // the stats still refresh four times a second

// Poll when something is happening; otherwise sleep until an event (or a short timeout, so the
// stats keep updating). A minimised window (0x0 framebuffer) always sleeps: nothing to draw.
void WaitOrPollEvents(Engine& engine) {
  int w = 0, h = 0;
  glfwGetFramebufferSize(engine.window, &w, &h);
  const bool minimised = w == 0 || h == 0 || glfwGetWindowAttrib(engine.window, GLFW_ICONIFIED);
  // A measured run (--frames N) and a turning camera ($PARTLAB_ORBIT_DEG) never sleep: their
  // frame intervals are what the frame-rate targets are about.
  const bool measuring = engine.options.frames > 0 || engine.orbit_deg_per_frame != 0.0f;
  const bool idle = !engine.headless && !measuring && !engine.view->Animating() &&
                    glfwGetTime() - engine.last_activity > kIdleAfter;
  engine.idle = idle;
  if (minimised || idle)
    glfwWaitEventsTimeout(kIdleWait);
  else
    glfwPollEvents();
}

void ApplyInput(Engine& engine, const InputActions& in) {
  if (in.camera_moved) engine.last_activity = glfwGetTime();
  if (in.pick) {
    int w = 1, h = 1;
    glfwGetFramebufferSize(engine.window, &w, &h);
    engine.view->Pick(engine.camera.RayThroughPixel(in.pick_pixel, glm::vec2(w, h)));
  }
  if (in.frame_model) FrameModel(engine);
  if (in.reload_shaders) engine.pending.reload_shaders = true;
  if (in.toggle_vsync) {
    engine.vsync = !engine.vsync;
    glfwSwapInterval(engine.vsync ? 1 : 0);
  }
  if (in.toggle_grid) engine.scene_ui.show_grid = !engine.scene_ui.show_grid;
  if (in.toggle_wireframe) engine.style.wireframe = !engine.style.wireframe;
  if (in.toggle_help) engine.show_help = !engine.show_help;
  if (in.save_screenshot) engine.screenshot_requested = true;
  if (in.lighting_model >= 0 && in.lighting_model < kLightingModelCount)
    engine.style.lighting = in.lighting_model;
  if (in.quit) glfwSetWindowShouldClose(engine.window, GLFW_TRUE);
}

// What the panels asked for during RenderScene, done between frames.
void ApplyPanelCommands(Engine& engine) {
  SceneCommands commands = std::move(engine.pending);
  engine.pending = {};
  if (!commands.open_path.empty()) OpenModel(engine, commands.open_path);
  if (commands.switch_view >= 0) SwitchView(engine, commands.switch_view);
  if (commands.frame_model) FrameModel(engine);
  if (commands.reload_shaders) {
    const auto errors = engine.renderer->Load(ShaderDirectory());
    for (const std::string& error : errors) ShowStatus(engine, "partlab: " + error, true);
    if (errors.empty())
      engine.scene_ui.status = Formatted(_("Shaders reloaded from %s"), ShaderDirectory().c_str());
    engine.scene_ui.status_is_error = !errors.empty();
  }
}

void RunSteps(View& view, int steps) {
  const float dt = float(view.stepping().step_seconds());
  for (int i = 0; i < steps; ++i) view.Step(dt);
}

}  // namespace

// Section 3.2.2, "Laço principal": capture and treat events (input moves the camera or issues
// commands), advance the simulation by fixed steps, redraw the scene, swap the buffers.
int MainLoop(Engine& engine) {
  using Clock = std::chrono::steady_clock;
  const auto loop_start = Clock::now();
  auto previous = loop_start;
  int frames_rendered = 0;
  while (!glfwWindowShouldClose(engine.window)) {
    WaitOrPollEvents(engine);
    int w = 0, h = 0;
    glfwGetFramebufferSize(engine.window, &w, &h);
    if (w == 0 || h == 0) {  // minimised: nothing to draw, and time should not pile up
      previous = Clock::now();
      continue;
    }
    const auto frame_start = Clock::now();
    const double process_cpu_start = CpuMs(CLOCK_PROCESS_CPUTIME_ID);
    const double thread_cpu_start = CpuMs(CLOCK_THREAD_CPUTIME_ID);
    const double dt = std::chrono::duration<double>(frame_start - previous).count();
    previous = frame_start;

    RescaleUiIfNeeded(engine);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    // A headless picture is scripted: the X server's pointer, which no one placed (xvfb starts it
    // at the screen's centre), must not hover a widget or the scene and draw a tooltip into it.
    if (engine.headless) ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    ImGui::NewFrame();
    ApplyInput(engine,
               ReadInput(engine.camera, float(dt), std::exchange(engine.double_click_at, {})));

    engine.camera.yaw += glm::radians(engine.orbit_deg_per_frame);
    // Fixed-step update: the simulation advances in equal steps whatever the frame rate; a long
    // stall (a model load) is clamped instead of being replayed as a burst of steps. The view's
    // base owns the accumulator, and with it play, pause and single step.
    const int steps = engine.view->stepping().StepsDue(
        engine.fixed_frame_seconds >= 0 ? engine.fixed_frame_seconds : dt);
    // What is drawn is the state the last steps left; the steps taken now show in the next frame.
    // A view that allows it steps on the worker thread while this one submits the frame (physics
    // beside draw submission, on two cores); the others step after the frame is flushed, so that
    // on llvmpipe its rasteriser threads draw while the simulation advances.
    const FrameMatrices frame = CurrentFrameMatrices(engine);
    PrepareFrame(engine, frame);
    View& view = *engine.view;
    const bool steps_off_main = steps > 0 && view.StepsOffMainThread();
    if (steps_off_main) engine.step_worker.Start([&view, steps] { RunSteps(view, steps); });
    RenderScene(engine, frame);
    FlushCommands();
    if (steps_off_main)
      engine.step_worker.Join();
    else
      RunSteps(view, steps);
    const double cpu_ms =
        std::chrono::duration<double, std::milli>(Clock::now() - frame_start).count();

    ++frames_rendered;
    if (!engine.options.screenshot.empty() && frames_rendered >= engine.options.frames)
      return WriteScriptedScreenshot(engine, frames_rendered, w, h);
    if (engine.options.frames > 0 && frames_rendered >= engine.options.frames)
      glfwSetWindowShouldClose(engine.window, GLFW_TRUE);
    if (const int code = RecordFrame(engine, w, h); code != kExitOk) return code;
    if (const int code = engine.lessons.AfterFrame(engine.lesson_host); code >= 0) return code;
    if (engine.screenshot_requested) SaveRequestedScreenshot(engine);
    glfwSwapBuffers(engine.window);
    if (frames_rendered == 1 && !engine.headless) {  // scripts driving the window wait for it
      std::printf("partlab: first frame shown after %.0f ms\n",
                  std::chrono::duration<double, std::milli>(Clock::now() - loop_start).count());
      std::fflush(stdout);
    }
    engine.stats.Record(dt * 1000.0, cpu_ms, engine.gpu_timer->last_ms(),
                        CpuMs(CLOCK_PROCESS_CPUTIME_ID) - process_cpu_start,
                        CpuMs(CLOCK_THREAD_CPUTIME_ID) - thread_cpu_start);
    ApplyPanelCommands(engine);
    engine.lessons.ApplyPending(engine.lesson_host);
  }
  if (engine.options.frames > 0) PrintFrameMedians(engine.stats);  // --frames N: a measured run
  return kExitOk;
}

}  // namespace partlab
