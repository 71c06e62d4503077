// Random cameras for the visibility tests: perspective frusta at random places and orientations.
#pragma once

#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat4x4.hpp>
#include <random>

namespace partlab::test {

struct TestCamera {
  glm::vec3 eye;
  glm::mat4 view_projection;
};

inline TestCamera RandomCamera(std::mt19937& rng, float spread = 4.0f) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::uniform_real_distribution<float> fov(0.4f, 1.6f), aspect(0.6f, 2.2f), near_d(0.05f, 0.5f),
      far_d(1.0f, 8.0f);
  TestCamera c;
  c.eye = glm::vec3(u(rng), u(rng), u(rng)) * spread;
  glm::vec3 dir(u(rng), u(rng), u(rng));
  if (glm::length(dir) < 0.1f) dir = {0, 0, -1};
  glm::vec3 up(0, 1, 0);
  if (std::abs(glm::dot(glm::normalize(dir), up)) > 0.95f) up = {1, 0, 0};
  const float n = near_d(rng);
  c.view_projection = glm::perspective(fov(rng), aspect(rng), n, n + far_d(rng)) *
                      glm::lookAt(c.eye, c.eye + dir, up);
  return c;
}

}  // namespace partlab::test
