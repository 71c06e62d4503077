#include "app/views/visibility/ui_insets.h"

#include <imgui.h>
#include <imgui_internal.h>  // ImGuiContext::Windows: the windows this frame drew

#include <algorithm>

namespace partlab {

UiInsets CoveredEdges() {
  UiInsets insets;
  const ImGuiContext* context = ImGui::GetCurrentContext();
  if (!context) return insets;
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 display = io.DisplaySize;
  const float margin = ImGui::GetFontSize() * 2.0f;  // windows keep a small gap to the border
  float left = 0.0f, bottom = 0.0f;
  for (const ImGuiWindow* window : context->Windows) {
    // Active: Begin() was called this frame and the window is not collapsed to its title bar.
    if (!window->Active || window->Hidden || (window->Flags & ImGuiWindowFlags_ChildWindow))
      continue;
    const ImVec2 min = window->Pos, size = window->Size;
    if (min.x <= margin && size.y >= 0.5f * display.y) left = std::max(left, min.x + size.x);
    if (min.y + size.y >= display.y - margin && size.x >= 0.5f * display.x)
      bottom = std::max(bottom, display.y - min.y);
  }
  insets.left = int(left * io.DisplayFramebufferScale.x);
  insets.bottom = int(bottom * io.DisplayFramebufferScale.y);
  return insets;
}

}  // namespace partlab
