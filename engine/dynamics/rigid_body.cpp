#include "engine/dynamics/rigid_body.h"

#include <cmath>

#include "engine/text/translatable.h"

namespace partlab::dynamics {
namespace {

bool Finite(const glm::dvec3& a) {
  return std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z);
}

// Speeds above this are treated as "infinite": a body crossing a kilometre per millisecond has left
// any scene this solver is meant for, and its squares would overflow the energy sums.
constexpr double kMaxSpeed = 1e6;

}  // namespace

// glm's matrices are column-major: m[column][row]. Rrc below is the book's row r, column c.
glm::dmat3 RotationFromQuaternion(const glm::dquat& q) {
  glm::dmat3 m = RotationAsPrinted(q);
  m[1][2] = 2 * (q.y * q.z + q.w * q.x);  // R32, corrected (printed with − s vx)
  return m;
}

glm::dmat3 RotationAsPrinted(const glm::dquat& q) {
  const double s = q.w, vx = q.x, vy = q.y, vz = q.z;
  glm::dmat3 m;
  m[0][0] = 1 - 2 * (vy * vy + vz * vz);  // R11
  m[0][1] = 2 * (vx * vy + s * vz);       // R21
  m[0][2] = 2 * (vx * vz - s * vy);       // R31
  m[1][0] = 2 * (vx * vy - s * vz);       // R12
  m[1][1] = 1 - 2 * (vx * vx + vz * vz);  // R22
  m[1][2] = 2 * (vy * vz - s * vx);       // R32 as printed (the misprint)
  m[2][0] = 2 * (vx * vz + s * vy);       // R13
  m[2][1] = 2 * (vy * vz - s * vx);       // R23
  m[2][2] = 1 - 2 * (vx * vx + vy * vy);  // R33
  return m;
}

void RigidBody::UpdateDerived() {
  R = RotationFromQuaternion(q);            // equation 3.45, R32 corrected
  IInv = R * IBodyInv * glm::transpose(R);  // 3.38 inverted: I⁻¹ = R I0⁻¹ Rᵀ
  v = massInv * P;                          // 3.34
  w = IInv * L;                             // 3.35, 3.40
}

glm::dvec3 BoxInertiaDiagonal(double mass, const glm::dvec3& half) {
  const glm::dvec3 s = 2.0 * half;  // full sizes
  return mass / 12.0 *
         glm::dvec3(s.y * s.y + s.z * s.z, s.x * s.x + s.z * s.z, s.x * s.x + s.y * s.y);
}

double SphereInertia(double mass, double radius) {
  return 0.4 * mass * radius * radius;
}

bool StateIsFinite(const RigidBody& b) {
  return Finite(b.x) && Finite(b.P) && Finite(b.L) && std::isfinite(b.q.w) &&
         std::isfinite(b.q.x) && std::isfinite(b.q.y) && std::isfinite(b.q.z);
}

bool MakeBody(const BodyDesc& d, RigidBody& out, std::string& error) {
  auto fail = [&](const std::string& why) {
    error = why;
    return false;
  };
  if (!Finite(d.position)) return fail(LookUpText(N_("position is not finite")));
  if (!Finite(d.velocity) || !Finite(d.angular_velocity) || glm::length(d.velocity) > kMaxSpeed ||
      glm::length(d.angular_velocity) > kMaxSpeed)
    return fail(LookUpText(N_("velocity is infinite, NaN or above 1e6 (m/s or rad/s)")));
  if (!(d.restitution >= 0.0 && d.restitution <= 1.0))
    return fail(LookUpText(N_("restitution must be in [0, 1] (3.55)")));
  const double qn = glm::length(d.orientation);
  if (!std::isfinite(qn) || qn < 1e-12)
    return fail(LookUpText(N_("orientation is not a valid rotation")));

  RigidBody b;
  b.shape = d.shape;
  b.name = d.name;
  b.epsilon = d.restitution;
  b.x = d.position;
  b.q = d.orientation / qn;
  if (d.shape == Shape::kPlane) {
    const double n = glm::length(d.plane_normal);
    if (!std::isfinite(n) || n < 1e-12)
      return fail(LookUpText(N_("plane normal is zero or not finite")));
    if (!std::isfinite(d.plane_offset)) return fail(LookUpText(N_("plane offset is not finite")));
    b.plane_normal = d.plane_normal / n;
    b.plane_offset = d.plane_offset;
    out = b;  // planes are always static: massInv = 0, IBodyInv = 0
    out.UpdateDerived();
    return true;
  }
  if (d.shape == Shape::kBox) {
    if (!Finite(d.half) || !(d.half.x > 0 && d.half.y > 0 && d.half.z > 0))
      return fail(
          LookUpText(N_("box size must be > 0 on every axis (a zero axis has zero inertia)")));
    b.half = d.half;
  } else {
    if (!std::isfinite(d.radius) || !(d.radius > 0))
      return fail(LookUpText(N_("sphere radius must be > 0")));
    b.radius = d.radius;
  }
  if (!d.is_static) {
    if (!std::isfinite(d.mass) || !(d.mass > 0))
      return fail(LookUpText(N_("mass must be > 0 (write 'static' for an immovable body)")));
    const glm::dvec3 I = d.shape == Shape::kBox ? BoxInertiaDiagonal(d.mass, d.half)
                                                : glm::dvec3(SphereInertia(d.mass, d.radius));
    if (!(I.x > 0 && I.y > 0 && I.z > 0) || !Finite(I))
      return fail(LookUpText(
          N_("an inertia axis is zero or not finite: size or mass too small or too large")));
    b.massInv = 1.0 / d.mass;
    b.IBodyInv = glm::dmat3(1.0);
    b.IBodyInv[0][0] = 1.0 / I.x;
    b.IBodyInv[1][1] = 1.0 / I.y;
    b.IBodyInv[2][2] = 1.0 / I.z;
    b.P = d.mass * d.velocity;  // 3.34
    const glm::dmat3 R = glm::mat3_cast(b.q);
    glm::dmat3 Ibody(0.0);
    Ibody[0][0] = I.x;
    Ibody[1][1] = I.y;
    Ibody[2][2] = I.z;
    b.L = R * Ibody * glm::transpose(R) * d.angular_velocity;  // 3.35 with 3.38
  } else if (glm::length(d.velocity) > 0 || glm::length(d.angular_velocity) > 0) {
    return fail(LookUpText(N_("a static body cannot move (remove its velocity)")));
  }
  b.UpdateDerived();
  out = b;
  return true;
}

}  // namespace partlab::dynamics
