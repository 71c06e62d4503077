#include "app/panels/figure_area.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "app/ui_style.h"

namespace partlab {

namespace {

// Figure text in presenter mode: 1/40 of the frame's height (18 px at 720 lines, 27 at 1080),
// smaller than the caption's 1/30 so a figure reads as the caption's illustration; never below
// kSmallestFigurePixels, still legible in a 960x540 export.
constexpr float kFigurePixelsPerFrameLine = 1.0f / 40.0f;
constexpr float kSmallestFigurePixels = 12.0f;

// The panels' font size (ImGui's first font), what FigureScale compares with.
float PanelFontPixels() {
  const ImGuiIO& io = ImGui::GetIO();
  return io.Fonts->Fonts.empty() ? 13.0f : io.Fonts->Fonts[0]->FontSize;
}

bool UsesPresenterFont(const FigureArea& area) {
  return area.presenter && PresenterFont() != nullptr;
}

}  // namespace

FigureArea WholeDisplayFigureArea() {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  FigureArea area;
  area.min = {vp->WorkPos.x, vp->WorkPos.y};
  area.max = {vp->WorkPos.x + vp->WorkSize.x, vp->WorkPos.y + vp->WorkSize.y};
  area.font_pixels = ImGui::GetFontSize();
  return area;
}

FigureArea PresenterFigureArea(float display_width, float display_height, float caption_top) {
  FigureArea area;
  area.font_pixels = std::max(display_height * kFigurePixelsPerFrameLine, kSmallestFigurePixels);
  const float margin = area.font_pixels * 0.5f;
  area.min = {margin, margin};
  area.max = {display_width - margin, std::max(caption_top - margin, margin)};
  area.presenter = true;
  return area;
}

bool BeginFigureWindow(const char* id, const FigureArea& area, FigureCorner corner, float alpha) {
  const float pad = area.font_pixels;
  const bool right = corner == FigureCorner::kTopRight || corner == FigureCorner::kBottomRight;
  const bool bottom = corner == FigureCorner::kBottomLeft || corner == FigureCorner::kBottomRight ||
                      corner == FigureCorner::kBottomCentre;
  ImVec2 at(right ? area.max.x - pad : area.min.x + pad,
            bottom ? area.max.y - pad : area.min.y + pad);
  ImVec2 pivot(right ? 1.0f : 0.0f, bottom ? 1.0f : 0.0f);
  if (corner == FigureCorner::kBottomCentre) {
    at.x = 0.5f * (area.min.x + area.max.x);
    pivot.x = 0.5f;
  }
  ImGui::SetNextWindowPos(at, ImGuiCond_Always, pivot);
  const ImVec2 room(std::max(area.max.x - area.min.x - 2 * pad, pad),
                    std::max(area.max.y - area.min.y - 2 * pad, pad));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), room);
  SetNextWindowBgAlphaForRenderer(alpha);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (UsesPresenterFont(area)) ImGui::PushFont(PresenterFont());
  const bool open = ImGui::Begin(id, nullptr, flags);
  ImGui::SetWindowFontScale(area.font_pixels / ImGui::GetFont()->FontSize);
  return open;
}

void EndFigureWindow(const FigureArea& area) {
  ImGui::End();
  if (UsesPresenterFont(area)) ImGui::PopFont();
}

ImFont* FigureFont(const FigureArea& area) {
  return UsesPresenterFont(area) ? PresenterFont() : ImGui::GetFont();
}

float FigureFontPixels(const FigureArea& area) {
  return area.font_pixels > 0.0f ? area.font_pixels : ImGui::GetFontSize();
}

ImVec2 FigureTextSize(ImFont* font, float pixels, const char* text, float wrap_width) {
  ImVec2 size = font->CalcTextSizeA(pixels, FLT_MAX, wrap_width, text);
  size.x = std::floor(size.x + 0.99999f);
  return size;
}

float FigureScale() {
  return ImGui::GetFontSize() / PanelFontPixels();
}

void PushFigureClip(ImDrawList* list, const FigureArea& area) {
  list->PushClipRect(ImVec2(area.min.x, area.min.y), ImVec2(area.max.x, area.max.y), true);
}

}  // namespace partlab
