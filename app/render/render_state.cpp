#include "app/render/render_state.h"

#include "app/render/gl.h"

namespace partlab {

int LoadOpenGlFunctions(void* (*get_proc)(const char* name)) {
  const int version = gladLoadGL(reinterpret_cast<GLADloadfunc>(get_proc));
  return GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version);
}

namespace {
std::string GlString(GLenum name) {
  const GLubyte* s = glGetString(name);
  return s ? std::string(reinterpret_cast<const char*>(s)) : std::string("?");
}
}  // namespace

GlDriverStrings ReadGlDriverStrings() {
  return {GlString(GL_VENDOR), GlString(GL_RENDERER), GlString(GL_VERSION)};
}

void SetInitialRenderState(const glm::vec3& clear_colour) {
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_MULTISAMPLE);
  glClearColor(clear_colour.r, clear_colour.g, clear_colour.b, 1.0f);
}

void ClearFrame(int width, int height) {
  glViewport(0, 0, width, height);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

void SetActorRenderState() {
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDisable(GL_CULL_FACE);
}

void FlushCommands() {
  glFlush();
}

}  // namespace partlab
