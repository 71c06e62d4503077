#include "app/views/simulation/sim_side_by_side.h"

#include "engine/text/translatable.h"

#include <cstdio>

#include "engine/broadphase/broad_phase_registry.h"

namespace partlab {

void RecordedDraw::Line(const glm::vec3& a, const glm::vec3& b, const Color& color) {
  lines_.push_back({a, b, color});
}

void RecordedDraw::Point(const glm::vec3& p, float size_px, const Color& color) {
  points_.push_back({p, size_px, color});
}

void RecordedDraw::Polygon(std::span<const glm::vec3> vertices, const Color& color) {
  polygons_.push_back({uint32_t(vertices_.size()), uint32_t(vertices.size()), color});
  vertices_.insert(vertices_.end(), vertices.begin(), vertices.end());
}

void RecordedDraw::Clear() {
  lines_.clear();
  points_.clear();
  polygons_.clear();
  vertices_.clear();
}

void RecordedDraw::ReplayInto(DebugDraw& out) const {
  for (const PolygonRec& p : polygons_)
    out.Polygon(std::span<const glm::vec3>(vertices_.data() + p.first, p.count), p.color);
  for (const LineRec& l : lines_) out.Line(l.a, l.b, l.color);
  for (const PointRec& p : points_) out.Point(p.p, p.size, p.color);
}

StepCaption CaptionOf(const BroadPhase& bp, const StepTimings& t, size_t pairs) {
  StepCaption c;
  c.name = std::string(bp.Name());
  c.update_ms = t.update_ms;
  c.pairs_ms = t.pairs_ms;
  c.pairs = pairs;
  if (const auto* bsp = dynamic_cast<const SemiAdjustingBsp*>(&bp)) {
    const BspStepStats& s = bsp->last_stats();
    c.is_bsp = true;
    for (int k = 0; k < kBspOpCount; ++k) {
      c.ops_applied += s.ops.applied[k];
      c.ops_failed += s.ops.failed[k];
    }
    c.ops_dropped = s.ops.dropped;
    c.leaves = s.leaves;
    c.max_depth = s.max_depth;
  }
  return c;
}

std::string CaptionText(const StepCaption& c, const char* (*translate)(const char*)) {
  auto shown = [translate](const char* format) { return translate ? translate(format) : format; };
  char text[200];
  if (c.is_bsp) {
    std::snprintf(text, sizeof text,
                  shown(N_("%s: %.2f ms/step (update %.2f + pairs %.2f), %u ops (%u failed, %u "
                           "dropped), %u leaves, depth %u, %zu pairs")),
                  c.name.c_str(), c.update_ms + c.pairs_ms, c.update_ms, c.pairs_ms, c.ops_applied,
                  c.ops_failed, c.ops_dropped, c.leaves, c.max_depth, c.pairs);
  } else {
    std::snprintf(text, sizeof text,
                  shown(N_("%s: %.2f ms/step (update %.2f + pairs %.2f), %zu pairs")),
                  c.name.c_str(), c.update_ms + c.pairs_ms, c.update_ms, c.pairs_ms, c.pairs);
  }
  return text;
}

void SideBySide::Start(const std::string& name) {
  name_ = name;
  bp_ = MakeBroadPhase(name);
  driver_ = bp_ ? std::make_unique<FrameDriver>(*bp_) : nullptr;
  caption_ = {};
  caption_.name = name;
  overlay_.Clear();
}

void SideBySide::Step(std::span<const Aabb> frame) {
  if (!driver_) return;
  const StepTimings t = driver_->Step(frame, pairs_);
  caption_ = CaptionOf(*bp_, t, pairs_.size());
}

void SideBySide::RecordOverlay(const BspOverlayOptions& options) {
  overlay_.Clear();
  if (!bp_) return;
  if (const auto* bsp = dynamic_cast<const SemiAdjustingBsp*>(bp_.get())) {
    bsp_overlay_.Draw(*bsp, options, overlay_);
    return;
  }
  if (options.planes) bp_->DrawOverlay(overlay_);
}

}  // namespace partlab
