// The Simulation view's compare mode (sim_compare.h).
#include "app/views/simulation/sim_compare.h"
#include "app/i18n/translate.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/panels/tooltip.h"

namespace partlab::simulation_view {

void SimCompare::Run(std::span<const Aabb> frame, const SimBroadPhaseChoice& choice) {
  if (contenders_.empty()) {
    for (std::string_view name : BroadPhaseNames()) {
      if (name == "brute" && !brute_) continue;
      Contender c;
      c.name = name;
      c.bp = choice.Make(c.name);
      if (auto* bsp = dynamic_cast<SemiAdjustingBsp*>(c.bp.get())) bsp->SetOperationStepping(false);
      c.driver = std::make_unique<FrameDriver>(*c.bp);
      contenders_.push_back(std::move(c));
    }
  }
  for (Contender& c : contenders_) {
    const StepTimings t = c.driver->Step(frame, pairs_);
    c.ms.Push(float(t.total_ms()));
    c.pairs = pairs_.size();
  }
}

void SimCompare::Gui(size_t pairs) {
  ImGui::Checkbox(_("Compare all broad phases"), &on_);
  Tip(
      _("Runs every registered broad phase on the same frame after each physics step and shows\n"
        "their update + pair times side by side (median of the last 30 steps)."));
  if (on_) {
    ImGui::SameLine();
    if (ImGui::Checkbox(_("with brute force"), &brute_)) contenders_.clear();
    float slowest = 1e-6f;
    for (const Contender& c : contenders_) slowest = std::max(slowest, c.ms.Median());
    for (const Contender& c : contenders_) {
      char text[96];
      const bool agrees = c.pairs == pairs;
      std::snprintf(text, sizeof text, "%s %.2f ms%s", c.name.c_str(), c.ms.Median(),
                    agrees ? "" : _(" (pairs differ!)"));
      ImGui::ProgressBar(c.ms.Median() / slowest, ImVec2(-1, 0), text);
    }
    if (contenders_.empty()) ImGui::TextDisabled("%s", _("starts at the next physics step"));
  }
  if (!on_) contenders_.clear();
}

}  // namespace partlab::simulation_view
