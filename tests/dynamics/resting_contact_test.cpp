// Resting contact by the LCP (3.57–3.67): a box lying on the floor for 10,000 steps neither sinks
// nor jitters, and the contact forces Lemke finds balance its weight (Σλ = Mg) and its moments; a
// stack's bottom contacts carry the whole stack's weight.
#include <gtest/gtest.h>

#include "engine/dynamics/dynamics_world.h"

namespace partlab::dynamics {
namespace {

DynamicsWorld FloorWorld(Integrator m = Integrator::kRK4) {
  DynamicsParams p;
  p.dt = 1.0 / 240;
  p.integrator = m;
  p.broad_phase = "brute";
  DynamicsWorld w(p);
  std::string e;
  BodyDesc floor;
  floor.shape = Shape::kPlane;
  floor.is_static = true;
  EXPECT_TRUE(w.AddBody(floor, e));
  return w;
}

BodyDesc Crate(glm::dvec3 half, double mass, glm::dvec3 pos) {
  BodyDesc d;
  d.half = half;
  d.mass = mass;
  d.position = pos;
  return d;
}

TEST(RestingContact, BoxOnTheFloorNeitherSinksNorJittersFor10000Steps) {
  for (Integrator m : {Integrator::kRK4, Integrator::kSemiImplicitEuler}) {
    DynamicsWorld w = FloorWorld(m);
    std::string e;
    const glm::dvec3 half(0.5, 0.25, 0.3);
    const double mass = 3.0;
    ASSERT_TRUE(w.AddBody(Crate(half, mass, {0.2, half.y, -0.1}), e));
    double max_speed = 0, min_y = 1e9, max_y = -1e9;
    for (int i = 0; i < 10000; ++i) {
      w.Step();
      const RigidBody& b = w.bodies()[1];
      max_speed = std::max({max_speed, glm::length(b.v), glm::length(b.w)});
      min_y = std::min(min_y, b.x.y);
      max_y = std::max(max_y, b.x.y);
      ASSERT_EQ(w.stats().lcp_status, LcpStatus::kSolved) << "step " << i;
      ASSERT_FALSE(w.stats().lcp_fallback);
    }
    EXPECT_GT(min_y, half.y - 1e-6) << IntegratorName(m);  // not sinking
    EXPECT_LT(max_y - min_y, 1e-6);                        // not jittering
    EXPECT_LT(max_speed, 1e-6);                            // m/s and rad/s: round-off, not motion
    // Newton: the floor's forces hold the weight, Σλ = Mg, and cancel its moment.
    double sum = 0;
    glm::dvec3 moment(0.0);
    for (const Contact& c : w.contacts()) {
      EXPECT_GE(c.resting_force, 0.0);
      sum += c.resting_force;
      moment += glm::cross(c.P - w.bodies()[1].x, c.resting_force * c.N);
    }
    EXPECT_EQ(w.contacts().size(), 4u);
    EXPECT_NEAR(sum, mass * 9.81, 1e-9);
    EXPECT_LT(glm::length(moment), 1e-9);
  }
}

TEST(RestingContact, StackBottomCarriesTheWholeWeight) {
  DynamicsWorld w = FloorWorld();
  std::string e;
  const glm::dvec3 half(0.5, 0.25, 0.5);
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(w.AddBody(Crate(half, 1.0 + i, {0, half.y * (2 * i + 1), 0}), e));
  for (int i = 0; i < 2000; ++i) w.Step();
  double floor_sum = 0;
  for (const Contact& c : w.contacts())
    if (c.b == 0 || c.a == 0) floor_sum += c.resting_force;
  EXPECT_NEAR(floor_sum, (1 + 2 + 3) * 9.81, 1e-6);
  EXPECT_NEAR(w.bodies()[3].x.y, half.y * 5, 1e-4);  // the top box is where it started
  EXPECT_LT(glm::length(w.bodies()[3].v), 1e-6);
}

// A box dropped flat from a little height stops and then rests: the kinetic energy ends at zero
// and the box lies on the floor (the colliding contacts became resting ones).
TEST(RestingContact, DroppedBoxComesToRest) {
  DynamicsWorld w = FloorWorld();
  std::string e;
  BodyDesc d = Crate({0.5, 0.25, 0.5}, 1.0, {0, 0.6, 0});
  d.restitution = 0.3;
  ASSERT_TRUE(w.AddBody(d, e));
  for (int i = 0; i < 1200; ++i) w.Step();
  EXPECT_LT(w.Measure().kinetic, 1e-9);
  EXPECT_NEAR(w.bodies()[1].x.y, 0.25, 2e-3);
}

// When the LCP is refused (too large) the resting contacts fall back to impulses with a note, and
// the box still does not fall through the floor.
TEST(RestingContact, FallbackToImpulsesKeepsTheBoxUp) {
  DynamicsWorld w = FloorWorld();
  w.params().lcp_max_size = 2;  // the box's four contacts exceed it
  std::string e;
  ASSERT_TRUE(w.AddBody(Crate({0.5, 0.25, 0.5}, 1.0, {0, 0.25, 0}), e));
  for (int i = 0; i < 2000; ++i) {
    w.Step();
    ASSERT_TRUE(w.stats().lcp_fallback) << i;
    ASSERT_NE(w.note().find("impulses"), std::string::npos);
  }
  EXPECT_NEAR(w.bodies()[1].x.y, 0.25, 2e-3);
  EXPECT_LT(glm::length(w.bodies()[1].v), 1e-6);
}

}  // namespace
}  // namespace partlab::dynamics
