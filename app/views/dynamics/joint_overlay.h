// Figure 3.8's joints drawn over their bodies (engine/dynamics/ode_joints.h): each joint's anchor
// as seen from each of its two bodies (a yellow cross from the held body, a white one from the
// swinging body: one cross while the joint holds), the joint's axis (magenta, revolute and
// cylindrical) and a line from the anchor to the swinging body's centre.
#pragma once

#include "engine/debug_draw.h"
#include "engine/dynamics/ode_joints.h"

namespace partlab {

void DrawJoints(const dynamics::OdeJoints& joints, DebugDraw& draw);

}  // namespace partlab
