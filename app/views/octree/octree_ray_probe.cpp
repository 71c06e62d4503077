// The octree view's ray probe (octree_ray_probe.h): shooting, the panel section, the results table
// and the drawing of one ray and both traversals' answers.
#include "app/views/octree/octree_ray_probe.h"
#include "app/i18n/translate.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>

#include "app/panels/tooltip.h"
#include "engine/octree/octree_overlay.h"

namespace partlab::octree_view {

void RayProbe::Shoot(const Octree& tree, const Ray& ray) {
  ray_ = ray;
  has_ray_ = true;
  ++shots_;
  for (int k = 0; k < 2; ++k) {
    RayResult& r = results_[k];
    r.trace.Clear();
    r.stats = {};
    r.hit = tree.Nearest(ray_, k == 0 ? Traversal::kPaper : Traversal::kOrdered, {}, &r.stats,
                         &r.trace);
  }
}

// Aimed at the surface point the camera sees at the scene's centre, from the left of the view, a
// little above and in front, so the whole ray, the cells it crosses and its hit are in sight.
void RayProbe::ShootDefault(const Octree& tree, const OctreeScene& scene,
                            const OrbitCamera& camera) {
  const float radius = 0.5f * glm::length(scene.bounds().Extent());
  const glm::vec3 eye = camera.Eye();
  const Ray sight{eye, glm::normalize(scene.bounds().Center() - eye)};
  const RayHit seen = tree.Nearest(sight, Traversal::kOrdered);
  const glm::vec3 target = seen.hit ? sight.At(seen.t) : scene.SurfacePointNearCentre();
  fixed_origin_ = target - camera.Right() * (0.95f * radius) + camera.Up() * (0.3f * radius) -
                  camera.Forward() * (0.25f * radius);
  Shoot(tree, {fixed_origin_, glm::normalize(target - fixed_origin_)});
}

void RayProbe::ShootFrom(const Octree& tree, const glm::vec3& origin, const glm::vec3& direction) {
  mode_ = RayMode::kFromFixedOrigin;
  fixed_origin_ = origin;
  Shoot(tree, {fixed_origin_, direction});
}

// Camera mode: the ray through the cursor. Fixed-origin mode: from the placed origin towards
// what is under the cursor (the surface point, or a point far along the camera ray).
bool RayProbe::Pick(const Octree& tree, const Aabb& bounds, const Ray& camera_ray) {
  if (mode_ == RayMode::kFromCamera) {
    Shoot(tree, camera_ray);
    Print();
    return true;
  }
  const RayHit under = tree.Nearest(camera_ray, Traversal::kOrdered);
  const float far = 2.0f * glm::length(bounds.Extent()) + glm::length(camera_ray.origin);
  const glm::vec3 target = camera_ray.At(under.hit ? under.t : far);
  if (glm::length(target - fixed_origin_) <= 0.0f) return false;
  Shoot(tree, {fixed_origin_, glm::normalize(target - fixed_origin_)});
  Print();
  return true;
}

// Headless runs say what the screenshot shows, for scripts and the smoke tests.
void RayProbe::Print() const {
  const RayResult &p = results_[0], &o = results_[1];
  std::printf(
      "partlab: octree ray: %s triangle %u t %.6g | paper: %llu cells, %llu tests, triangle %u | "
      "ordered: %llu cells, %llu tests, triangle %u\n",
      p.hit.hit ? "hit" : "miss", p.hit.triangle, p.hit.t,
      (unsigned long long)p.stats.nodes_visited, (unsigned long long)p.stats.triangle_tests,
      p.hit.triangle, (unsigned long long)o.stats.nodes_visited,
      (unsigned long long)o.stats.triangle_tests, o.hit.triangle);
  std::fflush(stdout);
}

// Thin translucent lines (origin to hit, or across the scene), the hit, and the fixed origin.
void RayProbe::Draw(const Octree& tree, const Aabb& bounds, DebugDraw& draw) const {
  if (has_ray_)
    DrawRayQuery(tree, ray_, results_[trace_shown_].hit, results_[trace_shown_].trace,
                 2.0f * glm::length(bounds.Extent()), draw);
  if (mode_ == RayMode::kFromFixedOrigin) draw.Point(fixed_origin_, 11.0f, {1, 0.3f, 1, 1});
}

void RayProbe::Gui(const Octree& tree, const OctreeScene& scene, const OrbitCamera& camera,
                   ClampNote& note) {
  int mode = int(mode_);
  ImGui::RadioButton(_("From camera"), &mode, 0);
  Tip(
      _("Double-click the view: the ray goes from the eye through the cursor, the paper's R(t) = O "
        "+ tD (1.1 Detecção de colisão)."));
  ImGui::SameLine();
  ImGui::RadioButton(_("From fixed origin"), &mode, 1);
  Tip(
      _("Double-click aims a ray from the magenta origin at the point under the cursor, to watch "
        "one ray cross the cells from the side."));
  mode_ = RayMode(mode);
  if (mode_ == RayMode::kFromFixedOrigin) {
    const glm::vec3 before = fixed_origin_;
    if (ImGui::DragFloat3(_("Origin"), &fixed_origin_.x,
                          0.01f * glm::length(scene.bounds().Extent()))) {
      // Ctrl+click accepts typed text, "inf" and "nan" included: a ray cannot start there.
      const bool finite = std::isfinite(fixed_origin_.x) && std::isfinite(fixed_origin_.y) &&
                          std::isfinite(fixed_origin_.z);
      if (!finite) {
        fixed_origin_ = before;
        // untranslated: "Origin" is the note's key (the widget it belongs to), never shown
        note = {"Origin", _("Origin: not a finite point; the previous origin is kept")};
      } else if (note.label == "Origin") {
        note = {};
      }
    }
    if (note.label == "Origin") DrawNoteLine(note.text);
    Tip(
        _("The origin O of fixed-origin rays, R(t) = O + tD (1.1 Detecção de colisão); drag to "
          "move."));
    if (ImGui::Button(_("Origin at eye"))) fixed_origin_ = camera.Eye();
    Tip(_("Put the origin O at the camera's eye (1.1 Detecção de colisão: any point can be O)."));
    ImGui::SameLine();
    if (ImGui::Button(_("Default ray"))) ShootDefault(tree, scene, camera);
    Tip(_(
        "A ray from the left of the view to the surface seen at the scene's centre, crossing many "
        "cells before its hit (1.2 Octree)."));
  }
  const char* traversals[] = {_("paper"), _("ordered")};
  ImGui::Combo(_("Overlay shows"), &trace_shown_, traversals, 2);
  Tip(
      _("Whose visited cells (yellow) and tested triangles (blue) are drawn: the paper's traversal "
        "(1.2 Octree) or our front-to-back one that stops at the nearest hit."));
  if (has_ray_) {
    if (ImGui::Button(_("Clear ray"))) has_ray_ = false;
    Tip(_(
        "Remove the ray, its visited cells and its tested triangles (1.2 Octree) from the view."));
  }
}

void RayProbe::ResultsTable() const {
  const RayHit& hit = results_[0].hit;
  if (hit.hit) {
    const glm::vec3 p = ray_.At(hit.t);
    ImGui::Text(_("Hit triangle %u at (%.4g, %.4g, %.4g), distance %.4g"), hit.triangle, p.x, p.y,
                p.z, hit.t * glm::length(ray_.direction));
  } else {
    ImGui::Text(_("The ray hits nothing"));
  }
  if (!ImGui::BeginTable("ray", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit))
    return;
  ImGui::TableSetupColumn(_("one ray"));
  ImGui::TableSetupColumn(_("paper"));
  ImGui::TableSetupColumn(_("ordered"));
  ImGui::TableHeadersRow();
  auto row = [](const char* name, auto a, auto b) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name);
    ImGui::TableNextColumn();
    ImGui::Text("%llu", (unsigned long long)a);
    ImGui::TableNextColumn();
    ImGui::Text("%llu", (unsigned long long)b);
  };
  row(_("cells visited"), results_[0].stats.nodes_visited, results_[1].stats.nodes_visited);
  row(_("triangles tested"), results_[0].stats.triangle_tests, results_[1].stats.triangle_tests);
  row(_("hit triangle"), results_[0].hit.hit ? results_[0].hit.triangle : 0,
      results_[1].hit.hit ? results_[1].hit.triangle : 0);
  ImGui::EndTable();
  ImGui::TextDisabled(_("yellow: visited cells, blue: tested, red: hit (%s)"),
                      trace_shown_ == 0 ? _("paper") : _("ordered"));
}

}  // namespace partlab::octree_view
