// The Simulation view's values that persist between interactive runs (simulation/settings.ini),
// each declared once (engine/params/param.h): the settings key, the label, the default, the range
// with the reason for each bound and the tooltip. The BSP's own rows are bsp_param_table.h's;
// SimulationView::VisitParams lists both for the View base, which reads and writes the file
// (app/view/param_visitor.h). The keys are those the view always wrote, so older files still read.
// GL-free and ImGui-free.
#pragma once

#include <climits>
#include <string_view>

#include "app/views/simulation/sim_bsp_overlay.h"
#include "app/views/simulation/sim_colouring.h"
#include "engine/broadphase/broad_phase_registry.h"
#include "engine/params/param.h"
#include "engine/text/translatable.h"

namespace partlab::simulation_view {

// A name the broad-phase registry builds (plugins included).
inline bool IsBroadPhaseName(std::string_view name) {
  for (std::string_view known : BroadPhaseNames())
    if (known == name) return true;
  return false;
}

// Where the camera looked, with the scene it looked at: another scene is framed afresh instead.
struct SavedCamera {
  int scene = 0;  // the scene's number; 0: no camera saved
  float x = 0.0f, y = 0.0f, z = 0.0f, distance = 3.0f, yaw = 0.6f, pitch = 0.35f;
};

namespace sim_params {

// ---- The scene and its broad phase (the Simulation window) ----

inline constexpr Param<int> kScene{
    "sim.scene",
    "",
    "Scene",
    1,
    {1, 4, N_("the thesis's Simulation 1 (6.2.1)"), N_("its Simulation 4 (6.2.4)")},
    "",
    "The thesis's simulation shown (semi-adjusting-bsp.txt 6.2)."};
inline constexpr NameParam kAlgo{
    "sim.algo",        "",
    "Broad phase",     "sabsp",
    &IsBroadPhaseName, "The broad phase the physics runs on, by its registry name."};
inline constexpr Param<int> kSeed{
    "sim.seed",
    "",
    "Seed",
    1,
    {INT_MIN, INT_MAX, N_("any integer is a seed"), N_("any integer")},
    "",
    "The scene's random seed: same seed, same run."};
inline constexpr Param<int> kColour{
    "sim.colour",
    "",
    "Colour",
    int(BodyColourMode::kLeaf),
    {0, kBodyColourModeCount - 1, N_("the first colouring (by shape)"), N_("the last (by speed)")},
    "",
    "How the bodies are coloured (sim_colouring.h)."};
inline constexpr BoolParam kSideBySide{"sim.side_by_side", "", "Side by side", false,
                                       "A second broad phase in a right-hand viewport."};
inline constexpr NameParam kCompanion{
    "sim.companion",   "",
    "Beside",          "sabsp_thesis",
    &IsBroadPhaseName, "The broad phase drawn in the right-hand viewport."};

// ---- The overlay (shown in the Simulation window's widgets, so marked for translation) ----

inline constexpr BoolParam kShowOverlay{
    "sim.overlay", "", N_("Overlay"), true,
    N_("BSP: splitting planes clipped to their cells, coloured by depth (red = root; thesis "
       "3.4).\nOthers: quadtree / octree cells, hash cells in use, SAP intervals.")};
inline constexpr BoundParam<BspOverlayOptions, int> kPlaneDepth{
    {"sim.overlay.depth",
     "",
     N_("Plane depth"),
     BspOverlayOptions{}.max_depth,
     {0, 24, N_("0 draws no plane"), N_("deeper planes are too small to read")},
     N_("levels"),
     N_("Planes of nodes deeper than this are hidden, so deep trees stay readable.")},
    &BspOverlayOptions::max_depth};
inline constexpr BoundBool<BspOverlayOptions> kLeafCells{
    {"sim.overlay.leaf_cells", "", N_("Leaf cells"), BspOverlayOptions{}.leaf_cells,
     N_("Each leaf's cell shaded in its colour (the leaves that hold the AABBs, 3.4).")},
    &BspOverlayOptions::leaf_cells};
inline constexpr BoundParam<BspOverlayOptions, float> kPlaneAlpha{
    {"sim.overlay.alpha",
     "",
     N_("Plane opacity"),
     BspOverlayOptions{}.plane_alpha,
     {0.02f, 0.6f, N_("fainter planes are invisible"), N_("more opaque planes hide the bodies")},
     "",
     N_("How opaque the splitting planes are drawn.")},
    &BspOverlayOptions::plane_alpha};

template <typename Visit>
constexpr void ForEachOverlayRow(Visit&& visit) {
  visit(kPlaneDepth);
  visit(kLeafCells);
  visit(kPlaneAlpha);
}

// ---- The camera (kept by the view, never shown as a widget) ----

inline constexpr BoundParam<SavedCamera, int> kCameraScene{
    {"sim.camera.scene",
     "",
     "Camera's scene",
     0,
     {0, 4, N_("0: no camera saved"), N_("the thesis's Simulation 4")},
     "",
     "The scene the saved camera looked at; another scene is framed afresh."},
    &SavedCamera::scene};
// The target and the distance span any scene's world many times over; the pitch stays inside
// the orbit camera's (-89, 89) degrees.
inline constexpr ValueRange<float> kCameraSpan{-1e6f, 1e6f, N_("far beyond any scene"),
                                               N_("far beyond any scene")};
inline constexpr BoundParam<SavedCamera, float> kCameraX{
    {"sim.camera.target.x", "", "Camera target x", 0.0f, kCameraSpan, "m", "Orbit target."},
    &SavedCamera::x};
inline constexpr BoundParam<SavedCamera, float> kCameraY{
    {"sim.camera.target.y", "", "Camera target y", 0.0f, kCameraSpan, "m", "Orbit target."},
    &SavedCamera::y};
inline constexpr BoundParam<SavedCamera, float> kCameraZ{
    {"sim.camera.target.z", "", "Camera target z", 0.0f, kCameraSpan, "m", "Orbit target."},
    &SavedCamera::z};
inline constexpr BoundParam<SavedCamera, float> kCameraDistance{
    {"sim.camera.distance",
     "",
     "Camera distance",
     SavedCamera{}.distance,
     {1e-3f, 1e6f, N_("a millimetre from the target"), N_("far beyond any scene")},
     "m",
     "From the eye to the target."},
    &SavedCamera::distance};
inline constexpr BoundParam<SavedCamera, float> kCameraYaw{
    {"sim.camera.yaw",
     "",
     "Camera yaw",
     SavedCamera{}.yaw,
     {-1e4f, 1e4f, N_("thousands of turns"), N_("thousands of turns")},
     "rad",
     "Around +Y."},
    &SavedCamera::yaw};
inline constexpr BoundParam<SavedCamera, float> kCameraPitch{
    {"sim.camera.pitch",
     "",
     "Camera pitch",
     SavedCamera{}.pitch,
     {-1.55f, 1.55f, N_("just above straight down"), N_("just below straight up")},
     "rad",
     "Above the horizon."},
    &SavedCamera::pitch};

template <typename Visit>
constexpr void ForEachCameraRow(Visit&& visit) {
  visit(kCameraScene);
  visit(kCameraX);
  visit(kCameraY);
  visit(kCameraZ);
  visit(kCameraDistance);
  visit(kCameraYaw);
  visit(kCameraPitch);
}

}  // namespace sim_params

}  // namespace partlab::simulation_view
