// Free flight against closed-form mechanics: the parabola under gravity, energy conservation per
// integrator, the torque-free symmetric top (its axis precesses about L at the rate |L|/I1, a
// textbook result independent of the solver), RK4's error shrinking as its order 4 says, and the
// quaternion formulas 3.42–3.46 (with the misprint of 3.45's R32) against q p q⁻¹.
#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtx/rotate_vector.hpp>
#include <random>
#include <vector>

#include "engine/dynamics/dynamics_world.h"
#include "engine/dynamics/integrator.h"

namespace partlab::dynamics {
namespace {

DynamicsParams FreeParams(Integrator m, double dt, glm::dvec3 g) {
  DynamicsParams p;
  p.integrator = m;
  p.dt = dt;
  p.gravity = g;
  p.broad_phase = "brute";
  return p;
}

BodyDesc Brick(glm::dvec3 half, glm::dvec3 omega) {
  BodyDesc d;
  d.shape = Shape::kBox;
  d.half = half;
  d.mass = 2.0;
  d.angular_velocity = omega;
  return d;
}

TEST(FreeFlight, ParabolaIsExactForRk4AndFirstOrderForEuler) {
  const glm::dvec3 g(0, -9.81, 0), v0(3, 5, -1);
  for (Integrator m :
       {Integrator::kRK4, Integrator::kSemiImplicitEuler, Integrator::kExplicitEuler}) {
    DynamicsWorld w(FreeParams(m, 0.01, g));
    BodyDesc d = Brick({0.1, 0.1, 0.1}, {0, 0, 0});
    d.velocity = v0;
    std::string e;
    ASSERT_TRUE(w.AddBody(d, e));
    for (int i = 0; i < 100; ++i) w.Step();
    const double t = 1.0;
    const glm::dvec3 expected = v0 * t + 0.5 * g * t * t;  // r(t) = r0 + v0 t + ½ g t²
    const double err = glm::length(w.bodies()[0].x - expected);
    if (m == Integrator::kRK4) {
      EXPECT_LT(err, 1e-12);  // RK4 integrates a quadratic exactly
    } else {
      // First order: the error is ½ g t Δt = 0.049 m, in opposite directions for the two Eulers.
      EXPECT_NEAR(err, 0.5 * 9.81 * t * 0.01, 1e-9) << IntegratorName(m);
    }
  }
}

// Energy of a body thrown and spinning in gravity, over 2 s at Δt = 1/240 s. Tolerances are what
// each method's order predicts: RK4 integrates the parabola exactly and the spin to O(Δt⁴); both
// Eulers misplace the height by ½gTΔt (see the parabola test), i.e. ΔE/E = Mg·½gTΔt / E0 = 2.1% of
// this throw's 38.5 J, plus the explicit method's spin-energy growth: 3% covers both.
TEST(FreeFlight, EnergyConservedWithinEachIntegratorsTolerance) {
  struct Case {
    Integrator m;
    double tolerance;  // relative
  } cases[] = {{Integrator::kRK4, 1e-6},
               {Integrator::kSemiImplicitEuler, 3e-2},
               {Integrator::kExplicitEuler, 3e-2}};
  for (const Case& c : cases) {
    DynamicsWorld w(FreeParams(c.m, 1.0 / 240, {0, -9.81, 0}));
    BodyDesc d = Brick({0.4, 0.2, 0.1}, {0.3, 4.0, 0.2});
    d.velocity = {1, 6, 0};
    std::string e;
    ASSERT_TRUE(w.AddBody(d, e));
    const Conserved start = w.Measure();
    const double E0 = start.kinetic + start.potential;
    double worst = 0;
    for (int i = 0; i < 480; ++i) {
      w.Step();
      const Conserved now = w.Measure();
      worst = std::max(worst, std::abs(now.kinetic + now.potential - E0) / E0);
    }
    EXPECT_LT(worst, c.tolerance) << IntegratorName(c.m);
  }
}

// Torque-free symmetric top (I1 = I2 ≠ I3): ω = L/I1 + (1/I3 − 1/I1)(L·e3)e3, so ė3 = ω × e3 =
// (L/I1) × e3: the symmetry axis turns about the fixed L at the rate |L|/I1. Closed form.
struct Top {
  glm::dvec3 half{0.3, 0.3, 0.8};  // square section: symmetric about the body's z
  double mass = 2.0;
  glm::dvec3 omega0{1.5, 0.0, 4.0};
};

glm::dvec3 TopAxisAfter(Integrator m, double dt, double T, glm::dvec3* L_out = nullptr) {
  Top top;
  DynamicsWorld w(FreeParams(m, dt, {0, 0, 0}));
  std::string e;
  BodyDesc d = Brick(top.half, top.omega0);
  d.mass = top.mass;
  EXPECT_TRUE(w.AddBody(d, e));
  const int steps = int(std::lround(T / dt));
  for (int i = 0; i < steps; ++i) w.Step();
  if (L_out) *L_out = w.bodies()[0].L;
  return w.bodies()[0].R[2];
}

glm::dvec3 TopAxisExact(double T) {
  Top top;
  const glm::dvec3 I = BoxInertiaDiagonal(top.mass, top.half);
  const glm::dvec3 L = I * top.omega0;  // initial orientation = identity
  return glm::rotate(glm::dvec3(0, 0, 1), glm::length(L) / I.x * T, glm::normalize(L));
}

TEST(FreeFlight, TorqueFreeSymmetricTopPrecessesAboutL) {
  glm::dvec3 L;
  const glm::dvec3 axis = TopAxisAfter(Integrator::kRK4, 1e-3, 3.0, &L);
  EXPECT_LT(glm::length(axis - TopAxisExact(3.0)), 1e-8);
  // The angle between the axis and L stays the cone's (the precession's signature).
  Top top;
  const glm::dvec3 L0 = BoxInertiaDiagonal(top.mass, top.half) * top.omega0;
  EXPECT_NEAR(glm::dot(axis, glm::normalize(L)), L0.z / glm::length(L0), 1e-9);
}

TEST(FreeFlight, Rk4ErrorShrinksAsFourthOrder) {
  const double T = 2.0;
  const glm::dvec3 exact = TopAxisExact(T);
  const double e1 = glm::length(TopAxisAfter(Integrator::kRK4, 0.02, T) - exact);
  const double e2 = glm::length(TopAxisAfter(Integrator::kRK4, 0.01, T) - exact);
  const double e3 = glm::length(TopAxisAfter(Integrator::kRK4, 0.005, T) - exact);
  // Halving Δt divides a 4th-order error by 2⁴ = 16.
  EXPECT_NEAR(std::log2(e1 / e2), 4.0, 0.35);
  EXPECT_NEAR(std::log2(e2 / e3), 4.0, 0.35);
  // And the first-order methods by 2.
  const double f1 = glm::length(TopAxisAfter(Integrator::kExplicitEuler, 0.002, T) - exact);
  const double f2 = glm::length(TopAxisAfter(Integrator::kExplicitEuler, 0.001, T) - exact);
  EXPECT_NEAR(std::log2(f1 / f2), 1.0, 0.2);
}

TEST(FreeFlight, TumblingBrickKeepsItsRotationalEnergyWithRk4) {
  // An asymmetric brick spinning near its unstable middle axis tumbles; the energy ½ L·ω must not.
  DynamicsWorld w(FreeParams(Integrator::kRK4, 1.0 / 240, {0, 0, 0}));
  std::string e;
  ASSERT_TRUE(w.AddBody(Brick({0.5, 0.25, 0.1}, {0.05, 5.0, 0.05}), e));
  const double K0 = w.Measure().kinetic;
  double worst = 0, min_y = 1;
  for (int i = 0; i < 2400; ++i) {
    w.Step();
    worst = std::max(worst, std::abs(w.Measure().kinetic - K0) / K0);
    min_y = std::min(min_y, w.bodies()[0].R[1].y);
  }
  EXPECT_LT(worst, 1e-5);
  EXPECT_LT(min_y, 0.0);  // it did tumble: the spin axis turned over (the tennis-racket effect)
}

// The quaternion product of 3.42, written out in the test: [s1 s2 − v1·v2, s1 v2 + s2 v1 + v1 ×
// v2].
glm::dquat Product(const glm::dquat& a, const glm::dquat& b) {
  const glm::dvec3 va(a.x, a.y, a.z), vb(b.x, b.y, b.z);
  const glm::dvec3 v = a.w * vb + b.w * va + glm::cross(va, vb);
  return glm::dquat(a.w * b.w - glm::dot(va, vb), v.x, v.y, v.z);
}

// p' = q p q⁻¹ (3.44), with q⁻¹ = [s, −v] (3.43's inverse rotation).
glm::dvec3 RotateByProduct(const glm::dquat& q, const glm::dvec3& p) {
  const glm::dquat inverse(q.w, -q.x, -q.y, -q.z);
  const glm::dquat r = Product(Product(q, glm::dquat(0.0, p.x, p.y, p.z)), inverse);
  return {r.x, r.y, r.z};
}

std::vector<glm::dquat> RandomUnitQuaternions() {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<glm::dquat> out;
  for (int i = 0; i < 100; ++i)
    out.push_back(glm::normalize(glm::dquat(u(rng), u(rng), u(rng), u(rng))));
  return out;
}

// R of 3.45 (as the code writes it, R32 corrected) rotates every point as q p q⁻¹ does (3.44).
TEST(Quaternion, MatrixOf345RotatesAsTheProductOf344) {
  const glm::dvec3 points[] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0.3, -1.2, 2.5}};
  for (const glm::dquat& q : RandomUnitQuaternions())
    for (const glm::dvec3& p : points)
      EXPECT_LT(glm::length(RotationFromQuaternion(q) * p - RotateByProduct(q, p)), 1e-12);
}

