#include "app/views/portals/portals_panels.h"
#include "app/i18n/translate.h"
#include "app/panels/tooltip.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "engine/visibility/convex_clip.h"

namespace partlab {

namespace {

// The scene's portal depth colour (PortalDepthColor), for ImGui's draw lists and text.
ImU32 DepthColor(uint32_t depth, int alpha) {
  const Color c = PortalDepthColor(depth, float(alpha) / 255.0f);
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a));
}

}  // namespace

void TechniqueTable(const PortalsScene& scene) {
  const size_t total = scene.level().polygons.size();
  if (!ImGui::BeginTable("techniques", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) return;
  // The technique's name gets the room the longest one needs; the numbers share the rest.
  ImGui::TableSetupColumn(_("technique"), ImGuiTableColumnFlags_WidthStretch, 3.2f);
  ImGui::TableSetupColumn(_("drawn"), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn(_("culled"), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("µs", ImGuiTableColumnFlags_WidthStretch, 0.9f);  // untranslated: unit
  ImGui::TableHeadersRow();
  static constexpr const char* kTips[] = {
      N_("Every polygon of the level goes to the pipeline."),
      N_("Polygons with all vertices outside one plane of the observer's frustum are dropped."),
      N_("Section 3.2.3.4, first way: each portal projected on the screen and intersected with "
         "the current window; an empty intersection stops the recursion."),
      N_("Section 3.2.3.4, second way: a new frustum from the eye through the portal's edges."),
      N_("The PVS row of the observer's cell (point sampling), then the frustum test."),
      N_("Section 3.2.3.4: \"os portais serão normalmente utilizados em conjunto com a técnica "
         "de PVS\": the recursion (frusta) follows a portal only into a cell the sampled PVS row "
         "holds. A cell the sampling missed is not drawn."),
      N_("The conservative PVS row (portal sequences, never excludes a visible cell), then the "
         "frustum test.")};
  for (int t = 0; t < kPortalsTechniqueCount; ++t) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(_(PortalsTechniqueName(t)));
    Tip(_(kTips[t]));
    ImGui::TableNextColumn();
    if (!scene.available(t)) {  // its table is still being built (or the build was cancelled)
      for (int k = 0; k < 3; ++k) ImGui::TextDisabled("-"), k < 2 && ImGui::TableNextColumn();
      continue;
    }
    ImGui::Text("%zu", scene.drawn(t));
    ImGui::TableNextColumn();
    ImGui::Text("%zu", total - scene.drawn(t));
    ImGui::TableNextColumn();
    ImGui::Text("%.1f", scene.micros(t));
  }
  ImGui::EndTable();
}

namespace {

void TreeNodeGui(const PortalsScene& scene, const PortalRenderResult& r,
                 const std::vector<std::vector<int>>& children, int n, int* budget) {
  if (--*budget < 0) return;
  const PortalNode& node = r.nodes[size_t(n)];
  char label[160];
  const std::string& cell = scene.level().cells[node.cell].name;
  if (node.portal < 0)
    std::snprintf(label, sizeof label, _("%s (observer), %u polygons##%d"), cell.c_str(),
                  node.polygons_drawn, n);
  else
    std::snprintf(label, sizeof label, _("%s via portal %d, %u polygons##%d"), cell.c_str(),
                  node.portal, node.polygons_drawn, n);
  ImGui::PushStyleColor(ImGuiCol_Text, DepthColor(node.depth, 255));
  const bool leaf = children[size_t(n)].empty();
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_DefaultOpen;
  if (leaf) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
  const bool open = ImGui::TreeNodeEx(label, flags);
  ImGui::PopStyleColor();
  if (leaf || !open) return;
  for (int c : children[size_t(n)]) TreeNodeGui(scene, r, children, c, budget);
  ImGui::TreePop();
}

}  // namespace

void RecursionTree(const PortalsScene& scene, PortalVariant variant,
                   std::vector<std::vector<int>>* children) {
  const PortalRenderResult& r = scene.result(variant);
  if (r.nodes.empty()) {
    ImGui::TextDisabled("%s", _("The observer is in no cell: nothing is rendered."));
    return;
  }
  children->resize(std::max(children->size(), r.nodes.size()));
  for (size_t n = 0; n < r.nodes.size(); ++n) (*children)[n].clear();
  for (size_t n = 1; n < r.nodes.size(); ++n)
    (*children)[size_t(r.nodes[n].parent)].push_back(int(n));
  ImGui::Text(_("%zu calls of render(), %zu cells, %zu portals tested"), r.nodes.size(),
              r.cells_visited, r.portal_tests);
  int budget = 300;  // a deep level's tree is long: the first calls are what matters here
  TreeNodeGui(scene, r, *children, 0, &budget);
  if (budget < 0) ImGui::TextDisabled("%s", _("... (first 300 calls shown)"));
}

void ObserverScreen(const PortalsScene& scene, float width) {
  const PortalsObserver& o = scene.observer();
  const ImVec2 size(width, width / o.aspect);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("observer screen", size);
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), IM_COL32(18, 18, 24, 255));
  list->PushClipRect(at, ImVec2(at.x + size.x, at.y + size.y), true);
  auto to_px = [&](const glm::vec2& ndc) {
    return ImVec2(at.x + (ndc.x * 0.5f + 0.5f) * size.x, at.y + (0.5f - ndc.y * 0.5f) * size.y);
  };
  // The 2-D windows, outermost first, filled by depth.
  const PortalRenderResult& w = scene.result(PortalVariant::kScreenPolygon);
  ImVec2 pts[Polygon2::kCapacity];
  for (const PortalNode& node : w.nodes) {
    if (node.parent < 0) continue;
    for (uint32_t i = 0; i < node.view_count; ++i) pts[i] = to_px(w.windows[node.first_view + i]);
    list->AddConvexPolyFilled(pts, int(node.view_count), DepthColor(node.depth, 60));
    list->AddPolyline(pts, int(node.view_count), DepthColor(node.depth, 255), ImDrawFlags_Closed,
                      2.0f);
  }
  // The drawn polygons' edges, clipped at the near plane, projected.
  const glm::mat4 vp = o.ViewProjection();
  Polygon4 h, clipped;
  for (uint32_t p : w.drawn) {
    h.clear();
    for (const glm::vec3& v : scene.level().PolygonVertices(p)) h.push_back(vp * glm::vec4(v, 1));
    ClipNearFar(h, &clipped);
    for (uint32_t i = 0; i < clipped.n; ++i)
      pts[i] = to_px(glm::vec2(clipped.v[i]) / clipped.v[i].w);
    if (clipped.n >= 2)
      list->AddPolyline(pts, int(clipped.n), IM_COL32(235, 235, 225, 200), ImDrawFlags_Closed,
                        1.0f);
  }
  list->PopClipRect();
}

