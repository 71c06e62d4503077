// Degenerate input gets a clear error or note and never a NaN in the state: zero or negative mass,
// a zero inertia axis, infinite velocity, a zero time step, bodies overlapping at the start.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "engine/dynamics/dynamics_world.h"

namespace partlab::dynamics {
namespace {

TEST(DegenerateInput, BadBodiesAreRefusedWithAReason) {
  DynamicsWorld w;
  std::string e;
  BodyDesc d;
  d.mass = 0;
  EXPECT_FALSE(w.AddBody(d, e));
  EXPECT_NE(e.find("mass"), std::string::npos);
  d.mass = -2;
  EXPECT_FALSE(w.AddBody(d, e));
  d.mass = NAN;
  EXPECT_FALSE(w.AddBody(d, e));
  d = BodyDesc{};
  d.half = {1, 0, 1};
  EXPECT_FALSE(w.AddBody(d, e));
  EXPECT_NE(e.find("inertia"), std::string::npos);
  d = BodyDesc{};
  d.velocity = {std::numeric_limits<double>::infinity(), 0, 0};
  EXPECT_FALSE(w.AddBody(d, e));
  EXPECT_NE(e.find("velocity"), std::string::npos);
  d = BodyDesc{};
  d.restitution = 1.5;
  EXPECT_FALSE(w.AddBody(d, e));
  d = BodyDesc{};
  d.shape = Shape::kSphere;
  d.radius = 0;
  EXPECT_FALSE(w.AddBody(d, e));
  EXPECT_TRUE(w.bodies().empty());
}

TEST(DegenerateInput, ZeroOrNanTimeStepIsRefused) {
  DynamicsWorld w;
  std::string e;
  const double before = w.params().dt;
  EXPECT_FALSE(w.SetTimeStep(0.0, e));
  EXPECT_NE(e.find("time step"), std::string::npos);
  EXPECT_FALSE(w.SetTimeStep(-1.0, e));
  EXPECT_FALSE(w.SetTimeStep(NAN, e));
  EXPECT_EQ(w.params().dt, before);
}

TEST(DegenerateInput, OverlappingBodiesAreSeparatedWithANote) {
  DynamicsParams p;
  p.gravity = glm::dvec3(0.0);
  DynamicsWorld w(p);
  std::string e;
  BodyDesc a;
  a.position = {0, 0, 0};
  BodyDesc b;
  b.position = {0.6, 0.1, 0};  // unit boxes overlapping by 0.4
  ASSERT_TRUE(w.AddBody(a, e));
  ASSERT_TRUE(w.AddBody(b, e));
  std::string note;
  EXPECT_GT(w.SeparateInitialOverlaps(note), 0);
  EXPECT_NE(note.find("pushed apart"), std::string::npos);
  EXPECT_GE(w.bodies()[1].x.x - w.bodies()[0].x.x, 1.0 - 2e-3);
  // Separated and still: nothing moves them afterwards.
  for (int i = 0; i < 100; ++i) w.Step();
  EXPECT_LT(w.Measure().kinetic, 1e-12);
}

TEST(DegenerateInput, HugeButFiniteSpeedsNeverProduceNan) {
  DynamicsWorld w;
  std::string e;
  BodyDesc floor;
  floor.shape = Shape::kPlane;
  floor.is_static = true;
  ASSERT_TRUE(w.AddBody(floor, e));
  BodyDesc d;
  d.position = {0, 0.6, 0};
  d.velocity = {0, -9e5, 0};
  d.angular_velocity = {6e5, 0, 6e5};
  ASSERT_TRUE(w.AddBody(d, e));
  for (int i = 0; i < 200; ++i) {
    w.Step();
    ASSERT_TRUE(StateIsFinite(w.bodies()[1])) << i;
  }
}

}  // namespace
}  // namespace partlab::dynamics

namespace partlab::dynamics {
namespace {

// A state pushed past the finite numbers (here by hand: 1e308 kg m/s overflows the position) is
// put back where it was, at rest, with a note, never left as inf or NaN.
TEST(DegenerateInput, OverflowingStateIsStoppedWithANote) {
  DynamicsParams p;
  p.gravity = glm::dvec3(0.0);
  DynamicsWorld w(p);
  std::string e;
  BodyDesc d;
  d.mass = 1e-3;
  ASSERT_TRUE(w.AddBody(d, e));
  RigidBody& b = w.mutable_bodies()[0];
  b.P = {1e308, 0, 0};
  b.UpdateDerived();
  w.Step();
  EXPECT_TRUE(StateIsFinite(w.bodies()[0]));
  EXPECT_EQ(w.bodies()[0].x, glm::dvec3(0.0));
  EXPECT_EQ(w.bodies()[0].P, glm::dvec3(0.0));
  EXPECT_NE(w.note().find("finite"), std::string::npos);
}

}  // namespace
}  // namespace partlab::dynamics
