// Our narrow phase against ODE's dCollide, an independent implementation: on random pairs of
// touching boxes both must agree that they touch, on the deepest penetration and on the direction
// of the normal; ODE as the alternative contact source must also hold a box at rest.
#include <gtest/gtest.h>

#include <random>

#include "engine/dynamics/narrow_phase.h"
#include "engine/dynamics/ode_mirror.h"

namespace partlab::dynamics {
namespace {

RigidBody Box(glm::dvec3 half, glm::dvec3 pos, glm::dquat q) {
  BodyDesc d;
  d.half = half;
  d.position = pos;
  d.orientation = q;
  RigidBody b;
  std::string e;
  EXPECT_TRUE(MakeBody(d, b, e)) << e;
  return b;
}

TEST(OdeNarrowPhase, BoxOnPlaneMatchesOurs) {
  RigidBody box = Box({1, 0.5, 2}, {0, 0.45, 0}, {1, 0, 0, 0});
  BodyDesc f;
  f.shape = Shape::kPlane;
  f.is_static = true;
  RigidBody floor;
  std::string e;
  ASSERT_TRUE(MakeBody(f, floor, e));
  std::vector<Contact> ode;
  ASSERT_EQ(OdeCollide(box, 0, floor, 1, 0, ode), 4);
  for (const Contact& c : ode) {
    EXPECT_NEAR(c.depth, 0.05, 1e-9);
    EXPECT_NEAR(c.N.y, 1.0, 1e-12);  // out of the floor (B) towards the box (A)
  }
}

TEST(OdeNarrowPhase, RandomBoxPairsAgreeOnDepthAndNormal) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1, 1), size(0.2, 0.8);
  int compared = 0;
  for (int trial = 0; trial < 400; ++trial) {
    auto rot = [&] {
      return glm::normalize(glm::dquat(u(rng), u(rng), u(rng), u(rng)) + glm::dquat(1e-9, 0, 0, 0));
    };
    RigidBody a = Box({size(rng), size(rng), size(rng)}, {0, 0, 0}, rot());
    RigidBody b = Box({size(rng), size(rng), size(rng)}, {u(rng), u(rng), u(rng)}, rot());
    std::vector<Contact> ours, ode;
    Collide(b, 1, a, 0, 0.0, ours);
    OdeCollide(b, 1, a, 0, 0.0, ode);
    double ours_depth = 0, ode_depth = 0;
    glm::dvec3 ours_n(0.0), ode_n(0.0);
    for (const Contact& c : ours)
      if (c.depth > ours_depth) ours_depth = c.depth, ours_n = c.N;
    for (const Contact& c : ode)
      if (c.depth > ode_depth) ode_depth = c.depth, ode_n = c.N;
    // Both see an overlap, or neither does (shallow grazes excepted).
    if (std::max(ours_depth, ode_depth) < 0.01) continue;
    ASSERT_FALSE(ours.empty()) << trial;
    ASSERT_FALSE(ode.empty()) << trial;
    // Same separating axis: the normals agree up to the choice between nearly equal axes, and the
    // depth along it too.
    if (glm::dot(ours_n, ode_n) > 0.999) {
      EXPECT_NEAR(ours_depth, ode_depth, 0.02 + 0.1 * ode_depth) << trial;
      ++compared;
    }
    EXPECT_GT(glm::dot(ours_n, b.x - a.x), 0.0) << trial;  // both out of A towards B
    EXPECT_GT(glm::dot(ode_n, b.x - a.x), -1e-9) << trial;
  }
  EXPECT_GT(compared, 100);
}

TEST(OdeNarrowPhase, AsTheContactSourceItHoldsABoxAtRest) {
  DynamicsParams p;
  p.dt = 1.0 / 240;
  p.narrow_phase = &OdeCollide;
  DynamicsWorld w(p);
  std::string e;
  BodyDesc floor;
  floor.shape = Shape::kPlane;
  floor.is_static = true;
  ASSERT_TRUE(w.AddBody(floor, e));
  BodyDesc box;
  box.half = {0.5, 0.25, 0.5};
  box.position = {0, 0.3, 0};
  ASSERT_TRUE(w.AddBody(box, e));
  for (int i = 0; i < 1000; ++i) w.Step();
  EXPECT_NEAR(w.bodies()[1].x.y, 0.25, 2e-3);
  EXPECT_LT(w.Measure().kinetic, 1e-6);
}

}  // namespace
}  // namespace partlab::dynamics
