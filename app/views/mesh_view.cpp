// The first view: the current model, lit by the chosen shader, with its bounding box and the
// triangle under a double-click. Later views (octree, broad phases) follow the same shape.
#include <imgui.h>

#include <cmath>
#include <glm/geometric.hpp>
#include <limits>

#include "app/view.h"

namespace partlab {

namespace {

// Möller–Trumbore, one triangle. The brute-force loop below is the reference the octree view
// (issue 3) must agree with; here it only serves a click, so O(n) is fine.
bool RayTriangle(const PickRay& ray, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                 float& t_out) {
  const glm::vec3 e1 = b - a, e2 = c - a;
  const glm::vec3 p = glm::cross(ray.dir, e2);
  const float det = glm::dot(e1, p);
  if (std::abs(det) < 1e-12f) return false;
  const float inv = 1.0f / det;
  const glm::vec3 s = ray.origin - a;
  const float u = glm::dot(s, p) * inv;
  if (u < 0.0f || u > 1.0f) return false;
  const glm::vec3 q = glm::cross(s, e1);
  const float v = glm::dot(ray.dir, q) * inv;
  if (v < 0.0f || u + v > 1.0f) return false;
  t_out = glm::dot(e2, q) * inv;
  return t_out > 0.0f;
}

class MeshView final : public View {
 public:
  explicit MeshView(AppContext& app) : app_(app) {}

  void Render(const RenderContext& ctx, DebugDraw& draw) override {
    if (!app_.model.loaded()) return;
    if (picked_generation_ != app_.model.generation()) picked_ = -1;
    ctx.renderer.DrawMesh(app_.model.gpu(), glm::mat4(1.0f), ctx.matrices, ctx.style);
    if (show_bounds_) draw.BoxEdges(app_.model.bounds(), {0.95f, 0.75f, 0.25f, 0.9f});
    if (picked_ >= 0) DrawPicked(draw);
  }

  bool Pick(const PickRay& ray) override {
    const Mesh& mesh = app_.model.mesh();
    float best = std::numeric_limits<float>::max();
    picked_ = -1;
    for (size_t t = 0; t < mesh.TriangleCount(); ++t) {
      float hit = 0;
      if (RayTriangle(ray, mesh.positions[mesh.indices[3 * t]],
                      mesh.positions[mesh.indices[3 * t + 1]],
                      mesh.positions[mesh.indices[3 * t + 2]], hit) &&
          hit < best) {
        best = hit;
        picked_ = long(t);
      }
    }
    picked_generation_ = app_.model.generation();
    if (picked_ < 0) return false;
    picked_point_ = ray.origin + best * ray.dir;
    app_.camera.target = picked_point_;  // orbit around what was clicked
    app_.camera.distance = glm::length(picked_point_ - ray.origin);
    return true;
  }

  void UpdateGui() override {
    ImGui::Checkbox("Bounding box", &show_bounds_);
    if (picked_ >= 0) {
      ImGui::Text("Picked triangle %ld at (%.4g, %.4g, %.4g)", picked_, picked_point_.x,
                  picked_point_.y, picked_point_.z);
    } else {
      ImGui::TextDisabled("Double-click the model to pick a triangle");
    }
  }

 private:
  void DrawPicked(DebugDraw& draw) {
    const Mesh& mesh = app_.model.mesh();
    const glm::vec3 corners[3] = {mesh.positions[mesh.indices[3 * picked_]],
                                  mesh.positions[mesh.indices[3 * picked_ + 1]],
                                  mesh.positions[mesh.indices[3 * picked_ + 2]]};
    const Color highlight{0.2f, 0.9f, 1.0f, 1.0f};
    draw.Polygon(corners, {0.2f, 0.9f, 1.0f, 0.6f});
    for (int k = 0; k < 3; ++k) draw.Line(corners[k], corners[(k + 1) % 3], highlight);
    draw.Point(picked_point_, 7.0f, {1.0f, 1.0f, 1.0f, 1.0f});
  }

  AppContext& app_;
  bool show_bounds_ = false;
  long picked_ = -1;
  int picked_generation_ = 0;
  glm::vec3 picked_point_{0.0f};
};

std::unique_ptr<View> CreateMeshView(AppContext& app) {
  return std::make_unique<MeshView>(app);
}

const bool kRegistered = RegisterView(
    {"Mesh viewer", "The model, lit per vertex (chapter 3.2.4) or per pixel", &CreateMeshView});

}  // namespace

}  // namespace partlab
