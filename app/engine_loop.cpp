#include "app/engine_loop.h"

#include "app/app_params.h"
#include "app/param_settings.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <utility>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <glm/common.hpp>
#include <glm/trigonometric.hpp>

#include "app/camera_input.h"
#include "app/i18n/translate.h"
#include "app/panels/cut_off_windows.h"
#include "app/panels/help_panel.h"
#include "app/panels/status_bar.h"
#include "app/render/instanced_body_renderer.h"
#include "app/render/render_state.h"
#include "app/render/screenshot.h"
#include "app/render/shader_program.h"
#include "app/ui_opaque_windows.h"
#include "app/ui_style.h"
#include "app/welcome/first_run_scene.h"
#include "engine/view/ground_grid.h"

namespace partlab {

namespace {

constexpr const char* kHeadlessHint =
    "xvfb-run -a -s \"-screen 0 1920x1080x24\" partlab --screenshot out.png --frames 5";
constexpr double kIdleAfter = 1.0;  // seconds without input before the loop sleeps
constexpr double kIdleWait = 0.25;  // the stats still refresh four times a second
// Under llvmpipe, the most triangles a model is drawn with (mesh_lod.h): about one per pixel the
// dragon covers at 1280x720, where the full 202,520 cost three times as much for the same image.
constexpr size_t kSoftwareDisplayTriangles = 60000;
const glm::vec3 kBackdropTop{0.22f, 0.24f, 0.29f};
const glm::vec3 kBackdropBottom{0.05f, 0.055f, 0.07f};

std::string g_glfw_error;  // GLFW reports errors through a callback; the caller prints one line

bool HasDisplay() {
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x11 && *x11) || (wayland && *wayland);
}

// Any input event keeps the loop awake; GLFW calls these before ImGui's own (chained) handlers.
void NoteActivity(GLFWwindow* window) {
  static_cast<Engine*>(glfwGetWindowUserPointer(window))->last_activity = glfwGetTime();
}

void InstallActivityCallbacks(Engine& engine) {
  glfwSetWindowUserPointer(engine.window, &engine);
  glfwSetCursorPosCallback(engine.window, [](GLFWwindow* w, double, double) { NoteActivity(w); });
  glfwSetMouseButtonCallback(engine.window, [](GLFWwindow* w, int button, int action, int) {
    NoteActivity(w);
    if (button != GLFW_MOUSE_BUTTON_LEFT || action != GLFW_PRESS) return;
    double x = 0.0, y = 0.0;
    glfwGetCursorPos(w, &x, &y);
    Engine& owner = *static_cast<Engine*>(glfwGetWindowUserPointer(w));
    if (owner.double_click.Press(glfwGetTime(), glm::vec2(float(x), float(y))))
      owner.double_click_at = glm::vec2(float(x), float(y));
  });
  glfwSetScrollCallback(engine.window, [](GLFWwindow* w, double, double) { NoteActivity(w); });
  glfwSetKeyCallback(engine.window, [](GLFWwindow* w, int, int, int, int) { NoteActivity(w); });
  glfwSetCharCallback(engine.window, [](GLFWwindow* w, unsigned) { NoteActivity(w); });
  glfwSetFramebufferSizeCallback(engine.window, [](GLFWwindow* w, int, int) { NoteActivity(w); });
  glfwSetWindowContentScaleCallback(engine.window, [](GLFWwindow* w, float, float) {
    static_cast<Engine*>(glfwGetWindowUserPointer(w))->ui_rescale = true;
  });
}

// A value of settings.ini read through its parameter row (app/app_params.h): out of range, not a
// number or not finite, it is enforced, and one line naming the file says so.
template <typename Row, typename T>
void LoadSetting(Engine& engine, const Row& row, T& value) {
  std::string note;
  LoadParam(engine.settings, row, value, note);
  if (note.empty()) return;
  engine.setting_notes.push_back("partlab: " + engine.settings.path() + ": " + note);
  std::fprintf(stderr, "%s\n", engine.setting_notes.back().c_str());
}

// --- InitEngine's steps --------------------------------------------------------------------------

// The window with its OpenGL 3.3 core context made current, or one line saying why there is none.
bool OpenWindow(Engine& engine, int width, int height) {
  engine.window = glfwCreateWindow(width, height, "Partition Lab", nullptr, nullptr);
  if (!engine.window) {
    std::fprintf(stderr, "partlab: OpenGL 3.3 core profile is not available (%s)\n",
                 g_glfw_error.c_str());
    return false;
  }
  glfwMakeContextCurrent(engine.window);
  return true;
}

int CreateWindowAndContext(Engine& engine) {
  if (!HasDisplay()) {
    std::fprintf(stderr, "partlab: no display (DISPLAY is not set); headless: %s\n", kHeadlessHint);
    return kExitNoDisplay;
  }
  glfwSetErrorCallback([](int, const char* text) { g_glfw_error = text; });
  if (!glfwInit()) {
    std::fprintf(stderr, "partlab: cannot open the display (%s); headless: %s\n",
                 g_glfw_error.c_str(), kHeadlessHint);
    return kExitNoDisplay;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  // Multisampling: smooth edges on a GPU; on Mesa llvmpipe it triples the frame time (the
  // resolve runs on the CPU), hence --msaa 0 for software rendering.
  engine.msaa = engine.options.msaa >= 0 ? engine.options.msaa : app_params::kMsaa.fallback;
  if (engine.options.msaa < 0) LoadSetting(engine, app_params::kMsaa, engine.msaa);
  glfwWindowHint(GLFW_SAMPLES, engine.msaa);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, engine.headless ? GLFW_FALSE : GLFW_TRUE);
  // --size was clamped by ParseCommandLine; a hand-edited settings file is clamped here.
  int width = app_params::kWindowWidth.fallback, height = app_params::kWindowHeight.fallback;
  if (engine.options.width > 0) {
    width = engine.options.width;
    height = engine.options.height;
  } else {
    LoadSetting(engine, app_params::kWindowWidth, width);
    LoadSetting(engine, app_params::kWindowHeight, height);
  }
  if (!OpenWindow(engine, width, height)) return kExitNoOpenGL33;
  const int version =
      LoadOpenGlFunctions(reinterpret_cast<void* (*)(const char*)>(glfwGetProcAddress));
  if (version < 33) {
    std::fprintf(stderr, "partlab: OpenGL 3.3 core profile is not available (loader found %d.%d)\n",
                 version / 10, version % 10);
    return kExitNoOpenGL33;
  }
  const GlDriverStrings driver = ReadGlDriverStrings();
  engine.gl = {driver.vendor, driver.renderer, driver.version};
  std::printf("partlab: OpenGL %s | %s | %s\n", engine.gl.version.c_str(), engine.gl.vendor.c_str(),
              engine.gl.renderer.c_str());
  std::fflush(stdout);
  engine.software_gl = IsSoftwareRenderer(engine.gl.renderer);
  // The sample count is fixed when the window is created, and which renderer we got is known only
  // afterwards: under software rendering, unless --msaa asked for samples, open it again without.
  if (engine.software_gl && engine.options.msaa < 0 && engine.msaa > 0) {
    glfwDestroyWindow(engine.window);
    engine.msaa = 0;
    glfwWindowHint(GLFW_SAMPLES, 0);
    if (!OpenWindow(engine, width, height)) return kExitNoOpenGL33;
    LoadOpenGlFunctions(reinterpret_cast<void* (*)(const char*)>(glfwGetProcAddress));
  }
  engine.vsync = app_params::kVsync.fallback;
  LoadSetting(engine, app_params::kVsync, engine.vsync);
  engine.vsync = engine.vsync && !engine.headless;
  glfwSwapInterval(engine.vsync ? 1 : 0);
  InstallActivityCallbacks(engine);
  return kExitOk;
}

float ContentScale(GLFWwindow* window) {
  float x = 1.0f, y = 1.0f;
  glfwGetWindowContentScale(window, &x, &y);
  return std::clamp(std::max(x, y), 1.0f, 4.0f);
}

void InitUi(Engine& engine) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  // Panel layout persists in imgui.ini next to settings.ini; a screenshot run touches neither.
  io.IniFilename = nullptr;
  if (!engine.headless) {
    std::error_code ec;
    std::filesystem::create_directories(ConfigDirectory(), ec);
    engine.imgui_ini = ConfigDirectory() + "/imgui.ini";
    io.IniFilename = engine.imgui_ini.c_str();
  }
  const float scale = ContentScale(engine.window);
  if (scale != 1.0f) std::printf("partlab: UI scale %.2g (the monitor's content scale)\n", scale);
  ApplyUiStyle(scale, engine.software_gl);
  ImGui_ImplGlfw_InitForOpenGL(engine.window, true);  // chains to our activity callbacks
  ImGui_ImplOpenGL3_Init("#version 330 core");
}