namespace {

// The matrix's row names ("1 hall") in a column left of it and the column numbers above it; moves
// `at` (the cursor) to where the matrix's squares start.
void PvsNames(const PortalsScene& scene, float cell, ImVec2* at) {
  const auto& cells = scene.level().cells;
  const float line = ImGui::GetTextLineHeight();
  char text[96];
  float gutter = 0.0f;
  for (size_t i = 0; i < cells.size(); ++i) {
    std::snprintf(text, sizeof text, "%zu %s", i + 1, cells[i].name.c_str());
    gutter = std::max(gutter, ImGui::CalcTextSize(text).x);
  }
  gutter += line * 0.5f;
  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImU32 colour = IM_COL32(225, 225, 230, 255);
  const ImVec2 squares(at->x + gutter, at->y + line * 1.2f);
  for (size_t i = 0; i < cells.size(); ++i) {
    std::snprintf(text, sizeof text, "%zu", i + 1);
    const float w = ImGui::CalcTextSize(text).x;
    list->AddText(ImVec2(squares.x + cell * (float(i) + 0.5f) - w * 0.5f, at->y), colour, text);
    std::snprintf(text, sizeof text, "%zu %s", i + 1, cells[i].name.c_str());
    list->AddText(ImVec2(at->x, squares.y + cell * float(i) + (cell - line) * 0.5f), colour, text);
  }
  ImGui::Dummy(ImVec2(gutter, line * 1.2f));  // the numbers' row
  ImGui::SetCursorScreenPos(squares);
  *at = squares;
}

}  // namespace

