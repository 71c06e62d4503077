// Collision response by impulses against the laws it must obey: the textbook velocities of a
// head-on collision with restitution ε, successive bounce heights in the ratio ε², momentum
// (linear and angular) conserved when no external force acts, the propagation through a row of
// touching balls, and the torque bug of the book's printed handleCollision.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/dynamics/collision_response.h"
#include "engine/dynamics/dynamics_world.h"

namespace partlab::dynamics {
namespace {

DynamicsParams ZeroG(double dt = 1e-3) {
  DynamicsParams p;
  p.gravity = glm::dvec3(0.0);
  p.dt = dt;
  p.broad_phase = "brute";
  p.impulses.bounce_threshold = 1e-3;
  return p;
}

BodyDesc Ball(double r, double m, glm::dvec3 x, glm::dvec3 v, double eps) {
  BodyDesc d;
  d.shape = Shape::kSphere;
  d.radius = r;
  d.mass = m;
  d.position = x;
  d.velocity = v;
  d.restitution = eps;
  return d;
}

// v1' = (m1u1 + m2u2 + m2ε(u2 − u1))/(m1 + m2), v2' = (m1u1 + m2u2 + m1ε(u1 − u2))/(m1 + m2).
TEST(Collision, HeadOnSpheresMatchTheTextbookFormulas) {
  struct Case {
    double m1, m2, u1, u2, eps;
  } cases[] = {{1, 1, 2, 0, 1}, {1, 1, 2, 0, 0.5}, {1, 3, 2, -1, 0.8}, {5, 1, 1, -2, 0}};
  for (const Case& c : cases) {
    DynamicsWorld w(ZeroG());
    std::string e;
    ASSERT_TRUE(w.AddBody(Ball(0.5, c.m1, {-0.6, 0, 0}, {c.u1, 0, 0}, c.eps), e));
    ASSERT_TRUE(w.AddBody(Ball(0.5, c.m2, {0.6, 0, 0}, {c.u2, 0, 0}, c.eps), e));
    const glm::dvec3 p0 = w.Measure().linear;
    for (int i = 0; i < 200; ++i) w.Step();
    const double M = c.m1 + c.m2, p = c.m1 * c.u1 + c.m2 * c.u2;
    const double v1 = (p + c.m2 * c.eps * (c.u2 - c.u1)) / M;
    const double v2 = (p + c.m1 * c.eps * (c.u1 - c.u2)) / M;
    EXPECT_NEAR(w.bodies()[0].v.x, v1, 1e-9) << "eps " << c.eps << " m2 " << c.m2;
    EXPECT_NEAR(w.bodies()[1].v.x, v2, 1e-9);
    EXPECT_LT(glm::length(w.Measure().linear - p0), 1e-12);
  }
}

TEST(Collision, BounceHeightsShrinkByEpsilonSquared) {
  const double eps = 0.8, r = 0.1, h0 = 1.0;
  DynamicsParams p;
  p.dt = 1.0 / 2000;
  p.broad_phase = "brute";
  p.contact_margin = 0.0;
  DynamicsWorld w(p);
  std::string e;
  BodyDesc floor;
  floor.shape = Shape::kPlane;
  floor.is_static = true;
  floor.restitution = eps;
  ASSERT_TRUE(w.AddBody(floor, e));
  ASSERT_TRUE(w.AddBody(Ball(r, 1, {0, h0 + r, 0}, {0, 0, 0}, eps), e));
  // Apexes: where the vertical velocity turns from up to down.
  std::vector<double> apex;
  double prev_v = 0;
  for (int i = 0; i < 2000 * 4 && apex.size() < 3; ++i) {
    w.Step();
    const RigidBody& b = w.bodies()[1];
    if (prev_v > 0 && b.v.y <= 0) apex.push_back(b.x.y - r);
    prev_v = b.v.y;
  }
  ASSERT_EQ(apex.size(), 3u);
  // A fixed step finds the floor up to one step late: 2% covers v·Δt against a 1 m drop.
  EXPECT_NEAR(apex[0] / h0, eps * eps, 0.02);
  EXPECT_NEAR(apex[1] / apex[0], eps * eps, 0.02);
  EXPECT_NEAR(apex[2] / apex[1], eps * eps, 0.02);
}

// Two boxes hitting off-centre and spinning, no gravity. Every impulse stage (propagation and
// settling) conserves linear and angular momentum about the origin to round-off, and never adds
// kinetic energy (ε ≤ 1); over the whole run the linear momentum stays exact (all forces internal).
TEST(Collision, MomentumConservedInEveryCollisionOfTwoBoxes) {
  for (double eps : {0.0, 0.5, 1.0}) {
    DynamicsWorld w(ZeroG());
    std::string e;
    BodyDesc a;
    a.half = {0.5, 0.3, 0.2};
    a.mass = 2;
    a.position = {-1.2, 0.35, 0.1};
    a.velocity = {2, 0, 0};
    a.angular_velocity = {0, 0.5, 1};
    a.restitution = eps;
    BodyDesc b = a;
    b.half = {0.4, 0.4, 0.4};
    b.mass = 3;
    b.position = {0.3, -0.2, 0};
    b.velocity = {-1, 0, 0};
    b.angular_velocity = {0.2, 0, 0};
    ASSERT_TRUE(w.AddBody(a, e));
    ASSERT_TRUE(w.AddBody(b, e));
    const Conserved start = w.Measure();
    int impulses = 0;
    for (int i = 0; i < 1500; ++i) {
      while (w.NextStage() != Stage::kImpulses) w.StepStage();
      const Conserved before = w.Measure();
      w.StepStage();
      const Conserved after = w.Measure();
      EXPECT_LT(glm::length(after.linear - before.linear), 1e-12) << eps;
      EXPECT_LT(glm::length(after.angular - before.angular), 1e-12) << eps;
      EXPECT_LE(after.kinetic, before.kinetic * (1 + 1e-12)) << eps;
      for (const Contact& c : w.contacts()) impulses += c.impulse != 0;
      w.Step();  // the rest of this step
    }
    ASSERT_GT(impulses, 0) << "the boxes must meet";
    EXPECT_LT(glm::length(w.Measure().linear - start.linear), 1e-12) << eps;
  }
}

// Newton's cradle without strings: equal balls touching in a row, ε = 1. Sequential elastic
// collisions of equal masses exchange velocities, so the propagation hands the first ball's
// velocity down the row: the last leaves with it, the others stop.
TEST(Collision, PropagationCarriesTheImpulseDownARowOfBalls) {
  DynamicsWorld w(ZeroG());
  std::string e;
  const int n = 5;
  for (int i = 0; i < n; ++i)
    ASSERT_TRUE(w.AddBody(Ball(0.5, 1, {i * 1.0, 0, 0}, {i == 0 ? 1.0 : 0.0, 0, 0}, 1.0), e));
  w.Step();
  EXPECT_GE(w.stats().passes, 1);
  for (int i = 0; i < n - 1; ++i) EXPECT_NEAR(w.bodies()[i].v.x, 0.0, 1e-9) << i;
  EXPECT_NEAR(w.bodies()[n - 1].v.x, 1.0, 1e-9);
}

TEST(Collision, RestitutionCombinesAsChosen) {
  EXPECT_EQ(CombineRestitution(0.2, 0.8, RestitutionCombine::kMax), 0.8);
  EXPECT_EQ(CombineRestitution(0.2, 0.8, RestitutionCombine::kMin), 0.2);
  EXPECT_DOUBLE_EQ(CombineRestitution(0.2, 0.8, RestitutionCombine::kMean), 0.5);
}

// A ball strikes a free box off its centre. The impulse must change the box's angular momentum by
// (p − r) × λN and its linear momentum by λN only; total angular momentum about the origin is
// conserved. The book's listing puts the torque into P: it breaks both laws.
struct OffCentreHit {
  RigidBody ball, box;
  Contact contact;
  OffCentreHit() {
    std::string e;
    BodyDesc b;
    b.half = {1, 0.5, 0.5};
    b.mass = 4;
    EXPECT_TRUE(MakeBody(b, box, e));
    BodyDesc s;
    s.shape = Shape::kSphere;
    s.radius = 0.25;
    s.mass = 1;
    s.position = {0.8, 0.75, 0};
    s.velocity = {0, -3, 0};
    EXPECT_TRUE(MakeBody(s, ball, e));
    contact.A = &ball;
    contact.B = &box;
    contact.P = {0.8, 0.5, 0};
    contact.N = {0, 1, 0};
  }
  glm::dvec3 TotalAngular() const {
    return glm::cross(ball.x, ball.P) + ball.L + glm::cross(box.x, box.P) + box.L;
  }
};

TEST(Collision, ImpulseTorqueGoesToAngularMomentum) {
  OffCentreHit hit;
  const glm::dvec3 H0 = hit.TotalAngular(), P0 = hit.ball.P + hit.box.P;
  ImpulseParams params;
  const double lambda = handleCollision(hit.contact, params);
  ASSERT_GT(lambda, 0);
  EXPECT_LT(glm::length(hit.box.P - (-lambda * hit.contact.N)), 1e-12);
  const glm::dvec3 expected_L = glm::cross(hit.contact.P - hit.box.x, -lambda * hit.contact.N);
  EXPECT_LT(glm::length(hit.box.L - expected_L), 1e-12);
  EXPECT_LT(glm::length(hit.TotalAngular() - H0), 1e-12);
  EXPECT_LT(glm::length(hit.ball.P + hit.box.P - P0), 1e-12);
  // ḋ⁺ = −ε ḋ⁻ (3.55), with ε = max(0.5, 0.5).
  EXPECT_NEAR(RelativeVelocity(hit.contact), 0.5 * 3.0, 1e-12);
}

TEST(Collision, TheBooksPrintedListingIsCaughtByTheMomentumLaws) {
  OffCentreHit hit;
  const glm::dvec3 H0 = hit.TotalAngular();
  HandleCollisionAsPrinted(hit.contact, 0.5);
  // The box does not start to spin, and the torque shows up as a sideways push in P.
  EXPECT_EQ(hit.box.L, glm::dvec3(0.0));
  EXPECT_GT(std::abs(hit.box.P.z), 0.1);
  EXPECT_GT(glm::length(hit.TotalAngular() - H0), 0.1);
}

}  // namespace
}  // namespace partlab::dynamics
