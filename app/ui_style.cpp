#include "app/ui_style.h"

#include <imgui.h>

#include <initializer_list>

#include "app/ui_fonts.h"

namespace partlab {

namespace {

bool g_software_rendered = false;
ImFont* g_presenter_font = nullptr;

// A software rasteriser (llvmpipe) pays per covered pixel, and blending a translucent panel over
// the 3D view is what it pays most for: opaque backgrounds took the Simulation view's panels from
// about 11.5 to 7 ms of CPU a frame at 1280x720 (single-threaded llvmpipe, the same run with and
// without the windows). Anti-aliasing, rounding and borders measured within noise, so they stay.
void MakeOpaque(ImGuiStyle& style) {
  for (ImGuiCol col : {ImGuiCol_WindowBg, ImGuiCol_ChildBg, ImGuiCol_PopupBg, ImGuiCol_TitleBg,
                       ImGuiCol_TitleBgActive, ImGuiCol_TitleBgCollapsed, ImGuiCol_MenuBarBg})
    if (style.Colors[col].w > 0.0f) style.Colors[col].w = 1.0f;
}

void LoadFont(float content_scale) {
  ImGuiIO& io = ImGui::GetIO();
  const UiFonts fonts = AddUiFonts(*io.Fonts, 15.0f * content_scale, kPresenterFontPixels);
  g_presenter_font = fonts.presenter;
  if (fonts.panels) return;
  ImFontConfig config;  // ImGui's built-in bitmap font, scaled
  config.SizePixels = 13.0f * content_scale;
  io.Fonts->AddFontDefault(&config);
}

void SetColors(ImGuiStyle& style) {
  ImVec4* c = style.Colors;
  const ImVec4 accent(0.93f, 0.60f, 0.32f, 1.0f);  // the material's warm orange
  c[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.10f, 0.12f, 0.88f);
  c[ImGuiCol_PopupBg] = ImVec4(0.10f, 0.11f, 0.13f, 0.96f);
  c[ImGuiCol_Border] = ImVec4(1.0f, 1.0f, 1.0f, 0.08f);
  c[ImGuiCol_TitleBg] = ImVec4(0.12f, 0.13f, 0.16f, 0.95f);
  c[ImGuiCol_TitleBgActive] = ImVec4(0.16f, 0.17f, 0.21f, 0.98f);
  c[ImGuiCol_TitleBgCollapsed] = ImVec4(0.12f, 0.13f, 0.16f, 0.75f);
  c[ImGuiCol_FrameBg] = ImVec4(0.17f, 0.18f, 0.22f, 1.0f);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.22f, 0.24f, 0.29f, 1.0f);
  c[ImGuiCol_FrameBgActive] = ImVec4(0.26f, 0.28f, 0.34f, 1.0f);
  c[ImGuiCol_Button] = ImVec4(0.20f, 0.22f, 0.27f, 1.0f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.28f, 0.30f, 0.37f, 1.0f);
  c[ImGuiCol_ButtonActive] = ImVec4(0.55f, 0.36f, 0.20f, 1.0f);
  c[ImGuiCol_Header] = ImVec4(0.20f, 0.22f, 0.27f, 1.0f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.28f, 0.30f, 0.37f, 1.0f);
  c[ImGuiCol_HeaderActive] = ImVec4(0.55f, 0.36f, 0.20f, 1.0f);
  c[ImGuiCol_CheckMark] = accent;
  c[ImGuiCol_SliderGrab] = accent;
  c[ImGuiCol_SliderGrabActive] = ImVec4(1.0f, 0.70f, 0.40f, 1.0f);
  c[ImGuiCol_PlotLines] = accent;
  c[ImGuiCol_PlotLinesHovered] = ImVec4(1.0f, 0.80f, 0.50f, 1.0f);
  c[ImGuiCol_Separator] = ImVec4(1.0f, 1.0f, 1.0f, 0.10f);
  c[ImGuiCol_TableRowBgAlt] = ImVec4(1.0f, 1.0f, 1.0f, 0.03f);
  c[ImGuiCol_Text] = ImVec4(0.90f, 0.91f, 0.93f, 1.0f);
  c[ImGuiCol_TextDisabled] = ImVec4(0.55f, 0.57f, 0.62f, 1.0f);
}

}  // namespace

ImFont* PresenterFont() {
  return g_presenter_font;
}

bool UiIsSoftwareRendered() {
  return g_software_rendered;
}

void SetNextWindowBgAlphaForRenderer(float gpu_alpha) {
  ImGui::SetNextWindowBgAlpha(g_software_rendered ? 1.0f : gpu_alpha);
}

void ApplyUiStyle(float content_scale, bool software_renderer) {
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 6.0f;
  style.FrameRounding = 4.0f;
  style.GrabRounding = 4.0f;
  style.PopupRounding = 4.0f;
  style.WindowBorderSize = 1.0f;
  style.FrameBorderSize = 0.0f;
  style.WindowPadding = ImVec2(10, 10);
  style.FramePadding = ImVec2(6, 4);
  style.ItemSpacing = ImVec2(8, 6);
  style.WindowTitleAlign = ImVec2(0.0f, 0.5f);
  SetColors(style);
  g_software_rendered = software_renderer;
  if (g_software_rendered) MakeOpaque(style);
  style.ScaleAllSizes(content_scale);
  LoadFont(content_scale);
}

}  // namespace partlab
