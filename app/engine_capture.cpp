// The headless path: a scripted picture (--screenshot after --frames N), a video (--video, every
// drawn frame piped to ffmpeg), a measured run's report (--frames N), and the P key's screenshot.
// Each reads the back buffer the chapter's RenderScene just drew, before MainLoop swaps it
// (papers/visualization-simulation-games.txt, section 3.2.2: "Depois de renderizar tudo realiza o
// swap de buffers").
#include <GLFW/glfw3.h>

#include <cstdio>
#include <vector>

#include "app/engine_steps.h"
#include "app/panels/cut_off_windows.h"
#include "app/render/screenshot.h"

namespace partlab {

namespace {

// Writes the back buffer (what RenderScene just drew); returns "" or the error line.
std::string SaveScreenshot(Engine& engine, const std::string& path) {
  int w = 0, h = 0;
  glfwGetFramebufferSize(engine.window, &w, &h);
  return WriteBackBufferPng(path, w, h);
}

}  // namespace

int StartVideo(Engine& engine) {
  if (engine.options.video.empty()) return kExitOk;
  int w = 0, h = 0;
  glfwGetFramebufferSize(engine.window, &w, &h);
  if (const std::string error = engine.video.Start(engine.options.video, w, h); !error.empty()) {
    std::fprintf(stderr, "partlab: %s\n", error.c_str());
    return kExitRuntimeError;
  }
  // A view's run is recorded at the video's own rate, whatever the machine's speed.
  if (engine.options.lesson.empty())
    engine.fixed_frame_seconds = 1.0 / VideoRecorder::kFramesPerSecond;
  return kExitOk;
}

int RecordFrame(Engine& engine, int width, int height) {
  if (!engine.video.recording()) return kExitOk;
  static std::vector<unsigned char> rgb;  // one frame's pixels, reused
  ReadBackBufferRgb(width, height, rgb);
  if (const std::string error = engine.video.AddFrame(rgb); !error.empty()) {
    std::fprintf(stderr, "partlab: %s\n", error.c_str());
    return kExitRuntimeError;
  }
  return kExitOk;
}

// The lines tests and scripts parse stay English: "partlab: wrote", "partlab: cut off:" (the
// projector check, app/panels/cut_off_windows.h) and the frame medians.
int WriteScriptedScreenshot(Engine& engine, int frames_rendered, int width, int height) {
  const std::string error = SaveScreenshot(engine, engine.options.screenshot);
  if (!error.empty()) {
    std::fprintf(stderr, "partlab: %s\n", error.c_str());
    return kExitRuntimeError;
  }
  std::printf("partlab: wrote %s (%dx%d, %d frames)\n", engine.options.screenshot.c_str(), width,
              height, frames_rendered);
  for (const std::string& line : CutOffWindows())
    std::printf("partlab: cut off: %s\n", line.c_str());
  PrintFrameMedians(engine.stats);
  return kExitOk;
}

void SaveRequestedScreenshot(Engine& engine) {
  engine.screenshot_requested = false;
  const std::string path =
      "partlab-screenshot-" + std::to_string(++engine.screenshots_saved) + ".png";
  const std::string error = SaveScreenshot(engine, path);
  ShowStatus(engine, error.empty() ? Formatted(_("Saved %s"), path.c_str()) : "partlab: " + error,
             !error.empty());
}

void ReportMeasuredRun(const Engine& engine) {
  if (engine.options.frames <= 0 || !engine.view) return;
  if (const std::string report = engine.view->MeasuredRunReport(); !report.empty())
    std::printf("%s\n", report.c_str());
}

double CpuMs(clockid_t clock) {
  timespec t{};
  clock_gettime(clock, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

}  // namespace partlab
