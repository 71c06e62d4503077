#include "app/views/dynamics/dynamics_picture.h"

#include <algorithm>
#include <cmath>

#include "app/views/dynamics/contact_overlay.h"

namespace partlab {

namespace {

// One colour per body, repeating: distinguishable neighbours in a stack or a rack.
constexpr glm::vec4 kBodyPalette[] = {{0.86f, 0.42f, 0.25f, 1}, {0.30f, 0.58f, 0.86f, 1},
                                      {0.92f, 0.78f, 0.30f, 1}, {0.45f, 0.75f, 0.40f, 1},
                                      {0.72f, 0.45f, 0.80f, 1}, {0.35f, 0.78f, 0.78f, 1},
                                      {0.90f, 0.55f, 0.62f, 1}, {0.62f, 0.60f, 0.52f, 1}};

glm::vec4 BodyColour(const dynamics::RigidBody& b, size_t i, const glm::vec4& static_colour) {
  return b.IsStatic() ? static_colour : kBodyPalette[i % std::size(kBodyPalette)];
}

glm::vec4 PackedOrientation(const glm::dquat& q) {
  return glm::vec4(float(q.x), float(q.y), float(q.z), float(q.w));
}

// A box's twelve edges: for each axis, the four edges parallel to it.
void DrawBoxEdges(const dynamics::RigidBody& b, const Color& c, DebugDraw& draw) {
  const glm::mat3 R(b.R);
  const glm::vec3 x(b.x), h(b.half);
  for (int axis = 0; axis < 3; ++axis)
    for (int s = 0; s < 4; ++s) {
      glm::vec3 p(0.0f);
      p[axis] = h[axis];
      p[(axis + 1) % 3] = (s & 1 ? 1.0f : -1.0f) * h[(axis + 1) % 3];
      p[(axis + 2) % 3] = (s & 2 ? 1.0f : -1.0f) * h[(axis + 2) % 3];
      glm::vec3 q = p;
      q[axis] = -h[axis];
      draw.Line(x + R * p, x + R * q, c);
    }
}

// A sphere's three great circles about its own axes, so its turning shows.
void DrawSphereCircles(const dynamics::RigidBody& b, const Color& c, DebugDraw& draw) {
  const glm::mat3 R(b.R);
  const glm::vec3 x(b.x);
  const float r = float(b.radius);
  for (int axis = 0; axis < 3; ++axis)
    for (int k = 0; k < 24; ++k) {
      auto at = [&](int j) {
        const float a = 6.2831853f * float(j) / 24.0f;
        glm::vec3 p(0.0f);
        p[(axis + 1) % 3] = r * std::cos(a);
        p[(axis + 2) % 3] = r * std::sin(a);
        return x + R * p;
      };
      draw.Line(at(k), at(k + 1), c);
    }
}

// A metre grid on each floor, so sliding and bouncing read against something fixed.
void DrawFloorGrid(std::span<const dynamics::RigidBody> bodies, const glm::vec3& target,
                   DebugDraw& draw) {
  const Color line{0.42f, 0.45f, 0.50f, 1.0f};
  for (const dynamics::RigidBody& b : bodies) {
    if (b.shape != dynamics::Shape::kPlane || b.plane_normal.y < 0.9) continue;
    const float y = float(b.plane_offset) + 0.002f;
    const float cx = std::round(target.x), cz = std::round(target.z);
    for (int k = -12; k <= 12; ++k) {
      draw.Line({cx + k, y, cz - 12}, {cx + k, y, cz + 12}, line);
      draw.Line({cx - 12, y, cz + k}, {cx + 12, y, cz + k}, line);
    }
  }
}

// ω (cyan, 0.25 m per rad/s) and the direction of L (white, fixed without torque: 3.21) from each
// moving body's centre; in torque-free motion ω wanders about L (the precession).
void DrawSpin(std::span<const dynamics::RigidBody> bodies, DebugDraw& draw) {
  for (const dynamics::RigidBody& b : bodies) {
    if (b.IsStatic()) continue;
    const glm::vec3 x(b.x);
    const float w = float(glm::length(b.w)), L = float(glm::length(b.L));
    if (w > 1e-6f) DrawArrow(draw, x, glm::vec3(b.w) / w, 0.25f * w, 2.0f, {0.3f, 0.9f, 1.0f, 1});
    if (L > 1e-9f) DrawArrow(draw, x, glm::vec3(b.L) / L, 1.0f, 2.0f, {1.0f, 1.0f, 1.0f, 1});
  }
}

}  // namespace

void DynamicsPicture::BeginFrame(const RenderContext& ctx) {
  eye_ = ctx.camera.Eye();
  pixels_per_radian_ =
      0.5f * std::max(ctx.framebuffer_size.y, 1.0f) / std::tan(0.5f * ctx.camera.fov_y);
  boxes_.clear();
  for (auto& level : spheres_) level.clear();
}

// Each body in its colour (the selected one white); a sphere's level of detail from its size on
// screen.
void DynamicsPicture::AddBodies(std::span<const dynamics::RigidBody> bodies) {
  for (size_t i = 0; i < bodies.size(); ++i) {
    const dynamics::RigidBody& b = bodies[i];
    if (b.shape == dynamics::Shape::kPlane) continue;
    BodyInstance inst;
    inst.position = glm::vec3(b.x);
    inst.orientation = PackedOrientation(b.q);
    glm::vec4 colour = BodyColour(b, i, glm::vec4(0.45f, 0.42f, 0.38f, 1.0f));
    if (int(i) == selected_body_) colour = glm::vec4(1.0f, 1.0f, 1.0f, 1.0f);
    inst.rgba = PackRgba8(colour);
    if (b.shape == dynamics::Shape::kBox) {
      inst.half_extents = glm::vec3(b.half);
      boxes_.push_back(inst);
    } else {
      inst.half_extents = glm::vec3(float(b.radius));
      const float distance = std::max(glm::length(inst.position - eye_), 1e-3f);
      spheres_[SphereDetailLevel(float(b.radius) / distance * pixels_per_radian_)].push_back(inst);
    }
  }
}

// ODE's poses of the same bodies, shifted beside ours and lighter.
void DynamicsPicture::AddShiftedCopy(std::span<const dynamics::RigidBody> bodies,
                                     std::span<const glm::dvec3> positions,
                                     std::span<const glm::dquat> orientations,
                                     const glm::vec3& shift) {
  for (size_t i = 0; i < bodies.size() && i < positions.size(); ++i) {
    const dynamics::RigidBody& b = bodies[i];
    if (b.shape == dynamics::Shape::kPlane) continue;
    BodyInstance inst;
    inst.position = glm::vec3(positions[i]) + shift;
    inst.orientation = PackedOrientation(orientations[i]);
    const glm::vec4 base = BodyColour(b, i, glm::vec4(0.45f, 0.42f, 0.38f, 1));
    inst.rgba = PackRgba8(glm::mix(base, glm::vec4(1.0f), 0.45f));
    if (b.shape == dynamics::Shape::kBox) {
      inst.half_extents = glm::vec3(b.half);
      boxes_.push_back(inst);
    } else {
      inst.half_extents = glm::vec3(float(b.radius));
      spheres_[0].push_back(inst);
    }
  }
}

// Floors as wide thin slabs just below their surface, around the bodies.
void DynamicsPicture::AddFloors(std::span<const dynamics::RigidBody> bodies,
                                const glm::vec3& camera_target) {
  for (const dynamics::RigidBody& b : bodies) {
    if (b.shape != dynamics::Shape::kPlane) continue;
    const glm::vec3 n(b.plane_normal);
    const glm::quat q(glm::vec3(0, 1, 0), n);  // turns the slab's y onto the plane's normal
    BodyInstance slab;
    slab.position = n * (float(b.plane_offset) - 0.02f);
    if (n.y > 0.9f) slab.position += glm::vec3(camera_target.x, 0.0f, camera_target.z);
    slab.orientation = glm::vec4(q.x, q.y, q.z, q.w);
    slab.half_extents = glm::vec3(12.0f, 0.02f, 12.0f);
    slab.rgba = PackRgba8(glm::vec4(0.30f, 0.32f, 0.36f, 1.0f));
    boxes_.push_back(slab);
  }
}

void DynamicsPicture::DrawLines(std::span<const dynamics::RigidBody> bodies,
                                const glm::vec3& camera_target, DebugDraw& draw) {
  if (see_through_) {
    // Bodies as their edges (boxes) or three great circles (spheres), each in its colour; only
    // the floor slabs stay solid.
    for (size_t i = 0; i < bodies.size(); ++i) {
      const dynamics::RigidBody& b = bodies[i];
      const Color colour = BodyColour(b, i, glm::vec4(0.6f, 0.58f, 0.55f, 1.0f));
      if (b.shape == dynamics::Shape::kBox) DrawBoxEdges(b, colour, draw);
      if (b.shape == dynamics::Shape::kSphere) DrawSphereCircles(b, colour, draw);
    }
    boxes_.erase(std::remove_if(boxes_.begin(), boxes_.end(),
                                [](const BodyInstance& b) { return b.half_extents.y > 0.021f; }),
                 boxes_.end());  // keep the floor slabs
    for (auto& level : spheres_) level.clear();
  }
  DrawFloorGrid(bodies, camera_target, draw);
  if (show_spin_) DrawSpin(bodies, draw);
}

void DynamicsPicture::Render(const RenderContext& ctx) {
  renderer_.Draw(boxes_, {spheres_[0], spheres_[1], spheres_[2]}, ctx.matrices, 48.0f);
}

}  // namespace partlab
