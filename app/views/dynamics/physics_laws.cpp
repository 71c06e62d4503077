#include "app/views/dynamics/physics_laws.h"

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>

namespace partlab {

namespace {

// The velocity of the world point p of a body, from its momenta (3.33, 3.40).
glm::dvec3 PointVelocityFromMomenta(const dynamics::RigidBody& b, const glm::dvec3& p) {
  if (b.IsStatic()) return glm::dvec3(0.0);
  const glm::dvec3 v = b.P * b.massInv;
  const glm::dvec3 omega = b.IInv * b.L;
  return v + glm::cross(omega, p - b.x);
}

}  // namespace

glm::dvec3 TotalLinearMomentum(std::span<const dynamics::RigidBody> bodies) {
  glm::dvec3 total(0.0);
  for (const dynamics::RigidBody& b : bodies)
    if (!b.IsStatic()) total += b.P;
  return total;
}

double NormalVelocityFromMomenta(std::span<const dynamics::RigidBody> bodies,
                                 const dynamics::Contact& c) {
  const glm::dvec3 va = PointVelocityFromMomenta(bodies[c.a], c.P);
  const glm::dvec3 vb = PointVelocityFromMomenta(bodies[c.b], c.P);
  return glm::dot(c.N, va - vb);
}

double TotalWeight(std::span<const dynamics::RigidBody> bodies, const glm::dvec3& gravity) {
  double mass = 0.0;
  for (const dynamics::RigidBody& b : bodies)
    if (!b.IsStatic()) mass += b.Mass();
  return mass * glm::length(gravity);
}

}  // namespace partlab
