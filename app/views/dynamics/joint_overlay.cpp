#include "app/views/dynamics/joint_overlay.h"

namespace partlab {

namespace {

void Cross(DebugDraw& draw, const glm::vec3& p, float r, const Color& c) {
  draw.Line(p - glm::vec3(r, 0, 0), p + glm::vec3(r, 0, 0), c);
  draw.Line(p - glm::vec3(0, r, 0), p + glm::vec3(0, r, 0), c);
  draw.Line(p - glm::vec3(0, 0, r), p + glm::vec3(0, 0, r), c);
}

}  // namespace

void DrawJoints(const dynamics::OdeJoints& joints, DebugDraw& draw) {
  const auto& bodies = joints.bodies();
  const Color held{1.0f, 0.9f, 0.2f, 1}, swinging{1.0f, 1.0f, 1.0f, 1}, axis{1.0f, 0.3f, 0.9f, 1};
  for (const dynamics::JointPair& pair : joints.pairs()) {
    const dynamics::JointFrames f = dynamics::FramesOf(pair, bodies[pair.a], bodies[pair.b]);
    Cross(draw, glm::vec3(f.anchor_a), 0.09f, held);
    Cross(draw, glm::vec3(f.anchor_b), 0.06f, swinging);
    draw.Line(glm::vec3(f.anchor_b), glm::vec3(bodies[pair.b].x), swinging);
    if (pair.kind == dynamics::JointKind::kSpherical) continue;
    // The hinge's axis is short; the cylinder's spans the rod's slide between its stops.
    const float half = pair.kind == dynamics::JointKind::kRevolute ? 0.35f : 0.9f;
    draw.Line(glm::vec3(f.anchor_a - double(half) * f.axis_a),
              glm::vec3(f.anchor_a + double(half) * f.axis_a), axis);
  }
}

}  // namespace partlab
