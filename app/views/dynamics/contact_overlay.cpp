#include "app/views/dynamics/contact_overlay.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace partlab {

Color ContactClassColor(dynamics::ContactClass c) {
  switch (c) {
    case dynamics::ContactClass::kColliding:
      return {0.95f, 0.25f, 0.2f, 1.0f};
    case dynamics::ContactClass::kResting:
      return {1.0f, 0.75f, 0.15f, 1.0f};
    case dynamics::ContactClass::kSeparating:
      return {0.6f, 0.6f, 0.65f, 1.0f};
  }
  return {1, 1, 1, 1};
}

float DrawArrow(DebugDraw& draw, const glm::vec3& from, const glm::vec3& dir, float length,
                float max_length, const Color& color, float max_head) {
  if (!(length > 1e-5f)) return 0.0f;  // also rejects NaN
  length = std::min(length, max_length);
  const glm::vec3 tip = from + dir * length;
  draw.Line(from, tip, color);
  // Two head strokes in a plane containing dir.
  const glm::vec3 side = std::abs(dir.y) < 0.9f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0);
  const glm::vec3 across = glm::normalize(glm::cross(dir, side));
  const float head = std::min(0.25f * length, max_head);
  draw.Line(tip, tip - dir * head + across * head * 0.6f, color);
  draw.Line(tip, tip - dir * head - across * head * 0.6f, color);
  return length;
}

ForceScale ChooseForceScale(std::span<const dynamics::Contact> contacts,
                            const ContactOverlayOptions& o, float picture_height) {
  ForceScale scale;
  for (const dynamics::Contact& c : contacts)
    if (std::isfinite(c.resting_force))
      scale.largest = std::max(scale.largest, float(c.resting_force));
  if (!o.force_auto || !(scale.largest > 0.0f) || !(picture_height > 0.0f)) {
    scale.metres_per_newton = o.force_scale;
    scale.longest = std::min(scale.largest * o.force_scale, o.max_arrow);
    return scale;
  }
  scale.longest = o.force_fraction * picture_height;
  scale.metres_per_newton = scale.longest / scale.largest;
  scale.max_head = std::max(scale.max_head, 0.2f * scale.longest);
  return scale;
}

glm::dvec3 RelativeVelocityAt(const dynamics::Contact& c) {
  const glm::dvec3 a = c.A ? c.A->PointVelocity(c.P) : glm::dvec3(0.0);
  const glm::dvec3 b = c.B ? c.B->PointVelocity(c.P) : glm::dvec3(0.0);
  return a - b;
}

void DrawContacts(std::span<const dynamics::Contact> contacts, const ContactOverlayOptions& o,
                  DebugDraw& draw) {
  ForceScale fixed;
  fixed.metres_per_newton = o.force_scale;
  DrawContacts(contacts, o, fixed, draw);
}

void DrawContacts(std::span<const dynamics::Contact> contacts, const ContactOverlayOptions& o,
                  const ForceScale& force_scale, DebugDraw& draw) {
  // A chosen scale draws its longest arrow whole, however long the picture makes it.
  const float max_force_arrow = std::max(o.max_arrow, force_scale.longest);
  const Color normal_color{0.35f, 0.6f, 1.0f, 1.0f};
  const Color impulse_color{1.0f, 0.35f, 0.85f, 1.0f};
  const Color force_color{0.3f, 0.95f, 0.4f, 1.0f};
  const Color velocity_color{0.2f, 0.95f, 0.95f, 1.0f};  // ṙA − ṙB, cyan
  for (const dynamics::Contact& c : contacts) {
    const glm::vec3 p(c.P), n(c.N);
    if (o.points) draw.Point(p, 7.0f, ContactClassColor(c.cls));
    if (o.normals) draw.Line(p, p + n * o.normal_length, normal_color);
    // The impulse acts +λN on A; drawn from the point along N (towards A).
    if (o.impulses)
      DrawArrow(draw, p, n, float(c.impulse) * o.impulse_scale, o.max_arrow, impulse_color);
    if (o.resting_forces)
      DrawArrow(draw, p, n, float(c.resting_force) * force_scale.metres_per_newton, max_force_arrow,
                force_color, force_scale.max_head);
    if (o.relative_velocity) {
      const glm::vec3 v(RelativeVelocityAt(c));
      const float speed = glm::length(v);
      // Drawn arriving at the point (its head on Pc): an approaching body's arrow would otherwise
      // point into the other body and be hidden by it.
      const float length = std::min(speed * o.velocity_scale, o.max_arrow);
      if (speed > 0.0f)
        DrawArrow(draw, p - v / speed * length, v / speed, length, o.max_arrow, velocity_color);
    }
  }
}

}  // namespace partlab
