// The Dynamics view's panels: the scene and solver settings (inside the app's Scene window), the
// stage stepper with the chapter's equations, the live plots and the contact table (windows).
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "app/panels/clamped_widgets.h"
#include "app/panels/figure_area.h"
#include "app/panels/stats_panel.h"
#include "app/panels/tooltip.h"
#include "app/views/dynamics/dynamics_params.h"
#include "app/views/dynamics/dynamics_view.h"

namespace partlab {

namespace {

using dynamics::Stage;

void SectionTitle(const char* text) {
  ImGui::Spacing();
  ImGui::TextColored(ImVec4(0.95f, 0.80f, 0.45f, 1.0f), "%s", text);
  ImGui::Separator();
}

// What each stage means, in the chapter's words (3.3.2.2), for the stepper's caption.
const char* StageCaption(Stage s) {
  switch (s) {
    case Stage::kDetect:
      return "Find every contact: broad phase pairs, then our narrow phase gives point Pc, normal "
             "N "
             "(out of B) and depth; vertex/face or edge/edge, N = eA x eB (3.48).";
    case Stage::kClassify:
      return "d = N.(pA - pB) (3.49); its rate d' = N.(rA' - rB') (3.52) with rX' = vX + wX x r'X "
             "(3.50, 3.51). d' < 0 colliding, d' = 0 resting, d' > 0 separating.";
    case Stage::kImpulses:
      return "handleAllCollisions: impulse lambda_c N with lambda_c of 3.56 so that d'+ = -e d'- "
             "(3.55), swept again until no contact collides (propagation); then the slow "
             "approaches are stopped together (e = 0).";
    case Stage::kRestingForces:
      return "computeContactForces: d'' = A lambda + b (3.64), A by 3.65, b by 3.66-3.67; Lemke "
             "finds lambda >= 0 with d'' >= 0 and lambda d'' = 0 (3.57, 3.62, 3.63).";
    case Stage::kIntegrate:
      return "The ODE solver: X = (r, q, P, L), X' = (v, w q / 2, F, tau) (3.47), with v = P/M, "
             "I^-1 = R I0^-1 R^T, w = I^-1 L (3.40); q renormalised.";
  }
  return "";
}

}  // namespace

void DynamicsView::SceneGui() {
  SectionTitle("Scene (assets/dynamics, docs/dynamics.md)");
  std::string current = std::filesystem::path(scene_path_).stem().string();
  if (ImGui::BeginCombo("scene", current.c_str())) {
    for (size_t i = 0; i < scene_paths_.size(); ++i) {
      const std::string name = std::filesystem::path(scene_paths_[i]).stem().string();
      if (ImGui::Selectable(name.c_str(), scene_paths_[i] == scene_path_)) {
        scene_index_ = int(i);
        LoadScene(scene_paths_[i]);
      }
    }
    ImGui::EndCombo();
  }
  ImGui::TextWrapped("%s", scene_.title.c_str());
  ImGui::InputText("##path", open_path_, sizeof open_path_);
  ImGui::SameLine();
  if (ImGui::Button("Open file")) LoadScene(open_path_);
  Tip("Any scene file in the text format of docs/dynamics.md. A bad file gets one line naming "
      "the file and line, and the current scene stays.");
  if (!load_note_.empty()) DrawNoticeLine(load_note_, "dyn-load-note");
  if (ImGui::Button(stepping().playing() ? "Pause (Space)" : "Play (Space)"))
    stepping().TogglePlay();
  ImGui::SameLine();
  if (ImGui::Button("Step (S)")) {
    stepping().Pause();
    StepOnce();
  }
  ImGui::SameLine();
  if (ImGui::Button("Restart (R)")) Restart();
  namespace dp = dynamics_params;  // each widget reads its row: label, range, tooltip
  ImGui::SliderFloat(dp::kSpeed.label, &stepping().speed(), dp::kSpeed.range.lo,
                     dp::kSpeed.range.hi, "%.2fx", ImGuiSliderFlags_Logarithmic);
  Tip(dp::kSpeed.tip);
  ImGui::Text("t = %.3f s, step %llu, dt = %.4g s", world_.time(),
              (unsigned long long)world_.step_count(), world_.params().dt);
}

void DynamicsView::SolverGui() {
  SectionTitle("Solver (3.3.2)");
  dynamics::DynamicsParams& p = world_.params();
  int integrator = int(p.integrator);
  const char* integrators[] = {"explicit Euler", "semi-implicit Euler", "RK4"};
  if (ImGui::Combo("integrator", &integrator, integrators, 3))
    p.integrator = dynamics::Integrator(integrator);
  Tip("The ODE solver of 3.3.2: explicit Euler (order 1, gains energy), semi-implicit Euler "
      "(momenta first; order 1, keeps energy bounded) or fourth-order Runge-Kutta, the chapter's "
      "example. Watch the total energy plot of the tumbling brick.");
  int combine = int(p.impulses.combine);
  const char* combines[] = {"max", "min", "mean"};
  if (ImGui::Combo("restitution", &combine, combines, 3))
    p.impulses.combine = dynamics::RestitutionCombine(combine);
  Tip("How epsilon of a contact combines the two bodies' coefficients: 'uma combinação (valor "
      "máximo, "
      "mínimo, média, etc.)' (3.3.2.2, after 3.55).");
  bool ode_contacts = p.narrow_phase != nullptr;
  if (ImGui::Checkbox("contacts from ODE's dCollide", &ode_contacts))
    p.narrow_phase = ode_contacts ? &dynamics::OdeCollide : nullptr;
  Tip("Off: our narrow phase (vertex/face and edge/edge, 3.48). On: ODE's dCollide gives the "
      "contacts instead (all labelled vertex/face); everything after detection stays ours.");
  ImGui::Checkbox("resting contact by LCP (Lemke)", &p.resting_lcp);
  Tip("On: computeContactForces, the LCP of 3.57-3.67 solved by Lemke's method. Off: resting "
      "contacts are stopped by impulses (the fallback used when Lemke fails or the problem is "
      "too large).");
  float mu = float(p.impulses.friction);
  if (ImGui::SliderFloat("friction (ours)", &mu, 0.0f, 1.5f, "mu %.2f")) p.impulses.friction = mu;
  Tip("Coulomb friction is NOT in the chapter's text (3.3.2.2 treats frictionless contact): an "
      "option of ours, 0 = off, the chapter's preset. Dominoes need it to topple.");
  if (ImGui::Checkbox("ODE beside it", &ode_beside_)) {
    if (ode_beside_)
      Restart();
    else
      ode_.reset();
  }
  Tip("The same scene file on ODE (dHashSpace + dCollide + dWorldQuickStep), stepped with ours and "
      "drawn lighter beside them. Both restart from the file.");
  if (ode_beside_ && ode_)
    ImGui::TextWrapped("kinetic energy: ours %.4g J, ODE %.4g J", world_.Measure().kinetic,
                       ode_kinetic_);
  if (!last_solver_note_.empty()) DrawNoticeLine(last_solver_note_, "dyn-solver-note");
}

void DynamicsView::StageGui() {
  SectionTitle("One stage at a time (N)");
  const Stage next = world_.NextStage();
  char label[128];
  std::snprintf(label, sizeof label, "Run: %s", std::string(dynamics::StageName(next)).c_str());
  if (ImGui::Button(label)) {
    stepping().Pause();
    StageOnce();
  }
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.6f, 0.85f, 1.0f, 1.0f));
  ImGui::TextWrapped("%s", std::string(dynamics::StageEquations(next)).c_str());
  ImGui::PopStyleColor();
  ImGui::TextWrapped("%s", StageCaption(next));
  const dynamics::StepStats& s = world_.stats();
  ImGui::TextWrapped("contacts %d: colliding %d, resting %d, separating %d", s.contacts,
                     s.colliding, s.resting, s.separating);
  Tip("The classification of 3.52 at the start of the step: red points collide (d' < 0), amber "
      "rest (d' = 0), grey separate (d' > 0).");
  ImGui::TextWrapped("propagation passes %d%s, settling sweeps %d", s.passes,
                     s.pass_limit ? " (guard hit)" : "", s.settle_sweeps);
  Tip("handleAllCollisions sweeps the contacts again whenever a sweep handled a collision: an "
      "impulse can make a resting contact collide (the 'propagation', 3.3.2.2).");
  ImGui::TextWrapped("LCP %d contacts, %d Lemke pivots, %s%s", s.lcp_size, s.lcp_pivots,
                     std::string(dynamics::LcpStatusName(s.lcp_status)).c_str(),
                     s.lcp_fallback ? ", fell back to impulses" : "");
  ImGui::TextWrapped("stage times (ms): %.3f %.3f %.3f %.3f %.3f", s.stage_ms[0], s.stage_ms[1],
                     s.stage_ms[2], s.stage_ms[3], s.stage_ms[4]);
}

