#include "app/panels/corner_overlay.h"

#include <imgui.h>

#include "app/ui_style.h"

namespace partlab {

bool BeginTopRightOverlay(const char* id) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float pad = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x - pad, vp->WorkPos.y + pad),
                          ImGuiCond_Always, ImVec2(1, 0));
  SetNextWindowBgAlphaForRenderer(0.85f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  return ImGui::Begin(id, nullptr, flags);
}

}  // namespace partlab
