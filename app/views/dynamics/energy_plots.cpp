#include "app/views/dynamics/energy_plots.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <glm/geometric.hpp>

#include "app/i18n/translate.h"
#include "app/panels/stats_panel.h"
#include "app/panels/tooltip.h"

namespace partlab {

namespace {

// One plot, as wide as the window, its overlay naming it and its last value; the vertical range
// follows the samples held.
void PlotRow(const char* name, const RollingPlot<EnergyPlots::kHistory>& p, const char* unit,
             const char* tip) {
  const ImVec2 size(ImGui::GetContentRegionAvail().x, 44);  // PlotLines takes no negative width
  char overlay[96];
  std::snprintf(overlay, sizeof overlay, "%s %.4g %s", name, p.last(), unit);
  float lo = 1e30f, hi = -1e30f;
  for (int i = 0; i < p.count(); ++i)
    lo = std::min(lo, p.data()[i]), hi = std::max(hi, p.data()[i]);
  if (p.count() == 0) lo = hi = 0;
  const float pad = std::max(1e-6f, 0.05f * (hi - lo));
  ImGui::PushID(name);
  ImGui::PlotLines("##plot", p.data(), p.count(), p.offset(), overlay, lo - pad, hi + pad, size);
  ImGui::PopID();
  Tip(tip);
}

}  // namespace

void EnergyPlots::Clear() {
  for (auto* plot :
       {&kinetic_, &potential_, &total_, &linear_, &angular_, &passes_, &lcp_size_, &step_ms_})
    plot->Clear();
}

void EnergyPlots::Record(const dynamics::DynamicsWorld& world) {
  const dynamics::Conserved c = world.Measure();
  kinetic_.Push(float(c.kinetic));
  potential_.Push(float(c.potential));
  total_.Push(float(c.kinetic + c.potential));
  linear_.Push(float(glm::length(c.linear)));
  angular_.Push(float(glm::length(c.angular)));
  passes_.Push(float(world.stats().passes));
  lcp_size_.Push(float(world.stats().lcp_size));
  step_ms_.Push(float(world.stats().total_ms()));
}

void EnergyPlots::Window() {
  if (!shown_) return;
  // On the right, under the Stats window.
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float top = BelowStatsPanelY(), font = ImGui::GetFontSize();
  const float bottom = vp->WorkPos.y + vp->WorkSize.y - font;
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x - 10, top), ImGuiCond_FirstUseEver,
                          ImVec2(1, 0));
  ImGui::SetNextWindowSize(ImVec2(400, std::clamp(bottom - top, font * 8, 520.0f)),
                           ImGuiCond_FirstUseEver);
  // untranslated: "dyn-plots" is the window's ID, whatever its title reads
  if (!ImGui::Begin(WindowTitle(_("Energy and momentum"), "dyn-plots"), &shown_)) {
    ImGui::End();
    return;
  }
  PlotRow(_("kinetic"), kinetic_, "J", _("Sum of (P.v + L.w)/2 over the moving bodies (3.10)."));
  PlotRow(_("potential"), potential_, "J", _("Sum of -M g.r (3.12): zero in zero gravity."));
  PlotRow(_("total"), total_, "J",
          _("K + P (3.14): constant between collisions; collisions with epsilon < 1 lose some."));
  PlotRow(_("|linear momentum|"), linear_, "kg m/s",
          _("|Sum P| (3.19): constant without external force."));
  PlotRow(_("|angular momentum|"), angular_, "kg m^2/s",
          _("|Sum r x P + L| about the origin (3.20): constant without external torque."));
  PlotRow(_("passes"), passes_, "", _("Propagation passes of handleAllCollisions per step."));
  PlotRow(_("LCP size"), lcp_size_, "", _("Resting contacts handed to Lemke per step."));
  PlotRow(_("step"), step_ms_, "ms", _("Thread CPU time of the whole step."));
  ImGui::End();
}

}  // namespace partlab
