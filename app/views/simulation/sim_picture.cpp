// The Simulation view's picture (sim_picture.h): instances, colours, the overlay and its controls.
#include "app/views/simulation/sim_picture.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <limits>

#include "app/i18n/translate.h"
#include "app/panels/tooltip.h"
#include "app/render/shader_program.h"
#include "app/render/viewport_state.h"
#include "app/views/simulation/sim_params.h"
#include "app/views/simulation/sim_static_caps.h"

namespace partlab::simulation_view {

namespace {
constexpr float kMaxSpeedColour = 12.0f;  // m/s drawn red
}  // namespace

std::string SimPicture::Load() {
  return renderer_.Load(ShaderDirectory());
}

// Once per scene: the static boxes never move. Only axis-aligned boxes are considered.
void SimPicture::FindStaticCaps(const PhysicsWorld& world) {
  constexpr float kGap = 0.005f;  // wider than the terrain's 2 mm, far below a pixel
  bodies_.clear();
  world.GatherViews(bodies_);
  std::vector<Aabb> boxes;
  std::vector<BodyId> ids;
  for (const BodyView& b : bodies_) {
    if (!b.is_static || b.shape != ShapeKind::kBox || std::abs(b.orientation.w) < 0.99999f)
      continue;
    boxes.push_back(Aabb::FromCenterHalf(b.position, b.half_extents));
    ids.push_back(b.id);
  }
  const std::vector<float> floors = VisibleSideFloors(boxes, kGap);
  static_floor_.assign(world.IdCount(), std::numeric_limits<float>::quiet_NaN());
  caps_below_ = -std::numeric_limits<float>::infinity();
  for (size_t i = 0; i < boxes.size(); ++i) {
    if (floors[i] <= boxes[i].min.y + kGap) continue;  // an open side: drawn whole
    static_floor_[ids[i]] = floors[i];
    caps_below_ = std::max(caps_below_, boxes[i].min.y);
  }
}

// A sphere of radius r at distance d covers r / (d tan(fov/2)) of half the viewport height.
void SimPicture::SetEye(const RenderContext& ctx) {
  eye_ = ctx.camera.Eye();
  pixels_per_radian_ =
      0.5f * std::max(ctx.framebuffer_size.y, 1.0f) / std::tan(0.5f * ctx.camera.fov_y);
}

Color SimPicture::BodyColour(uint32_t id, bool is_static, ShapeKind shape, float speed) const {
  Color c;
  switch (colour_mode_) {
    case BodyColourMode::kLeaf:
      if (!leaf_of_.empty()) {
        c = LeafColour(id < leaf_of_.size() ? leaf_of_[id] : kAbsentFromTree);
        break;
      }
      [[fallthrough]];  // not a BSP: colour by pair instead
    case BodyColourMode::kPair:
      c = PairColour(id < paired_.size() && paired_[id]);
      break;
    case BodyColourMode::kSpeed:
      c = SpeedColour(speed, kMaxSpeedColour);
      break;
    case BodyColourMode::kShape:
      c = shape == ShapeKind::kSphere ? Color{0.35f, 0.62f, 0.92f, 1}
                                      : Color{0.92f, 0.62f, 0.32f, 1};
      break;
  }
  if (is_static) c = glm::mix(c, Color{0.55f, 0.55f, 0.52f, 1.0f}, 0.6f);  // the stage, muted
  return c;
}

void SimPicture::BuildLive(const PhysicsWorld& world, std::span<const BoxPair> pairs,
                           const SemiAdjustingBsp* bsp) {
  const uint32_t ids = world.IdCount();
  leaf_of_.clear();
  paired_.clear();
  if (colour_mode_ == BodyColourMode::kLeaf && bsp) MapBoxesToLeaves(bsp->tree(), ids, leaf_of_);
  if (colour_mode_ == BodyColourMode::kPair || (colour_mode_ == BodyColourMode::kLeaf && !bsp))
    MarkPairedBoxes(pairs, ids, paired_);
  bodies_.clear();
  world.GatherViews(bodies_);
  boxes_.clear();
  for (auto& level : spheres_) level.clear();
  // From below, a column's bottom faces the eye and its hidden walls could show through it.
  const bool draw_caps = eye_.y > caps_below_;
  for (const BodyView& b : bodies_) {
    BodyInstance inst;
    inst.position = b.position;
    inst.orientation = {b.orientation.x, b.orientation.y, b.orientation.z, b.orientation.w};
    inst.half_extents = b.half_extents;
    Color c = BodyColour(b.id, b.is_static, b.shape, glm::length(b.velocity));
    if (b.asleep && colour_mode_ != BodyColourMode::kSpeed) c = c * 0.8f;
    inst.rgba = PackRgba8(c);
    if (b.shape == ShapeKind::kBox) {
      if (b.is_static && draw_caps && b.id < static_floor_.size() &&
          !std::isnan(static_floor_[b.id])) {  // its cap: the same picture from above
        const float top = b.position.y + b.half_extents.y;
        inst.position.y = 0.5f * (static_floor_[b.id] + top);
        inst.half_extents.y = 0.5f * (top - static_floor_[b.id]);
      }
      (b.is_static ? static_boxes_ : boxes_).push_back(inst);
    } else {
      const float distance = std::max(glm::length(b.position - eye_), 1e-6f);
      spheres_[SphereDetailLevel(b.half_extents.x / distance * pixels_per_radian_)].push_back(inst);
    }
  }
  // The static boxes (terrain tiles, walls) are drawn after the bodies that rest on them: the
  // depth test then rejects the ground under each body before shading it, where drawing the ground
  // first would shade those pixels twice (on llvmpipe every shaded pixel is CPU time).
  boxes_.insert(boxes_.end(), static_boxes_.begin(), static_boxes_.end());
  static_boxes_.clear();
}

void SimPicture::BuildBoxes(std::span<const Aabb> frame, std::span<const BoxPair> pairs,
                            const SemiAdjustingBsp* bsp) {
  const uint32_t ids = uint32_t(frame.size());
  leaf_of_.clear();
  paired_.clear();
  if (colour_mode_ == BodyColourMode::kLeaf && bsp)
    MapBoxesToLeaves(bsp->tree(), ids, leaf_of_);
  else
    MarkPairedBoxes(pairs, ids, paired_);
  boxes_.clear();
  for (auto& level : spheres_) level.clear();
  for (uint32_t id = 0; id < ids; ++id) {
    if (frame[id].IsEmpty()) continue;
    BodyInstance inst;
    inst.position = frame[id].Center();
    inst.half_extents = glm::max(frame[id].Extent() * 0.5f, glm::vec3(1e-3f));
    const BodyColourMode mode =
        colour_mode_ == BodyColourMode::kSpeed ? BodyColourMode::kPair : colour_mode_;
    Color c = mode == BodyColourMode::kShape ? Color{0.92f, 0.62f, 0.32f, 1}
              : (mode == BodyColourMode::kLeaf && !leaf_of_.empty())
                  ? LeafColour(leaf_of_[id])
                  : PairColour(id < paired_.size() && paired_[id]);
    inst.rgba = PackRgba8(c);
    boxes_.push_back(inst);
  }
}

void SimPicture::DrawOverlay(BroadPhase& bp, const BspOverlayOptions& options, NodeId highlight,
                             const Color& colour, DebugDraw& draw) {
  if (const auto* bsp = dynamic_cast<const SemiAdjustingBsp*>(&bp)) {
    if (show_overlay_ || highlight != kNoNode)
      overlay_.Draw(*bsp, options, draw, highlight, colour);
    return;
  }
  if (show_overlay_) bp.DrawOverlay(draw);
}

void SimPicture::Draw(const CameraMatrices& matrices) {
  renderer_.Draw(boxes_, {spheres_[0], spheres_[1], spheres_[2]}, matrices, 48.0f);
}

void SimPicture::DrawHalves(const RenderContext& ctx, DebugDrawRenderer& batches,
                            const RecordedDraw& companion) {
  const int w = int(ctx.framebuffer_size.x), h = int(ctx.framebuffer_size.y);
  const PixelRect halves[2] = {{0, 0, w / 2, h}, {w / 2, 0, w - w / 2, h}};
  for (int side = 0; side < 2; ++side) {
    const PixelRect& rect = halves[side];
    const CameraMatrices m{ctx.camera.ViewMatrix(), ctx.camera.ProjectionMatrix(rect.Aspect()),
                           ctx.matrices.light_distance};
    SetViewport(rect);
    Draw(m);
    if (side == 1) companion.ReplayInto(batches);
    ctx.renderer.FlushOverlays(batches, m.projection * m.view);
  }
  SetViewport({0, 0, 0, 0});  // nothing of the app's own overlay flush may land on the halves
}

void SimPicture::Gui(bool bsp_shown, ClampNote& note) {
  namespace sp = sim_params;
  int mode = int(colour_mode_);
  const char* names[kBodyColourModeCount];
  for (int i = 0; i < kBodyColourModeCount; ++i) names[i] = _(kBodyColourModeNames[i]);
  ImGui::Combo(_("Colour"), &mode, names, kBodyColourModeCount);
  colour_mode_ = BodyColourMode(mode);
  Tip(
      _("BSP leaf: one colour per leaf, white for boxes straddling a plane (thesis 3.4)\n"
        "In a pair: bodies in a broad-phase pair this step\nSpeed: blue at rest to red at 12 m/s"));
  ImGui::Checkbox(_(sp::kShowOverlay.label), &show_overlay_);
  Tip(_(sp::kShowOverlay.tip));
  if (!bsp_shown) return;
  ImGui::SameLine();
  ImGui::Checkbox(_(sp::kLeafCells.label), &overlay_options_.leaf_cells);
  Tip(_(sp::kLeafCells.tip));
  ParamSliderInt(sp::kPlaneDepth, &overlay_options_.max_depth, note);
  ParamSliderFloat(sp::kPlaneAlpha, &overlay_options_.plane_alpha, note, "%.2f");
}

}  // namespace partlab::simulation_view