int InitRenderers(Engine& engine) {
  engine.renderer = std::make_unique<SceneRenderer>();
  for (const std::string& error : engine.renderer->Load(ShaderDirectory()))
    std::fprintf(stderr, "partlab: %s\n", error.c_str());
  if (!engine.renderer->Complete()) {
    std::fprintf(stderr, "partlab: cannot start without the shaders above\n");
    return kExitShaders;
  }
  engine.overlays = std::make_unique<DebugDrawRenderer>();
  engine.gpu_timer = std::make_unique<GpuTimer>();
  engine.ui_mask = std::make_unique<ScreenDepthMask>();
  // Without it the scene under the panels is shaded too: slower, the same picture.
  if (!engine.ui_mask->error().empty())
    std::fprintf(stderr, "partlab: %s\n", engine.ui_mask->error().c_str());
  return kExitOk;
}

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

// The UI's language: --lang, else the one last chosen in the Scene panel (settings.ini), else the
// system's ($LC_ALL, $LC_MESSAGES or $LANG). An unknown saved value is a note, and English.
Language ChosenLanguage(Engine& engine) {
  Language language = LanguageFromEnvironment();
  const std::string saved = engine.settings.Get("language", "");
  const std::string& chosen = !engine.options.lang.empty() ? engine.options.lang : saved;
  if (!chosen.empty() && !ParseLanguage(chosen, &language)) {
    engine.setting_notes.push_back("partlab: " + engine.settings.path() + ": language '" + saved +
                                   "' is neither en nor pt_BR; English is used");
    std::fprintf(stderr, "%s\n", engine.setting_notes.back().c_str());
    language = Language::kEnglish;
  }
  return language;
}

