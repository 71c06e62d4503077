// The Visibility view's backface technique (Feijó, Pagliosa & Clua, 3.2.3.1): the CPU counts the
// triangles facing away from the observer, by the chapter's angle test in the application stage
// and by the geometry stage's projected sign beside it; its panel section, the god view's tint of
// what was thrown away, and the summary line a screenshot prints.
#pragma once

#include <cstddef>
#include <cstdint>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <vector>

#include "engine/debug_draw.h"
#include "engine/geometry/mesh.h"

namespace partlab {

struct BackfaceTechnique {
  bool culling = true;
  bool tint_culled = true;
  bool geometry_stage = false;  // cull by the projected sign instead of the angle test
  // Per triangle, 1 for a backface: by the angle test, and by the projected sign.
  std::vector<uint8_t> culled, projected;
  size_t count = 0, projected_count = 0, disagree = 0;
  double ms = 0.0;

  // Both tests for the observer at `eye` with `view_projection`.
  void Compute(const Mesh& mesh, const glm::vec3& eye, const glm::mat4& view_projection);
  // The flags the observer's picture leaves out (1 = culled).
  const std::vector<uint8_t>& shown() const { return geometry_stage ? projected : culled; }
  void Gui();
  // The god view shows what the observer's test threw away.
  void DrawCulled(const Mesh& mesh, DebugDraw& draw) const;
  void Print() const;
};

}  // namespace partlab
