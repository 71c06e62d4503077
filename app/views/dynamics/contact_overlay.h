// What the Dynamics view draws at each contact, as plain DebugDraw primitives (GL-free, so tests
// can check it): the point, coloured by the sign of ḋ (3.52: colliding red, resting amber,
// separating grey); the normal N (3.48); the collision impulse λc N (3.54–3.56) and the resting
// force λr N (3.62–3.64) as arrows whose lengths are proportional to λ.
#pragma once

#include <span>

#include "engine/debug_draw.h"
#include "engine/dynamics/contact.h"

namespace partlab {

struct ContactOverlayOptions {
  bool points = true, normals = true, impulses = true, resting_forces = true;
  float normal_length = 0.15f;  // m
  float impulse_scale = 0.25f;  // m per N·s
  float force_scale = 0.02f;    // m per N
  float max_arrow = 1.5f;       // m: longer arrows are clipped (and drawn thicker-tipped)
  // Figure 3.9: the bodies' relative velocity at the contact point, ṙA(tc) − ṙB(tc) (3.51), an
  // arrow whose head is on the point; its component along N is ḋ (3.52).
  bool relative_velocity = false;
  float velocity_scale = 0.1f;  // m per m/s
};

// ṙA(tc) − ṙB(tc) at the contact's point, from the bodies' linear and angular velocities
// (v + ω × (P − x), 3.51).
glm::dvec3 RelativeVelocityAt(const dynamics::Contact& c);

Color ContactClassColor(dynamics::ContactClass c);

// Arrow from `from` along `dir` (unit) of length `length` (clipped to max): shaft and a two-line
// head. Returns the drawn length.
float DrawArrow(DebugDraw& draw, const glm::vec3& from, const glm::vec3& dir, float length,
                float max_length, const Color& color);

void DrawContacts(std::span<const dynamics::Contact> contacts, const ContactOverlayOptions& options,
                  DebugDraw& draw);

}  // namespace partlab
