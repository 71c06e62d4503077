// Collision response by impulses (3.3.2.2, equations 3.49–3.56): the relative velocity ḋ of the two
// bodies at a contact along its normal, the impulse magnitude λc that turns ḋ⁻ into ḋ⁺ = −ε ḋ⁻, and
// the book's two routines, handleCollision (one contact) and handleAllCollisions (the
// "propagation": sweep the contacts again and again until none is colliding).
#pragma once

#include <span>
#include <string_view>

#include "engine/dynamics/contact.h"

namespace partlab::dynamics {

// "O valor de εi pode ser tomado como uma combinação (valor máximo, mínimo, média, etc.) dos
// coeficientes de restituição dos corpos em contato" (3.3.2.2).
enum class RestitutionCombine { kMax, kMin, kMean };
std::string_view RestitutionCombineName(RestitutionCombine c);  // "max", "min", "mean"
bool ParseRestitutionCombine(std::string_view s, RestitutionCombine& out);
double CombineRestitution(double ea, double eb, RestitutionCombine how);

struct ImpulseParams {
  RestitutionCombine combine = RestitutionCombine::kMax;
  // Approach speeds below this bounce with ε = 0: the contact becomes resting instead of chattering
  // on the floor with ever smaller bounces (the chapter's ḋ = 0 case, made finite for a fixed
  // step).
  double bounce_threshold = 0.05;     // m/s
  double velocity_tolerance = 1e-10;  // |ḋ| below this is ḋ = 0 (round-off)
  int max_passes = 200;               // the propagation's guard (a loop of contacts can ping-pong)
  int settle_sweeps = 150;            // SettleSlowContacts' guard
  // Coulomb friction: OUTSIDE THE CHAPTER (3.3.2.2 treats frictionless contacts only). Each
  // impulse λN also gets a tangential impulse opposing sliding, at most μλ. Zero turns it off.
  double friction = 0.0;
};

// ḋ (3.52): N · (ṙA − ṙB), with the point velocities of 3.50/3.51.
double RelativeVelocity(const Contact& c);

// The book's isColliding: ḋ < 0, here ḋ < −bounce_threshold (slower approaches are settled).
bool isColliding(const Contact& c, const ImpulseParams& params);

// λc of equation 3.56 for restitution ε at the contact's current velocities.
double computeLambda(const Contact& c, double epsilon);

// Applies the impulse λc N at the contact: +λN to A, −λN to B, and their torques. Returns λc.
// THE BOOK'S LISTING ADDS THE TORQUE OF THE IMPULSE TO THE LINEAR MOMENTUM P
// ("contact.A->P += cross(...)"); the text above it says ΔL = τI (3.3.2.2). We add it to the
// angular momentum L, as the physics requires; HandleCollisionAsPrinted keeps the listing's
// version so the tests and the view can show what it gets wrong.
double handleCollision(Contact& contact, const ImpulseParams& params);
double HandleCollisionAsPrinted(Contact& contact, double epsilon);

// Propagation (the book's handleAllCollisions): sweeps the contacts, handling every colliding one,
// until a sweep finds none. Returns the number of sweeps that handled at least one collision (the
// "passes": 0 when nothing collided); stops at params.max_passes and
// sets `hit_pass_limit` (the caller reports it: a note, never a hang).
int handleAllCollisions(std::span<Contact> contacts, const ImpulseParams& params,
                        bool* hit_pass_limit = nullptr);

// Coulomb friction, OUTSIDE THE CHAPTER: a tangential impulse that stops the sliding at the contact
// if at most `max_impulse` can, else opposes it with exactly `max_impulse` (μλ).
void ApplyFrictionImpulse(Contact& c, double max_impulse);

// Stops every approach at the contacts simultaneously (ε = 0): sweeps apply impulses whose running
// sum per contact is kept ≥ 0 (projected Gauss–Seidel, as Box2D's solver), which converges to
// ḋ ≥ 0, λ ≥ 0, λḋ = 0 at the velocity level. NOT the chapter's propagation (which handles one
// contact at a time and leaves the box of a flat landing spinning); the chapter says computing the
// impulses simultaneously "é desejável, embora mais complicada de implementar" (3.3.2.2). Also the
// fallback when the resting LCP fails. Writes each contact's total into `impulse`; returns sweeps.
int SettleSlowContacts(std::span<Contact> contacts, const ImpulseParams& params);

// Applies a world-frame impulse J at point p: +J to A, −J to B (P and L), and refreshes v and ω.
void ApplyImpulsePair(RigidBody& A, RigidBody& B, const glm::dvec3& p, const glm::dvec3& J);

}  // namespace partlab::dynamics
