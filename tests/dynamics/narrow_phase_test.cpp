// The narrow phase against hand-computed geometry: a box on a plane has its four bottom corners at
// the right depth; a box lying on a bigger box gets four vertex/face contacts; two boxes crossed at
// their edges get one edge/edge contact whose normal is eA × eB (3.48); a sphere on a box's face.
#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include "engine/dynamics/narrow_phase.h"

namespace partlab::dynamics {
namespace {

RigidBody Box(glm::dvec3 half, glm::dvec3 pos, glm::dquat q = {1, 0, 0, 0}, bool fixed = false) {
  BodyDesc d;
  d.half = half;
  d.position = pos;
  d.orientation = q;
  d.is_static = fixed;
  RigidBody b;
  std::string e;
  EXPECT_TRUE(MakeBody(d, b, e)) << e;
  return b;
}

TEST(NarrowPhase, BoxOnPlaneGivesFourCornersAtTheirDepth) {
  RigidBody box = Box({1, 0.5, 2}, {0, 0.45, 0});  // 5 cm into the floor
  RigidBody floor;
  BodyDesc f;
  f.shape = Shape::kPlane;
  f.is_static = true;
  std::string e;
  ASSERT_TRUE(MakeBody(f, floor, e));
  std::vector<Contact> out;
  ASSERT_EQ(Collide(box, 0, floor, 1, 1e-3, out), 4);
  for (const Contact& c : out) {
    EXPECT_NEAR(c.depth, 0.05, 1e-12);
    EXPECT_EQ(c.N, glm::dvec3(0, 1, 0));
    EXPECT_NEAR(std::abs(c.P.x), 1.0, 1e-12);
    EXPECT_NEAR(std::abs(c.P.z), 2.0, 1e-12);
    EXPECT_EQ(c.kind, ContactKind::kVertexFace);
  }
}

TEST(NarrowPhase, BoxLyingOnABiggerBoxGetsItsFourCorners) {
  RigidBody base = Box({2, 0.5, 2}, {0, 0, 0}, {1, 0, 0, 0}, true);
  // Turned 30° about y: its corners stay inside the base's top face.
  RigidBody top = Box({0.5, 0.25, 0.5}, {0.1, 0.74, 0},
                      glm::angleAxis(glm::radians(30.0), glm::dvec3(0, 1, 0)));
  std::vector<Contact> out;
  ASSERT_EQ(Collide(top, 0, base, 1, 1e-3, out), 4);
  for (const Contact& c : out) {
    EXPECT_NEAR(c.N.y, 1.0, 1e-12);  // out of the base, towards the top box
    EXPECT_NEAR(c.depth, 0.01, 1e-9);
    // At the top box's bottom corners: √(0.5² + 0.5²) from its centre, horizontally.
    EXPECT_NEAR(glm::length(glm::dvec2(c.P.x - 0.1, c.P.z)), std::sqrt(0.5), 1e-9);
  }
  // Swapping the roles turns the normal around (it always points out of B towards A).
  out.clear();
  ASSERT_EQ(Collide(base, 1, top, 0, 1e-3, out), 4);
  for (const Contact& c : out) EXPECT_NEAR(c.N.y, -1.0, 1e-12);
}

TEST(NarrowPhase, CrossedEdgesGiveOneEdgeEdgeContact) {
  // A: edge along x on top (rotated 45° about x so an edge points up); B above it, rotated 45°
  // about z so an edge points down: the two edges cross at right angles.
  const double s = std::sqrt(0.5);
  RigidBody a = Box({1, s, s}, {0, 0, 0}, glm::angleAxis(glm::radians(45.0), glm::dvec3(1, 0, 0)));
  RigidBody b =
      Box({s, s, 1}, {0, 1.95, 0}, glm::angleAxis(glm::radians(45.0), glm::dvec3(0, 0, 1)));
  std::vector<Contact> out;
  ASSERT_EQ(Collide(b, 0, a, 1, 1e-3, out), 1);
  const Contact& c = out[0];
  EXPECT_EQ(c.kind, ContactKind::kEdgeEdge);
  EXPECT_NEAR(c.N.y, 1.0, 1e-9);  // out of A (the lower box) towards B
  EXPECT_NEAR(c.depth, 0.05, 1e-9);
  EXPECT_NEAR(c.P.y, 0.975, 1e-9);  // halfway between the two edges' points
  EXPECT_LT(glm::length(glm::cross(c.ea, c.eb) - c.N), 1e-9);  // N = eA × eB (3.48)
}

TEST(NarrowPhase, SphereOnBoxFaceAndApartBoxes) {
  RigidBody box = Box({1, 1, 1}, {0, 0, 0});
  RigidBody ball;
  BodyDesc d;
  d.shape = Shape::kSphere;
  d.radius = 0.5;
  d.position = {0.3, 1.4, -0.2};
  std::string e;
  ASSERT_TRUE(MakeBody(d, ball, e));
  std::vector<Contact> out;
  ASSERT_EQ(Collide(ball, 0, box, 1, 1e-3, out), 1);
  EXPECT_NEAR(out[0].depth, 0.1, 1e-12);
  EXPECT_EQ(out[0].N, glm::dvec3(0, 1, 0));
  EXPECT_NEAR(out[0].P.y, 1.0, 1e-12);
  out.clear();
  RigidBody far = Box({1, 1, 1}, {2.5, 0, 0});
  EXPECT_EQ(Collide(far, 0, box, 1, 1e-3, out), 0);
}

}  // namespace
}  // namespace partlab::dynamics

namespace partlab::dynamics {
namespace {

// Two boxes of the same footprint, one on the other: exactly four contacts, no corner twice.
TEST(NarrowPhase, EqualFootprintsGiveFourDistinctCorners) {
  BodyDesc d;
  d.half = {0.5, 0.25, 0.5};
  RigidBody lower, upper;
  std::string e;
  d.position = {0, 0.25, 0};
  ASSERT_TRUE(MakeBody(d, lower, e));
  d.position = {0, 0.75, 0};
  ASSERT_TRUE(MakeBody(d, upper, e));
  std::vector<Contact> out;
  ASSERT_EQ(Collide(lower, 0, upper, 1, 1e-3, out), 4);
  for (size_t i = 0; i < out.size(); ++i)
    for (size_t j = i + 1; j < out.size(); ++j) EXPECT_GT(glm::length(out[i].P - out[j].P), 0.5);
}

}  // namespace
}  // namespace partlab::dynamics
