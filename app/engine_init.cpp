// The chapter's "Inicialização" and "Finalização" (papers/visualization-simulation-games.txt,
// section 3.2.2): "a criação da janela e do rendering context e inicialização de estados da
// OpenGL", then the other subsystems; at the end, "a liberação de todos os recursos criados e
// usados pelo motor", in the reverse order.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "app/app_params.h"
#include "app/engine_steps.h"
#include "app/render/instanced_body_renderer.h"
#include "app/render/render_state.h"
#include "app/ui_style.h"
#include "app/welcome/first_run_scene.h"
#include "engine/paths/data_paths.h"

namespace partlab {

namespace {

constexpr const char* kHeadlessHint =
    "xvfb-run -a -s \"-screen 0 1920x1080x24\" partlab --screenshot out.png --frames 5";
// Under llvmpipe, the most triangles a model is drawn with (mesh_lod.h): about one per pixel the
// dragon covers at 1280x720, where the full 202,520 cost three times as much for the same image.
constexpr size_t kSoftwareDisplayTriangles = 60000;

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

// What software rendering changes, said once on stdout and kept in the Scene panel under one
// collapsed line.
void NoteSoftwareRendering(Engine& engine) {
  engine.model.SetDisplayBudget(kSoftwareDisplayTriangles);
  // The Scene panel shows the part before ": " as the collapsed line (scene_panel.cpp).
  const char* format =
      engine.msaa > 0
          ? _("Software rendering (%s): MSAA on (--msaa), models above %zuk triangles drawn "
              "simplified (queries use every triangle; a sixth of that under octree cells while "
              "the camera moves), simulation bodies lit per vertex")
          : _("Software rendering (%s): MSAA off, models above %zuk triangles drawn simplified "
              "(queries use every triangle; a sixth of that under octree cells while the camera "
              "moves), simulation bodies lit per vertex");
  engine.scene_ui.renderer_note =
      Formatted(format, engine.gl.renderer.substr(0, 8).c_str(), kSoftwareDisplayTriangles / 1000);
  std::printf("partlab: %s\n", engine.scene_ui.renderer_note.c_str());
}

// The model's line on stdout: scripts read how long it took.
void ReportModel(const Engine& engine) {
  if (engine.model.loaded())
    std::printf("partlab: model %s (%zu triangles, %zu drawn, loaded in %.0f ms)\n",
                engine.model.path().c_str(), engine.model.mesh().TriangleCount(),
                engine.model.displayed_triangles(), engine.model.load_ms());
  else if (!engine.model.deferred().empty())
    std::printf("partlab: model %s not loaded (this view does not use one)\n",
                engine.model.deferred().c_str());
  std::fflush(stdout);
}

}  // namespace

float ContentScale(GLFWwindow* window) {
  float x = 1.0f, y = 1.0f;
  glfwGetWindowContentScale(window, &x, &y);
  return std::clamp(std::max(x, y), 1.0f, 4.0f);
}

void RescaleUiIfNeeded(Engine& engine) {
  if (!engine.ui_rescale) return;
  engine.ui_rescale = false;
  ImGui::GetIO().Fonts->Clear();
  ApplyUiStyle(ContentScale(engine.window), engine.software_gl);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

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
  if (engine.software_gl) NoteSoftwareRendering(engine);
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
  ReportModel(engine);
  return kExitOk;
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
