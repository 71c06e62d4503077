// A contact point between two bodies as the chapter defines it (3.3.2.2, struct Contact): the
// bodies A and B, the point Pc and the normal N, which points out of B towards A, so that the
// relative distance d = N·(pA − pB) (3.49) grows when they separate and the force +λN acts on A.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <string_view>

#include "engine/dynamics/rigid_body.h"

namespace partlab::dynamics {

// The two non-degenerate cases of 3.3.2.2; a sphere's contact is a vertex/face one whose "face" is
// the tangent plane, with its own normal derivative.
enum class ContactKind : uint8_t { kVertexFace, kEdgeEdge, kSphere };

// The sign of ḋ (3.52) after classification: separating (ḋ > 0), resting (ḋ ≈ 0), colliding (ḋ <
// 0).
enum class ContactClass : uint8_t { kSeparating, kResting, kColliding };

std::string_view ContactKindName(ContactKind k);
std::string_view ContactClassName(ContactClass c);

struct Contact {
  RigidBody* A = nullptr;
  RigidBody* B = nullptr;
  uint32_t a = 0, b = 0;  // indices of A and B in the world (for drawing and output)
  glm::dvec3 P{0.0};      // contact point Pc
  glm::dvec3 N{0, 1, 0};  // unit normal, out of B towards A
  double depth = 0.0;     // interpenetration along N (≤ 0: a gap within the contact margin)
  ContactKind kind = ContactKind::kVertexFace;
  bool face_on_A = false;  // vertex/face: the face belongs to A (N̊ = ω_A × N instead of ω_B × N)
  glm::dvec3 ea{0.0}, eb{0.0};  // edge/edge: unit edge directions eA, eB (3.48, 3.60)

  // What the step found, for the view, the CSV and the tests.
  ContactClass cls = ContactClass::kSeparating;
  double ddot = 0.0;           // ḋ at classification (3.52)
  double impulse = 0.0;        // total λc applied by the propagation (3.54–3.56)
  double resting_force = 0.0;  // λr from the LCP (3.62–3.64)
};

}  // namespace partlab::dynamics