// One square per cell pair while the level is small; a large one is binned (a square is lit when
// any pair in its bin is visible), so the matrix fits `side` pixels.
void PvsMatrix(const PortalsScene& scene, float side, float max_cell, bool named) {
  const PotentiallyVisibleSet& pvs = scene.pvs();
  const size_t n = pvs.cells();
  if (!scene.pvs_ready() || n == 0) {
    ImGui::TextDisabled("%s", _("not built yet"));
    return;
  }
  // Pairs the conservative table holds and the sampled one lacks: what sampling missed.
  const PotentiallyVisibleSet* conservative =
      scene.conservative_ready() ? &scene.conservative() : nullptr;
  const size_t per_bin = std::max<size_t>(1, size_t(std::ceil(float(n) / std::max(side, 1.0f))));
  const size_t bins = (n + per_bin - 1) / per_bin;
  const float cell = std::max(1.0f, std::min(max_cell, std::floor(side / float(bins))));
  const ImVec2 size(cell * float(bins), cell * float(bins));
  named = named && per_bin == 1;
  ImVec2 at = ImGui::GetCursorScreenPos();
  if (named) PvsNames(scene, cell, &at);
  ImGui::InvisibleButton("pvs matrix", size);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), IM_COL32(28, 28, 36, 255));
  const int row = scene.observer_cell();
  const size_t row_bin = row >= 0 ? size_t(row) / per_bin : bins;
  if (row >= 0)
    list->AddRectFilled(ImVec2(at.x, at.y + cell * float(row_bin)),
                        ImVec2(at.x + size.x, at.y + cell * float(row_bin + 1)),
                        IM_COL32(120, 100, 40, 255));
  // Each bin's state, from the set bits only (a large table is mostly empty): 1 visible, 2 a
  // pair sampling missed (shown over the visible ones). Scratch kept between frames.
  static std::vector<uint8_t> lit;
  lit.assign(bins * bins, 0);
  for (size_t a = 0; a < n; ++a)
    for (size_t w = 0; w < pvs.words(); ++w) {
      const uint64_t seen = pvs.Word(a, w);
      const uint64_t missed = conservative ? conservative->Word(a, w) & ~seen : 0;
      for (uint64_t bits = seen | missed; bits; bits &= bits - 1) {
        const int k = __builtin_ctzll(bits);
        uint8_t& bin = lit[(a / per_bin) * bins + (w * 64 + size_t(k)) / per_bin];
        bin = std::max<uint8_t>(bin, (missed >> k) & 1 ? 2 : 1);
      }
    }
  for (size_t i = 0; i < bins; ++i)
    for (size_t j = 0; j < bins; ++j) {
      const uint8_t state = lit[i * bins + j];
      if (!state) continue;
      const ImU32 c = state == 2 ? IM_COL32(240, 64, 115, 255) : IM_COL32(90, 150, 245, 255);
      const ImVec2 p(at.x + cell * float(j), at.y + cell * float(i));
      list->AddRectFilled(p, ImVec2(p.x + cell, p.y + cell), c);
    }
  if (row >= 0)  // the observer's row on top of its bin's other rows
    for (size_t b = 0; b < n; ++b)
      if (pvs.Visible(size_t(row), b)) {
        const ImVec2 p(at.x + cell * float(b / per_bin), at.y + cell * float(row_bin));
        list->AddRectFilled(p, ImVec2(p.x + cell, p.y + cell), IM_COL32(255, 215, 90, 255));
      }
  if (per_bin > 1) ImGui::TextDisabled(_("%zu x %zu cells per square"), per_bin, per_bin);
  if (hovered) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const size_t b = size_t((m.x - at.x) / cell) * per_bin,
                 a = size_t((m.y - at.y) / cell) * per_bin;
    if (a < n && b < n) {
      const auto& cells = scene.level().cells;
      const bool missed = conservative && conservative->Visible(a, b) && !pvs.Visible(a, b);
      ImGui::SetTooltip(pvs.Visible(a, b) ? _("from %s, potentially visible: %s")
                        : missed
                            ? _("from %s, missed by sampling (the conservative PVS holds it): %s")
                            : _("from %s, never visible: %s"),
                        cells[a].name.c_str(), cells[b].name.c_str());
    }
  }
}

}  // namespace partlab