void InitCamera(Engine& engine) {
  FrameModel(engine);
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
    engine.setting_notes.push_back("partlab: " + s.path() +
                                   ": camera values are not finite; the model is framed instead");
    std::fprintf(stderr, "%s\n", engine.setting_notes.back().c_str());
    return;
  }
  c.target = target;
  c.distance = std::clamp(distance, 1e-4f, 1e7f);
  c.yaw = yaw;
  c.pitch = std::clamp(pitch, -1.55f, 1.55f);
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

// A measured run (--frames N) says what the view counted before the view goes.
void ReportMeasuredRun(const Engine& engine) {
  if (engine.options.frames <= 0 || !engine.view) return;
  if (const std::string report = engine.view->MeasuredRunReport(); !report.empty())
    std::printf("%s\n", report.c_str());
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

// --video FILE.mp4: frames of the window's framebuffer size, piped to ffmpeg.
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

// --- MainLoop's steps ----------------------------------------------------------------------------

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

void RescaleUiIfNeeded(Engine& engine) {
  if (!engine.ui_rescale) return;
  engine.ui_rescale = false;
  ImGui::GetIO().Fonts->Clear();
  ApplyUiStyle(ContentScale(engine.window), engine.software_gl);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
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
    if (errors.empty()) engine.scene_ui.status = "Shaders reloaded from " + ShaderDirectory();
    engine.scene_ui.status_is_error = !errors.empty();
  }
}

// Writes the back buffer (what RenderScene just drew); returns "" or the error line.
std::string SaveScreenshot(Engine& engine, const std::string& path) {
  int w = 0, h = 0;
  glfwGetFramebufferSize(engine.window, &w, &h);
  return WriteBackBufferPng(path, w, h);
}

// --video: the frame just drawn goes to ffmpeg.
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

