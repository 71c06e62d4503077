// What the app keeps between runs (settings.ini, next to imgui.ini): read while InitEngine sets
// the engine up and written back by ReleaseEngine, the chapter's "Inicialização" and
// "Finalização" (papers/visualization-simulation-games.txt, section 3.2.2). A headless run reads
// and writes none of it.
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/app_params.h"
#include "app/engine_steps.h"
#include "app/param_settings.h"

namespace partlab {

namespace {

template <typename Row, typename T>
void LoadSettingRow(Engine& engine, const Row& row, T& value) {
  std::string note;
  LoadParam(engine.settings, row, value, note);
  if (note.empty()) return;
  engine.setting_notes.push_back("partlab: " + engine.settings.path() + ": " + note);
  std::fprintf(stderr, "%s\n", engine.setting_notes.back().c_str());
}

}  // namespace

void LoadSetting(Engine& engine, const Param<int>& row, int& value) {
  LoadSettingRow(engine, row, value);
}

void LoadSetting(Engine& engine, const BoolParam& row, bool& value) {
  LoadSettingRow(engine, row, value);
}

// The UI's language: --lang, else the one last chosen in the Scene panel (settings.ini), else the
// system's ($LC_ALL, $LC_MESSAGES or $LANG). An unknown saved value is a note, and English.
Language ChosenLanguage(Engine& engine) {
  Language language = LanguageFromEnvironment();
  const std::string saved = engine.settings.Get("language", "");
  const std::string& chosen = !engine.options.lang.empty() ? engine.options.lang : saved;
  if (!chosen.empty() && !ParseLanguage(chosen, &language)) {
    engine.setting_notes.push_back(
        "partlab: " + Formatted(_("%s: language '%s' is neither en nor pt_BR; English is used"),
                                engine.settings.path().c_str(), saved.c_str()));
    std::fprintf(stderr, "%s\n", engine.setting_notes.back().c_str());
    language = Language::kEnglish;
  }
  return language;
}

void RestoreCamera(Engine& engine) {
  const Settings& s = engine.settings;
  if (engine.headless || !s.Has("camera.distance") || s.Get("model", "") != engine.model.path())
    return;  // a different model than last time: framing it beats a stale camera
  OrbitCamera& c = engine.camera;
  const glm::vec3 target{s.GetFloat("camera.target.x", c.target.x),
                         s.GetFloat("camera.target.y", c.target.y),
                         s.GetFloat("camera.target.z", c.target.z)};
  const float distance = s.GetFloat("camera.distance", c.distance);
  const float yaw = s.GetFloat("camera.yaw", c.yaw), pitch = s.GetFloat("camera.pitch", c.pitch);
  // A NaN or infinite camera would draw nothing at all: keep the framing instead.
  if (!std::isfinite(target.x + target.y + target.z + distance + yaw + pitch)) {
    engine.setting_notes.push_back(
        "partlab: " + Formatted(_("%s: camera values are not finite; the model is framed instead"),
                                s.path().c_str()));
    std::fprintf(stderr, "%s\n", engine.setting_notes.back().c_str());
    return;
  }
  c.target = target;
  c.distance = std::clamp(distance, 1e-4f, 1e7f);
  c.yaw = yaw;
  c.pitch = std::clamp(pitch, -1.55f, 1.55f);
}

void SaveSettings(Engine& engine) {
  Settings& s = engine.settings;
  if (engine.scene_ui.language_chosen) s.Set("language", LanguageCode(CurrentLanguage()));
  if (engine.model.loaded()) s.Set("model", engine.model.path());
  s.Set("view", RegisteredViews()[engine.scene_ui.view_index].name);
  s.Set("shader", kLightingModels[engine.style.lighting].key);
  // The model's camera: a view without a model (the simulation) keeps its own camera.
  if (RegisteredViews()[engine.scene_ui.view_index].uses_model) {
    s.SetFloat("camera.target.x", engine.camera.target.x);
    s.SetFloat("camera.target.y", engine.camera.target.y);
    s.SetFloat("camera.target.z", engine.camera.target.z);
    s.SetFloat("camera.distance", engine.camera.distance);
    s.SetFloat("camera.yaw", engine.camera.yaw);
    s.SetFloat("camera.pitch", engine.camera.pitch);
  }
  int w = 0, h = 0;
  glfwGetWindowSize(engine.window, &w, &h);
  if (w > 0 && h > 0 && !glfwGetWindowAttrib(engine.window, GLFW_ICONIFIED)) {
    // Stored in screen coordinates; GLFW_SCALE_TO_MONITOR scales them again on creation.
    const float scale = ContentScale(engine.window);
    SaveParam(s, app_params::kWindowWidth, int(std::lround(w / scale)));
    SaveParam(s, app_params::kWindowHeight, int(std::lround(h / scale)));
  }
  SaveParam(s, app_params::kVsync, engine.vsync);
  if (!engine.software_gl)
    SaveParam(s, app_params::kMsaa, engine.msaa);  // software: 0 unless --msaa
  SaveParam(s, app_params::kGrid, engine.scene_ui.show_grid);
  SaveParam(s, app_params::kWireframe, engine.style.wireframe);
  SaveParam(s, app_params::kHelpPanel, engine.show_help);
  SaveParam(s, app_params::kStatsPanel, engine.show_stats);
  SaveParam(s, app_params::kScenePanel, engine.show_scene);
  if (const std::string error = s.Save(); !error.empty())
    std::fprintf(stderr, "partlab: %s\n", error.c_str());
}

}  // namespace partlab
