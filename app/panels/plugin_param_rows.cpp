#include "app/panels/plugin_param_rows.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "app/i18n/translate.h"
#include "app/panels/tooltip.h"

namespace partlab {

bool PluginParamRows(const PluginParams& params, ClampNote& note) {
  bool changed = false;
  for (uint32_t i = 0; i < params.count; ++i) {
    partlab_param p{};
    if (!params.get(i, p)) continue;
    // The plugin's own name is the label; the index keeps two equal names apart.
    const std::string label = std::string(p.name) + "##plugin" + std::to_string(i);
    double value = p.value;
    const bool edited =
        ImGui::SliderScalar(label.c_str(), ImGuiDataType_Double, &value, &p.lo, &p.hi, "%.3g");
    note.deactivated_after_edit = ImGui::IsItemDeactivatedAfterEdit();
    if (edited) {
      // Ctrl+click accepts any text: NaN keeps the value, the rest is clamped into [lo, hi].
      const double clamped = std::isnan(value) ? p.value : std::clamp(value, p.lo, p.hi);
      if (clamped != value)
        note = {label, Formatted(_("%s: %g is outside [%g, %g]; set to %g"), p.name, value, p.lo,
                                 p.hi, clamped)};
      else if (note.label == label)
        note = {};
      if (clamped != p.value && params.set(i, clamped)) changed = true;
    }
    if (note.label == label && !note.text.empty()) DrawNoteLine(note.text);
    if (p.tip) Tip(p.tip);
  }
  return changed;
}

}  // namespace partlab
