// Geometry for drawing a BSP: a plane's polygon inside a convex cell. A large quad on the plane is
// clipped by each bounding half-space in turn (Sutherland–Hodgman); the cell of a node is the world
// box cut by its ancestors' half-spaces (planes clipped to their node's cell).
#pragma once

#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "engine/geometry/aabb.h"

namespace partlab {

// The closed half-space {x : normal·x <= offset}.
struct HalfSpace {
  glm::vec3 normal;
  float offset;
};

// Clips a convex polygon by one half-space, in place (`scratch` is reused storage).
void ClipPolygon(std::vector<glm::vec3>& polygon, const HalfSpace& h,
                 std::vector<glm::vec3>& scratch);

// The six half-spaces of a box.
void BoxHalfSpaces(const Aabb& box, std::vector<HalfSpace>& out);

// The polygon of the plane {normal·x = offset} inside the intersection of the `cell` half-spaces
// and the box `bound`. Empty when the plane misses the cell.
std::vector<glm::vec3> ClipPlaneToCell(const glm::vec3& normal, float offset,
                                       std::span<const HalfSpace> cell, const Aabb& bound);

// The boundary of the convex cell (`cell` ∩ `bound`) as its face polygons, e.g. to shade a leaf's
// cell: each bounding plane clipped by all the others. Planes that do not touch the cell give no
// face.
std::vector<std::vector<glm::vec3>> CellFaces(std::span<const HalfSpace> cell, const Aabb& bound);

}  // namespace partlab
