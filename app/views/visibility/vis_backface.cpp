// The Visibility view's backface technique (vis_backface.h).
#include "app/views/visibility/vis_backface.h"

#include <imgui.h>

#include <chrono>
#include <cstdio>

#include "app/i18n/translate.h"
#include "app/panels/tooltip.h"
#include "app/views/visibility/vis_observer_mesh.h"
#include "engine/visibility/backface_count.h"

namespace partlab {

void BackfaceTechnique::Compute(const Mesh& mesh, const glm::vec3& eye,
                                const glm::mat4& view_projection) {
  const auto start = std::chrono::steady_clock::now();
  count = CountBackfaces(mesh.positions, mesh.indices, eye, culled);
  ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  // The geometry stage's test on the same triangles, for the count beside it.
  projected.resize(culled.size());
  projected_count =
      CountBackfacesProjected(mesh.positions, mesh.indices, view_projection, projected);
  disagree = 0;
  for (size_t t = 0; t < culled.size(); ++t) disagree += culled[t] != projected[t];
}

void BackfaceTechnique::DrawCulled(const Mesh& mesh, DebugDraw& draw) const {
  if (tint_culled && culling)
    DrawFlaggedTriangles(mesh, culled, 1, {0.95f, 0.25f, 0.3f, 0.18f}, draw);
}

void BackfaceTechnique::Gui() {
  ImGui::Checkbox(_("Cull backfaces"), &culling);
  Tip(
      _("Send only the faces turned towards the observer: \"Se o ângulo formado entre este vetor e "
        "a normal do polígono for maior do que 90 graus, então este polígono simplesmente é "
        "ignorado\" (3.2.3.1). The god view shows the holes."));
  ImGui::Checkbox(_("Tint culled faces in the god view"), &tint_culled);
  Tip(
      _("Show the discarded faces as faint red in the god view (3.2.3.1; models up to 100,000 "
        "triangles)."));
  const size_t total = culled.size();
  ImGui::Text(_("Culled on the CPU: %zu of %zu triangles (%.1f%%)"), count, total,
              total ? 100.0 * double(count) / double(total) : 0.0);
  Tip(
      _("Counted by the chapter's application-stage test: dot(normal, observer - vertex) < 0, "
        "i.e. an angle above 90 degrees (3.2.3.1)."));
  ImGui::Checkbox(_("Geometry stage: projected sign"), &geometry_stage);
  Tip(
      _("Cull by the geometry stage's test instead: \"ao realizar a projeção dos polígonos com a "
        "matriz de projeção de câmera, a normal dos polígonos possuirá apenas duas direções "
        "possíveis [...] um teste de sinal\" (3.2.3.1): the sign of the projected triangle's "
        "area."));
  ImGui::Text(_("Geometry stage (projected sign): %zu culled; differ from the angle test: %zu"),
              projected_count, disagree);
  Tip(
      _("The two tests answer the same question; they may differ only on triangles seen edge-on, "
        "where rounding picks the side. The application stage saves the geometry stage the work."));
  const size_t dropped = geometry_stage ? projected_count : count;
  ImGui::Text(_("Sent to the pipeline: %zu triangles, test took %.3f ms"),
              culling ? total - dropped : total, ms);
  Tip(_("A closed model seen from outside loses about half its faces (3.2.3.1)."));
}

void BackfaceTechnique::Print() const {
  std::printf(
      "partlab: visibility backface: %zu of %zu triangles culled (%.3f ms); geometry stage "
      "(projected sign): %zu culled, %zu differ\n",
      count, culled.size(), ms, projected_count, disagree);
}

}  // namespace partlab
