// The programs RenderScene needs and the draws it issues: the backdrop gradient, lit meshes with
// the lighting model chosen in the UI, and the overlay batches. Programs are loaded from shaders/
// at run time; Reload keeps a program's previous version when its new source fails.
#pragma once

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <string>
#include <vector>

#include "app/render/debug_draw_renderer.h"
#include "app/render/mesh_buffer.h"
#include "app/render/shader_program.h"

namespace partlab {

// The selectable lighting models, persisted by key (not by index) in the settings.
struct LightingModel {
  const char* key;    // file stem in shaders/
  const char* label;  // for the UI
};
inline constexpr LightingModel kLightingModels[] = {
    {"chapter_vertex_lighting", "Chapter 3.2.4: per-vertex (Phong, vertex shader)"},
    {"blinn_phong", "Blinn-Phong, per-pixel"},
};
inline constexpr int kLightingModelCount = int(std::size(kLightingModels));
int LightingModelIndex(const std::string& key);  // -1 when unknown

struct MeshStyle {
  int lighting = 0;  // index into kLightingModels
  glm::vec3 material{0.80f, 0.52f, 0.30f};
  float shininess = 80.0f;  // Blinn-Phong only; the chapter's shader keeps its own 20
  bool wireframe = false;
};

struct CameraMatrices {
  glm::mat4 view;
  glm::mat4 projection;
  float light_distance;  // how far the key light sits from the eye (scales with the scene)
};

class SceneRenderer {
 public:
  SceneRenderer();
  ~SceneRenderer();
  SceneRenderer(const SceneRenderer&) = delete;
  SceneRenderer& operator=(const SceneRenderer&) = delete;

  // (Re)loads every program from `dir`. Returns one error (file + driver log) per failure.
  std::vector<std::string> Load(const std::string& dir);
  // True when every program has a working version (at start-up, the app cannot run otherwise).
  bool Complete() const;

  void DrawBackdrop(const glm::vec3& top, const glm::vec3& bottom) const;
  // Hands the commands queued so far to the GL now (glFlush) rather than at the frame's end: on a
  // software rasteriser its threads start on them while this thread prepares the next draws.
  void SubmitQueued() const;
  void DrawMesh(const MeshBuffer& mesh, const glm::mat4& model, const CameraMatrices& camera,
                const MeshStyle& style) const;
  void FlushOverlays(DebugDrawRenderer& overlays, const glm::mat4& view_projection) const;

 private:
  ShaderProgram backdrop_, overlay_;
  ShaderProgram overlay_no_discard_;  // lines and polygons: early depth test on llvmpipe
  ShaderProgram lighting_[kLightingModelCount];
  GLuint empty_vao_ = 0;  // core profile needs a VAO bound even for attribute-less draws
};

}  // namespace partlab
