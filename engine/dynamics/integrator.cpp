#include "engine/dynamics/integrator.h"

namespace partlab::dynamics {
namespace {

BodyState Of(const RigidBody& b) {
  return {b.x, b.q, b.P, b.L};
}

void Store(const BodyState& s, RigidBody& b) {
  b.x = s.r;
  b.q = glm::normalize(s.q);  // 3.3.2.1: keep q a unit quaternion
  b.P = s.P;
  b.L = s.L;
  b.UpdateDerived();
}

// s + h·d, with the quaternion added component-wise (the derivative is not a rotation).
BodyState Add(const BodyState& s, const BodyState& d, double h) {
  return {s.r + h * d.r, s.q + h * d.q, s.P + h * d.P, s.L + h * d.L};
}

}  // namespace

std::string_view IntegratorName(Integrator m) {
  switch (m) {
    case Integrator::kExplicitEuler:
      return "euler";
    case Integrator::kSemiImplicitEuler:
      return "semi-implicit";
    case Integrator::kRK4:
      return "rk4";
  }
  return "?";
}

bool ParseIntegrator(std::string_view s, Integrator& out) {
  for (Integrator m :
       {Integrator::kExplicitEuler, Integrator::kSemiImplicitEuler, Integrator::kRK4})
    if (s == IntegratorName(m)) {
      out = m;
      return true;
    }
  return false;
}

BodyState StateDerivative(const RigidBody& b, const BodyState& s) {
  // The derived quantities of 3.40 at this state (q normalised: RK4's stages are not unit).
  const glm::dquat qn = glm::normalize(s.q);
  const glm::dmat3 R = RotationFromQuaternion(qn);  // 3.45
  const glm::dvec3 omega = R * b.IBodyInv * glm::transpose(R) * s.L;
  const glm::dquat w(0.0, omega.x, omega.y, omega.z);            // w(t) = [0, ω(t)]
  return {b.massInv * s.P, 0.5 * (w * s.q), b.force, b.torque};  // 3.47, with q̇ = ½ w q (3.46)
}

void Integrate(std::span<RigidBody> bodies, double dt, Integrator method) {
  for (RigidBody& b : bodies) {
    if (b.IsStatic()) continue;
    const BodyState x = Of(b);
    switch (method) {
      case Integrator::kExplicitEuler:
        Store(Add(x, StateDerivative(b, x), dt), b);
        break;
      case Integrator::kSemiImplicitEuler: {
        // Momenta first, then positions with the new velocities.
        BodyState y = x;
        y.P += dt * b.force;
        y.L += dt * b.torque;
        const BodyState d = StateDerivative(b, y);
        y.r += dt * d.r;
        y.q += dt * d.q;
        Store(y, b);
        break;
      }
      case Integrator::kRK4: {
        const BodyState k1 = StateDerivative(b, x);
        const BodyState k2 = StateDerivative(b, Add(x, k1, dt / 2));
        const BodyState k3 = StateDerivative(b, Add(x, k2, dt / 2));
        const BodyState k4 = StateDerivative(b, Add(x, k3, dt));
        BodyState y = x;
        y.r += dt / 6 * (k1.r + 2.0 * k2.r + 2.0 * k3.r + k4.r);
        y.q += dt / 6 * (k1.q + 2.0 * k2.q + 2.0 * k3.q + k4.q);
        y.P += dt / 6 * (k1.P + 2.0 * k2.P + 2.0 * k3.P + k4.P);
        y.L += dt / 6 * (k1.L + 2.0 * k2.L + 2.0 * k3.L + k4.L);
        Store(y, b);
        break;
      }
    }
  }
}

}  // namespace partlab::dynamics
