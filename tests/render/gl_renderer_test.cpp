// The GL layer against a real OpenGL 3.3 core context (Mesa llvmpipe under xvfb-run in the test
// suite): the batched DebugDraw renderer's pixels and draw calls, shader errors, screenshots, and
// the GPU timer ring. Run by ctest through xvfb-run (see CMakeLists.txt).
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <stb_image.h>
#include <unistd.h>
#include "test_paths.h"

#include <array>
#include <filesystem>
#include <fstream>
#include <glm/mat4x4.hpp>

#include "app/render/debug_draw_renderer.h"
#include "app/render/gl.h"
#include "app/render/gpu_timer.h"
#include "app/render/screenshot.h"
#include "app/render/shader_program.h"

namespace partlab {
namespace {

constexpr int kSize = 64;

class GlTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ASSERT_TRUE(glfwInit()) << "no display: run under xvfb-run";
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_SAMPLES, 0);  // exact pixels
    window_ = glfwCreateWindow(kSize, kSize, "partlab render test", nullptr, nullptr);
    ASSERT_NE(window_, nullptr);
    glfwMakeContextCurrent(window_);
    ASSERT_NE(gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress)), 0);
  }
  static void TearDownTestSuite() {
    if (window_) glfwDestroyWindow(window_);
    glfwTerminate();
  }
  void SetUp() override {
    int w = 0, h = 0;
    glfwGetFramebufferSize(window_, &w, &h);
    ASSERT_EQ(w, kSize);
    ASSERT_EQ(h, kSize);
    glViewport(0, 0, kSize, kSize);
    glDisable(GL_DEPTH_TEST);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  }
  // RGB of the back-buffer pixel (x, y), y counted from the bottom as GL does.
  static std::array<int, 3> Pixel(int x, int y) {
    unsigned char rgb[3];
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(x, y, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, rgb);
    return {rgb[0], rgb[1], rgb[2]};
  }
  static ShaderProgram OverlayProgram() {
    auto program = ShaderProgram::Load(PARTLAB_SHADER_DIR, "overlay");
    EXPECT_TRUE(program.ok()) << program.error();
    return std::move(program).value();
  }
  // Pixel centre (px, py) in NDC, for drawing with an identity view-projection.
  static glm::vec3 Ndc(float px, float py) {
    return {2.0f * (px + 0.5f) / kSize - 1.0f, 2.0f * (py + 0.5f) / kSize - 1.0f, 0.0f};
  }
  static GLFWwindow* window_;
};
GLFWwindow* GlTest::window_ = nullptr;

TEST_F(GlTest, DebugDrawBatchesOneDrawCallPerPrimitiveKindAndDrawsWhereAsked) {
  const ShaderProgram program = OverlayProgram();
  DebugDrawRenderer draw;
  const glm::vec3 quad[4] = {Ndc(0, 0), Ndc(20, 0), Ndc(20, 63), Ndc(0, 63)};
  draw.Polygon(quad, {1, 0, 0, 1});                     // red left strip
  for (int i = 0; i < 1000; ++i)                        // many lines, still one draw call
    draw.Line(Ndc(30, 40), Ndc(60, 40), {0, 1, 0, 1});  // green row y = 40
  draw.Point(Ndc(45, 15), 9.0f, {0, 0, 1, 1});          // blue disc around (45, 15)
  EXPECT_EQ(draw.line_count(), 1000u);
  EXPECT_EQ(draw.triangle_count(), 2u);
  EXPECT_EQ(draw.point_count(), 1u);
  draw.Flush(program, glm::mat4(1.0f));
  EXPECT_EQ(draw.draw_calls_last_flush(), 3);
  EXPECT_EQ(draw.line_count() + draw.point_count() + draw.triangle_count(), 0u) << "emptied";

  EXPECT_EQ(Pixel(10, 30), (std::array<int, 3>{255, 0, 0}));
  EXPECT_EQ(Pixel(45, 40), (std::array<int, 3>{0, 255, 0}));
  EXPECT_EQ(Pixel(45, 15), (std::array<int, 3>{0, 0, 255}));
  EXPECT_EQ(Pixel(45, 25), (std::array<int, 3>{0, 0, 0})) << "nothing drawn there";
  EXPECT_EQ(Pixel(49 + 3, 15), (std::array<int, 3>{0, 0, 0})) << "points are discs of 9 px";
}

