// The orbit camera's matrices map known points where a student would expect them on screen.
#include <gtest/gtest.h>

#include <cmath>
#include <glm/geometric.hpp>
#include <vector>

#include "engine/view/orbit_camera.h"

namespace partlab {
namespace {

glm::vec3 ToNdc(const OrbitCamera& cam, float aspect, const glm::vec3& p) {
  const glm::vec4 clip = cam.ProjectionMatrix(aspect) * cam.ViewMatrix() * glm::vec4(p, 1.0f);
  return glm::vec3(clip) / clip.w;
}

OrbitCamera FrontCamera() {  // eye on +Z at distance 5, looking at the origin
  OrbitCamera cam;
  cam.yaw = 0.0f;
  cam.pitch = 0.0f;
  cam.distance = 5.0f;
  cam.target = glm::vec3(0.0f);
  return cam;
}

TEST(OrbitCamera, EyeSitsAtDistanceFromTarget) {
  OrbitCamera cam;
  cam.target = {1, 2, 3};
  cam.distance = 7.5f;
  EXPECT_NEAR(glm::length(cam.Eye() - cam.target), 7.5f, 1e-5f);
  const glm::vec3 e = FrontCamera().Eye();
  EXPECT_NEAR(e.x, 0.0f, 1e-6f);
  EXPECT_NEAR(e.y, 0.0f, 1e-6f);
  EXPECT_NEAR(e.z, 5.0f, 1e-6f);
}

TEST(OrbitCamera, TargetProjectsToTheCentreFromAnyAngle) {
  OrbitCamera cam;
  cam.target = {-3, 0.5f, 10};
  for (float yaw : {0.0f, 1.0f, 2.5f, -2.0f})
    for (float pitch : {-1.2f, 0.0f, 0.7f}) {
      cam.yaw = yaw;
      cam.pitch = pitch;
      const glm::vec3 ndc = ToNdc(cam, 1.5f, cam.target);
      EXPECT_NEAR(ndc.x, 0.0f, 1e-5f);
      EXPECT_NEAR(ndc.y, 0.0f, 1e-5f);
    }
}

TEST(OrbitCamera, KnownPointsLandWherePerspectiveSaysTheyShould) {
  const OrbitCamera cam = FrontCamera();
  const float aspect = 2.0f;
  const float t = std::tan(cam.fov_y / 2);
  // One unit right of the target, 5 units from the eye: x_ndc = (1/5) / (tan(fov/2) * aspect).
  const glm::vec3 right = ToNdc(cam, aspect, {1, 0, 0});
  EXPECT_NEAR(right.x, 0.2f / (t * aspect), 1e-5f);
  EXPECT_NEAR(right.y, 0.0f, 1e-6f);
  const glm::vec3 up = ToNdc(cam, aspect, {0, 1, 0});
  EXPECT_NEAR(up.y, 0.2f / t, 1e-5f);
  // Depth: the near plane maps to -1 and the far plane to +1.
  EXPECT_NEAR(ToNdc(cam, aspect, {0, 0, 5 - cam.NearPlane()}).z, -1.0f, 1e-4f);
  EXPECT_NEAR(ToNdc(cam, aspect, {0, 0, 5 - cam.FarPlane()}).z, 1.0f, 1e-4f);
}

TEST(OrbitCamera, FrameFitsEveryCornerOfTheBoxForWideAndTallViewports) {
  const Aabb box{{-1, 10, 3}, {4, 12, 9}};
  for (float aspect : {0.4f, 1.0f, 2.5f}) {
    OrbitCamera cam;
    cam.yaw = 2.0f;
    cam.pitch = 0.3f;
    cam.Frame(box, aspect);
    EXPECT_NEAR(glm::length(cam.target - box.Center()), 0.0f, 1e-5f);
    float widest = 0.0f;
    for (int i = 0; i < 8; ++i) {
      const glm::vec3 corner(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y,
                             i & 4 ? box.max.z : box.min.z);
      const glm::vec3 ndc = ToNdc(cam, aspect, corner);
      EXPECT_LE(std::abs(ndc.x), 1.0f) << "aspect " << aspect;
      EXPECT_LE(std::abs(ndc.y), 1.0f) << "aspect " << aspect;
      EXPECT_GT(ndc.z, -1.0f);
      EXPECT_LT(ndc.z, 1.0f);
      widest = std::max({widest, std::abs(ndc.x), std::abs(ndc.y)});
    }
    EXPECT_GT(widest, 0.85f) << "framed tightly, not lost in the distance";
  }
}

TEST(OrbitCamera, FramePointsFitsTheSilhouetteCloserThanTheBox) {
  // A rod lying diagonally on the ground: its box's other two corners stick out far beyond it.
  std::vector<glm::vec3> rod;
  for (int i = 0; i <= 10; ++i) rod.push_back(glm::vec3(i, 0, i) * 0.1f);
  OrbitCamera by_points, by_box;  // the default three-quarter view
  by_points.FramePoints(rod, 1.0f);
  by_box.Frame(Aabb{{0, 0, 0}, {1, 0, 1}}, 1.0f);
  EXPECT_LT(by_points.distance, by_box.distance);
  float widest = 0.0f;
  for (const glm::vec3& p : rod) {
    const glm::vec3 ndc = ToNdc(by_points, 1.0f, p);
    EXPECT_LE(std::abs(ndc.x), 0.9f + 1e-4f);
    EXPECT_LE(std::abs(ndc.y), 0.9f + 1e-4f);
    widest = std::max({widest, std::abs(ndc.x), std::abs(ndc.y)});
  }
  EXPECT_NEAR(widest, 0.9f, 0.05f) << "the 10% margin, or the sphere bound when that is nearer";
}

TEST(OrbitCamera, RayThroughAPixelPassesThroughThePointDrawnThere) {
  OrbitCamera cam;
  cam.target = {0.5f, -1, 2};
  cam.distance = 4;
  const glm::vec2 fb(801, 601);  // odd sizes: the centre pixel's centre is the image centre
  const PickRay centre = cam.RayThroughPixel({400, 300}, fb);
  const glm::vec3 to_target = cam.target - centre.origin;
  EXPECT_NEAR(glm::length(glm::cross(to_target, centre.dir)), 0.0f, 1e-4f);
  EXPECT_NEAR(glm::length(centre.dir), 1.0f, 1e-5f);

  // A known point: project it to pixels (top-left origin), cast back, the ray must pass by it.
  const glm::vec3 p(1.2f, -0.4f, 2.3f);
  const glm::vec3 ndc = ToNdc(cam, fb.x / fb.y, p);
  const glm::vec2 pixel((ndc.x + 1) * 0.5f * fb.x - 0.5f, (1 - ndc.y) * 0.5f * fb.y - 0.5f);
  const PickRay ray = cam.RayThroughPixel(pixel, fb);
  EXPECT_NEAR(glm::length(glm::cross(p - ray.origin, ray.dir)), 0.0f, 1e-4f);
  EXPECT_GT(glm::dot(p - ray.origin, ray.dir), 0.0f) << "in front of the eye";
}

TEST(OrbitCamera, PanKeepsTheGrabbedPointUnderTheCursor) {
  OrbitCamera cam = FrontCamera();
  const float height = 600, aspect = 1.0f;
  const glm::vec3 grabbed = cam.target;
  cam.Pan(30, -20, height);  // cursor moved 30 px right, 20 px up
  const glm::vec3 ndc = ToNdc(cam, aspect, grabbed);
  EXPECT_NEAR(ndc.x * height / 2, 30.0f, 1e-3f);
  EXPECT_NEAR(ndc.y * height / 2, 20.0f, 1e-3f);
}

TEST(OrbitCamera, OrbitClampsPitchAndZoomMovesCloser) {
  OrbitCamera cam;
  cam.Orbit(0, 1e6f);
  EXPECT_LT(cam.pitch, 1.5708f);
  EXPECT_TRUE(std::isfinite(cam.ViewMatrix()[0][0]));
  cam.Orbit(0, -1e6f);
  EXPECT_GT(cam.pitch, -1.5708f);
  const float before = cam.distance;
  cam.Zoom(2);
  EXPECT_LT(cam.distance, before);
  cam.Zoom(-2);
  EXPECT_NEAR(cam.distance, before, 1e-5f);
}

}  // namespace
}  // namespace partlab
