#include "engine/broadphase/sabsp/plane_clipping.h"

#include <cmath>
#include <glm/geometric.hpp>

namespace partlab {

void ClipPolygon(std::vector<glm::vec3>& polygon, const HalfSpace& h,
                 std::vector<glm::vec3>& scratch) {
  scratch.clear();
  const size_t n = polygon.size();
  for (size_t i = 0; i < n; ++i) {
    const glm::vec3& a = polygon[i];
    const glm::vec3& b = polygon[(i + 1) % n];
    const float da = glm::dot(h.normal, a) - h.offset, db = glm::dot(h.normal, b) - h.offset;
    if (da <= 0) scratch.push_back(a);
    if ((da < 0 && db > 0) || (da > 0 && db < 0)) scratch.push_back(a + (b - a) * (da / (da - db)));
  }
  polygon.swap(scratch);
}

void BoxHalfSpaces(const Aabb& box, std::vector<HalfSpace>& out) {
  for (int axis = 0; axis < 3; ++axis) {
    glm::vec3 n(0.0f);
    n[axis] = 1;
    out.push_back({n, box.max[axis]});
    out.push_back({-n, -box.min[axis]});
  }
}

std::vector<glm::vec3> ClipPlaneToCell(const glm::vec3& normal, float offset,
                                       std::span<const HalfSpace> cell, const Aabb& bound) {
  // A quad on the plane centred at the bound's centre projected on it, larger than the bound.
  const glm::vec3 n = glm::normalize(normal);
  const float scale = glm::length(normal);
  const glm::vec3 c = bound.Center();
  const glm::vec3 origin = c - n * (glm::dot(n, c) - offset / scale);
  const glm::vec3 helper = std::abs(n.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  const glm::vec3 u = glm::normalize(glm::cross(n, helper)), v = glm::cross(n, u);
  const float r = glm::length(bound.Extent()) + 1.0f;
  std::vector<glm::vec3> polygon = {origin + r * (u + v), origin + r * (-u + v),
                                    origin + r * (-u - v), origin + r * (u - v)};
  std::vector<HalfSpace> planes(cell.begin(), cell.end());
  BoxHalfSpaces(bound, planes);
  std::vector<glm::vec3> scratch;
  for (const HalfSpace& h : planes) {
    ClipPolygon(polygon, h, scratch);
    if (polygon.size() < 3) return {};
  }
  return polygon;
}

std::vector<std::vector<glm::vec3>> CellFaces(std::span<const HalfSpace> cell, const Aabb& bound) {
  std::vector<HalfSpace> planes(cell.begin(), cell.end());
  BoxHalfSpaces(bound, planes);
  std::vector<std::vector<glm::vec3>> faces;
  for (const HalfSpace& h : planes) {
    std::vector<glm::vec3> face = ClipPlaneToCell(h.normal, h.offset, planes, bound);
    if (face.size() >= 3) faces.push_back(std::move(face));
  }
  return faces;
}

}  // namespace partlab
