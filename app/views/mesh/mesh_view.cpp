#include "app/views/mesh/mesh_view.h"
#include "app/i18n/translate.h"

#include <imgui.h>

#include <cmath>
#include <glm/geometric.hpp>
#include <limits>

#include "app/panels/figure_area.h"
#include "app/panels/tooltip.h"
#include "engine/geometry/moller_trumbore.h"

namespace partlab::mesh_view {

// MainLoop's fixed-step update: the mesh viewer has nothing to simulate, it only counts the steps
// so the engine skeleton's window (and a lesson's check) can show that the loop ran them.
void MeshView::Step(float dt) {
  ++steps_;
  simulated_seconds_ += dt;
}

void MeshView::Prepare(const RenderContext& ctx, DebugDraw& draw) {
  ++prepares_;
}

void MeshView::Render(const RenderContext& ctx, DebugDraw& draw) {
  RecordFrame();
  lighting_ = kLightingModels[ctx.style.lighting].label;
  if (!app_.model.loaded()) return;
  if (picked_generation_ != app_.model.generation()) picked_ = -1;
  ctx.renderer.DrawMesh(app_.model.gpu(), glm::mat4(1.0f), ctx.matrices, ctx.style);
  if (show_bounds_) draw.BoxEdges(app_.model.bounds(), {0.95f, 0.75f, 0.25f, 0.9f});
  if (picked_ >= 0) DrawPicked(draw);
}

// A brute-force loop over every triangle with the octree's own Möller–Trumbore kernel: one
// click does not need the octree, and this is the reference the octree view must agree with.
bool MeshView::Pick(const PickRay& ray) {
  const Mesh& mesh = app_.model.mesh();
  RayTriangleOptions options;  // two-sided: scanned meshes are seen from inside through holes
  RayTriangleHit nearest;
  picked_ = -1;
  picked_ray_ = ray;
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

void MeshView::UpdateGui() {
  ImGui::Checkbox(_("Bounding box"), &show_bounds_);
  ImGui::SameLine();
  ImGui::Checkbox(_("Engine loop"), &show_loop_);
  Tip(
      _("How this app runs the chapter's engine skeleton (3.2.2): InitEngine, MainLoop, "
        "RenderScene, ReleaseEngine, with the calls counted as they happen."));
  if (picked_ >= 0) {
    ImGui::Text(_("Picked triangle %ld at (%.4g, %.4g, %.4g)"), picked_, picked_point_.x,
                picked_point_.y, picked_point_.z);
  } else {
    ImGui::TextDisabled(_("Double-click the model to pick a triangle"));
  }
}

// The engine skeleton is a figure: the same window, whole display or presenter mode.
void MeshView::UpdateWindows() {
  DrawFigures(WholeDisplayFigureArea());
}

void MeshView::DrawFigures(const FigureArea& area) {
  if (show_loop_) LoopWindow(area);
}

void MeshView::DrawPicked(DebugDraw& draw) {
  const Mesh& mesh = app_.model.mesh();
  const glm::vec3 corners[3] = {mesh.positions[mesh.indices[3 * picked_]],
                                mesh.positions[mesh.indices[3 * picked_ + 1]],
                                mesh.positions[mesh.indices[3 * picked_ + 2]]};
  const Color highlight{0.2f, 0.9f, 1.0f, 1.0f};
  draw.Polygon(corners, {0.2f, 0.9f, 1.0f, 0.6f});
  for (int k = 0; k < 3; ++k) draw.Line(corners[k], corners[(k + 1) % 3], highlight);
  draw.Point(picked_point_, 7.0f, {1.0f, 1.0f, 1.0f, 1.0f});
}

}  // namespace partlab::mesh_view

namespace partlab {

namespace {

std::unique_ptr<View> CreateMeshView(AppContext& app) {
  return std::make_unique<mesh_view::MeshView>(app);
}

const bool kMeshViewRegistered =
    RegisterView({N_("Mesh viewer"), N_("The model, lit per vertex (chapter 3.2.4) or per pixel"),
                  &CreateMeshView, /*uses_model=*/true, &LessonVerbSpecs<mesh_view::MeshView>});

}  // namespace

}  // namespace partlab
