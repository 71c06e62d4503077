// The testbed's camera as plain math (no GL): an eye orbiting a target point, as in every mesh
// viewer. RenderScene's first step, "configure the camera" (section 3.2.2: gluLookAt in the
// chapter's skeleton), becomes ViewMatrix() and ProjectionMatrix() here, so tests can check where
// known points land without a GPU.
#pragma once

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <span>

#include "engine/geometry/aabb.h"

namespace partlab {

// A ray in world space; dir is unit length.
struct PickRay {
  glm::vec3 origin;
  glm::vec3 dir;
};

struct OrbitCamera {
  glm::vec3 target{0.0f};
  float distance = 3.0f;  // from the eye to the target
  float yaw = 0.6f;       // radians around +Y; 0 looks down -Z (eye on +Z)
  float pitch = 0.35f;    // radians above the horizon, kept inside (-89°, 89°)
  float fov_y = 0.7854f;  // vertical field of view, radians (45°)

  glm::vec3 Eye() const;
  glm::vec3 Forward() const;  // unit vector from the eye towards the target
  glm::vec3 Right() const;    // unit, horizontal
  glm::vec3 Up() const;       // unit, completes the right-handed frame
  float NearPlane() const { return distance * 0.01f; }
  float FarPlane() const { return distance * 100.0f; }

  glm::mat4 ViewMatrix() const;
  glm::mat4 ProjectionMatrix(float aspect) const;

  // Mouse gestures, in pixels of the framebuffer.
  void Orbit(float dx_px, float dy_px);
  void Pan(float dx_px, float dy_px, float viewport_height_px);  // the grabbed point follows
  void Zoom(float steps);                                        // > 0 moves closer

  // Places the target at the box centre and backs off until every corner of the box fits the
  // viewport with a 10% margin (and the eye is outside the box's bounding sphere, so the near
  // plane never cuts the model). Orientation is kept.
  void Frame(const Aabb& box, float aspect);
  // The same for a point set (a mesh's vertices): frames the silhouette, not the box's corners.
  void FramePoints(std::span<const glm::vec3> points, float aspect);

  // The ray through a framebuffer pixel (origin top-left, as GLFW reports the cursor): picking
  // must use framebuffer pixels, not window coordinates, or it is off by the HiDPI scale.
  PickRay RayThroughPixel(glm::vec2 pixel, glm::vec2 framebuffer_size) const;
};

}  // namespace partlab
