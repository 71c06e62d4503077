// The first view: the current model, lit by the chosen shader, with its bounding box and the
// triangle under a double-click. Later views (octree, broad phases) follow the same shape.
#include <imgui.h>

#include <cmath>
#include <glm/geometric.hpp>
#include <limits>

#include "app/view.h"
#include "engine/geometry/moller_trumbore.h"
#include "engine/params/param.h"

namespace partlab {

namespace {

class MeshView final : public View {
 public:
  explicit MeshView(AppContext& app) : View(app), app_(app) {}

  void Render(const RenderContext& ctx, DebugDraw& draw) override {
    if (!app_.model.loaded()) return;
    if (picked_generation_ != app_.model.generation()) picked_ = -1;
    ctx.renderer.DrawMesh(app_.model.gpu(), glm::mat4(1.0f), ctx.matrices, ctx.style);
    if (show_bounds_) draw.BoxEdges(app_.model.bounds(), {0.95f, 0.75f, 0.25f, 0.9f});
    if (picked_ >= 0) DrawPicked(draw);
  }

  // A brute-force loop over every triangle with the octree's own Möller–Trumbore kernel: one
  // click does not need the octree, and this is the reference the octree view must agree with.
  bool Pick(const PickRay& ray) override {
    const Mesh& mesh = app_.model.mesh();
    RayTriangleOptions options;  // two-sided: scanned meshes are seen from inside through holes
    RayTriangleHit nearest;
    picked_ = -1;
    for (size_t t = 0; t < mesh.TriangleCount(); ++t) {
      const glm::vec3& v0 = mesh.positions[mesh.indices[3 * t]];
      const glm::vec3 e1 = mesh.positions[mesh.indices[3 * t + 1]] - v0;
      const glm::vec3 e2 = mesh.positions[mesh.indices[3 * t + 2]] - v0;
      RayTriangleHit hit;
      if (IntersectMollerTrumbore(ray.origin, ray.dir, v0, e1, e2, options, &hit) &&
          hit.t < nearest.t) {
        nearest = hit;
        picked_ = long(t);
      }
    }
    const float best = nearest.t;
    picked_generation_ = app_.model.generation();
    if (picked_ < 0) return false;
    picked_point_ = ray.origin + best * ray.dir;
    const glm::vec3 eye = app_.camera.Eye();
    app_.camera.target = picked_point_;  // orbit around what was clicked, from about here
    app_.camera.distance = glm::length(picked_point_ - eye);
    return true;
  }

  // Lessons (docs/lessons.md): the mesh viewer shows a model, so its verbs are about the model.
  std::vector<LessonVerb> LessonVerbs() const override {
    return {
        {"show-bounds", "show-bounds on|off: the model's bounding box", false},
        {"triangle-count", "triangle-count N: the model has N triangles (the OBJ's faces)", true}};
  }
  std::string RunLessonAction(const LessonCommand& action) override {
    if (action.args.size() != 1 || (action.args[0] != "on" && action.args[0] != "off"))
      return "show-bounds expects on or off";
    show_bounds_ = action.args[0] == "on";
    return "";
  }
  std::string CheckLessonClaim(const LessonCommand& check) override {
    long stated = 0;
    if (check.args.size() != 1 || !detail::ParseNumber(std::string_view(check.args[0]), stated))
      return "triangle-count expects one whole number";
    const long loaded = long(app_.model.mesh().TriangleCount());
    if (loaded == stated) return "";
    return "expected " + std::to_string(stated) + " triangles, the model has " +
           std::to_string(loaded);
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