void DynamicsView::OverlayGui() {
  SectionTitle("Drawn at each contact");
  namespace dp = dynamics_params;  // each widget reads its row: label, range, tooltip
  ImGui::Checkbox(dp::kPoints.label, &overlay_.points);
  ImGui::SameLine();
  ImGui::Checkbox(dp::kNormals.label, &overlay_.normals);
  ImGui::Checkbox(dp::kImpulses.label, &overlay_.impulses);
  Tip(dp::kImpulses.tip);
  ImGui::Checkbox(dp::kRestingForces.label, &overlay_.resting_forces);
  Tip(dp::kRestingForces.tip);
  ImGui::SliderFloat(dp::kImpulseScale.label, &overlay_.impulse_scale, dp::kImpulseScale.range.lo,
                     dp::kImpulseScale.range.hi, "%.2f m/(N s)", ImGuiSliderFlags_Logarithmic);
  ImGui::SliderFloat(dp::kForceScale.label, &overlay_.force_scale, dp::kForceScale.range.lo,
                     dp::kForceScale.range.hi, "%.3f m/N", ImGuiSliderFlags_Logarithmic);
  ImGui::Checkbox("see through bodies (edges only)", &see_through_);
  Tip("Forces act at points on the bodies' surfaces and point into them: draw the bodies as their "
      "edges to see every arrow.");
  ImGui::Checkbox("omega and L at the centres", &show_spin_);
  Tip("Angular velocity w (cyan) and the direction of the angular momentum L (white). Without "
      "torque L stays fixed while w = I^-1 L turns with the body (3.40): the precession.");
  ImGui::Checkbox(dp::kShowPlots.label, &show_plots_);
  ImGui::SameLine();
  ImGui::Checkbox(dp::kShowContacts.label, &show_contacts_);
}

