// The view frustum (section 3.2.3.2: "região esta também chamada de view frustum"): the six planes
// of a camera's view volume, taken straight from its view-projection matrix (Gribb & Hartmann,
// "Fast extraction of viewing frustum planes from the world-view-projection matrix", 2001), and
// the box test that hierarchical culling reduces to ("o algoritmo de culling neste caso pode ser
// reduzido a um teste de colisão").
#pragma once

#include <array>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "engine/geometry/aabb.h"

namespace partlab {

// n·x + d >= 0 on the inner side. Normalised, so n·x + d is a distance.
struct Plane {
  glm::vec3 n{0.0f, 1.0f, 0.0f};
  float d = 0.0f;

  float Distance(const glm::vec3& p) const { return n.x * p.x + n.y * p.y + n.z * p.z + d; }
};

// The chapter's three answers for a bounding volume: skip it, accept it whole, or look inside.
enum class BoxClass : uint8_t { kOutside, kInside, kIntersecting };
const char* BoxClassName(BoxClass c);  // "outside" / "inside" / "intersecting"

enum FrustumPlane { kLeft, kRight, kBottom, kTop, kNear, kFar };

class Frustum {
 public:
  Frustum() = default;
  // OpenGL clip space (-w <= x, y, z <= w), column-major glm matrices.
  explicit Frustum(const glm::mat4& view_projection);

  const std::array<Plane, 6>& planes() const { return planes_; }
  // Near face (bottom-left, bottom-right, top-right, top-left), then the far face in the same
  // order.
  const std::array<glm::vec3, 8>& corners() const { return corners_; }

  bool Contains(const glm::vec3& p) const;
  // Exact: kInside when the whole box is inside, kOutside when box and frustum are disjoint (a
  // separating axis exists), kIntersecting otherwise. The six plane tests decide most boxes; the
  // rest get the remaining separating axes (box faces, then edge-edge cross products), so a box
  // beside a corner of the frustum is not mistaken for a visible one.
  BoxClass Classify(const Aabb& box) const;
  // Only the six plane tests (the classic, conservative version: may say kIntersecting for a box
  // that lies outside near a corner). Kept to show the difference in the tests and the panel.
  BoxClass ClassifyPlanesOnly(const Aabb& box) const;

 private:
  bool SeparatedByOtherAxes(const Aabb& box) const;

  std::array<Plane, 6> planes_{};
  std::array<glm::vec3, 8> corners_{};
  std::array<glm::vec3, 6> edge_dirs_{};  // the frustum's distinct edge directions
};

}  // namespace partlab
