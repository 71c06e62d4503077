#include "app/engine_lesson_host.h"

#include <GLFW/glfw3.h>

#include "app/engine_loop.h"

namespace partlab {

const Options& EngineLessonHost::options() const {
  return engine_.options;
}
const ViewStart& EngineLessonHost::view_start() const {
  return engine_.view_start;
}
CurrentModel& EngineLessonHost::model() {
  return engine_.model;
}
OrbitCamera& EngineLessonHost::camera() {
  return engine_.camera;
}
MeshStyle& EngineLessonHost::style() {
  return engine_.style;
}
std::unique_ptr<View>& EngineLessonHost::view() {
  return engine_.view;
}
void EngineLessonHost::SetViewIndex(int index) {
  engine_.scene_ui.view_index = index;
}
glm::ivec2 EngineLessonHost::FramebufferSize() const {
  int w = 1, h = 1;
  glfwGetFramebufferSize(engine_.window, &w, &h);
  return {w, h};
}
void EngineLessonHost::SetFixedFrameSeconds(double seconds) {
  engine_.fixed_frame_seconds = seconds;
}

}  // namespace partlab
