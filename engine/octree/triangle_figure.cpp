#include "engine/octree/triangle_figure.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace partlab {

void DrawTriangleFigure(const Triangle& t, const glm::vec3& hit_point, float plane_margin,
                        DebugDraw& draw) {
  namespace tf = triangle_figure;
  const glm::vec3 e1 = t.Edge1(), e2 = t.Edge2();
  const glm::vec3 far_corner = t.v0 + e1 + e2;  // the parallelogram's fourth corner
  // Figure 2: the plane, as a patch around the parallelogram, and its perpendicular vector.
  const glm::vec3 centre = t.v0 + 0.5f * (e1 + e2);
  const glm::vec3 a = (1.0f + plane_margin) * 0.5f * (e1 + e2);
  const glm::vec3 b = (1.0f + plane_margin) * 0.5f * (e1 - e2);
  const glm::vec3 patch[4] = {centre - a, centre + b, centre + a, centre - b};
  draw.Polygon(patch, tf::kPlane);
  const glm::vec3 n = glm::cross(e1, e2);
  const float n_length = glm::length(n);
  if (n_length > 0.0f) {
    const glm::vec3 centroid = (t.v0 + t.v1 + t.v2) / 3.0f;
    const float length = std::max(glm::length(e1), glm::length(e2));
    draw.Line(centroid, centroid + n * (length / n_length), tf::kNormal);
  }
  // Figure 4: the edge vectors from V0 and the parallelogram's other two sides.
  draw.Line(t.v0, t.v1, tf::kEdge1);
  draw.Line(t.v0, t.v2, tf::kEdge2);
  draw.Line(t.v1, far_corner, tf::kFarSides);
  draw.Line(t.v2, far_corner, tf::kFarSides);
  draw.Line(t.v1, t.v2, tf::kFarSides);  // u + v = 1: the diagonal that halves it
  draw.Point(t.v0, 9.0f, tf::kNormal);
  draw.Point(hit_point, 11.0f, tf::kHitPoint);
}

AreaBarycentrics BarycentricsByAreas(const Triangle& t, const glm::vec3& p) {
  AreaBarycentrics out;
  const glm::vec3 n = glm::cross(t.Edge1(), t.Edge2());  // twice the area, along the normal
  const float area2 = glm::dot(n, n);
  if (!(area2 > 0.0f) || !std::isfinite(area2)) return out;
  out.degenerate = false;
  const glm::vec3 d = p - t.v0;
  // Signed doubled areas of V0 T V2 and V0 V1 T, measured along n, over the whole's.
  out.u = glm::dot(glm::cross(d, t.Edge2()), n) / area2;
  out.v = glm::dot(glm::cross(t.Edge1(), d), n) / area2;
  out.plane_distance = std::fabs(glm::dot(d, n)) / std::sqrt(area2);
  return out;
}

}  // namespace partlab
