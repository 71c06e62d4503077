// The seam between algorithms and pixels (../shared/design.md): engine code describes what to show
// as plain data, and app/render implements this interface with one batched draw call per primitive
// kind. Tests implement it too, to assert what would be drawn without a GPU.
#pragma once

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <span>

#include "engine/geometry/aabb.h"

namespace partlab {

using Color = glm::vec4;  // linear RGBA in [0, 1]

class DebugDraw {
 public:
  virtual ~DebugDraw() = default;
  virtual void Line(const glm::vec3& a, const glm::vec3& b, const Color& color) = 0;
  virtual void Point(const glm::vec3& p, float size_px, const Color& color) = 0;
  // A convex planar polygon, filled (semi-transparent when color.a < 1).
  virtual void Polygon(std::span<const glm::vec3> vertices, const Color& color) = 0;

  // The twelve edges of a box, in terms of Line.
  void BoxEdges(const Aabb& box, const Color& color);
};

}  // namespace partlab
