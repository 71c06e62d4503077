// What the Dynamics view draws at each contact, as plain DebugDraw primitives (GL-free, so tests
// can check it): the point, coloured by the sign of ḋ (3.52: colliding red, resting amber,
// separating grey); the normal N (3.48); the collision impulse λc N (3.54–3.56) and the resting
// force λr N (3.62–3.64) as arrows whose lengths are proportional to λ. The resting forces' scale
// is either the panel's fixed one or chosen each frame from the largest resting force, so that a
// stack's forces read at any scene size and on a projector.
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
  // On: the largest resting force's arrow is `force_fraction` of the picture's height long, and
  // the others in proportion (force_scale is then unused).
  bool force_auto = true;
  float force_fraction = 0.15f;
  // Figure 3.9: the bodies' relative velocity at the contact point, ṙA(tc) − ṙB(tc) (3.51), an
  // arrow whose head is on the point; its component along N is ḋ (3.52).
  bool relative_velocity = false;
  float velocity_scale = 0.1f;  // m per m/s
};

// The scale the resting forces are drawn at in one frame, for the arrows and the legend.
struct ForceScale {
  float metres_per_newton = 0.0f;
  float largest = 0.0f;  // N: the largest resting force of the step (0: none)
  float longest = 0.0f;  // m: its arrow's length, never clipped
  // m: the arrows' heads at most; a chosen scale's grow with its longest arrow, so that a force
  // along a box's edge (a corner contact) still reads as an arrow.
  float max_head = 0.06f;
};

// The options' fixed scale, or with force_auto the one that draws the largest resting force
// `force_fraction` x `picture_height` long (`picture_height`: metres seen top to bottom at the
// camera's target).
ForceScale ChooseForceScale(std::span<const dynamics::Contact> contacts,
                            const ContactOverlayOptions& options, float picture_height);

// ṙA(tc) − ṙB(tc) at the contact's point, from the bodies' linear and angular velocities
// (v + ω × (P − x), 3.51).
glm::dvec3 RelativeVelocityAt(const dynamics::Contact& c);

Color ContactClassColor(dynamics::ContactClass c);

// Arrow from `from` along `dir` (unit) of length `length` (clipped to max): shaft and a two-line
// head a quarter of the length, at most `max_head` long. Returns the drawn length.
float DrawArrow(DebugDraw& draw, const glm::vec3& from, const glm::vec3& dir, float length,
                float max_length, const Color& color, float max_head = 0.06f);

// With the options' fixed force scale, or with a chosen one (ChooseForceScale).
void DrawContacts(std::span<const dynamics::Contact> contacts, const ContactOverlayOptions& options,
                  DebugDraw& draw);
void DrawContacts(std::span<const dynamics::Contact> contacts, const ContactOverlayOptions& options,
                  const ForceScale& force_scale, DebugDraw& draw);

}  // namespace partlab
