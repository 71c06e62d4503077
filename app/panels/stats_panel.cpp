#include "app/panels/stats_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/i18n/translate.h"

namespace partlab {

namespace {

void DrawFrameTimePlot(const FrameStats& stats) {
  float highest = 1.0f;
  for (int i = 0; i < FrameStats::kHistory; ++i) highest = std::max(highest, stats.intervals()[i]);
  char overlay[96];
  std::snprintf(overlay, sizeof overlay, _("frame interval, max %.1f ms"), highest);
  ImGui::PlotLines("##frametimes", stats.intervals(), FrameStats::kHistory, stats.plot_offset(),
                   overlay, 0.0f, highest * 1.15f,
                   ImVec2(ImGui::GetContentRegionAvail().x, ImGui::GetTextLineHeight() * 4.0f));
}

}  // namespace

float BelowStatsPanelY() {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  return vp->WorkPos.y + std::max(vp->WorkSize.y * 0.29f, ImGui::GetFontSize() * 17.5f);
}

bool DrawStatsPanel(const StatsPanelInput& in, bool& vsync, bool* open) {
  if (!*open) return false;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float pad = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(
      ImVec2(viewport->WorkPos.x + viewport->WorkSize.x - pad, viewport->WorkPos.y + pad),
      ImGuiCond_FirstUseEver, ImVec2(1.0f, 0.0f));
  ImGui::SetNextWindowSize(ImVec2(pad * 27, 0), ImGuiCond_FirstUseEver);
  bool toggled = false;
  // untranslated: the window's ImGui ID
  if (ImGui::Begin(WindowTitle(_("Stats"), "stats"), open)) {
    ImGui::PushTextWrapPos(0.0f);  // long driver strings wrap instead of widening the panel
    ImGui::TextDisabled("%s", in.gl.renderer.c_str());
    ImGui::TextDisabled("%s | OpenGL %s", in.gl.vendor.c_str(),  // untranslated: proper names
                        in.gl.version.c_str());
    ImGui::Separator();
    ImGui::Text("%.1f FPS", in.stats.fps());  // untranslated: a unit symbol
    if (in.idle) {
      ImGui::SameLine();
      ImGui::TextDisabled("%s", _("(idle: waiting for input)"));
    }
    ImGui::Text("CPU %.2f ms", in.stats.cpu_ms());  // untranslated: unit symbols
    ImGui::SameLine(pad * 8);
    if (in.stats.gpu_ms() >= 0)
      ImGui::Text("GPU %.2f ms", in.stats.gpu_ms());  // untranslated: unit symbols
    else
      ImGui::TextDisabled("GPU --");  // untranslated: a unit symbol
    DrawFrameTimePlot(in.stats);
    toggled = ImGui::Checkbox(_("Vsync (V)"), &vsync);
    ImGui::SameLine();
    if (in.msaa > 0)
      ImGui::TextDisabled(_("MSAA %dx (--msaa 0 for software GL)"), in.msaa);
    else
      ImGui::TextDisabled("%s", _("no MSAA"));
    ImGui::Separator();
    if (in.model.loaded()) {
      ImGui::Text(_("%s: %zu triangles, %zu vertices"), in.model.mesh().name.c_str(),
                  in.model.mesh().TriangleCount(), in.model.mesh().positions.size());
      ImGui::TextDisabled(in.model.stats().normals_computed
                              ? _("%zu degenerate, normals computed, loaded in %.0f ms")
                              : _("%zu degenerate, normals from file, loaded in %.0f ms"),
                          in.model.stats().degenerate_triangles, in.model.load_ms());
    }
    ImGui::TextDisabled(_("Overlay: %zu lines, %zu points, %zu triangles, %d draw calls"),
                        in.overlay_lines, in.overlay_points, in.overlay_triangles,
                        in.overlay_draw_calls);
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
  return toggled;
}

}  // namespace partlab
