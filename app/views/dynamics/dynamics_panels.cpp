// The Dynamics view's panels: the scene and solver settings (inside the app's Scene window), the
// stage stepper with the chapter's equations, what is drawn at each contact and the scale of the
// resting forces, the presenter's contact table and the view's keys. The plots' and the contact
// table's windows are their components' (energy_plots.h, contact_table.h).
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cstdio>

#include "app/i18n/translate.h"
#include "app/panels/clamped_widgets.h"
#include "app/panels/figure_area.h"
#include "app/panels/legend.h"
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
      return _(
          "Find every contact: broad phase pairs, then our narrow phase gives point Pc, "
          "normal N (out of B) and depth; vertex/face or edge/edge, N = eA x eB (3.48).");
    case Stage::kClassify:
      return _(
          "d = N.(pA - pB) (3.49); its rate d' = N.(rA' - rB') (3.52) with rX' = vX + wX x "
          "r'X (3.50, 3.51). d' < 0 colliding, d' = 0 resting, d' > 0 separating.");
    case Stage::kImpulses:
      return _(
          "handleAllCollisions: impulse lambda_c N with lambda_c of 3.56 so that d'+ = -e "
          "d'- (3.55), swept again until no contact collides (propagation); then the slow "
          "approaches are stopped together (e = 0).");
    case Stage::kRestingForces:
      return _(
          "computeContactForces: d'' = A lambda + b (3.64), A by 3.65, b by 3.66-3.67; "
          "Lemke finds lambda >= 0 with d'' >= 0 and lambda d'' = 0 (3.57, 3.62, 3.63).");
    case Stage::kIntegrate:
      return _(
          "The ODE solver: X = (r, q, P, L), X' = (v, w q / 2, F, tau) (3.47), with v = "
          "P/M, I^-1 = R I0^-1 R^T, w = I^-1 L (3.40); q renormalised.");
  }
  return "";
}

}  // namespace

void DynamicsView::SceneGui() {
  SectionTitle(_("Scene (assets/dynamics, docs/dynamics.md)"));
  if (const std::string chosen = scenes_.Combo(scene_path_); !chosen.empty()) LoadScene(chosen);
  const bool portuguese =
      CurrentLanguage() == Language::kPortugueseBrazil && !scene_.title_pt.empty();
  ImGui::TextWrapped("%s", (portuguese ? scene_.title_pt : scene_.title).c_str());
  if (scenes_.OpenField()) LoadScene(scenes_.open_path());
  // Figure 3.8 (3.3.2.2): the chapter's solver has no joints, so they run on ODE instead.
  if (ImGui::Button(_("Figure 3.8: joints on ODE"))) ShowJoints();
  Tip(
      _("A spherical, a revolute and a cylindrical joint (3.3.2.2, figure 3.8), each between a "
        "held cube and a swinging rod, on ODE: the chapter's solver treats only contacts"));
  if (joints_) ImGui::TextWrapped("%s", _("Showing the joints; Restart or a scene leaves them"));
  if (!load_note_.empty()) DrawNoticeLine(load_note_, "dyn-load-note");  // untranslated: an ID
  if (ImGui::Button(stepping().playing() ? _("Pause (Space)") : _("Play (Space)")))
    stepping().TogglePlay();
  ImGui::SameLine();
  if (ImGui::Button(_("Step (S)"))) {
    stepping().Pause();
    StepOnce();
  }
  ImGui::SameLine();
  if (ImGui::Button(_("Restart (R)"))) Restart();
  namespace dp = dynamics_params;  // each widget reads its row: label, range, tooltip
  ImGui::SliderFloat(_(dp::kSpeed.label), &stepping().speed(), dp::kSpeed.range.lo,
                     dp::kSpeed.range.hi, "%.2fx", ImGuiSliderFlags_Logarithmic);
  Tip(_(dp::kSpeed.tip));
  ImGui::Text(_("t = %.3f s, step %llu, dt = %.4g s"), world_.time(),
              (unsigned long long)world_.step_count(), world_.params().dt);
}

