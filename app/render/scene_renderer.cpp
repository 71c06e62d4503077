#include "app/render/scene_renderer.h"

#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

namespace partlab {

int LightingModelIndex(const std::string& key) {
  for (int i = 0; i < kLightingModelCount; ++i)
    if (key == kLightingModels[i].key) return i;
  return -1;
}

SceneRenderer::SceneRenderer() {
  glGenVertexArrays(1, &empty_vao_);
}

SceneRenderer::~SceneRenderer() {
  glDeleteVertexArrays(1, &empty_vao_);
}

std::vector<std::string> SceneRenderer::Load(const std::string& dir) {
  std::vector<std::string> errors;
  auto load = [&](ShaderProgram& program, const char* name) {
    auto result = ShaderProgram::Load(dir, name);
    if (result.ok())
      program = std::move(result).value();
    else
      errors.push_back(result.error());
  };
  load(backdrop_, "background");
  load(overlay_, "overlay");
  load(overlay_no_discard_, "overlay_lines");
  for (int i = 0; i < kLightingModelCount; ++i) load(lighting_[i], kLightingModels[i].key);
  return errors;
}

bool SceneRenderer::Complete() const {
  for (const ShaderProgram& p : lighting_)
    if (!p.valid()) return false;
  return backdrop_.valid() && overlay_.valid() && overlay_no_discard_.valid();
}

// At the far plane, depth-tested but not written: it fills the cleared framebuffer except where a
// ScreenDepthMask marked pixels as covered.
void SceneRenderer::SubmitQueued() const {
  glFlush();
}

void SceneRenderer::DrawBackdrop(const glm::vec3& top, const glm::vec3& bottom) const {
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_FALSE);
  backdrop_.Use();
  backdrop_.Set("u_top", top);
  backdrop_.Set("u_bottom", bottom);
  glBindVertexArray(empty_vao_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glDepthMask(GL_TRUE);
  glDepthFunc(GL_LESS);
}

void SceneRenderer::DrawMesh(const MeshBuffer& mesh, const glm::mat4& model,
                             const CameraMatrices& camera, const MeshStyle& style) const {
  const ShaderProgram& program = lighting_[style.lighting];
  const glm::mat4 model_view = camera.view * model;
  program.Use();
  program.Set("u_model_view", model_view);
  program.Set("u_projection", camera.projection);
  program.Set("u_normal_matrix", glm::transpose(glm::inverse(glm::mat3(model_view))));
  // The key light sits above, left of and slightly behind the viewer, in camera coordinates.
  program.Set("LightPosition", glm::vec3(-0.8f, 1.2f, 0.6f) * camera.light_distance);
  program.Set("material", style.material);
  program.Set("u_shininess", style.shininess);
  if (style.wireframe) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
  mesh.Draw();
  if (style.wireframe) glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
}

void SceneRenderer::FlushOverlays(DebugDrawRenderer& overlays,
                                  const glm::mat4& view_projection) const {
  overlays.Flush(overlay_, overlay_no_discard_, view_projection);
}

}  // namespace partlab
