#include "engine/dynamics/collision_response.h"

#include <algorithm>
#include <cmath>

namespace partlab::dynamics {
namespace {

// v = P/M and ω = I⁻¹L after a change of momentum (the last four lines of handleCollision).
void RefreshVelocities(RigidBody& b) {
  b.v = b.massInv * b.P;
  b.w = b.IInv * b.L;
}

// The denominator of 3.56 for a direction n: how much ḋ changes per unit impulse along n.
double ImpulseResponse(const Contact& c, const glm::dvec3& n) {
  const glm::dvec3 ra = c.P - c.A->x, rb = c.P - c.B->x;
  return c.A->massInv + c.B->massInv + glm::dot(n, glm::cross(c.A->IInv * glm::cross(ra, n), ra)) +
         glm::dot(n, glm::cross(c.B->IInv * glm::cross(rb, n), rb));
}

}  // namespace

void ApplyFrictionImpulse(Contact& c, double max_impulse) {
  const glm::dvec3 vrel = c.A->PointVelocity(c.P) - c.B->PointVelocity(c.P);
  const glm::dvec3 vt = vrel - glm::dot(vrel, c.N) * c.N;
  const double speed = glm::length(vt);
  if (speed < 1e-12) return;
  const glm::dvec3 t = vt / speed;
  const double k = ImpulseResponse(c, t);
  if (!(k > 0)) return;
  const double jt = std::min(speed / k, max_impulse);
  ApplyImpulsePair(*c.A, *c.B, c.P, -jt * t);
}

std::string_view RestitutionCombineName(RestitutionCombine c) {
  switch (c) {
    case RestitutionCombine::kMax:
      return "max";
    case RestitutionCombine::kMin:
      return "min";
    case RestitutionCombine::kMean:
      return "mean";
  }
  return "?";
}

bool ParseRestitutionCombine(std::string_view s, RestitutionCombine& out) {
  for (auto c : {RestitutionCombine::kMax, RestitutionCombine::kMin, RestitutionCombine::kMean})
    if (s == RestitutionCombineName(c)) {
      out = c;
      return true;
    }
  return false;
}

double CombineRestitution(double ea, double eb, RestitutionCombine how) {
  switch (how) {
    case RestitutionCombine::kMax:
      return std::max(ea, eb);
    case RestitutionCombine::kMin:
      return std::min(ea, eb);
    case RestitutionCombine::kMean:
      return 0.5 * (ea + eb);
  }
  return ea;
}

double RelativeVelocity(const Contact& c) {
  // 3.50, 3.51, 3.52
  return glm::dot(c.N, c.A->PointVelocity(c.P) - c.B->PointVelocity(c.P));
}

bool isColliding(const Contact& c, const ImpulseParams& params) {
  return RelativeVelocity(c) < -std::max(params.bounce_threshold, params.velocity_tolerance);
}

double computeLambda(const Contact& c, double epsilon) {
  const double denominator = ImpulseResponse(c, c.N);  // 3.56's denominator
  if (!(denominator > 0)) return 0.0;                  // two static bodies: nothing can move
  return -(1.0 + epsilon) * RelativeVelocity(c) / denominator;  // 3.56
}

void ApplyImpulsePair(RigidBody& A, RigidBody& B, const glm::dvec3& p, const glm::dvec3& J) {
  A.P += J;
  B.P -= J;
  A.L += glm::cross(p - A.x, J);  // ΔL = τI = (rc − r) × FI (3.3.2.2), on L, not on P
  B.L -= glm::cross(p - B.x, J);
  RefreshVelocities(A);
  RefreshVelocities(B);
}

double handleCollision(Contact& contact, const ImpulseParams& params) {
  // Fast approaches bounce with the combined ε (3.55); slow ones stop (ε = 0) and rest.
  const double ddot = RelativeVelocity(contact);
  const double epsilon =
      ddot < -params.bounce_threshold
          ? CombineRestitution(contact.A->epsilon, contact.B->epsilon, params.combine)
          : 0.0;
  const double lambda = computeLambda(contact, epsilon);
  // Impulsive force FI = λc N (3.54). Its torque goes to the ANGULAR momentum (the book's listing
  // adds it to P: see HandleCollisionAsPrinted).
  ApplyImpulsePair(*contact.A, *contact.B, contact.P, lambda * contact.N);
  contact.impulse += lambda;
  if (params.friction > 0)
    ApplyFrictionImpulse(contact, params.friction * lambda);  // outside the chapter
  return lambda;
}

double HandleCollisionAsPrinted(Contact& contact, double epsilon) {
  // Transcribed from the chapter's listing, torque bug included: the cross products land in P.
  const glm::dvec3 force = computeLambda(contact, epsilon) * contact.N;
  contact.A->P += force;
  contact.B->P -= force;
  contact.A->P += glm::cross(contact.P - contact.A->x, force);
  contact.B->P -= glm::cross(contact.P - contact.B->x, force);
  RefreshVelocities(*contact.A);
  RefreshVelocities(*contact.B);
  return glm::dot(force, contact.N);
}

int handleAllCollisions(std::span<Contact> contacts, const ImpulseParams& params,
                        bool* hit_pass_limit) {
  int passes = 0;  // sweeps that handled at least one collision
  bool hadCollision;
  do {
    hadCollision = false;
    for (Contact& c : contacts)
      if (isColliding(c, params)) {
        handleCollision(c, params);
        hadCollision = true;
      }
    if (hadCollision) ++passes;
  } while (hadCollision && passes < params.max_passes);
  if (hit_pass_limit) *hit_pass_limit = hadCollision;
  return passes;
}

int SettleSlowContacts(std::span<Contact> contacts, const ImpulseParams& params) {
  int sweeps = 0;
  double largest;
  do {
    largest = 0;
    for (Contact& c : contacts) {
      const double wanted = computeLambda(c, 0.0);  // the impulse that makes ḋ = 0 here
      const double total = std::max(0.0, c.impulse + wanted);  // push, never pull
      const double delta = total - c.impulse;
      if (delta == 0.0) continue;
      ApplyImpulsePair(*c.A, *c.B, c.P, delta * c.N);
      c.impulse = total;
      largest = std::max(largest, std::abs(delta) * (c.A->massInv + c.B->massInv));
    }
    ++sweeps;
  } while (largest > params.velocity_tolerance && sweeps < params.settle_sweeps);
  // Coulomb friction, OUTSIDE THE CHAPTER: each contact's tangential impulse is bounded by μ times
  // the normal impulse it just received.
  if (params.friction > 0)
    for (Contact& c : contacts)
      if (c.impulse > 0) ApplyFrictionImpulse(c, params.friction * c.impulse);
  return sweeps;
}

}  // namespace partlab::dynamics
