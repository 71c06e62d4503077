#include "app/render/viewport_state.h"

#include "app/render/gl.h"

namespace partlab {

void SetViewport(const PixelRect& r) {
  glViewport(r.x, r.y, r.width, r.height);
}

void ClearDepthOnly(const PixelRect& r) {
  glEnable(GL_SCISSOR_TEST);
  glScissor(r.x, r.y, r.width, r.height);
  glClear(GL_DEPTH_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
}

void SetDepthTest(bool enabled) {
  if (enabled) {
    glEnable(GL_DEPTH_TEST);
  } else {
    glDisable(GL_DEPTH_TEST);
  }
}

}  // namespace partlab
