// The rigid body of the chapter (visualization-simulation-games.txt, 3.3.2): its state
// X = (r, q, P, L) (3.47), the constants M and I0 fixed before it enters the scene, and the
// quantities derived from the state at any time (3.40): v = P/M, I⁻¹ = R I0⁻¹ Rᵀ, ω = I⁻¹ L.
//
// Field names follow the book's listing of `struct RigidBody` (3.3.2.2): epsilon, massInv,
// IBodyInv, x, P, L, v, w, IInv, force, torque; the orientation is the unit quaternion q of
// 3.3.2.1 (R is derived from it by equation 3.45).
#pragma once

#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>
#include <string>

namespace partlab::dynamics {

// Boxes and spheres move; a plane is an immovable half-space (the floor), below n·p = offset.
enum class Shape { kSphere, kBox, kPlane };

struct RigidBody {
  // Geometry.
  Shape shape = Shape::kBox;
  glm::dvec3 half{0.5};              // box half extents (local axes)
  double radius = 0.5;               // sphere
  glm::dvec3 plane_normal{0, 1, 0};  // plane: unit normal (outside = where bodies live)
  double plane_offset = 0.0;         // plane: n·p = offset on the surface
  std::string name;

  // Constants (3.3.2: "a massa M e o tensor de inércia local I0 ... são constantes").
  double epsilon = 0.5;      // restitution coefficient ε of the body's material (3.55)
  double massInv = 0.0;      // 1/M; 0 for static bodies (infinite mass)
  glm::dmat3 IBodyInv{0.0};  // I0⁻¹ in the body frame; 0 for static bodies

  // State X(t) = (r, q, P, L), equation 3.47.
  glm::dvec3 x{0.0};                 // centre of mass r
  glm::dquat q{1.0, 0.0, 0.0, 0.0};  // orientation (w, x, y, z), unit
  glm::dvec3 P{0.0};                 // linear momentum
  glm::dvec3 L{0.0};                 // angular momentum about the centre of mass

  // Derived from the state by UpdateDerived (3.40, 3.45).
  glm::dmat3 R{1.0};
  glm::dmat3 IInv{0.0};
  glm::dvec3 v{0.0};
  glm::dvec3 w{0.0};

  // External force and torque about the centre of mass accumulated for this step (3.41).
  glm::dvec3 force{0.0};
  glm::dvec3 torque{0.0};

  bool IsStatic() const { return massInv == 0.0; }
  double Mass() const { return massInv > 0.0 ? 1.0 / massInv : 0.0; }
  // R from q (3.45), I⁻¹ = R I0⁻¹ Rᵀ (3.38), v = P/M (3.34), ω = I⁻¹L (3.35/3.40).
  void UpdateDerived();
  // Velocity of a point of the body given in world coordinates (3.33): v + ω × (p − r).
  glm::dvec3 PointVelocity(const glm::dvec3& p) const { return v + glm::cross(w, p - x); }
};

// R of equation 3.45 for the unit quaternion q = [s, (vx, vy, vz)], written out as the book does.
// THE BOOK PRINTS R32 (third row, second column) AS 2(vy vz − s vx), THE SAME AS R23; the rotation
// q p q⁻¹ of 3.44 gives R32 = 2(vy vz + s vx), used here. RotationAsPrinted keeps the misprint so
// the tests can show it is not a rotation (its columns are not orthonormal).
glm::dmat3 RotationFromQuaternion(const glm::dquat& q);
glm::dmat3 RotationAsPrinted(const glm::dquat& q);

// How a body is described before it enters the scene; MakeBody checks it.
struct BodyDesc {
  Shape shape = Shape::kBox;
  std::string name;
  glm::dvec3 half{0.5};
  double radius = 0.5;
  glm::dvec3 plane_normal{0, 1, 0};
  double plane_offset = 0.0;
  double mass = 1.0;  // ignored when is_static
  bool is_static = false;
  glm::dvec3 position{0.0};
  glm::dquat orientation{1.0, 0.0, 0.0, 0.0};
  glm::dvec3 velocity{0.0};
  glm::dvec3 angular_velocity{0.0};
  double restitution = 0.5;
};

// Builds the body (momenta from the velocities: P = Mv, L = Iω), or returns false with one line in
// `error` for input no simulation can use: mass ≤ 0 or not finite, a zero or negative size (a zero
// inertia axis: I0 would not be invertible), non-finite or absurd velocities, restitution outside
// [0, 1]. Never produces a NaN.
bool MakeBody(const BodyDesc& desc, RigidBody& out, std::string& error);

// The body-frame inertia tensor's diagonal of a solid box (half extents h) or sphere of mass m.
glm::dvec3 BoxInertiaDiagonal(double mass, const glm::dvec3& half);
double SphereInertia(double mass, double radius);

// True when every number of the state is finite.
bool StateIsFinite(const RigidBody& body);

}  // namespace partlab::dynamics
