// The ODE solver of the chapter (3.3.2, after 3.40): given every body's state X(t) and the
// derivative dX/dt of equation 3.47 (v, ½ w q, F, τ), compute X(t + Δt). Three methods, so a
// student can see what the order of a method buys:
//   explicit Euler       X += Δt·f(X)                               (order 1, gains energy)
//   semi-implicit Euler  P, L first, then r, q with the new v, ω    (order 1, symplectic-like)
//   RK4                  classic fourth-order Runge-Kutta, the chapter's example (order 4)
// The force and torque are held constant over the step (they are set by the application and the
// resting-contact solver at time t, Passo 4 of 3.3.2.2). q is renormalised after every step
// (3.3.2.1: a unit quaternion stays a rotation; drift in its length is what we remove).
#pragma once

#include <span>
#include <string_view>

#include "engine/dynamics/rigid_body.h"

namespace partlab::dynamics {

enum class Integrator { kExplicitEuler, kSemiImplicitEuler, kRK4 };

std::string_view IntegratorName(Integrator m);  // "euler", "semi-implicit", "rk4"
bool ParseIntegrator(std::string_view s, Integrator& out);

// X = (r, q, P, L) and its derivative, as plain values (3.47).
struct BodyState {
  glm::dvec3 r{0.0};
  glm::dquat q{1.0, 0.0, 0.0, 0.0};
  glm::dvec3 P{0.0};
  glm::dvec3 L{0.0};
};

// dX/dt of 3.47 for one body in state `s` (its constants and F, τ taken from `body`).
BodyState StateDerivative(const RigidBody& body, const BodyState& s);

// Advances every non-static body by dt (> 0) and refreshes its derived quantities. Bodies do not
// interact inside a step (contacts were resolved before it), so each is integrated alone.
void Integrate(std::span<RigidBody> bodies, double dt, Integrator method);

}  // namespace partlab::dynamics
