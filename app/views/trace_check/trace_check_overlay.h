// What the Trace check view draws on the scene, GL-free (engine/debug_draw.h): every present box
// dim, the boxes of a missing pair (brute force has it, the algorithm not) in one colour, those of
// an extra pair (the algorithm has it, brute force not) in another, and the algorithm's own
// drawing of its structure (a plugin's draw callback, our broad phases' DrawOverlay). Each kind
// goes into the one batch of its primitive, so it costs one draw call whatever the box count.
#pragma once

#include "engine/debug_draw.h"
#include "engine/plugins/trace_check.h"

namespace partlab::trace_check {

inline constexpr Color kMissingColor{1.0f, 0.16f, 0.12f, 1.0f};  // brute force's, not reported
inline constexpr Color kExtraColor{0.15f, 0.65f, 1.0f, 1.0f};    // reported, not brute force's
inline constexpr Color kGameColor{1.0f, 0.75f, 0.1f, 1.0f};      // the game's own mistakes
inline constexpr Color kBoxColor{0.62f, 0.64f, 0.7f, 0.35f};     // the other present boxes

struct OverlayOptions {
  bool all_boxes = true;  // the boxes not involved in a difference, dim
  bool structure = true;  // the algorithm's own drawing (cells, planes, nodes)
  bool game = true;       // the boxes of the game's own missing and extra pairs
};

void EmitOverlay(const TraceCheck& check, const OverlayOptions& options, DebugDraw& draw);

// The union of the boxes in the current frame's differences (the algorithm's, then the game's);
// empty when the frame is right.
Aabb DifferenceBounds(const TraceCheck& check);

}  // namespace partlab::trace_check
