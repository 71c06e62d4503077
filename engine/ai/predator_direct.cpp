#include "engine/ai/predator_direct.h"

namespace partlab::ai {

// Figure 3.15 in the direct mode. Each later if overrides an earlier one, so dying wins.
void RunStates(int* state, const PredatorSenses& senses, const PredatorTuning& tuning) {
  switch (*state) {
    case 0:  // wait
      if (DetectsEnemy(senses, tuning)) *state = 1;
      if (LifeEnds(senses)) *state = 3;
      break;
    case 1:  // chase
      if (senses.enemy_distance < tuning.dist_min) *state = 2;
      if (senses.enemy_distance > tuning.dist_attack) *state = 0;
      if (LifeEnds(senses)) *state = 3;
      break;
    case 2:  // attack
      if (senses.enemy_distance > tuning.leave_attack) *state = 1;
      if (LifeEnds(senses)) *state = 3;
      break;
    case 3:  // die: the end of this machine
      break;
  }
}

void DirectPredator::Update(const PredatorSenses& senses, PredatorContext& world) {
  const int before = state_;
  RunStates(&state_, senses, world.tuning);
  if (before != 3 && state_ == 3) SendDestroyLater(world);  // the "first time" the book misses
}

bool DirectPredator::Deliver(const Message& m, PredatorContext&) {
  if (m.name != MessageName::kDestroy) return false;
  destroyed_ = true;
  return true;
}

}  // namespace partlab::ai