void DynamicsView::SolverGui() {
  SectionTitle(_("Solver (3.3.2)"));
  dynamics::DynamicsParams& p = world_.params();
  int integrator = int(p.integrator);
  const char* integrators[] = {_("explicit Euler"), _("semi-implicit Euler"), "RK4"};
  if (ImGui::Combo(_("integrator"), &integrator, integrators, 3))
    p.integrator = dynamics::Integrator(integrator);
  Tip(
      _("The ODE solver of 3.3.2: explicit Euler (order 1, gains energy), semi-implicit Euler "
        "(momenta first; order 1, keeps energy bounded) or fourth-order Runge-Kutta, the "
        "chapter's example. Watch the total energy plot of the tumbling brick."));
  int combine = int(p.impulses.combine);
  const char* combines[] = {_("max"), _("min"), _("mean")};
  if (ImGui::Combo(_("restitution"), &combine, combines, 3))
    p.impulses.combine = dynamics::RestitutionCombine(combine);
  // The chapter's words stay in Portuguese, outside the translated sentence; the sentence is
  // put together only while the tooltip shows, not every frame.
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    Tip(Formatted(_("How epsilon of a contact combines the two bodies' coefficients: %s (3.3.2.2, "
                    "after 3.55)."),
                  "'uma combinação (valor máximo, mínimo, média, etc.)'")  // untranslated: a quote
            .c_str());
  bool ode_contacts = p.narrow_phase != nullptr;
  if (ImGui::Checkbox(_("contacts from ODE's dCollide"), &ode_contacts))
    p.narrow_phase = ode_contacts ? &dynamics::OdeCollide : nullptr;
  Tip(
      _("Off: our narrow phase (vertex/face and edge/edge, 3.48). On: ODE's dCollide gives the "
        "contacts instead (all labelled vertex/face); everything after detection stays ours."));
  ImGui::Checkbox(_("resting contact by LCP (Lemke)"), &p.resting_lcp);
  Tip(
      _("On: computeContactForces, the LCP of 3.57-3.67 solved by Lemke's method. Off: resting "
        "contacts are stopped by impulses (the fallback used when Lemke fails or the problem is "
        "too large)."));
  float mu = float(p.impulses.friction);
  // untranslated: "mu", the friction coefficient's symbol
  if (ImGui::SliderFloat(_("friction (ours)"), &mu, 0.0f, 1.5f, "mu %.2f"))
    p.impulses.friction = mu;
  Tip(
      _("Coulomb friction is NOT in the chapter's text (3.3.2.2 treats frictionless contact): an "
        "option of ours, 0 = off, the chapter's preset. Dominoes need it to topple."));
  if (ode_.Checkbox()) Restart();
  ode_.KineticLine(world_.Measure().kinetic);
  if (!last_solver_note_.empty())
    DrawNoticeLine(last_solver_note_, "dyn-solver-note");  // untranslated: an ID
}

void DynamicsView::StageGui() {
  SectionTitle(_("One stage at a time (N)"));
  const Stage next = world_.NextStage();
  char label[160];
  std::snprintf(label, sizeof label, _("Run: %s"), ShownName(dynamics::StageName(next)));
  if (ImGui::Button(label)) {
    stepping().Pause();
    StageOnce();
  }
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.6f, 0.85f, 1.0f, 1.0f));
  ImGui::TextWrapped("%s", ShownName(dynamics::StageEquations(next)));
  ImGui::PopStyleColor();
  ImGui::TextWrapped("%s", StageCaption(next));
  const dynamics::StepStats& s = world_.stats();
  ImGui::TextWrapped(_("contacts %d: colliding %d, resting %d, separating %d"), s.contacts,
                     s.colliding, s.resting, s.separating);
  Tip(
      _("The classification of 3.52 at the start of the step: red points collide (d' < 0), amber "
        "rest (d' = 0), grey separate (d' > 0)."));
  ImGui::TextWrapped(s.pass_limit ? _("propagation passes %d (guard hit), settling sweeps %d")
                                  : _("propagation passes %d, settling sweeps %d"),
                     s.passes, s.settle_sweeps);
  Tip(
      _("handleAllCollisions sweeps the contacts again whenever a sweep handled a collision: an "
        "impulse can make a resting contact collide (the 'propagation', 3.3.2.2)."));
  ImGui::TextWrapped(s.lcp_fallback ? _("LCP %d contacts, %d Lemke pivots, %s, fell back to "
                                        "impulses")
                                    : _("LCP %d contacts, %d Lemke pivots, %s"),
                     s.lcp_size, s.lcp_pivots, ShownName(dynamics::LcpStatusName(s.lcp_status)));
  ImGui::TextWrapped(_("stage times (ms): %.3f %.3f %.3f %.3f %.3f"), s.stage_ms[0], s.stage_ms[1],
                     s.stage_ms[2], s.stage_ms[3], s.stage_ms[4]);
}

