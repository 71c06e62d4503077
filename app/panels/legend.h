// Legends: the colour keys beside overlays and heatmaps, drawn the same way in every view.
#pragma once

#include <imgui.h>

#include "engine/debug_draw.h"

namespace partlab {

// An engine colour (0..1 floats) as ImGui's packed colour.
ImU32 ToImU32(const Color& c);

// A filled square of the font's height in `c`, then the cursor on the same line: the swatch of a
// legend entry, followed by its text.
void LegendSwatch(const Color& c);

// A horizontal ramp `width` x `height` pixels, `ramp(t)` for t from 0 at the left to 1 at the right
// (a heatmap's scale).
template <typename Ramp>
void LegendRamp(Ramp ramp, float width, float height) {
  constexpr int kSteps = 32;
  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  for (int i = 0; i < kSteps; ++i)
    list->AddRectFilled(ImVec2(p.x + width * i / kSteps, p.y),
                        ImVec2(p.x + width * (i + 1) / kSteps + 1, p.y + height),
                        ToImU32(ramp(float(i) / (kSteps - 1))));
  ImGui::Dummy(ImVec2(width, height));
}

}  // namespace partlab
