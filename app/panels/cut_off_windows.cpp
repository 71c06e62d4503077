#include "app/panels/cut_off_windows.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>
#include <string_view>

namespace partlab {

namespace {

// ImGui's own windows that no panel of ours draws into (the implicit fallback window).
bool IsImGuiInternal(const ImGuiWindow& window) {
  return std::string_view(window.Name).starts_with("Debug##");
}

bool Shown(const ImGuiWindow& window) {
  return window.WasActive && !window.Hidden && !window.Collapsed && !IsImGuiInternal(window);
}

}  // namespace

std::vector<std::string> CutOffWindows() {
  std::vector<std::string> lines;
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  for (const ImGuiWindow* window : g.Windows) {
    if (!Shown(*window) || window->ScrollbarX) continue;
    // ContentSize: the extent the cursor reached, from the contents' start (so padding apart);
    // ContentRegionRect: the room the window gives them.
    const float needs = window->ContentSize.x;
    const float room = window->ContentRegionRect.GetWidth();
    if (needs <= room + 1.0f) continue;  // a pixel of rounding is not a cut
    lines.push_back("window '" + std::string(window->Name) + "' gives its lines " +
                    std::to_string(int(std::lround(room))) + " px, its widest needs " +
                    std::to_string(int(std::lround(needs))) + " px");
  }
  return lines;
}

}  // namespace partlab