double CpuMs(clockid_t clock) {
  timespec t{};
  clock_gettime(clock, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

// --- RenderScene's steps -------------------------------------------------------------------------

// What a view is lent to prepare or draw the frame.
RenderContext ViewContext(const Engine& engine, const FrameMatrices& frame) {
  return {engine.camera, frame.matrices, frame.framebuffer_size, *engine.renderer, engine.style};
}

void RunSteps(View& view, int steps) {
  const float dt = float(view.stepping().step_seconds());
  for (int i = 0; i < steps; ++i) view.Step(dt);
}

void DrawPanels(Engine& engine) {
  // Presenter mode (lessons): the scene, the view's figures above the caption band (View::
  // DrawFigures, called by the session) and the caption. Not the view's windows: they hold its
  // controls, status bar and tooltips as well as its figures, and would cover the caption.
  engine.lessons.DrawUi(engine.lesson_host);
  if (engine.lessons.presenter()) return;
  if (DrawHelpPanel(&engine.show_help)) engine.welcome.Toggle();
  const StatsPanelInput stats{engine.stats,
                              engine.gl,
                              engine.model,
                              engine.overlay_lines,
                              engine.overlay_points,
                              engine.overlay_triangles,
                              engine.overlays->draw_calls_last_flush(),
                              engine.idle,
                              engine.msaa};
  if (DrawStatsPanel(stats, engine.vsync, &engine.show_stats))
    glfwSwapInterval(engine.vsync ? 1 : 0);
  SceneCommands commands =
      DrawScenePanel(engine.scene_ui, engine.model, engine.style, *engine.view, &engine.show_scene);
  if (!engine.options.no_ui) {  // --no-ui: a clean render
    engine.view->UpdateWindows();
    DrawViewStatusBar(*engine.view);
  }
  if (commands.switch_view >= 0 || !commands.open_path.empty() || commands.reload_shaders ||
      commands.frame_model) {
    engine.pending.open_path = commands.open_path;
    engine.pending.switch_view = commands.switch_view;
    engine.pending.reload_shaders |= commands.reload_shaders;
    engine.pending.frame_model |= commands.frame_model;
  }
  const WelcomeChoice welcome = engine.welcome.Draw(engine.scene_ui.view_index);
  if (welcome.view >= 0) engine.pending.switch_view = welcome.view;
  if (!welcome.lesson.empty()) engine.lessons.OpenWithWindow(welcome.lesson);
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

// The camera for this frame (the chapter's gluLookAt + SetupCamera), shared by PrepareFrame and
// RenderScene.
FrameMatrices CurrentFrameMatrices(const Engine& engine) {
  int w = 1, h = 1;
  glfwGetFramebufferSize(engine.window, &w, &h);
  return {{engine.camera.ViewMatrix(), engine.camera.ProjectionMatrix(float(w) / float(h)),
           engine.camera.distance},
          glm::vec2(w, h)};
}

// The frame's CPU side, before any step of this frame runs: the panels (which may change the
// view's state), then what the view copies out of its state for drawing.
void PrepareFrame(Engine& engine, const FrameMatrices& frame) {
  DrawPanels(engine);
  ImGui::Render();
  OpaqueWindowRects(engine.ui_rects);
  engine.view->Prepare(ViewContext(engine, frame), *engine.overlays);
}

}  // namespace

// Section 3.2.2, "Inicialização": create the window and the rendering context, set the initial GL
// state, then initialise the other subsystems (here: the UI, the shaders and the scene, where the
// chapter initialises physics and AI).
int InitEngine(Engine& engine) {
  if (!engine.headless) engine.settings.Load(ConfigDirectory());
  UseLanguage(ChosenLanguage(engine));
  if (const int code = CreateWindowAndContext(engine); code != kExitOk) return code;
  SetInitialRenderState(kBackdropBottom);
  InitUi(engine);
  if (const int code = InitRenderers(engine); code != kExitOk) return code;
  if (engine.software_gl) {
    // Said once on stdout and kept in the Scene panel, under one collapsed line.
    engine.model.SetDisplayBudget(kSoftwareDisplayTriangles);
    engine.scene_ui.renderer_note = "Software rendering (" + engine.gl.renderer.substr(0, 8) +
                                    "): MSAA " + (engine.msaa > 0 ? "on (--msaa)" : "off") +
                                    ", models above " +
                                    std::to_string(kSoftwareDisplayTriangles / 1000) +
                                    "k triangles drawn simplified (queries use every triangle; "
                                    "a sixth of that under octree cells while the camera moves), "
                                    "simulation bodies lit per vertex";
    std::printf("partlab: %s\n", engine.scene_ui.renderer_note.c_str());
  }
  ChooseFirstRunScene(engine.settings.first_run(), engine.headless, engine.options,
                      engine.view_start);
  if (const int code = InitScene(engine); code != kExitOk) return code;
  if (const int code = engine.lessons.Start(engine.lesson_host); code != kExitOk) return code;
  engine.welcome.Start(engine.settings, engine.headless, engine.options.welcome,
                       !engine.options.lesson.empty(), engine.options.no_ui);
  if (const int code = StartVideo(engine); code != kExitOk) return code;
  // Clamp notes (flags, then settings) in yellow under the model's status line.
  for (const auto* notes : {&engine.options.notes, &engine.setting_notes})
    for (const std::string& note : *notes) AppendNote(engine.scene_ui.notice, note);
  engine.last_activity = glfwGetTime();
  if (const char* orbit = std::getenv("PARTLAB_ORBIT_DEG"); orbit && *orbit)
    engine.orbit_deg_per_frame = std::strtof(orbit, nullptr);
  if (engine.model.loaded())
    std::printf("partlab: model %s (%zu triangles, %zu drawn, loaded in %.0f ms)\n",
                engine.model.path().c_str(), engine.model.mesh().TriangleCount(),
                engine.model.displayed_triangles(), engine.model.load_ms());
  else if (!engine.model.deferred().empty())
    std::printf("partlab: model %s not loaded (this view does not use one)\n",
                engine.model.deferred().c_str());
  std::fflush(stdout);
  return kExitOk;
}

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
    if (!engine.options.screenshot.empty() && frames_rendered >= engine.options.frames) {
      const std::string error = SaveScreenshot(engine, engine.options.screenshot);
      if (!error.empty()) {
        std::fprintf(stderr, "partlab: %s\n", error.c_str());
        return kExitRuntimeError;
      }
      std::printf("partlab: wrote %s (%dx%d, %d frames)\n", engine.options.screenshot.c_str(), w, h,
                  frames_rendered);
      for (const std::string& line : CutOffWindows())
        std::printf("partlab: cut off: %s\n", line.c_str());
      PrintFrameMedians(engine.stats);
      return kExitOk;
    }
    if (engine.options.frames > 0 && frames_rendered >= engine.options.frames)
      glfwSetWindowShouldClose(engine.window, GLFW_TRUE);
    if (const int code = RecordFrame(engine, w, h); code != kExitOk) return code;
    if (const int code = engine.lessons.AfterFrame(engine.lesson_host); code >= 0) return code;
    if (engine.screenshot_requested) {
      engine.screenshot_requested = false;
      const std::string path =
          "partlab-screenshot-" + std::to_string(++engine.screenshots_saved) + ".png";
      const std::string error = SaveScreenshot(engine, path);
      ShowStatus(engine, error.empty() ? "Saved " + path : "partlab: " + error, !error.empty());
    }
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

// Section 3.2.2, the render function: configure the camera, clear the screen, set the render
// states, draw the actors' polygons, then the overlays and the UI (built by PrepareFrame). The swap
// is MainLoop's.
void RenderScene(Engine& engine, const FrameMatrices& frame) {
  const glm::vec2 size = frame.framebuffer_size;
  // Clear, then the backdrop gradient.
  engine.gpu_timer->Begin();
  ClearFrame(int(size.x), int(size.y));
  // The panels' opaque rectangles first, at the nearest depth: nothing of the scene is shaded
  // under them (on llvmpipe, a third of the window's pixels with the panels open).
  engine.ui_mask->Draw(engine.ui_rects, size);
  engine.renderer->DrawBackdrop(kBackdropTop, kBackdropBottom);
  // Render state for the actors.
  SetActorRenderState();
  // The actors: the current view draws its meshes and describes its overlays.
  engine.view->Render(ViewContext(engine, frame), *engine.overlays);
  // Overlays: one batched draw call per primitive kind.
  if (engine.scene_ui.show_grid) DrawGroundGrid(*engine.overlays, engine.model.bounds());
  engine.overlay_lines = engine.overlays->line_count();
  engine.overlay_points = engine.overlays->point_count();
  engine.overlay_triangles = engine.overlays->triangle_count();
  const CameraMatrices& m = frame.matrices;
  engine.renderer->FlushOverlays(*engine.overlays, m.projection * m.view);
  // UI last, on top of everything.
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  engine.gpu_timer->End();
}

// Section 3.2.2, "Finalização": release everything InitEngine created, in reverse order.
void ReleaseEngine(Engine& engine) {
  if (engine.window && engine.view && !engine.headless) SaveSettings(engine);
  if (const std::string error = engine.video.Finish(); !error.empty())
    std::fprintf(stderr, "partlab: %s\n", error.c_str());
  ReportMeasuredRun(engine);
  EndView(engine.view);
  engine.welcome.ReleaseGpu();
  engine.gpu_timer.reset();
  engine.overlays.reset();
  engine.model.ReleaseGpu();
  engine.renderer.reset();
  if (ImGui::GetCurrentContext()) {
    if (ImGui::GetIO().BackendRendererUserData) ImGui_ImplOpenGL3_Shutdown();
    if (ImGui::GetIO().BackendPlatformUserData) ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
  }
  if (engine.window) glfwDestroyWindow(engine.window);
  engine.window = nullptr;
  glfwTerminate();
}

}  // namespace partlab
