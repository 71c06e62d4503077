#include "app/ui_opaque_windows.h"

#include <imgui.h>
#include <imgui_internal.h>  // ImGuiContext::Windows: the windows this frame drew

#include <algorithm>

namespace partlab {
namespace {

// A window paints its background first (ImGui's RenderWindowDecorations), so the first vertex of
// its draw list carries the background colour, whatever style or SetNextWindowBgAlpha set it.
bool BackgroundIsOpaque(const ImGuiWindow& window) {
  if (window.Flags & ImGuiWindowFlags_NoBackground) return false;
  const ImDrawList* list = window.DrawList;
  if (!list || list->VtxBuffer.Size == 0) return false;
  return ((list->VtxBuffer[0].col >> IM_COL32_A_SHIFT) & 0xFF) == 0xFF;
}

}  // namespace

void OpaqueWindowRects(std::vector<ScreenRect>& out) {
  out.clear();
  const ImGuiContext* context = ImGui::GetCurrentContext();
  if (!context) return;
  const glm::vec2 scale{ImGui::GetIO().DisplayFramebufferScale.x,
                        ImGui::GetIO().DisplayFramebufferScale.y};
  for (const ImGuiWindow* window : context->Windows) {
    // Active: Begin() was called this frame and the window is not collapsed to its title bar.
    if (!window->Active || window->Hidden || (window->Flags & ImGuiWindowFlags_ChildWindow))
      continue;
    if (!BackgroundIsOpaque(*window)) continue;
    const float inset = std::max(window->WindowRounding, window->WindowBorderSize);
    const glm::vec2 min{window->Pos.x + inset, window->Pos.y + inset};
    const glm::vec2 max{window->Pos.x + window->Size.x - inset,
                        window->Pos.y + window->Size.y - inset};
    if (max.x > min.x && max.y > min.y) out.push_back({min * scale, max * scale});
  }
}

}  // namespace partlab
