#include "engine/view/orbit_camera.h"

#include "engine/view/model_framing.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat4x4.hpp>

namespace partlab {

namespace {
constexpr float kRadiansPerPixel = 0.008f;
constexpr float kMaxPitch = 1.5533f;  // 89 degrees: lookAt degenerates at the poles
constexpr float kZoomPerStep = 0.88f;
}  // namespace

glm::vec3 OrbitCamera::Forward() const {
  const glm::vec3 to_eye(std::cos(pitch) * std::sin(yaw), std::sin(pitch),
                         std::cos(pitch) * std::cos(yaw));
  return -to_eye;
}

glm::vec3 OrbitCamera::Eye() const {
  return target - Forward() * distance;
}

glm::vec3 OrbitCamera::Right() const {
  return glm::normalize(glm::cross(Forward(), glm::vec3(0.0f, 1.0f, 0.0f)));
}

glm::vec3 OrbitCamera::Up() const {
  return glm::cross(Right(), Forward());
}

glm::mat4 OrbitCamera::ViewMatrix() const {
  return glm::lookAt(Eye(), target, glm::vec3(0.0f, 1.0f, 0.0f));
}

glm::mat4 OrbitCamera::ProjectionMatrix(float aspect) const {
  return glm::perspective(fov_y, std::max(aspect, 1e-6f), NearPlane(), FarPlane());
}

void OrbitCamera::Orbit(float dx_px, float dy_px) {
  yaw -= dx_px * kRadiansPerPixel;
  pitch = std::clamp(pitch + dy_px * kRadiansPerPixel, -kMaxPitch, kMaxPitch);
}

void OrbitCamera::Pan(float dx_px, float dy_px, float viewport_height_px) {
  // World units per pixel at the target's depth, so the point under the cursor stays under it.
  const float units_per_px =
      2.0f * distance * std::tan(fov_y * 0.5f) / std::max(viewport_height_px, 1.0f);
  target += (-dx_px * Right() + dy_px * Up()) * units_per_px;
}

void OrbitCamera::Zoom(float steps) {
  distance =
      std::clamp(distance * std::pow(kZoomPerStep, steps), kCameraMinDistance, kCameraMaxDistance);
}

void OrbitCamera::Frame(const Aabb& box, float aspect) {
  if (box.IsEmpty()) return;
  glm::vec3 corners[8];
  for (int i = 0; i < 8; ++i)
    corners[i] = {i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y,
                  i & 4 ? box.max.z : box.min.z};
  FramePoints(corners, aspect);
}

void OrbitCamera::FramePoints(std::span<const glm::vec3> points, float aspect) {
  if (points.empty()) return;
  // In double: near +-3e38 the box's extent, its centre and the distances below overflow a float
  // (model_framing.h says which models cannot be framed; this never produces NaN regardless).
  glm::dvec3 lo(INFINITY), hi(-INFINITY);
  for (const glm::vec3& p : points) {
    lo = glm::min(lo, glm::dvec3(p));
    hi = glm::max(hi, glm::dvec3(p));
  }
  const glm::dvec3 centre = lo + (hi - lo) * 0.5;
  target = glm::vec3(centre);
  // The closest distance at which every point projects inside the viewport (with a 10% margin),
  // for the current orientation. Point p at (x, y) across and z along the view axis, measured
  // from the target, is seen at depth distance + z, so it fits when |x| <= (distance + z) *
  // tan(half_x); and the eye stays outside the bounding sphere so the near plane cuts nothing.
  const double margin = 0.9;
  const double tan_y = std::tan(double(fov_y) * 0.5) * margin;
  const double tan_x = std::tan(double(fov_y) * 0.5) * std::max(double(aspect), 1e-6) * margin;
  const glm::dvec3 right(Right()), up(Up()), forward(Forward());
  const double radius = std::max(0.5 * glm::length(hi - lo), double(kCameraMinDistance));
  double needed = radius * 1.05;
  for (const glm::vec3& p : points) {
    const glm::dvec3 d = glm::dvec3(p) - centre;
    const double z = glm::dot(d, forward);
    needed = std::max(
        {needed, std::abs(glm::dot(d, right)) / tan_x - z, std::abs(glm::dot(d, up)) / tan_y - z});
  }
  // NaN would pass std::clamp: it cannot arise in double here, but the camera must never get it.
  distance = needed == needed
                 ? float(std::clamp(needed, double(kCameraMinDistance), double(kCameraMaxDistance)))
                 : kCameraMaxDistance;
}

PickRay OrbitCamera::RayThroughPixel(glm::vec2 pixel, glm::vec2 framebuffer_size) const {
  const glm::vec2 size = glm::max(framebuffer_size, glm::vec2(1.0f));
  // Pixel centres: pixel (0, 0) covers [0, 1)², so its centre is at 0.5.
  const glm::vec2 ndc(2.0f * (pixel.x + 0.5f) / size.x - 1.0f,
                      1.0f - 2.0f * (pixel.y + 0.5f) / size.y);
  const glm::mat4 inverse = glm::inverse(ProjectionMatrix(size.x / size.y) * ViewMatrix());
  glm::vec4 near_point = inverse * glm::vec4(ndc, -1.0f, 1.0f);
  glm::vec4 far_point = inverse * glm::vec4(ndc, 1.0f, 1.0f);
  near_point /= near_point.w;
  far_point /= far_point.w;
  return {glm::vec3(near_point), glm::normalize(glm::vec3(far_point - near_point))};
}

}  // namespace partlab
