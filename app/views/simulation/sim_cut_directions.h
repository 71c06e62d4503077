// The thesis's Figure 3.5, "Direções de corte": the tree's 13 candidate normals drawn as vectors
// from one point, a hemisphere of directions (3.5: "um conjunto pré-definido que se assemelha ao
// hemisfério de possíveis direções"). Coloured by kind so the caption can name them: the 3 axes,
// the 6 face diagonals and the 4 body diagonals. GL-free, through DebugDraw.
#pragma once

#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/debug_draw.h"

namespace partlab {

namespace cut_direction_colours {
inline const Color kAxis{1.0f, 0.3f, 0.3f, 1.0f};          // red: x, y, z
inline const Color kFaceDiagonal{0.3f, 1.0f, 0.4f, 1.0f};  // green: two non-zero signs
inline const Color kBodyDiagonal{0.4f, 0.6f, 1.0f, 1.0f};  // blue: three
}  // namespace cut_direction_colours

// Each of the tree's directions from the centre of `around`, as long as 0.3 of its diagonal, with
// a dot at its tip.
void DrawCutDirections(const SemiAdjustingBsp& bsp, const Aabb& around, DebugDraw& draw);

}  // namespace partlab
