// The geometry-stage backface test (the projected sign, section 3.2.3.1) agrees with the
// application-stage one (the angle between the normal and the vector to the observer) on random
// triangles seen by random cameras, including triangles reaching behind the eye.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>
#include <random>

#include "engine/visibility/backface_count.h"
#include "tests/visibility/test_cameras.h"

namespace partlab {
namespace {

TEST(BackfaceProjected, AgreesWithTheApplicationStageTest) {
  std::mt19937 rng(8);
  std::uniform_real_distribution<float> u(-5.0f, 5.0f);
  std::vector<glm::vec3> positions;
  std::vector<uint32_t> indices;
  for (uint32_t t = 0; t < 3000; ++t) {
    for (int k = 0; k < 3; ++k) {
      positions.push_back({u(rng), u(rng), u(rng)});
      indices.push_back(3 * t + uint32_t(k));
    }
  }
  std::vector<uint8_t> world(3000), projected(3000);
  size_t compared = 0;
  for (int c = 0; c < 20; ++c) {
    const test::TestCamera cam = test::RandomCamera(rng);
    CountBackfaces(positions, indices, cam.eye, world);
    const size_t n = CountBackfacesProjected(positions, indices, cam.view_projection, projected);
    EXPECT_GT(n, 0u);
    for (size_t t = 0; t < 3000; ++t) {
      // Skip triangles seen nearly edge-on, where float rounding may pick either answer.
      const glm::vec3 a = positions[3 * t], b = positions[3 * t + 1], d = positions[3 * t + 2];
      const glm::vec3 normal = glm::normalize(glm::cross(b - a, d - a));
      if (std::abs(glm::dot(normal, glm::normalize(cam.eye - a))) < 1e-3f) continue;
      EXPECT_EQ(world[t], projected[t]) << "camera " << c << " triangle " << t;
      ++compared;
    }
  }
  EXPECT_GT(compared, 50000u);
}

}  // namespace
}  // namespace partlab
