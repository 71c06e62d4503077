// A heading line in the Visibility view's panel (this ImGui predates SeparatorText).
#pragma once

#include <imgui.h>

namespace partlab {

inline void SectionTitle(const char* text) {
  ImGui::Spacing();
  ImGui::TextColored(ImVec4(0.95f, 0.80f, 0.45f, 1.0f), "%s", text);
  ImGui::Separator();
}

}  // namespace partlab
