// The Simulation view's picture: the bodies (or a trace's or figure's boxes) drawn instanced and
// coloured by BSP leaf, by pair, by speed or by shape, and the broad phase's overlay (the BSP's
// splitting planes clipped to their cells, semi-adjusting-bsp.txt 3.4, or the other structures'
// own overlays), with the controls that choose them. A component the modes fill (sim_mode.h):
// the instance arrays are built once per frame in Prepare and reused, never reallocated.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/panels/clamped_widgets.h"
#include "app/render/debug_draw_renderer.h"
#include "app/render/instanced_body_renderer.h"
#include "app/view.h"
#include "app/views/simulation/sim_bsp_overlay.h"
#include "app/views/simulation/sim_colouring.h"
#include "app/views/simulation/sim_side_by_side.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/params/clamped_value.h"
#include "engine/physics/physics_world.h"

namespace partlab::simulation_view {

class SimPicture {
 public:
  std::string Load();  // the shaders: "" or the error
  // Once per scene: the static boxes whose sides are all covered are drawn from their cap down.
  void FindStaticCaps(const PhysicsWorld& world);
  // Per frame, before the Build calls: the eye and the screen's scale (a sphere's detail level).
  void SetEye(const RenderContext& ctx);
  void BuildLive(const PhysicsWorld& world, std::span<const BoxPair> pairs,
                 const SemiAdjustingBsp* bsp);
  // A trace or a figure holds boxes only: each present box is drawn as itself.
  void BuildBoxes(std::span<const Aabb> frame, std::span<const BoxPair> pairs,
                  const SemiAdjustingBsp* bsp);
  // The BSP's planes (with node `highlight` in `colour`), or another structure's own overlay.
  void DrawOverlay(BroadPhase& bp, const BspOverlayOptions& options, NodeId highlight,
                   const Color& colour, DebugDraw& draw);
  void Draw(const CameraMatrices& matrices);
  // Two viewports, one camera: the left half with the overlay Prepare described into the app's
  // batches, the right half with the companion's recorded overlay.
  void DrawHalves(const RenderContext& ctx, DebugDrawRenderer& batches,
                  const RecordedDraw& companion);
  // The plane a click meets first, from the last DrawOverlay.
  std::optional<NodeId> Pick(const PickRay& ray) const {
    return overlay_.Pick(ray.origin, ray.dir);
  }

  // The controls: colouring, overlay, and (for a BSP) leaf cells, plane depth and opacity.
  void Gui(bool bsp_shown, ClampNote& note);
  BspOverlayOptions OverlayOptions() const {
    BspOverlayOptions options = overlay_options_;
    options.planes = show_overlay_;
    return options;
  }
  bool show_overlay() const { return show_overlay_; }
  size_t planes_drawn() const { return overlay_.planes_drawn(); }

  // The saved settings (SimulationView::VisitParams, sim_params.h).
  BodyColourMode& colour_mode() { return colour_mode_; }
  bool& show_overlay() { return show_overlay_; }
  BspOverlayOptions& overlay_options() { return overlay_options_; }

 private:
  Color BodyColour(uint32_t id, bool is_static, ShapeKind shape, float speed) const;

  InstancedBodyRenderer renderer_;
  std::vector<BodyView> bodies_;
  std::vector<BodyInstance> boxes_;
  std::vector<BodyInstance> spheres_[kSphereDetailLevels];  // finest first (body_meshes.h)
  std::vector<BodyInstance> static_boxes_;  // appended after the moving boxes (see BuildLive)
  // Static boxes whose sides are all covered by their neighbours are drawn from this height up
  // (sim_static_caps.h), per BodyId (NaN: drawn whole), while the eye is above caps_below_.
  std::vector<float> static_floor_;
  float caps_below_ = 0.0f;
  // Pixels per radian of view at the centre of the screen (set per frame from the field of view
  // and the framebuffer height): a sphere's level of detail follows its on-screen radius.
  float pixels_per_radian_ = 0.0f;
  glm::vec3 eye_{0.0f};
  std::vector<int32_t> leaf_of_;
  std::vector<uint8_t> paired_;
  BodyColourMode colour_mode_ = BodyColourMode::kLeaf;
  BspOverlay overlay_;
  BspOverlayOptions overlay_options_;
  bool show_overlay_ = true;
};

}  // namespace partlab::simulation_view