TEST_F(GlTest, TranslucentPolygonsBlend) {
  const ShaderProgram program = OverlayProgram();
  DebugDrawRenderer draw;
  const glm::vec3 quad[4] = {Ndc(0, 0), Ndc(63, 0), Ndc(63, 63), Ndc(0, 63)};
  draw.Polygon(quad, {1, 1, 1, 0.5f});
  draw.Flush(program, glm::mat4(1.0f));
  const auto p = Pixel(32, 32);
  EXPECT_NEAR(p[0], 128, 2);  // half of white over black
}

TEST_F(GlTest, EmptyFlushIssuesNoDrawCalls) {
  const ShaderProgram program = OverlayProgram();
  DebugDrawRenderer draw;
  draw.Flush(program, glm::mat4(1.0f));
  EXPECT_EQ(draw.draw_calls_last_flush(), 0);
}

TEST_F(GlTest, ShaderCompileErrorNamesTheFileWithTheDriverLog) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("partlab_shader_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "broken.vert")
      << "#version 330 core\nvoid main() { gl_Position = vec4(0); }\n";
  std::ofstream(dir / "broken.frag")
      << "#version 330 core\nout vec4 c;\nvoid main() { c = no_such_thing; }\n";
  auto result = ShaderProgram::Load(dir.string(), "broken");
  ASSERT_FALSE(result.ok());
  const std::string prefix = (dir / "broken.frag").string() + ": compile failed:\n";
  EXPECT_EQ(result.error().rfind(prefix, 0), 0u) << result.error();
  EXPECT_NE(result.error().find("no_such_thing"), std::string::npos) << "the driver's log";

  auto missing = ShaderProgram::Load(dir.string(), "absent");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error(), (dir / "absent.vert").string() + ": cannot open shader file");
  std::filesystem::remove_all(dir);
}

TEST_F(GlTest, EveryShippedProgramLinks) {
  for (const char* name : {"chapter_vertex_lighting", "blinn_phong", "overlay", "background"}) {
    auto program = ShaderProgram::Load(PARTLAB_SHADER_DIR, name);
    EXPECT_TRUE(program.ok()) << program.error();
  }
}

TEST_F(GlTest, ScreenshotHasTheFramebufferSizeAndTopRowFirst) {
  glEnable(GL_SCISSOR_TEST);  // paint the top row white: it must be the PNG's first row
  glScissor(0, kSize - 1, kSize, 1);
  glClearColor(1, 1, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  const auto path = std::filesystem::temp_directory_path() /
                    ("partlab_shot_" + std::to_string(::getpid()) + ".png");
  ASSERT_EQ(WriteBackBufferPng(path.string(), kSize, kSize), "");
  int w = 0, h = 0, n = 0;
  unsigned char* pixels = stbi_load(path.string().c_str(), &w, &h, &n, 3);
  ASSERT_NE(pixels, nullptr);
  EXPECT_EQ(w, kSize);
  EXPECT_EQ(h, kSize);
  EXPECT_EQ(pixels[0], 255);                      // first row: white
  EXPECT_EQ(pixels[3 * kSize * (kSize - 1)], 0);  // last row: black
  stbi_image_free(pixels);
  std::filesystem::remove(path);
  EXPECT_EQ(WriteBackBufferPng("/nonexistent-dir/x.png", kSize, kSize),
            "/nonexistent-dir/x.png: cannot write PNG");
}

TEST_F(GlTest, GpuTimerReportsWithoutStalling) {
  GpuTimer timer;
  EXPECT_LT(timer.last_ms(), 0.0) << "nothing measured yet";
  for (int frame = 0; frame < 8 && timer.last_ms() < 0.0; ++frame) {
    timer.Begin();
    glClear(GL_COLOR_BUFFER_BIT);
    timer.End();
    glFinish();  // the test may wait; the timer itself never does
  }
  EXPECT_GE(timer.last_ms(), 0.0);
}

}  // namespace
}  // namespace partlab
