// Resting contact as a linear complementarity problem (3.3.2.2, equations 3.57–3.67): at every
// contact with ḋ = 0 a force λr N acts, and the λr must keep the bodies from accelerating into each
// other (d̈ ≥ 0, 3.57), push and never pull (λr ≥ 0, 3.62), and vanish where the bodies part
// (λr d̈ = 0, 3.63). Writing d̈ = A λr + b (3.64) gives the LCP, solved by Lemke's method.
// The book's routines: computeA (3.65), computeB (3.66, 3.67), computeContactForces (its listing's
// two misprints, `LCPSolver(a, b)` and `lambda[i] * contacts[i]`, corrected and marked there).
// tests/dynamics/resting_acceleration_test.cpp checks d̈ = Aλ + b against the second derivative of
// the contact distance along the bodies' motion, for bodies that move and spin.
#pragma once

#include <span>
#include <vector>

#include "engine/dynamics/contact.h"
#include "engine/dynamics/lemke.h"

namespace partlab::dynamics {

// Ṅ at the contact: ω_B × N for vertex/face (3.59), equations 3.60–3.61 for edge/edge, and the
// turning of the line between the centres for two spheres.
glm::dvec3 NormalDerivative(const Contact& c);

// A (n×n, row-major) of 3.64–3.65: a_ij is how much d̈_i changes per unit λr_j.
void computeA(std::span<const Contact> contacts, std::vector<double>& A);
// b of 3.64, 3.66–3.67: d̈ with every λr = 0 (the external forces, the spin, the turning normal).
void computeB(std::span<const Contact> contacts, std::vector<double>& b);

struct RestingResult {
  LcpStatus status = LcpStatus::kSolved;
  int size = 0;          // n, the number of resting contacts
  int pivots = 0;        // Lemke's pivots
  bool skipped = false;  // n above the practical limit: not attempted
};

// Solves for λr and adds the forces and torques to the bodies (+λN on A, −λN on B). Writes each λr
// into the contact's resting_force. On failure applies nothing (the caller falls back). Keeps its
// buffers between calls.
class RestingContactSolver {
 public:
  // `regularisation` (relative to A's mean diagonal) is added to A's diagonal. Four coplanar
  // corners make A singular (rank 3), and any of the many force distributions is an LCP solution:
  // Lemke tends to pick a diagonal pair, leaving the box balanced on a diagonal and free to rock,
  // and a frictionless stack then drifts away exponentially. A + δI is positive definite; its LCP
  // has one solution, which tends to the least-norm (evenly spread) one as δ → 0. Its error (a
  // relative acceleration of −δλ at each contact) is then removed by proximal-point refinement:
  // solve again with b − δλ, which converges to an exact solution of the original problem near
  // the spread one (two refinements leave an error of order δ³).
  RestingResult computeContactForces(std::span<Contact> contacts, int max_size,
                                     double regularisation = 1e-6);

  // The last problem, for the view and the tests.
  const std::vector<double>& A() const { return A_; }
  const std::vector<double>& b() const { return b_; }

 private:
  std::vector<double> A_, b_, b_shifted_, lambda_;
  LemkeSolver lemke_;
};

}  // namespace partlab::dynamics
