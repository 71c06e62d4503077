// The Visibility view's octree frustum culling (vis_frustum_culling.h).
#include "app/views/visibility/vis_frustum_culling.h"

#include <imgui.h>

#include <chrono>
#include <cstdio>

#include "app/i18n/translate.h"
#include "app/panels/tooltip.h"
#include "app/views/visibility/vis_observer_mesh.h"

namespace partlab {

void FrustumCulling::Build(const Mesh& mesh) {
  triangles.resize(mesh.TriangleCount());
  for (size_t t = 0; t < triangles.size(); ++t)
    triangles[t] = {mesh.positions[mesh.indices[3 * t]], mesh.positions[mesh.indices[3 * t + 1]],
                    mesh.positions[mesh.indices[3 * t + 2]]};
  const auto start = std::chrono::steady_clock::now();
  octree = Octree(triangles, OctreeBuildOptions{});
  build_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void FrustumCulling::DrawGodView(const Mesh& mesh, bool ghosts, DebugDraw& draw) const {
  if (ghosts && ghost_culled && enabled)
    DrawFlaggedTriangles(mesh, cull.accepted, 0, {0.75f, 0.78f, 0.85f, 0.10f}, draw);
  DrawCellClasses(draw, octree, cull, cell_options);
}

void FrustumCulling::Gui() {
  ImGui::Checkbox(_("Cull with the octree"), &enabled);
  Tip(
      _("Off: every triangle goes to the rasterizer. On: only those in cells not outside the "
        "observer's frustum (3.2.3.2)."));
  ImGui::Checkbox(_("Ghost culled triangles"), &ghost_culled);
  Tip(_(
      "Draw what was culled faintly in the god view, to see it is all outside the frustum (models "
      "up to 100,000 triangles)."));
  ImGui::Checkbox(_("Show outside cells"), &cell_options.show_outside);
  Tip(_("The cells skipped whole (red): \"outside\" in section 3.2.3.2's terms."));
  ImGui::SameLine();
  ImGui::Checkbox(_("Deepest only"), &cell_options.leaves_only);
  Tip(_("Only the deepest cell tested on each path: less clutter on big trees."));
  const double pct = cull.triangles_total
                         ? 100.0 * double(cull.triangles_accepted) / double(cull.triangles_total)
                         : 0.0;
  ImGui::Text(_("Triangles drawn: %zu of %zu (%.1f%%)"),
              enabled ? cull.triangles_accepted : cull.triangles_total, cull.triangles_total,
              enabled ? pct : 100.0);
  Tip(
      _("Distinct triangles referenced by the accepted cells (3.2.3.2): a leaf-reference octree "
        "shares a triangle between cells, and it is counted once."));
  ImGui::Text(_("Culling time: %.3f ms, %zu cell tests of %zu cells"), cull.seconds * 1e3,
              cull.cells_tested, octree.nodes().size());
  Tip(
      _("Wall time of the hierarchical pass on the CPU; inside cells save every test below them "
        "(3.2.3.2)."));
  ImGui::Text(_("Cells: %zu outside, %zu inside, %zu intersecting"), cull.cells_outside,
              cull.cells_inside, cull.cells_intersecting);
  Tip(_(
      "Outside: skipped; inside: accepted whole, children untested; intersecting: opened, and its "
      "triangles keep clipping on (3.2.3.2)."));
  ImGui::TextDisabled(_("Octree: %zu cells, depth %d, built in %.1f ms"), octree.nodes().size(),
                      octree.stats().depth_reached, build_ms);
}

void FrustumCulling::Print() const {
  std::printf(
      "partlab: visibility frustum: %zu of %zu triangles drawn, %zu cells tested (%zu outside, "
      "%zu inside, %zu intersecting) of %zu, culling %.3f ms\n",
      cull.triangles_accepted, cull.triangles_total, cull.cells_tested, cull.cells_outside,
      cull.cells_inside, cull.cells_intersecting, octree.nodes().size(), cull.seconds * 1e3);
}

}  // namespace partlab
