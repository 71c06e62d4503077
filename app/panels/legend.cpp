#include "app/panels/legend.h"

namespace partlab {

ImU32 ToImU32(const Color& c) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a));
}

void LegendSwatch(const Color& c) {
  const float side = ImGui::GetFontSize();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + side, p.y + side), ToImU32(c));
  ImGui::Dummy(ImVec2(side, side));
  ImGui::SameLine();
}

}  // namespace partlab
