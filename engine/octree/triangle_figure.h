// The octree paper's Figures 2 and 4 drawn on the triangle a ray hit: the triangle and its plane
// (Figure 2: "um triângulo ... sempre pertence a um plano, que ... possui um vetor que é
// perpendicular à sua superfície"), its edge vectors from V0 and the parallelogram they form
// (Figure 4, equation 2: T = V0 + u·V0V1 + v·V0V2), and the hit point T. GL-free: it draws
// through DebugDraw, and the barycentrics it checks against are computed here by areas, a way
// independent of Möller–Trumbore's determinants (1.1, equations 4-8).
#pragma once

#include <glm/vec3.hpp>

#include "engine/debug_draw.h"
#include "engine/geometry/triangle.h"

namespace partlab {

// The colours of the figure's parts, so the lesson's caption can name them.
namespace triangle_figure {
inline const Color kPlane{0.35f, 0.75f, 1.0f, 0.22f};   // the plane, a translucent patch
inline const Color kNormal{1.0f, 1.0f, 1.0f, 1.0f};     // the perpendicular vector, white
inline const Color kEdge1{1.0f, 0.25f, 0.25f, 1.0f};    // V0V1, red
inline const Color kEdge2{0.25f, 1.0f, 0.35f, 1.0f};    // V0V2, green
inline const Color kFarSides{1.0f, 0.85f, 0.2f, 1.0f};  // the parallelogram's other half
inline const Color kHitPoint{1.0f, 0.2f, 1.0f, 1.0f};   // T, magenta
}  // namespace triangle_figure

// Draws the figures on `triangle` with T = `hit_point`. The plane patch is the parallelogram
// grown by `plane_margin` times its own size around it; the normal is as long as the longer edge.
void DrawTriangleFigure(const Triangle& triangle, const glm::vec3& hit_point, float plane_margin,
                        DebugDraw& draw);

// The point's coordinates (u, v) in the edge vectors' basis, T = V0 + u·E1 + v·E2 (equation 2),
// found from areas: u is the share of the triangle's signed area that the sub-triangle V0 T V2
// takes, v that of V0 V1 T, both signed by the plane's normal. `plane_distance` is how far the
// point lies off the triangle's plane (0 for a point on it), in the scene's units.
struct AreaBarycentrics {
  float u = 0.0f, v = 0.0f;
  float plane_distance = 0.0f;
  bool degenerate = true;  // a triangle with no area has no plane
};
AreaBarycentrics BarycentricsByAreas(const Triangle& triangle, const glm::vec3& point);

}  // namespace partlab
