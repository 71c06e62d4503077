// The chapter's backface count (section 3.2.3.1) against a brute force that measures the angle.
#include "engine/visibility/backface_count.h"
#include "test_paths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <random>
#include <vector>

#include "engine/geometry/aabb.h"
#include "engine/io/obj_loader.h"

namespace partlab {
namespace {

// The chapter's words literally: the angle between the vertex-to-observer vector and the normal,
// in degrees, in double precision, compared with 90.
size_t BruteForceBackfaces(const std::vector<glm::vec3>& pos, const std::vector<uint32_t>& idx,
                           const glm::vec3& eye, std::vector<uint8_t>* flags) {
  size_t n = 0;
  flags->assign(idx.size() / 3, 0);
  for (size_t t = 0; t < idx.size() / 3; ++t) {
    const glm::dvec3 v0 = pos[idx[3 * t]], v1 = pos[idx[3 * t + 1]], v2 = pos[idx[3 * t + 2]];
    const glm::dvec3 normal = glm::cross(v1 - v0, v2 - v0);
    const glm::dvec3 to_eye = glm::dvec3(eye) - v0;
    const double len = glm::length(normal) * glm::length(to_eye);
    if (len == 0.0) continue;
    const double angle = std::acos(std::clamp(glm::dot(normal, to_eye) / len, -1.0, 1.0));
    if (angle > M_PI / 2) (*flags)[t] = 1, ++n;
  }
  return n;
}

TEST(BackfaceCount, MatchesTheAngleTestOnRandomSoups) {
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  size_t culled_total = 0, total = 0;
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<glm::vec3> pos(600);
    for (auto& p : pos) p = {u(rng), u(rng), u(rng)};
    std::vector<uint32_t> idx;
    for (uint32_t k = 0; k < pos.size(); ++k) idx.push_back(k);
    const glm::vec3 eye = glm::vec3(u(rng), u(rng), u(rng)) * 5.0f;
    std::vector<uint8_t> got(idx.size() / 3), want;
    const size_t count = CountBackfaces(pos, idx, eye, got);
    const size_t expected = BruteForceBackfaces(pos, idx, eye, &want);
    // Near 90° the float dot product and the double angle may disagree; allow only those.
    size_t disagreements = 0;
    for (size_t t = 0; t < got.size(); ++t) disagreements += got[t] != want[t];
    EXPECT_LE(disagreements, 1u);
    EXPECT_NEAR(double(count), double(expected), double(disagreements));
    culled_total += count;
    total += got.size();
  }
  EXPECT_GT(culled_total, total / 4);  // a soup faces both ways: neither none nor all culled
  EXPECT_LT(culled_total, 3 * total / 4);
}

// On a closed model seen from outside, about half the faces look away; from far away along +z,
// a triangle is culled exactly when its normal points away from the eye.
TEST(BackfaceCount, BunnyFromOutsideCullsAboutHalf) {
  const auto loaded = LoadObj(PARTLAB_SOURCE_DIR "/assets/models/bunny.obj");
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  const Mesh& mesh = loaded.value();
  std::vector<uint8_t> got(mesh.TriangleCount()), want;
  Aabb box;
  for (const auto& p : mesh.positions) box.Grow(p);
  const glm::vec3 eye = box.Center() + glm::vec3(0, 0, 3.0f * glm::length(box.Extent()));
  const size_t count = CountBackfaces(mesh.positions, mesh.indices, eye, got);
  EXPECT_EQ(count, BruteForceBackfaces(mesh.positions, mesh.indices, eye, &want));
  EXPECT_EQ(got, want);
  EXPECT_GT(count, mesh.TriangleCount() * 3 / 10);
  EXPECT_LT(count, mesh.TriangleCount() * 7 / 10);
}

}  // namespace
}  // namespace partlab
