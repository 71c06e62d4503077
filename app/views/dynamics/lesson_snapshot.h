// What a dynamics lesson's checks compare (visualization-simulation-games.txt, 3.3.2.2): the
// bodies just before and just after the last stage a lesson ran (its `substage`), so that the
// checks can hold the stage to physical laws (physics_laws.h) computed from the two states.
#pragma once

#include <vector>

#include "engine/dynamics/dynamics_world.h"
#include "engine/dynamics/rigid_body.h"

namespace partlab {

struct LessonSnapshot {
  std::vector<dynamics::RigidBody> before, after;
  bool stage_ran = false;
  dynamics::Stage stage = dynamics::Stage::kDetect;
};

}  // namespace partlab
