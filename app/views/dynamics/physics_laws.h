// The physical laws a dynamics lesson checks the chapter's solver against (section 3.3.2),
// computed from the bodies' states alone, never from what the solver reports about itself:
//  - the total linear momentum ΣP of the moving bodies, which an impulse between two of them
//    cannot change (equal and opposite λN, 3.54);
//  - the normal velocity ḋ = N·(ṗA − ṗB) at a contact (3.49–3.52), with each point velocity
//    v + ω × (p − r) taken from the momenta (v = P/M, ω = I⁻¹L, 3.40) rather than from the
//    solver's derived fields, so that after a collision ḋ⁺ = −ε ḋ⁻ (3.55) can be tested;
//  - the weight M g of the moving bodies, which resting forces on the floor must carry.
// GL-free; tests/app/physics_laws_test.cpp checks it.
#pragma once

#include <glm/vec3.hpp>
#include <span>

#include "engine/dynamics/contact.h"
#include "engine/dynamics/rigid_body.h"

namespace partlab {

glm::dvec3 TotalLinearMomentum(std::span<const dynamics::RigidBody> bodies);

// ḋ at contact `c`, with A and B read from `bodies` by the contact's indices (so a snapshot of
// the bodies taken before or after a stage can be asked).
double NormalVelocityFromMomenta(std::span<const dynamics::RigidBody> bodies,
                                 const dynamics::Contact& c);

// Σ M |g| over the moving bodies: the total vertical force a floor holds them up with at rest.
double TotalWeight(std::span<const dynamics::RigidBody> bodies, const glm::dvec3& gravity);

}  // namespace partlab
