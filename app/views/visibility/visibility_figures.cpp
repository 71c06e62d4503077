// The Visibility view's figures (the class is in visibility_view.h): the walls' numbers, the
// split line, the pictures' names and the colour key, drawn over the scene interactively and in a
// lesson's presenter mode alike (View::DrawFigures).
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <glm/common.hpp>

#include "app/i18n/translate.h"
#include "app/panels/figure_area.h"
#include "app/panels/legend.h"
#include "app/panels/status_bar.h"
#include "app/views/visibility/visibility_overlay.h"
#include "app/views/visibility/visibility_view.h"

namespace partlab {

// Everything this view draws over its pictures is a figure: the same drawing interactively and
// in presenter mode.
void VisibilityView::UpdateWindows() {
  DrawFigures(WholeDisplayFigureArea());
}

// The split line, the walls' numbers, the pictures' names and the colour key, over the scene.
void VisibilityView::DrawFigures(const FigureArea& area) {
  figures_in_presenter_ = area.presenter;  // read by the next Render, which places the numbers
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  PushFigureClip(list, area);
  for (const glm::vec2& d : scene_labels_.dividers) {
    const float x = d.x / scene_labels_.display_scale.x;
    list->AddLine(ImVec2(x, area.min.y), ImVec2(x, area.max.y), IM_COL32(235, 235, 245, 200), 2.0f);
  }
  WallNumbers(list, area);
  LegendWindow(list, area);
  list->PopClipRect();
}

// The book's numbers (or the drawing order) on the walls, each on a dark tag in its wall's colour.
void VisibilityView::WallNumbers(ImDrawList* list, const FigureArea& area) const {
  ImFont* font = FigureFont(area);
  const float px = FigureFontPixels(area), s = px / ImGui::GetFontSize();
  for (const SceneLabels::Label& l : scene_labels_.labels) {
    char text[8];
    std::snprintf(text, sizeof text, "%d", l.number);
    const ImVec2 ts = FigureTextSize(font, px, text);
    const ImVec2 a(l.at.x - ts.x * 0.5f - 3 * s, l.at.y - ts.y * 0.5f - 1 * s);
    const ImVec2 b(l.at.x + ts.x * 0.5f + 3 * s, l.at.y + ts.y * 0.5f + 1 * s);
    list->AddRectFilled(a, b, IM_COL32(20, 20, 28, 190), 3.0f * s);
    list->AddText(font, px, ImVec2(a.x + 3 * s, a.y + 1 * s),
                  ToImU32({glm::mix(glm::vec3(l.color), glm::vec3(1.0f), 0.3f), 1.0f}), text);
  }
}

void VisibilityView::LegendWindow(ImDrawList* list, const FigureArea& area) const {
  ImFont* font = FigureFont(area);
  const float px = FigureFontPixels(area), s = px / ImGui::GetFontSize();
  const float line = px + ImGui::GetStyle().ItemSpacing.y * s;
  const float left = area.min.x, right = area.max.x, bottom = area.max.y;
  auto text_width = [&](const char* text) { return FigureTextSize(font, px, text).x; };
  // Captions over each viewport; interactively above the status bar's Play / Step (bottom left).
  const float caption_bottom =
      area.presenter || !ShowsStepControls() ? bottom : bottom - StatusBarReservedHeight();
  auto caption = [&](float x, const char* text) {
    list->AddRectFilled(ImVec2(x + 8 * s, caption_bottom - line - 14 * s),
                        ImVec2(x + 16 * s + text_width(text), caption_bottom - 8 * s),
                        IM_COL32(20, 20, 28, 180), 4.0f * s);
    list->AddText(font, px, ImVec2(x + 12 * s, caption_bottom - line - 11 * s),
                  IM_COL32(240, 240, 245, 255), text);
  };
  // Interactively the Scene panel may cover the left of the window (insets_, ui_insets.h): the
  // left caption starts right of it.
  const float caption_left =
      area.presenter ? left : std::max(left, float(insets_.left) / scene_labels_.display_scale.x);
  // The god view's caption, shortened when the panel leaves its viewport too narrow for it.
  auto god_caption = [&](float viewport_right) {
    const char* full = _("God view: the observer's frustum in white");
    return caption_left + text_width(full) + 24 * s <= viewport_right ? full : _("God view");
  };
  if (display_ == Display::kSplit) {
    const float middle = 0.5f * (left + right);
    caption(caption_left, god_caption(middle));
    caption(middle, _("Observer's eye"));
  } else {
    caption(caption_left, display_ == Display::kGod ? god_caption(right) : _("Observer's eye"));
  }
  // The colour key, bottom right (the Stats window sits top right): its entries first, so that
  // the key is as wide as its widest entry needs (320 px at least) in either language.
  struct Key {
    Color colour;
    const char* text;
  };
  std::array<Key, 4> keys;
  size_t count = 0;
  char numbers[96];
  if (mode_ == Mode::kFrustum) {
    keys[count++] = {CellClassColor(BoxClass::kInside), _("inside: accepted whole")};
    keys[count++] = {CellClassColor(BoxClass::kIntersecting), _("intersecting: opened")};
    keys[count++] = {CellClassColor(BoxClass::kOutside), _("outside: skipped")};
    std::snprintf(numbers, sizeof numbers, _("drawn %zu / %zu tris, %.2f ms"),
                  frustum_culling_.cull.triangles_accepted, frustum_culling_.cull.triangles_total,
                  frustum_culling_.cull.seconds * 1e3);
    keys[count++] = {{1, 1, 1, 1}, numbers};
  } else if (mode_ == Mode::kRoom) {
    keys[count++] = {OrderRamp(0.0f), _("painted first (farthest)")};
    keys[count++] = {OrderRamp(0.5f), "..."};
    keys[count++] = {OrderRamp(1.0f), _("painted last (nearest)")};
  } else {
    std::snprintf(numbers, sizeof numbers, _("backfaces %zu / %zu tris"), backface_.count,
                  backface_.culled.size());
    keys[count++] = {{0.95f, 0.25f, 0.3f, 1.0f}, numbers};
  }
  float width = 320 * s;
  for (size_t k = 0; k < count; ++k) width = std::max(width, text_width(keys[k].text) + 36 * s);
  float y = bottom - 10 * s - float(count) * (line + 2 * s);
  const float x = right - 10 * s - width;
  for (size_t k = 0; k < count; ++k) {
    list->AddRectFilled(ImVec2(x, y), ImVec2(x + width, y + line + 2 * s),
                        IM_COL32(20, 20, 28, 170));
    list->AddRectFilled(ImVec2(x + 6 * s, y + 4 * s), ImVec2(x + 20 * s, y + line - 2 * s),
                        ToImU32({glm::vec3(keys[k].colour), 1.0f}));
    list->AddText(font, px, ImVec2(x + 28 * s, y + 1 * s), IM_COL32(240, 240, 245, 255),
                  keys[k].text);
    y += line + 2 * s;
  }
}

}  // namespace partlab
