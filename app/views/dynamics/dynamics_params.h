// The Dynamics view's panel values that persist between interactive runs (dynamics/settings.ini),
// each declared once (engine/params/param.h): the settings key, the label, the default, the range
// with the reason for each bound, and the tooltip citing the chapter's section
// (visualization-simulation-games.txt, 3.3). The overlay's rows are bound to the fields of
// ContactOverlayOptions they set; DynamicsView::VisitParams lists them all for the View base,
// which reads and writes the file (app/view/param_visitor.h).
#pragma once

#include "app/views/dynamics/contact_overlay.h"
#include "engine/params/param.h"
#include "engine/text/translatable.h"

namespace partlab::dynamics_params {

inline constexpr Param<float> kSpeed{
    "dynamics.speed",
    "",
    N_("speed"),
    1.0f,
    {0.05f, 2.0f, N_("a twentieth of real time, slow enough to follow one bounce"),
     N_("twice real time")},
    "x",
    N_("Simulated seconds per real second. The scene's own time step stays fixed (3.3.2).")};

using Overlay = ContactOverlayOptions;

inline constexpr BoundBool<Overlay> kPoints{
    {"dynamics.overlay.points", "", N_("points"), true,
     N_("Contact points, coloured by the sign of d' (3.52).")},
    &Overlay::points};
inline constexpr BoundBool<Overlay> kNormals{
    {"dynamics.overlay.normals", "", N_("normals"), true, N_("The contact normal N (3.48).")},
    &Overlay::normals};
inline constexpr BoundBool<Overlay> kImpulses{
    {"dynamics.overlay.impulses", "", N_("impulses (magenta)"), true,
     N_("lambda_c N (3.54), length proportional to lambda_c.")},
    &Overlay::impulses};
inline constexpr BoundBool<Overlay> kRestingForces{
    {"dynamics.overlay.resting_forces", "", N_("resting forces (green)"), true,
     N_("lambda_r N from the LCP (3.62-3.64), length proportional to lambda_r.")},
    &Overlay::resting_forces};
inline constexpr BoundParam<Overlay, float> kImpulseScale{
    {"dynamics.overlay.impulse_scale",
     "",
     N_("impulse scale"),
     0.25f,
     {0.01f, 2.0f, N_("shorter arrows vanish into the contact point"),
      N_("longer ones cross the scene")},
     "m/(N s)",
     N_("Length of the collision impulse's arrow per unit of lambda_c (3.54).")},
    &Overlay::impulse_scale};
inline constexpr BoundParam<Overlay, float> kForceScale{
    {"dynamics.overlay.force_scale",
     "",
     N_("force scale"),
     0.02f,
     {0.001f, 0.2f, N_("shorter arrows vanish into the contact point"),
      N_("longer ones cross the scene")},
     "m/N",
     N_("Length of the resting force's arrow per unit of lambda_r (3.62-3.64), when not scaled to "
        "the largest.")},
    &Overlay::force_scale};

inline constexpr BoundBool<Overlay> kForceAuto{
    {"dynamics.overlay.force_auto", "", N_("force scale from the largest"), true,
     N_("The largest resting force's arrow 15 per cent of the picture's height, the others in "
        "proportion (3.62-3.64): a stack's forces read at any scene size. The legend states the "
        "scale.")},
    &Overlay::force_auto};

inline constexpr BoolParam kShowPlots{"dynamics.window.plots", "", N_("plots window"), true,
                                      N_("The energies and momenta, step by step (3.3.1).")};
inline constexpr BoolParam kShowContacts{"dynamics.window.contacts", "", N_("contact table"), false,
                                         N_("Every contact of the step, classified (3.52).")};

// The overlay's rows: a new overlay setting is its row above and its line here.
template <typename Visit>
constexpr void ForEachOverlayRow(Visit&& visit) {
  visit(kPoints);
  visit(kNormals);
  visit(kImpulses);
  visit(kRestingForces);
  visit(kImpulseScale);
  visit(kForceAuto);
  visit(kForceScale);
}

}  // namespace partlab::dynamics_params