void DynamicsView::UpdateGui() {
  SceneGui();
  SolverGui();
  StageGui();
  OverlayGui();
}

void DynamicsView::PlotsWindow() {
  if (!show_plots_) return;
  // On the right, under the Stats window.
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float top = BelowStatsPanelY(), font = ImGui::GetFontSize();
  const float bottom = vp->WorkPos.y + vp->WorkSize.y - font;
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x - 10, top), ImGuiCond_FirstUseEver,
                          ImVec2(1, 0));
  ImGui::SetNextWindowSize(ImVec2(400, std::clamp(bottom - top, font * 8, 520.0f)),
                           ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Energy and momentum", &show_plots_)) {
    ImGui::End();
    return;
  }
  // The window's width (PlotLines takes no negative width): the overlay names the plot.
  const ImVec2 size(ImGui::GetContentRegionAvail().x, 44);
  auto plot = [&](const char* name, const RollingPlot<kHistory>& p, const char* unit,
                  const char* tip) {
    char overlay[64];
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
  };
  plot("kinetic", kinetic_, "J", "Sum of (P.v + L.w)/2 over the moving bodies (3.10).");
  plot("potential", potential_, "J", "Sum of -M g.r (3.12): zero in zero gravity.");
  plot("total", total_, "J",
       "K + P (3.14): constant between collisions; collisions with epsilon < 1 lose some.");
  plot("|linear momentum|", linear_, "kg m/s", "|Sum P| (3.19): constant without external force.");
  plot("|angular momentum|", angular_, "kg m^2/s",
       "|Sum r x P + L| about the origin (3.20): constant without external torque.");
  plot("passes", passes_, "", "Propagation passes of handleAllCollisions per step.");
  plot("LCP size", lcp_size_, "", "Resting contacts handed to Lemke per step.");
  plot("step", step_ms_, "ms", "Thread CPU time of the whole step.");
  ImGui::End();
}

