// The Simulation view's side-by-side display: a second broad phase (by default the thesis's own
// tree, sabsp_thesis, beside ours) fed exactly the frames the physics saw, timed the same way, with
// its overlay drawn in the right-hand viewport while the physics' own broad phase is drawn in the
// left one. A class sees what fat boxes and the other departures buy (docs/bsp.md).
//
// GL-free: the overlay is recorded in Prepare (RecordedDraw) and replayed into the app's batches in
// Render, which may run while the next steps do.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "app/views/simulation/sim_bsp_overlay.h"
#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/debug_draw.h"

namespace partlab {

// Keeps the primitives of one overlay to hand them to another DebugDraw later.
class RecordedDraw final : public DebugDraw {
 public:
  void Line(const glm::vec3& a, const glm::vec3& b, const Color& color) override;
  void Point(const glm::vec3& p, float size_px, const Color& color) override;
  void Polygon(std::span<const glm::vec3> vertices, const Color& color) override;
  void Clear();
  void ReplayInto(DebugDraw& out) const;

 private:
  struct LineRec {
    glm::vec3 a, b;
    Color color;
  };
  struct PointRec {
    glm::vec3 p;
    float size;
    Color color;
  };
  struct PolygonRec {
    uint32_t first, count;
    Color color;
  };
  std::vector<LineRec> lines_;
  std::vector<PointRec> points_;
  std::vector<PolygonRec> polygons_;
  std::vector<glm::vec3> vertices_;
};

// What one broad phase did in the last step, for the viewport's caption.
struct StepCaption {
  std::string name;
  double update_ms = 0, pairs_ms = 0;
  uint32_t ops_applied = 0, ops_failed = 0, ops_dropped = 0;
  uint32_t leaves = 0, max_depth = 0;
  size_t pairs = 0;
  bool is_bsp = false;
};
// The caption of a BSP (or any broad phase) after a step that took `t`.
StepCaption CaptionOf(const BroadPhase& bp, const StepTimings& t, size_t pairs);
// "sabsp_thesis: 0.42 ms/step (update 0.30 + pairs 0.12), 3 ops (1 failed, 0 dropped), 37
// leaves, depth 6, 5811 pairs". On screen the view passes its translation (_ of
// app/i18n/translate.h) for the format; the report on stdout stays English, as scripts read it.
std::string CaptionText(const StepCaption& c, const char* (*translate)(const char*) = nullptr);

class SideBySide {
 public:
  // A new, empty structure (built from the boxes at the next Step).
  void Start(const std::string& name);
  void Stop() { bp_.reset(), driver_.reset(); }
  bool running() const { return bp_ != nullptr; }
  const std::string& name() const { return name_; }

  void Step(std::span<const Aabb> frame);
  // The overlay for the right-hand viewport: BSP planes as the view's overlay draws them, other
  // structures' own overlays.
  void RecordOverlay(const BspOverlayOptions& options);
  const RecordedDraw& overlay() const { return overlay_; }
  const StepCaption& caption() const { return caption_; }
  BroadPhase* broad_phase() const { return bp_.get(); }

 private:
  std::string name_;
  std::unique_ptr<BroadPhase> bp_;
  std::unique_ptr<FrameDriver> driver_;
  std::vector<BoxPair> pairs_;
  StepCaption caption_;
  BspOverlay bsp_overlay_;
  RecordedDraw overlay_;
};

}  // namespace partlab
