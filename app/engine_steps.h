// The steps the chapter's four functions (papers/visualization-simulation-games.txt, section
// 3.2.2; app/engine_loop.h) are made of, shared between the files that hold them. One file per
// part of the skeleton:
//   engine_init.cpp      "Inicialização" and "Finalização": InitEngine, ReleaseEngine, the window,
//                        the OpenGL context, the UI and the renderers
//   engine_settings.cpp  settings.ini read at start and written at the end, the UI's language
//   engine_scene.cpp     the first scene: the model, its camera and the view; later switches
//   engine_loop.cpp      "Laço principal": MainLoop, events, input, the fixed steps
//   engine_frame.cpp     the redraw: the panels, RenderScene, the overlays
//   engine_capture.cpp   the headless path: --screenshot, --video and a measured run (--frames N)
// Only those files include this header; the rest of the app sees app/engine_loop.h.
#pragma once

#include <ctime>
#include <string>

#include <glm/vec3.hpp>

#include "app/engine_loop.h"
#include "app/i18n/translate.h"
#include "engine/params/param.h"

namespace partlab {

// The backdrop's gradient: InitEngine clears to its bottom colour, RenderScene draws it whole.
inline const glm::vec3 kBackdropTop{0.22f, 0.24f, 0.29f};
inline const glm::vec3 kBackdropBottom{0.05f, 0.055f, 0.07f};

// --- engine_init.cpp ----------------------------------------------------------------------------
float ContentScale(GLFWwindow* window);  // the monitor's content scale, clamped to 1..4
// After the window moved to a monitor with another content scale: the fonts again at its size.
void RescaleUiIfNeeded(Engine& engine);

// --- engine_settings.cpp ------------------------------------------------------------------------
// A value of settings.ini read through its parameter row (app/app_params.h): out of range, not a
// number or not finite, it is enforced, and one line naming the file says so.
void LoadSetting(Engine& engine, const Param<int>& row, int& value);
void LoadSetting(Engine& engine, const BoolParam& row, bool& value);
Language ChosenLanguage(Engine& engine);
// The camera settings.ini kept for this model; another model's (or a non-finite one) is ignored.
void RestoreCamera(Engine& engine);
void SaveSettings(Engine& engine);

// --- engine_scene.cpp ---------------------------------------------------------------------------
// One status line in the Scene panel (red when `is_error`), and on stderr.
void ShowStatus(Engine& engine, const std::string& line, bool is_error);
void FrameModel(Engine& engine);
int InitScene(Engine& engine);  // kExitOk, or the exit code after printing one error line
void SwitchView(Engine& engine, int index);
void OpenModel(Engine& engine, const std::string& path);

// --- engine_frame.cpp ---------------------------------------------------------------------------
// The camera for this frame (the chapter's gluLookAt + SetupCamera), shared by PrepareFrame and
// RenderScene.
FrameMatrices CurrentFrameMatrices(const Engine& engine);
// The frame's CPU side, before any step of this frame runs: the panels (which may change the
// view's state), then what the view copies out of its state for drawing.
void PrepareFrame(Engine& engine, const FrameMatrices& frame);

// --- engine_capture.cpp -------------------------------------------------------------------------
int StartVideo(Engine& engine);  // --video FILE.mp4: kExitOk, or the exit code after one line
// --video: the frame just drawn goes to ffmpeg.
int RecordFrame(Engine& engine, int width, int height);
// --screenshot after --frames N frames: writes the picture and what a scripted run reads on
// stdout (the file, the cut-off windows, the frame medians); returns the exit code.
int WriteScriptedScreenshot(Engine& engine, int frames_rendered, int width, int height);
// P: the next partlab-screenshot-N.png in the working directory, reported in the Scene panel.
void SaveRequestedScreenshot(Engine& engine);
// A measured run (--frames N) says what the view counted before the view goes.
void ReportMeasuredRun(const Engine& engine);
double CpuMs(clockid_t clock);  // the clock's reading in milliseconds

}  // namespace partlab
