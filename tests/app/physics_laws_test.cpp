// The dynamics lessons' physical laws (app/views/dynamics/physics_laws.h), first on states worked
// by hand, then applied to the chapter's collision response (engine/dynamics/collision_response):
// a head-on impulse between two spheres keeps their total momentum and leaves ḋ⁺ = −ε ḋ⁻ (3.55);
// an off-centre one on a box keeps the momentum too while spinning the box.
#include "app/views/dynamics/physics_laws.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>
#include <string>
#include <vector>

#include "engine/dynamics/collision_response.h"

namespace partlab {
namespace {

using dynamics::BodyDesc;
using dynamics::RigidBody;

RigidBody Make(const BodyDesc& d) {
  RigidBody b;
  std::string error;
  EXPECT_TRUE(dynamics::MakeBody(d, b, error)) << error;
  return b;
}

BodyDesc Sphere(glm::dvec3 at, glm::dvec3 velocity, double mass, double restitution) {
  BodyDesc d;
  d.shape = dynamics::Shape::kSphere;
  d.radius = 0.5;
  d.mass = mass;
  d.position = at;
  d.velocity = velocity;
  d.restitution = restitution;
  return d;
}

// A touches B on B's +x side: the normal points out of B towards A.
dynamics::Contact Touching(std::vector<RigidBody>& bodies, glm::dvec3 point) {
  dynamics::Contact c;
  c.A = &bodies[0];
  c.B = &bodies[1];
  c.a = 0;
  c.b = 1;
  c.P = point;
  c.N = {1, 0, 0};
  return c;
}

TEST(PhysicsLaws, HandWorkedStates) {
  std::vector<RigidBody> bodies = {Make(Sphere({1, 0, 0}, {-3, 0, 0}, 2.0, 0.5)),
                                   Make(Sphere({0, 0, 0}, {1, 0, 0}, 1.0, 0.5))};
  EXPECT_NEAR(TotalLinearMomentum(bodies).x, 2.0 * -3 + 1.0 * 1, 1e-12);
  EXPECT_NEAR(NormalVelocityFromMomenta(bodies, Touching(bodies, {0.5, 0, 0})), -4.0, 1e-12);
  EXPECT_NEAR(TotalWeight(bodies, {0, -9.81, 0}), 3.0 * 9.81, 1e-12);
}

TEST(PhysicsLaws, StaticBodiesCarryNoMomentumAndNoWeight) {
  BodyDesc floor = Sphere({0, -10, 0}, {0, 0, 0}, 1.0, 0.5);
  floor.is_static = true;
  std::vector<RigidBody> bodies = {Make(Sphere({0, 0, 0}, {0, -2, 0}, 1.5, 0.5)), Make(floor)};
  EXPECT_EQ(TotalLinearMomentum(bodies), glm::dvec3(0, -3, 0));
  EXPECT_NEAR(TotalWeight(bodies, {0, -10, 0}), 15.0, 1e-12);
}

TEST(PhysicsLaws, TheChaptersImpulseKeepsMomentumAndTheRestitutionRatio) {
  for (double epsilon : {0.0, 0.5, 1.0}) {
    std::vector<RigidBody> bodies = {Make(Sphere({1, 0, 0}, {-3, 0, 0}, 2.0, epsilon)),
                                     Make(Sphere({0, 0, 0}, {1, 0, 0}, 1.0, epsilon))};
    dynamics::Contact c = Touching(bodies, {0.5, 0, 0});
    const glm::dvec3 before = TotalLinearMomentum(bodies);
    const double ddot_before = NormalVelocityFromMomenta(bodies, c);
    dynamics::ImpulseParams params;
    dynamics::handleCollision(c, params);
    EXPECT_NEAR(glm::length(TotalLinearMomentum(bodies) - before), 0.0, 1e-12) << epsilon;
    EXPECT_NEAR(NormalVelocityFromMomenta(bodies, c), -epsilon * ddot_before, 1e-12) << epsilon;
  }
}

TEST(PhysicsLaws, AnOffCentreImpulseKeepsMomentumAndSpinsTheBox) {
  BodyDesc box;
  box.shape = dynamics::Shape::kBox;
  box.half = {0.5, 0.5, 0.5};
  box.position = {0, 0, 0};
  std::vector<RigidBody> bodies = {Make(Sphere({1, 0.4, 0}, {-2, 0, 0}, 1.0, 0.5)), Make(box)};
  dynamics::Contact c = Touching(bodies, {0.5, 0.4, 0});
  const glm::dvec3 before = TotalLinearMomentum(bodies);
  const double ddot_before = NormalVelocityFromMomenta(bodies, c);
  dynamics::ImpulseParams params;
  dynamics::handleCollision(c, params);
  EXPECT_NEAR(glm::length(TotalLinearMomentum(bodies) - before), 0.0, 1e-12);
  EXPECT_NEAR(NormalVelocityFromMomenta(bodies, c), -0.5 * ddot_before, 1e-12);
  EXPECT_GT(glm::length(bodies[1].L), 0.1);  // the push above the centre turns the box
}

}  // namespace
}  // namespace partlab
