// The scene the engine shows: the model, the camera framing it and the current view. InitEngine
// sets up the first (the chapter's "Inicialização", papers/visualization-simulation-games.txt,
// section 3.2.2, where the other subsystems are initialised); the main loop opens another model
// or switches the view between frames, when the panels ask.
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdio>

#include "app/app_params.h"
#include "app/engine_steps.h"

namespace partlab {

namespace {

// --model, else the last model, else the default scene; a model that fails to load is reported
// and the next candidate is tried. A --screenshot run with a bad --model stops instead: a
// scripted image of the wrong model would be silently wrong.
int InitModel(Engine& engine) {
  if (!engine.options.model.empty()) {
    const std::string error = engine.model.Open(engine.options.model);
    if (!error.empty()) {
      ShowStatus(engine, error, true);  // the default scene is shown, with the error line
    }
  }
  const std::string last = engine.headless ? "" : engine.settings.Get("model", "");
  if (!engine.model.loaded() && !last.empty()) {
    const std::string error = engine.model.Open(last);
    if (!error.empty()) ShowStatus(engine, error, true);
  }
  if (!engine.model.loaded()) {
    std::string note;
    const std::string path = DefaultModelPath(note);
    if (!note.empty()) ShowStatus(engine, note, false);
    const std::string error = engine.model.Open(path);
    if (!error.empty()) ShowStatus(engine, error, true);
  }
  return kExitOk;
}

void InitCamera(Engine& engine) {
  FrameModel(engine);
  RestoreCamera(engine);
}

// The model a view without one left deferred, read when a view that uses it is shown; a file
// that fails falls back to the default scene, as at start-up.
void LoadDeferredModel(Engine& engine) {
  if (engine.model.loaded() || engine.model.deferred().empty()) return;
  if (const std::string error = engine.model.OpenDeferred(); !error.empty())
    ShowStatus(engine, error, true);
  if (!engine.model.loaded()) {
    std::string note;
    const std::string path = DefaultModelPath(note);
    if (!note.empty()) ShowStatus(engine, note, false);
    if (const std::string error = engine.model.Open(path); !error.empty())
      ShowStatus(engine, error, true);
  }
  FrameModel(engine);
}

}  // namespace

void ShowStatus(Engine& engine, const std::string& line, bool is_error) {
  std::fprintf(stderr, "%s\n", line.c_str());
  engine.scene_ui.status = line;
  engine.scene_ui.status_is_error = is_error;
}

void FrameModel(Engine& engine) {
  int w = 1, h = 1;
  glfwGetFramebufferSize(engine.window, &w, &h);
  engine.camera.FramePoints(engine.model.mesh().positions, h > 0 ? float(w) / float(h) : 1.0f);
}

void SwitchView(Engine& engine, int index) {
  if (RegisteredViews()[index].uses_model) LoadDeferredModel(engine);
  ReportMeasuredRun(engine);
  EndView(engine.view);  // the old view saves its settings and lets go of its GPU resources first
  engine.view = CreateView(RegisteredViews()[index], engine.app);
  engine.scene_ui.view_index = index;
}

int InitScene(Engine& engine) {
  const Settings& s = engine.settings;
  const std::string view_name =
      !engine.options.view.empty() ? engine.options.view : s.Get("view", "Mesh viewer");
  int view = FindView(view_name);
  if (view < 0 && !engine.options.view.empty()) {
    std::fprintf(stderr, "partlab: unknown --view '%s'\n", view_name.c_str());
    return kExitBadInput;
  }
  if (view < 0) view = std::max(FindView("Mesh viewer"), 0);
  if (RegisteredViews()[view].uses_model) {
    if (const int code = InitModel(engine); code != kExitOk) return code;
    InitCamera(engine);
  } else {  // lazy: the first view that uses a model reads it (LoadDeferredModel)
    std::string note;
    const std::string last = engine.headless ? "" : s.Get("model", "");
    engine.model.Defer(!engine.options.model.empty() ? engine.options.model
                       : !last.empty()               ? last
                                                     : DefaultModelPath(note));
  }
  const std::string shader =
      !engine.options.shader.empty() ? engine.options.shader : s.Get("shader", "");
  if (const int index = LightingModelIndex(shader); index >= 0) {
    engine.style.lighting = index;
  } else if (!engine.options.shader.empty()) {
    std::fprintf(stderr, "partlab: unknown --shader '%s' (chapter_vertex_lighting, blinn_phong)\n",
                 shader.c_str());
    return kExitBadInput;
  }
  LoadSetting(engine, app_params::kWireframe, engine.style.wireframe);
  if (engine.options.wireframe) engine.style.wireframe = true;
  LoadSetting(engine, app_params::kGrid, engine.scene_ui.show_grid);
  SwitchView(engine, view);
  LoadSetting(engine, app_params::kHelpPanel, engine.show_help);
  engine.show_help = !engine.headless && (s.first_run() || engine.show_help);
  LoadSetting(engine, app_params::kStatsPanel, engine.show_stats);
  LoadSetting(engine, app_params::kScenePanel, engine.show_scene);
  if (engine.headless) engine.show_stats = engine.show_scene = true;
  if (engine.options.no_ui) engine.show_help = engine.show_stats = engine.show_scene = false;
  return kExitOk;
}

void OpenModel(Engine& engine, const std::string& path) {
  const std::string error = engine.model.Open(path);
  if (!error.empty()) {
    ShowStatus(engine, error, true);  // the current model stays
    return;
  }
  engine.scene_ui.status.clear();
  FrameModel(engine);
}

}  // namespace partlab