// The misprint: 3.45 as printed has R32 = R23 = 2(vy vz − s vx). That matrix is not a rotation
// (RᵀR ≠ I) whenever s vx ≠ 0, and rotates the y axis away from where q p q⁻¹ puts it.
TEST(Quaternion, PrintedR32IsNotARotation) {
  int wrong = 0;
  for (const glm::dquat& q : RandomUnitQuaternions()) {
    const glm::dmat3 R = RotationAsPrinted(q);
    const glm::dmat3 defect = glm::transpose(R) * R - glm::dmat3(1.0);
    const double off = std::abs(defect[1][1]) + std::abs(defect[1][2]) + std::abs(defect[2][1]);
    if (std::abs(q.w * q.x) > 0.05) {
      EXPECT_GT(off, 1e-3);
      EXPECT_GT(glm::length(R * glm::dvec3(0, 1, 0) - RotateByProduct(q, {0, 1, 0})), 1e-2);
      ++wrong;
    }
  }
  EXPECT_GT(wrong, 50);
}

// q̇ = ½ w q (3.46), w = [0, ω] with ω in world coordinates: the integrator's derivative matches
// the finite difference of the exact rotation at constant ω, q(t) = [cos(|ω|t/2), sin(|ω|t/2) ω̂] q
// (3.43). Writing q w (ω in body coordinates) or dropping the ½ fails it.
TEST(Quaternion, DerivativeIsHalfOmegaQ) {
  RigidBody b;
  b.massInv = 1.0;
  b.IBodyInv = glm::dmat3(1.0 / 0.3, 0, 0, 0, 1.0 / 0.7, 0, 0, 0, 1.0 / 1.1);
  for (const glm::dquat& q : RandomUnitQuaternions()) {
    const glm::dmat3 R = RotationFromQuaternion(q);
    const glm::dvec3 omega(0.7, -1.9, 2.6);
    BodyState s;
    s.q = q;
    s.L = R * glm::inverse(b.IBodyInv) * glm::transpose(R) * omega;  // L = I ω
    const glm::dquat derivative = StateDerivative(b, s).q;
    const double h = 1e-5;
    const glm::dquat ahead = glm::angleAxis(glm::length(omega) * h, glm::normalize(omega)) * q;
    const glm::dquat behind = glm::angleAxis(-glm::length(omega) * h, glm::normalize(omega)) * q;
    const glm::dquat fd = (ahead - behind) / (2 * h);
    EXPECT_LT(glm::length(derivative - fd), 1e-8);
  }
}

}  // namespace
}  // namespace partlab::dynamics
