#include "app/views/trace_check/trace_check_overlay.h"

namespace partlab::trace_check {
namespace {

// A pair's two boxes, a little grown so their edges stay visible over the dim box drawn there.
void PairBoxes(std::span<const Aabb> boxes, BoxPair p, const Color& color, DebugDraw& draw) {
  for (BoxId id : {p.a, p.b}) {
    const Aabb& b = boxes[id];
    const glm::vec3 pad = 0.01f * (b.max - b.min) + glm::vec3(1e-4f);
    draw.BoxEdges({b.min - pad, b.max + pad}, color);
  }
  // The line joining their centres says which two belong together when several pairs differ.
  draw.Line(boxes[p.a].Center(), boxes[p.b].Center(), color);
}

}  // namespace

void EmitOverlay(const TraceCheck& check, const OverlayOptions& options, DebugDraw& draw) {
  if (!check.is_open()) return;
  const std::span<const Aabb> boxes = check.boxes();
  if (options.all_boxes)
    for (const Aabb& b : boxes)
      if (!b.IsEmpty()) draw.BoxEdges(b, kBoxColor);
  if (options.structure) check.algorithm().DrawOverlay(draw);
  if (options.game) {
    for (BoxPair p : check.game_diff().missing) PairBoxes(boxes, p, kGameColor, draw);
    for (BoxPair p : check.game_diff().extra) PairBoxes(boxes, p, kGameColor, draw);
  }
  for (BoxPair p : check.diff().extra) PairBoxes(boxes, p, kExtraColor, draw);
  for (BoxPair p : check.diff().missing) PairBoxes(boxes, p, kMissingColor, draw);
}

Aabb DifferenceBounds(const TraceCheck& check) {
  Aabb bounds;  // empty until grown
  const std::span<const Aabb> boxes = check.boxes();
  for (const PairDiff* d : {&check.diff(), &check.game_diff()})
    for (const auto* pairs : {&d->missing, &d->extra})
      for (BoxPair p : *pairs) {
        bounds.Grow(boxes[p.a]);
        bounds.Grow(boxes[p.b]);
      }
  return bounds;
}

}  // namespace partlab::trace_check
