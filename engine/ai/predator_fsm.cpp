#include "engine/ai/predator_fsm.h"

namespace partlab::ai {

const char* PredatorStateName(PredatorState s) {
  switch (s) {
    case PredatorState::kWait:
      return "wait";
    case PredatorState::kChase:
      return "chase";
    case PredatorState::kAttack:
      return "attack";
    case PredatorState::kDie:
      return "die";
  }
  return "?";
}

const char* PredatorInputName(PredatorInput i) {
  switch (i) {
    case PredatorInput::kNone:
      return "none";
    case PredatorInput::kEnemyDetected:
      return "enemy detected";
    case PredatorInput::kEnemyInReach:
      return "enemy in reach";
    case PredatorInput::kEnemyOutOfReach:
      return "enemy out of reach";
    case PredatorInput::kEnemyLost:
      return "enemy lost";
    case PredatorInput::kLifeEnds:
      return "life ends";
  }
  return "?";
}

PredatorAction ActionOf(PredatorState s) {
  switch (s) {
    case PredatorState::kWait:
      return PredatorAction::kStand;
    case PredatorState::kChase:
      return PredatorAction::kWalkToEnemy;
    case PredatorState::kAttack:
      return PredatorAction::kStrike;
    case PredatorState::kDie:
      return PredatorAction::kLieDown;
  }
  return PredatorAction::kStand;
}

void SendDestroyLater(PredatorContext& world) {
  if (!world.messages) return;
  world.messages->Send(
      {MessageName::kDestroy, world.self, world.self, world.now + world.tuning.destroy_delay, 0.0});
}

}  // namespace partlab::ai
