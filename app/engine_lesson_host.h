// The engine loop as the lessons see it (app/lessons/lesson_host.h): the Engine lends the
// LessonSession its view, model, camera, style and framebuffer through this adapter, so the
// lessons never include the loop.
#pragma once

#include "app/lessons/lesson_host.h"

namespace partlab {

struct Engine;

class EngineLessonHost final : public LessonHost {
 public:
  explicit EngineLessonHost(Engine& engine) : engine_(engine) {}
  const Options& options() const override;
  const ViewStart& view_start() const override;
  CurrentModel& model() override;
  OrbitCamera& camera() override;
  MeshStyle& style() override;
  std::unique_ptr<View>& view() override;
  void SetViewIndex(int index) override;
  glm::ivec2 FramebufferSize() const override;
  void SetFixedFrameSeconds(double seconds) override;

 private:
  Engine& engine_;
};

}  // namespace partlab