void DynamicsView::ContactsWindow() {
  if (!show_contacts_) return;
  ImGui::SetNextWindowSize(ImVec2(560, 260), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Contacts", &show_contacts_)) {
    ImGui::End();
    return;
  }
  ContactsTable(kContactRowsShown, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY);
  ImGui::End();
}

// One row per contact (the first `rows`): the bodies, kind, class by the sign of d' (3.52), the
// depth and the impulse and resting force the stages found (3.56, 3.57-3.67).
void DynamicsView::ContactsTable(size_t rows, int flags) const {
  const auto contacts = world_.contacts();
  if (ImGui::BeginTable("contacts", 7, flags)) {
    for (const char* h : {"A-B", "kind", "class", "d' (3.52)", "depth", "lambda_c", "lambda_r"})
      ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    const size_t shown = std::min<size_t>(contacts.size(), rows);
    for (size_t i = 0; i < shown; ++i) {
      const dynamics::Contact& c = contacts[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%u-%u", c.a, c.b);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(std::string(dynamics::ContactKindName(c.kind)).c_str());
      ImGui::TableNextColumn();
      const Color col = ContactClassColor(c.cls);
      ImGui::TextColored(ImVec4(col.r, col.g, col.b, 1), "%s",
                         std::string(dynamics::ContactClassName(c.cls)).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%.4f", c.ddot);
      ImGui::TableNextColumn();
      ImGui::Text("%.4f", c.depth);
      ImGui::TableNextColumn();
      ImGui::Text("%.4f", c.impulse);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", c.resting_force);
    }
    ImGui::EndTable();
  }
  if (contacts.size() > rows) ImGui::TextDisabled("... and %zu more", contacts.size() - rows);
}

// Presenter mode: the contacts table alone, top right, whenever there are contacts (every
// caption of the chapter's contact lessons is about them), whether or not the table's window is
// open; the windows themselves hold the plots' and the stepping's controls.
void DynamicsView::DrawFigures(const FigureArea& area) {
  if (world_.contacts().empty()) return;
  if (BeginFigureWindow("##contacts", area, FigureCorner::kTopRight)) {
    ImGui::TextUnformatted("Contacts: colliding when d' < 0, resting when d' = 0 (3.52)");
    ContactsTable(kFigureContactRows, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit);
  }
  EndFigureWindow(area);
}

void DynamicsView::HandleKeys() {
  if (ImGui::GetIO().WantCaptureKeyboard) return;
  if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false)) stepping().TogglePlay();
  if (ImGui::IsKeyPressed(GLFW_KEY_S, false)) {
    stepping().Pause();
    StepOnce();
  }
  if (ImGui::IsKeyPressed(GLFW_KEY_N, false)) {
    stepping().Pause();
    StageOnce();
  }
  if (ImGui::IsKeyPressed(GLFW_KEY_R, false)) Restart();
}

void DynamicsView::UpdateWindows() {
  HandleKeys();
  PlotsWindow();
  ContactsWindow();
}

}  // namespace partlab
