// The octree view's panel and windows (the class is in octree_view.h): the controls of each
// section with their tooltips, the results tables and the legend.
#include "app/panels/figure_area.h"
#include "app/views/octree/octree_view.h"

#include <imgui.h>

namespace partlab::octree_view {

bool OctreeView::Header(const char* label, unsigned section) {
  ImGui::SetNextItemOpen((open_sections_ & section) != 0, ImGuiCond_Once);
  return ImGui::CollapsingHeader(label);
}

// Every cell's twelve edges through the engine's overlay function, recorded into one GPU buffer
// when the tree or the filter changes: the same picture as DrawOctreeCells, one draw call a frame.

// --- Panel ---------------------------------------------------------------------------------------

void OctreeView::UpdateGui() {
  SourceGui();
  BuildGui();
  OverlayGui();
  RayGui();
  if (Header("Batch: 10,000 random rays", kSectionBatch))
    batch_.Gui(tree_, scene_.bounds(), clamp_note_);
  if (Header("Cost heatmap", kSectionHeatmap)) heatmap_.Gui();
  if (!tint_mesh_->error().empty())
    ImGui::TextColored({1, 0.45f, 0.4f, 1}, "%s", tint_mesh_->error().c_str());
  if (!heatmap_.error().empty())
    ImGui::TextColored({1, 0.45f, 0.4f, 1}, "%s", heatmap_.error().c_str());
}

// Every window of this view is a figure: the same drawing, whole display or presenter mode.
void OctreeView::UpdateWindows() {
  DrawFigures(WholeDisplayFigureArea());
}

void OctreeView::DrawFigures(const FigureArea& area) {
  ResultsWindow(area);
  LegendWindow(area);
  if (show_histogram_) HistogramWindow(area);
}

void OctreeView::SourceGui() {
  if (!Header("Scene", kSectionScene)) return;
  int source = int(source_);
  stale_ |= ImGui::RadioButton("Model", &source, 0);
  Tip("Build over the loaded model's triangles, like the paper's artist models Building and "
      "SciFiCity (3.1 Resultados).");
  ImGui::SameLine();
  stale_ |= ImGui::RadioButton("Random soup", &source, 1);
  Tip("Build over random triangles, the paper's synthetic test cases (2.2 Fatores de estudo).");
  source_ = SceneSource(source);
  if (source_ != SceneSource::kSoup) return;
  stale_ |= ParamCombo(op::kAffinity, &soup_affinity_);
  ParamSliderInt(op::kSoupTriangles, &soup_count_, clamp_note_, "%d", ImGuiSliderFlags_Logarithmic);
  stale_ |= clamp_note_.deactivated_after_edit;
  stale_ |= ParamInputInt(op::kSoupSeed, &soup_seed_, clamp_note_);
}

void OctreeView::BuildGui() {
  if (!Header("Octree build", kSectionBuild)) return;
  ParamSliderInt(op::kMaxDepth, &max_depth_, clamp_note_);
  stale_ |= clamp_note_.deactivated_after_edit;
  const char* placements[] = {"Paper: deepest containing cell", "Leaf references (split + SAT)"};
  stale_ |= ParamCombo(op::kPlacement, &placement_, placements);
  const OctreeBuildStats& s = tree_->stats();
  ImGui::Text("%zu triangles, build %.1f ms, %.2f MB", tree_->usable_triangle_count(),
              s.build_seconds * 1e3, double(s.memory_bytes) / (1 << 20));
  Tip("Build time and memory (nodes, triangle references, the triangle copy) of this octree; the "
      "paper weighs the same build cost against query time (3.1 Resultados).");
  ImGui::Text("%zu cells, %zu leaves, %zu refs, deepest %d", s.node_count, s.leaf_count,
              s.reference_count, s.depth_reached);
  if (s.skipped.Total() > 0)
    ImGui::TextDisabled("%zu degenerate triangles skipped", s.skipped.Total());
  ImGui::PlotHistogram("##perdepth", triangles_per_depth_.data(), int(triangles_per_depth_.size()),
                       0, "triangles per depth (1 .. max)", 0.0f, FLT_MAX,
                       ImVec2(0, ImGui::GetFontSize() * 4));
  Tip("How many triangles each depth holds, the paper's figures 9-17 (3.1 Resultados): a tall "
      "bar at a shallow depth means big triangles the octree cannot separate.");
}

void OctreeView::OverlayGui() {
  if (!Header("Overlay", kSectionOverlay)) return;
  ImGui::Checkbox("Mesh", &show_mesh_);
  Tip("Draw the scene's triangles, the T = V0 + uE1 + vE2 of equation 2 (1.1 Detecção de "
      "colisão).");
  ImGui::SameLine();
  ImGui::Checkbox("Cells", &show_cells_);
  Tip("Draw every cell as a wireframe cube coloured by its depth (legend at the bottom), the "
      "subdivision of 1.2 Octree.");
  ImGui::SameLine();
  ImGui::Checkbox("Hide empty", &hide_empty_);
  Tip("Skip cells with no triangle in their subtree: they exist only as the octant a ray crosses "
      "(1.2 Octree).");
  ClampedSliderInt(op::kDepthShown.label, &depth_shown_,
                   {1, max_depth_, "the root is depth 1", "the octree's max depth"}, clamp_note_);
  Tip(op::kDepthShown.tip);
  if (show_cells_) {
    ImGui::TextDisabled("%zu cell edges merged into %zu lines", cell_recorder_.segments_recorded(),
                        cell_lines_->line_count());
    Tip("Shared and continuing edges of neighbouring cells are drawn as one line: fewer lines keep "
        "the overlay fast on a software renderer.");
    if (cell_lines_->outside_line_count() > 0 && coarse_in_motion_) {
      ImGui::TextDisabled("%zu pieces outside the mesh, while turning",
                          cell_lines_->outside_line_count());
      Tip("While the camera moves, the lines are cut where they enter the closed mesh drawn "
          "under them: from outside it those stretches are hidden anyway, and a software "
          "renderer no longer fills their pixels.");
    }
  }
  if (app_.model.triangles_in_motion() < app_.model.displayed_triangles()) {
    ImGui::Checkbox("Coarser mesh while the camera moves", &coarse_in_motion_);
    Tip("Software rendering: while the camera turns with the cells shown, the model is drawn "
        "from a copy with a sixth of the triangles, and the cell edges inside it (hidden from a "
        "camera outside) are left out, so the frame rate keeps up; the still picture uses the "
        "display mesh and every edge.");
  }
  ImGui::Checkbox("Colour triangles by cell depth", &tint_by_depth_);
  Tip("Each triangle takes the colour of the depth of the cell that holds it: big or badly "
      "placed triangles stay shallow and are tested by many rays (3.1 Profundidade da Octree).");
}

void OctreeView::RayGui() {
  if (!Header("Ray query", kSectionRay)) return;
  int mode = int(ray_mode_);
  ImGui::RadioButton("From camera", &mode, 0);
  Tip("Double-click the view: the ray goes from the eye through the cursor, the paper's R(t) = O "
      "+ tD (1.1 Detecção de colisão).");
  ImGui::SameLine();
  ImGui::RadioButton("From fixed origin", &mode, 1);
  Tip("Double-click aims a ray from the magenta origin at the point under the cursor, to watch "
      "one ray cross the cells from the side.");
  ray_mode_ = RayMode(mode);
  if (ray_mode_ == RayMode::kFromFixedOrigin) {
    const glm::vec3 before = fixed_origin_;
    if (ImGui::DragFloat3("Origin", &fixed_origin_.x,
                          0.01f * glm::length(scene_.bounds().Extent()))) {
      // Ctrl+click accepts typed text, "inf" and "nan" included: a ray cannot start there.
      const bool finite = std::isfinite(fixed_origin_.x) && std::isfinite(fixed_origin_.y) &&
                          std::isfinite(fixed_origin_.z);
      if (!finite) {
        fixed_origin_ = before;
        clamp_note_ = {"Origin", "Origin: not a finite point; the previous origin is kept"};
      } else if (clamp_note_.label == "Origin") {
        clamp_note_ = {};
      }
    }
    if (clamp_note_.label == "Origin") DrawNoteLine(clamp_note_.text);
    Tip("The origin O of fixed-origin rays, R(t) = O + tD (1.1 Detecção de colisão); drag to "
        "move.");
    if (ImGui::Button("Origin at eye")) fixed_origin_ = app_.camera.Eye();
    Tip("Put the origin O at the camera's eye (1.1 Detecção de colisão: any point can be O).");
    ImGui::SameLine();
    if (ImGui::Button("Default ray")) DefaultFixedRay();
    Tip("A ray from the left of the view to the surface seen at the scene's centre, crossing many "
        "cells before its hit (1.2 Octree).");
  }
  const char* traversals[] = {"paper", "ordered"};
  ImGui::Combo("Overlay shows", &trace_shown_, traversals, 2);
  Tip("Whose visited cells (yellow) and tested triangles (blue) are drawn: the paper's traversal "
      "(1.2 Octree) or our front-to-back one that stops at the nearest hit.");
  if (has_ray_) {
    if (ImGui::Button("Clear ray")) has_ray_ = false;
    Tip("Remove the ray, its visited cells and its tested triangles (1.2 Octree) from the view.");
  }
}

// Results get their own window (bottom right), so the numbers stay visible while the panel scrolls.
void OctreeView::ResultsWindow(const FigureArea& area) {
  if (!has_ray_ && !batch_.HasResult()) return;
  if (area.presenter) {
    // Along the top, clear of the caption; left of the histogram when both are shown.
    const FigureCorner corner = show_histogram_ ? FigureCorner::kTopLeft : FigureCorner::kTopRight;
    if (BeginFigureWindow("##octree results", area, corner)) ResultsTables();
    EndFigureWindow(area);
    return;
  }
  const float pad = area.font_pixels;
  // A lesson's caption fills the bottom of the frame: its steps show the results at the top.
  const float y = lesson_layout_ ? area.min.y + pad : area.max.y - pad;
  ImGui::SetNextWindowPos(ImVec2(area.max.x - pad, y), ImGuiCond_Always,
                          ImVec2(1, lesson_layout_ ? 0.0f : 1.0f));
  SetNextWindowBgAlphaForRenderer(0.85f);
  if (ImGui::Begin("Octree results", nullptr,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing))
    ResultsTables();
  ImGui::End();
}

void OctreeView::ResultsTables() {
  if (has_ray_) RayResultsTable();
  if (has_ray_ && batch_.HasResult()) ImGui::Separator();
  if (batch_.HasResult()) batch_.ResultsTable(*tree_, triangles_per_depth_);
}

void OctreeView::RayResultsTable() {
  const RayHit& hit = results_[0].hit;
  if (hit.hit) {
    const glm::vec3 p = ray_.At(hit.t);
    ImGui::Text("Hit triangle %u at (%.4g, %.4g, %.4g), distance %.4g", hit.triangle, p.x, p.y, p.z,
                hit.t * glm::length(ray_.direction));
  } else {
    ImGui::Text("The ray hits nothing");
  }
  if (!ImGui::BeginTable("ray", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit))
    return;
  ImGui::TableSetupColumn("one ray");
  ImGui::TableSetupColumn("paper");
  ImGui::TableSetupColumn("ordered");
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
  row("cells visited", results_[0].stats.nodes_visited, results_[1].stats.nodes_visited);
  row("triangles tested", results_[0].stats.triangle_tests, results_[1].stats.triangle_tests);
  row("hit triangle", results_[0].hit.hit ? results_[0].hit.triangle : 0,
      results_[1].hit.hit ? results_[1].hit.triangle : 0);
  ImGui::EndTable();
  ImGui::TextDisabled("yellow: visited cells, blue: tested, red: hit (%s)",
                      trace_shown_ == 0 ? "paper" : "ordered");
}

// The colour keys, bottom centre: depth colours (cells, tint) or the heatmap's ramp.
void OctreeView::LegendWindow(const FigureArea& area) {
  const bool heatmap = heatmap_.HasImage();
  if (!heatmap && !show_cells_ && !tint_by_depth_) return;
  // The lesson histogram shows the same depth colours, labelled; and an interactive lesson's
  // caption (the Lessons window) may sit where the legend would go.
  if (lesson_layout_ && (show_histogram_ || !heatmap)) return;
  const float pad = area.font_pixels;
  if (heatmap && heatmap_.Split()) heatmap_.SplitLabels(area);
  if (BeginFigureWindow("##octree legend", area, FigureCorner::kBottomCentre, 0.8f)) {
    if (heatmap) {
      heatmap_.LegendRows(pad);
    } else {
      ImGui::TextUnformatted("Cell depth (non-empty cells)");
      for (int d = 1; d <= max_depth_; ++d) {
        LegendSwatch(OctreeDepthColor(d));
        ImGui::Text("%2d: %d", d, cells_per_depth_[d - 1]);
        if (d % 3 != 0 && d != max_depth_) ImGui::SameLine(pad * 6.5f * (d % 3));
      }
    }
  }
  EndFigureWindow(area);
}

// The paper's figures 9, 11, 13, 15 and 17 ("gráfico de triângulos por profundidade") drawn large
// for a lesson, top right: one bar per depth in the cells' depth colour, its count and share.
void OctreeView::HistogramWindow(const FigureArea& area) {
  if (BeginFigureWindow("##triangles per depth", area, FigureCorner::kTopRight)) {
    const float pad = ImGui::GetFontSize();
    const size_t total = tree_->usable_triangle_count();
    ImGui::Text("Triangles per depth (%zu triangles, %s placement)", total,
                PlacementName(Placement(placement_)));
    const float bar_width = pad * 2.2f, height = pad * 9.0f;
    const float peak =
        std::max(1.0f, *std::max_element(triangles_per_depth_.begin(), triangles_per_depth_.end()));
    ImDrawList* list = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float label = pad * 1.3f;  // the share above each bar
    for (int d = 1; d <= max_depth_; ++d) {
      const float count = triangles_per_depth_[size_t(d - 1)];
      const float x = origin.x + float(d - 1) * (bar_width + pad * 0.4f);
      const float bottom = origin.y + label + height;
      const Color c = OctreeDepthColor(d);
      list->AddRectFilled(ImVec2(x, bottom - height * count / peak), ImVec2(x + bar_width, bottom),
                          ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f)));
      char share[16];
      std::snprintf(share, sizeof share, "%.0f%%", total ? 100.0 * count / double(total) : 0.0);
      list->AddText(ImVec2(x, bottom - height * count / peak - label), IM_COL32(255, 255, 255, 235),
                    share);
      char depth[16];
      std::snprintf(depth, sizeof depth, "%d", d);
      list->AddText(ImVec2(x + bar_width * 0.35f, bottom + pad * 0.2f),
                    IM_COL32(220, 220, 220, 255), depth);
    }
    ImGui::Dummy(ImVec2(float(max_depth_) * (bar_width + pad * 0.4f), label + height + pad * 1.4f));
    ImGui::TextDisabled("depth (root = 1); the paper's figures 9-17");
  }
  EndFigureWindow(area);
}

}  // namespace partlab::octree_view
