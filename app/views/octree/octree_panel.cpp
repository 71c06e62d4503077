// The octree view's panel and windows (the class is in octree_view.h): the controls of each
// section with their tooltips, the results tables and the legend.
#include "app/i18n/translate.h"
#include "app/panels/figure_area.h"
#include "app/views/octree/octree_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>

#include <imgui.h>

namespace partlab::octree_view {

bool OctreeView::Header(const char* label, unsigned section) {
  ImGui::SetNextItemOpen((open_sections_ & section) != 0, ImGuiCond_Once);
  return ImGui::CollapsingHeader(label);
}

// --- Panel ---------------------------------------------------------------------------------------

void OctreeView::UpdateGui() {
  SourceGui();
  BuildGui();
  if (Header(_("Overlay"), kSectionOverlay)) picture_.Gui(max_depth_, app_.model, clamp_note_);
  if (Header(_("Ray query"), kSectionRay)) probe_.Gui(*tree_, scene_, app_.camera, clamp_note_);
  if (Header(_("Batch: 10,000 random rays"), kSectionBatch))
    batch_.Gui(tree_, scene_.bounds(), clamp_note_);
  if (Header(_("Cost heatmap"), kSectionHeatmap)) heatmap_.Gui();
  size_t clicked = 0;  // a wrong ray's row clicked: the probe is aimed along it
  if (Header(_("Ray-structure plugin"), kSectionPlugin) &&
      plugin_rays_.Gui(scene_.triangles(), clamp_note_, &clicked))
    AimProbeAlong(clicked);
  if (!picture_.error().empty())
    ImGui::TextColored({1, 0.45f, 0.4f, 1}, "%s", picture_.error().c_str());
  if (!heatmap_.error().empty())
    ImGui::TextColored({1, 0.45f, 0.4f, 1}, "%s", heatmap_.error().c_str());
}

// Every window of this view is a figure: the same drawing, whole display or presenter mode.
void OctreeView::UpdateWindows() {
  DrawFigures(WholeDisplayFigureArea());
}

void OctreeView::DrawFigures(const FigureArea& area) {
  if (!show_hit_triangle_) ResultsWindow(area);  // its colour key is the trace's, not drawn then
  LegendWindow(area);
  if (show_histogram_) HistogramWindow(area);
}

void OctreeView::SourceGui() {
  if (!Header(_("Scene"), kSectionScene)) return;
  int source = int(source_);
  stale_ |= ImGui::RadioButton(_("Model"), &source, 0);
  Tip(
      _("Build over the loaded model's triangles, like the paper's artist models Building and "
        "SciFiCity (3.1 Resultados)."));
  ImGui::SameLine();
  stale_ |= ImGui::RadioButton(_("Random soup"), &source, 1);
  Tip(_("Build over random triangles, the paper's synthetic test cases (2.2 Fatores de estudo)."));
  source_ = SceneSource(source);
  if (source_ != SceneSource::kSoup) return;
  const char* affinities[] = {_("low"), _("medium"), _("high")};  // kAffinity's names, shown
  stale_ |= ParamCombo(op::kAffinity, &soup_affinity_, affinities);
  ParamSliderInt(op::kSoupTriangles, &soup_count_, clamp_note_, "%d", ImGuiSliderFlags_Logarithmic);
  stale_ |= clamp_note_.deactivated_after_edit;
  stale_ |= ParamInputInt(op::kSoupSeed, &soup_seed_, clamp_note_);
}

void OctreeView::BuildGui() {
  if (!Header(_("Octree build"), kSectionBuild)) return;
  ParamSliderInt(op::kMaxDepth, &max_depth_, clamp_note_);
  stale_ |= clamp_note_.deactivated_after_edit;
  const char* placements[] = {_("Paper: deepest containing cell"),
                              _("Leaf references (split + SAT)")};
  stale_ |= ParamCombo(op::kPlacement, &placement_, placements);
  const OctreeBuildStats& s = tree_->stats();
  ImGui::Text(_("%zu triangles, build %.1f ms, %.2f MB"), tree_->usable_triangle_count(),
              s.build_seconds * 1e3, double(s.memory_bytes) / (1 << 20));
  Tip(
      _("Build time and memory (nodes, triangle references, the triangle copy) of this octree; the "
        "paper weighs the same build cost against query time (3.1 Resultados)."));
  ImGui::Text(_("%zu cells, %zu leaves, %zu refs, deepest %d"), s.node_count, s.leaf_count,
              s.reference_count, s.depth_reached);
  if (s.skipped.Total() > 0)
    ImGui::TextDisabled(_("%zu degenerate triangles skipped"), s.skipped.Total());
  ImGui::PlotHistogram("##perdepth", triangles_per_depth_.data(), int(triangles_per_depth_.size()),
                       0, _("triangles per depth (1 .. max)"), 0.0f, FLT_MAX,
                       ImVec2(0, ImGui::GetFontSize() * 4));
  Tip(
      _("How many triangles each depth holds, the paper's figures 9-17 (3.1 Resultados): a tall "
        "bar at a shallow depth means big triangles the octree cannot separate."));
}

// Results get their own window (bottom right), so the numbers stay visible while the panel scrolls.
void OctreeView::ResultsWindow(const FigureArea& area) {
  if (!probe_.has_ray() && !batch_.HasResult()) return;
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
  // untranslated: the window's stable ID, its title is the first argument
  if (ImGui::Begin(WindowTitle(_("Octree results"), "octree results"), nullptr,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing))
    ResultsTables();
  ImGui::End();
}

void OctreeView::ResultsTables() {
  if (probe_.has_ray()) probe_.ResultsTable();
  if (probe_.has_ray()) plugin_rays_.ProbeRows();
  if (probe_.has_ray() && batch_.HasResult()) ImGui::Separator();
  if (batch_.HasResult()) batch_.ResultsTable(*tree_, triangles_per_depth_);
}

// The colour keys, bottom centre: depth colours (cells, tint) or the heatmap's ramp.
void OctreeView::LegendWindow(const FigureArea& area) {
  const bool heatmap = heatmap_.HasImage();
  if (!heatmap && !overlay().show_cells && !overlay().tint_by_depth) return;
  // The lesson histogram shows the same depth colours, labelled; and an interactive lesson's
  // caption (the Lessons window) may sit where the legend would go.
  if (lesson_layout_ && (show_histogram_ || !heatmap)) return;
  const float pad = area.font_pixels;
  if (heatmap && heatmap_.Split()) heatmap_.SplitLabels(area);
  if (BeginFigureWindow("##octree legend", area, FigureCorner::kBottomCentre, 0.8f)) {
    if (heatmap) {
      heatmap_.LegendRows(pad);
    } else {
      ImGui::TextUnformatted(_("Cell depth (non-empty cells)"));
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
    ImGui::Text(_("Triangles per depth (%zu triangles, %s placement)"), total,
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
    ImGui::TextDisabled(_("depth (root = 1); the paper's figures 9-17"));
  }
  EndFigureWindow(area);
}

}  // namespace partlab::octree_view
