#include "engine/dynamics/resting_contact.h"

namespace partlab::dynamics {
namespace {

// Acceleration of the point p of body `b` caused by a unit force `f` applied at point `pf`:
// f/M + (I⁻¹((pf − r) × f)) × (p − r). Zero for static bodies (massInv = 0, IInv = 0).
glm::dvec3 PointAccelerationPerForce(const RigidBody& b, const glm::dvec3& p, const glm::dvec3& pf,
                                     const glm::dvec3& f) {
  const glm::dvec3 alpha = b.IInv * glm::cross(pf - b.x, f);
  return b.massInv * f + glm::cross(alpha, p - b.x);
}

// Acceleration of point p of body `b` under its external force and torque and its spin:
// F/M + α × r' + ω × (ω × r'), with α = I⁻¹(τ + L × ω) (the body terms of 3.66–3.67).
glm::dvec3 PointAccelerationFree(const RigidBody& b, const glm::dvec3& p) {
  const glm::dvec3 r = p - b.x;
  const glm::dvec3 alpha = b.IInv * (b.torque + glm::cross(b.L, b.w));
  return b.massInv * b.force + glm::cross(alpha, r) + glm::cross(b.w, glm::cross(b.w, r));
}

}  // namespace

glm::dvec3 NormalDerivative(const Contact& c) {
  switch (c.kind) {
    case ContactKind::kVertexFace:
      return glm::cross(c.face_on_A ? c.A->w : c.B->w, c.N);  // 3.59
    case ContactKind::kEdgeEdge: {
      const glm::dvec3 U = glm::cross(c.ea, glm::cross(c.B->w, c.eb)) +
                           glm::cross(glm::cross(c.A->w, c.ea), c.eb);  // 3.61
      const double len = glm::length(glm::cross(c.ea, c.eb));
      return len > 1e-12 ? (U - glm::dot(U, c.N) * c.N) / len : glm::dvec3(0.0);  // 3.60
    }
    case ContactKind::kSphere: {
      const glm::dvec3 d = c.A->x - c.B->x;
      const double dist = glm::length(d);
      if (dist < 1e-12) return glm::dvec3(0.0);
      const glm::dvec3 dv = c.A->v - c.B->v;
      return (dv - glm::dot(dv, c.N) * c.N) / dist;  // d/dt of (rA − rB)/|rA − rB|
    }
  }
  return glm::dvec3(0.0);
}

void computeA(std::span<const Contact> contacts, std::vector<double>& A) {
  const size_t n = contacts.size();
  A.assign(n * n, 0.0);
  for (size_t i = 0; i < n; ++i) {
    const Contact& ci = contacts[i];
    for (size_t j = 0; j < n; ++j) {
      const Contact& cj = contacts[j];
      // 3.65: the unit force +Nj on Aj and −Nj on Bj changes d̈i through whichever of Ai, Bi is
      // one of them (the signs s of the book).
      glm::dvec3 accel_A(0.0), accel_B(0.0);
      if (ci.A == cj.A) accel_A += PointAccelerationPerForce(*ci.A, ci.P, cj.P, cj.N);
      if (ci.A == cj.B) accel_A += PointAccelerationPerForce(*ci.A, ci.P, cj.P, -cj.N);
      if (ci.B == cj.A) accel_B += PointAccelerationPerForce(*ci.B, ci.P, cj.P, cj.N);
      if (ci.B == cj.B) accel_B += PointAccelerationPerForce(*ci.B, ci.P, cj.P, -cj.N);
      A[i * n + j] = glm::dot(ci.N, accel_A - accel_B);
    }
  }
}

void computeB(std::span<const Contact> contacts, std::vector<double>& b) {
  b.resize(contacts.size());
  for (size_t i = 0; i < contacts.size(); ++i) {
    const Contact& c = contacts[i];
    const glm::dvec3 a_ext = PointAccelerationFree(*c.A, c.P) - PointAccelerationFree(*c.B, c.P);
    const glm::dvec3 v_rel = c.A->PointVelocity(c.P) - c.B->PointVelocity(c.P);
    b[i] = glm::dot(c.N, a_ext) + 2.0 * glm::dot(NormalDerivative(c), v_rel);  // 3.66, 3.67
  }
}

RestingResult RestingContactSolver::computeContactForces(std::span<Contact> contacts, int max_size,
                                                         double regularisation) {
  RestingResult result;
  const int n = int(contacts.size());
  result.size = n;
  for (Contact& c : contacts) c.resting_force = 0.0;
  if (n == 0) return result;
  if (n > max_size) {
    result.skipped = true;
    return result;
  }
  computeA(contacts, A_);  // 3.65
  computeB(contacts, b_);  // 3.66
  double mean_diagonal = 0;
  for (int i = 0; i < n; ++i) mean_diagonal += A_[size_t(i) * n + i] / n;
  const double delta = regularisation * mean_diagonal;
  for (int i = 0; i < n; ++i) A_[size_t(i) * n + i] += delta;
  lambda_.assign(n, 0.0);
  b_shifted_ = b_;
  for (int round = 0; round < 3; ++round) {  // one solve, two proximal refinements
    // THE BOOK'S LISTING PRINTS `LCPSolver(a, b)`, an undeclared `a`: the solver takes the A
    // computeA just returned.
    const LcpResult lcp = lemke_.Solve(n, A_, b_shifted_, lambda_);  // the LCP solver
    result.status = lcp.status;
    result.pivots += lcp.pivots;
    if (lcp.status != LcpStatus::kSolved) return result;
    for (int i = 0; i < n; ++i) b_shifted_[i] = b_[i] - delta * lambda_[i];
  }
  for (int i = 0; i < n; ++i) {
    Contact& c = contacts[i];
    // THE BOOK'S LISTING PRINTS `lambda[i] * contacts[i]` (a number times a Contact): the force is
    // λr_i N_i.
    const glm::dvec3 force = lambda_[i] * c.N;
    c.resting_force = lambda_[i];
    c.A->force += force;  // +λr N on A
    c.A->torque += glm::cross(c.P - c.A->x, force);
    c.B->force -= force;  // −λr N on B
    c.B->torque -= glm::cross(c.P - c.B->x, force);
  }
  return result;
}

}  // namespace partlab::dynamics