void DynamicsView::OverlayGui() {
  SectionTitle(_("Drawn at each contact"));
  namespace dp = dynamics_params;  // each widget reads its row: label, range, tooltip
  ImGui::Checkbox(_(dp::kPoints.label), &overlay_.points);
  Tip(_(dp::kPoints.tip));
  ImGui::SameLine();
  ImGui::Checkbox(_(dp::kNormals.label), &overlay_.normals);
  Tip(_(dp::kNormals.tip));
  ImGui::Checkbox(_(dp::kImpulses.label), &overlay_.impulses);
  Tip(_(dp::kImpulses.tip));
  ImGui::Checkbox(_(dp::kRestingForces.label), &overlay_.resting_forces);
  Tip(_(dp::kRestingForces.tip));
  ImGui::SliderFloat(_(dp::kImpulseScale.label), &overlay_.impulse_scale,
                     dp::kImpulseScale.range.lo, dp::kImpulseScale.range.hi, "%.2f m/(N s)",
                     ImGuiSliderFlags_Logarithmic);
  Tip(_(dp::kImpulseScale.tip));
  ImGui::Checkbox(_(dp::kForceAuto.label), &overlay_.force_auto);
  Tip(_(dp::kForceAuto.tip));
  if (!overlay_.force_auto) {
    ImGui::SliderFloat(_(dp::kForceScale.label), &overlay_.force_scale, dp::kForceScale.range.lo,
                       dp::kForceScale.range.hi, "%.3f m/N", ImGuiSliderFlags_Logarithmic);
    Tip(_(dp::kForceScale.tip));
  }
  ForceLegend();
  ImGui::Checkbox(_("see through bodies (edges only)"), &picture_.see_through());
  Tip(
      _("Forces act at points on the bodies' surfaces and point into them: draw the bodies as "
        "their edges to see every arrow."));
  ImGui::Checkbox(_("omega and L at the centres"), &picture_.show_spin());
  Tip(
      _("Angular velocity w (cyan) and the direction of the angular momentum L (white). Without "
        "torque L stays fixed while w = I^-1 L turns with the body (3.40): the precession."));
  ImGui::Checkbox(_(dp::kShowPlots.label), &plots_.shown());
  Tip(_(dp::kShowPlots.tip));
  ImGui::SameLine();
  ImGui::Checkbox(_(dp::kShowContacts.label), &contacts_.shown());
  Tip(_(dp::kShowContacts.tip));
}

// The resting forces' key: the green swatch, the scale the last frame drew them at and the force
// its longest arrow stands for (3.62-3.64).
void DynamicsView::ForceLegend() const {
  LegendSwatch(Color{0.3f, 0.95f, 0.4f, 1.0f});
  if (force_scale_.largest > 0.0f)
    ImGui::TextWrapped(_("resting force: 1 m = %.3g N; the longest, %.3g m, is %.3g N"),
                       1.0f / force_scale_.metres_per_newton, force_scale_.longest,
                       force_scale_.largest);
  else
    ImGui::TextWrapped(_("resting force: none in this step"));
}

void DynamicsView::UpdateGui() {
  SceneGui();
  SolverGui();
  StageGui();
  OverlayGui();
}

// Presenter mode: the contacts table alone, top right, whenever there are contacts (every
// caption of the chapter's contact lessons is about them), whether or not the table's window is
// open; the windows themselves hold the plots' and the stepping's controls. The resting forces'
// scale is stated under it, so the arrows in the picture can be read.
void DynamicsView::DrawFigures(const FigureArea& area) {
  if (world_.contacts().empty()) return;
  if (BeginFigureWindow("##contacts", area, FigureCorner::kTopRight)) {
    ImGui::TextUnformatted(_("Contacts: colliding when d' < 0, resting when d' = 0 (3.52)"));
    ContactTable::Table(world_.contacts(), ContactTable::kFigureRows,
                        ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit);
    if (overlay_.resting_forces && force_scale_.largest > 0.0f) ForceLegend();
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
  plots_.Window();
  contacts_.Window(world_.contacts());
}

}  // namespace partlab
