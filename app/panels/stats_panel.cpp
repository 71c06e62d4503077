#include "app/panels/stats_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace partlab {

namespace {

void DrawFrameTimePlot(const FrameStats& stats) {
  float highest = 1.0f;
  for (int i = 0; i < FrameStats::kHistory; ++i) highest = std::max(highest, stats.intervals()[i]);
  char overlay[48];
  std::snprintf(overlay, sizeof overlay, "frame interval, max %.1f ms", highest);
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
  if (ImGui::Begin("Stats", open)) {
    ImGui::PushTextWrapPos(0.0f);  // long driver strings wrap instead of widening the panel
    ImGui::TextDisabled("%s", in.gl.renderer.c_str());
    ImGui::TextDisabled("%s | OpenGL %s", in.gl.vendor.c_str(), in.gl.version.c_str());
    ImGui::Separator();
    ImGui::Text("%.1f FPS", in.stats.fps());
    if (in.idle) {
      ImGui::SameLine();
      ImGui::TextDisabled("(idle: waiting for input)");
    }
    ImGui::Text("CPU %.2f ms", in.stats.cpu_ms());
    ImGui::SameLine(pad * 8);
    if (in.stats.gpu_ms() >= 0)
      ImGui::Text("GPU %.2f ms", in.stats.gpu_ms());
    else
      ImGui::TextDisabled("GPU --");
    DrawFrameTimePlot(in.stats);
    toggled = ImGui::Checkbox("Vsync (V)", &vsync);
    ImGui::SameLine();
    if (in.msaa > 0)
      ImGui::TextDisabled("MSAA %dx (--msaa 0 for software GL)", in.msaa);
    else
      ImGui::TextDisabled("no MSAA");
    ImGui::Separator();
    if (in.model.loaded()) {
      ImGui::Text("%s: %zu triangles, %zu vertices", in.model.mesh().name.c_str(),
                  in.model.mesh().TriangleCount(), in.model.mesh().positions.size());
      ImGui::TextDisabled(
          "%zu degenerate, normals %s, loaded in %.0f ms", in.model.stats().degenerate_triangles,
          in.model.stats().normals_computed ? "computed" : "from file", in.model.load_ms());
    }
    ImGui::TextDisabled("Overlay: %zu lines, %zu points, %zu triangles, %d draw calls",
                        in.overlay_lines, in.overlay_points, in.overlay_triangles,
                        in.overlay_draw_calls);
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
  return toggled;
}

}  // namespace partlab
