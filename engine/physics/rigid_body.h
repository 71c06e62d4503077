// What a scene asks PhysicsWorld to create, and what the renderer reads back to draw it (the
// chapter's DrawActor: pose + shape, visualization-simulation-games.txt, 3.3.3.4).
#pragma once

#include <cstdint>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace partlab {

// Stable identity of a body or static box; also its broad-phase BoxId and its AABBTRC1 record.
using BodyId = uint32_t;

enum class ShapeKind : uint8_t { kBox, kSphere };

struct BodyDesc {
  ShapeKind shape = ShapeKind::kBox;
  glm::vec3 half_extents{0.5f};  // boxes
  float radius = 0.5f;           // spheres
  glm::dvec3 position{0.0};
  glm::dquat orientation{1.0, 0.0, 0.0, 0.0};  // w, x, y, z
  glm::dvec3 velocity{0.0};
  glm::dvec3 angular_velocity{0.0};
  double density = 1.0;
  double linear_damping = 0.0;  // fraction of velocity removed per step (ODE's damping scale)
};

// A present body or static box as the renderer sees it (one instance of its shape kind).
struct BodyView {
  BodyId id = 0;
  ShapeKind shape = ShapeKind::kBox;
  bool is_static = false;
  bool asleep = false;  // ODE's auto-disable put it to rest
  glm::vec3 position{0.0f};
  glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f};
  glm::vec3 half_extents{0.5f};  // for spheres: (radius, radius, radius)
  glm::vec3 velocity{0.0f};
};

}  // namespace partlab
