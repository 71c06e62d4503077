// The Dynamics view's panel values that persist between interactive runs (dynamics/settings.ini),
// each declared once (engine/params/param.h): the settings key, the label, the default, the range
// with the reason for each bound, and the tooltip citing the chapter's section
// (visualization-simulation-games.txt, 3.3). The overlay's rows are bound to the fields of
// ContactOverlayOptions they set; DynamicsView::VisitParams lists them all for the View base,
// which reads and writes the file (app/view/param_visitor.h).
#pragma once

#include "app/views/dynamics/contact_overlay.h"
#include "engine/params/param.h"

namespace partlab::dynamics_params {

inline constexpr Param<float> kSpeed{
    "dynamics.speed",
    "",
    "speed",
    1.0f,
    {0.05f, 2.0f, "a twentieth of real time, slow enough to follow one bounce", "twice real time"},
    "x",
    "Simulated seconds per real second. The scene's own time step stays fixed (3.3.2)."};

using Overlay = ContactOverlayOptions;

inline constexpr BoundBool<Overlay> kPoints{{"dynamics.overlay.points", "", "points", true,
                                             "Contact points, coloured by the sign of d' (3.52)."},
                                            &Overlay::points};
inline constexpr BoundBool<Overlay> kNormals{
    {"dynamics.overlay.normals", "", "normals", true, "The contact normal N (3.48)."},
    &Overlay::normals};
inline constexpr BoundBool<Overlay> kImpulses{
    {"dynamics.overlay.impulses", "", "impulses (magenta)", true,
     "lambda_c N (3.54), length proportional to lambda_c."},
    &Overlay::impulses};
inline constexpr BoundBool<Overlay> kRestingForces{
    {"dynamics.overlay.resting_forces", "", "resting forces (green)", true,
     "lambda_r N from the LCP (3.62-3.64), length proportional to lambda_r."},
    &Overlay::resting_forces};
inline constexpr BoundParam<Overlay, float> kImpulseScale{
    {"dynamics.overlay.impulse_scale",
     "",
     "impulse scale",
     0.25f,
     {0.01f, 2.0f, "shorter arrows vanish into the contact point", "longer ones cross the scene"},
     "m/(N s)",
     "Length of the collision impulse's arrow per unit of lambda_c (3.54)."},
    &Overlay::impulse_scale};
inline constexpr BoundParam<Overlay, float> kForceScale{
    {"dynamics.overlay.force_scale",
     "",
     "force scale",
     0.02f,
     {0.001f, 0.2f, "shorter arrows vanish into the contact point", "longer ones cross the scene"},
     "m/N",
     "Length of the resting force's arrow per unit of lambda_r (3.62-3.64)."},
    &Overlay::force_scale};

inline constexpr BoolParam kShowPlots{"dynamics.window.plots", "", "plots window", true,
                                      "The energies and momenta, step by step (3.3.1)."};
inline constexpr BoolParam kShowContacts{"dynamics.window.contacts", "", "contact table", false,
                                         "Every contact of the step, classified (3.52)."};

// The overlay's rows: a new overlay setting is its row above and its line here.
template <typename Visit>
constexpr void ForEachOverlayRow(Visit&& visit) {
  visit(kPoints);
  visit(kNormals);
  visit(kImpulses);
  visit(kRestingForces);
  visit(kImpulseScale);
  visit(kForceScale);
}

}  // namespace partlab::dynamics_params
