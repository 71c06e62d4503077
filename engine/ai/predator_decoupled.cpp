#include "engine/ai/predator_decoupled.h"

namespace partlab::ai {

const PredatorTransitionTable& PredatorTransitions() {
  static const PredatorTransitionTable table = [] {
    using S = PredatorState;
    using I = PredatorInput;
    PredatorTransitionTable t;
    for (int s = 0; s < kPredatorStates; ++s) t[s].fill(static_cast<S>(s));
    auto set = [&](S from, I in, S to) { t[int(from)][int(in)] = to; };
    set(S::kWait, I::kEnemyDetected, S::kChase);
    set(S::kWait, I::kLifeEnds, S::kDie);
    set(S::kChase, I::kEnemyInReach, S::kAttack);
    set(S::kChase, I::kEnemyLost, S::kWait);
    set(S::kChase, I::kLifeEnds, S::kDie);
    set(S::kAttack, I::kEnemyOutOfReach, S::kChase);
    set(S::kAttack, I::kLifeEnds, S::kDie);
    return t;
  }();
  return table;
}

bool PredatorFsm::StateTransition(PredatorInput input) {
  const PredatorState next = PredatorTransitions()[int(state_)][int(input)];
  const bool changed = next != state_;
  state_ = next;
  return changed;
}

PredatorInput RunStates(PredatorFsm* fsm, const PredatorSenses& senses,
                        const PredatorTuning& tuning) {
  PredatorInput input = PredatorInput::kNone;
  switch (fsm->GetStateID()) {
    case PredatorState::kWait:
      if (DetectsEnemy(senses, tuning)) input = PredatorInput::kEnemyDetected;
      if (LifeEnds(senses)) input = PredatorInput::kLifeEnds;
      break;
    case PredatorState::kChase:
      if (senses.enemy_distance < tuning.dist_min) input = PredatorInput::kEnemyInReach;
      if (senses.enemy_distance > tuning.dist_attack) input = PredatorInput::kEnemyLost;
      if (LifeEnds(senses)) input = PredatorInput::kLifeEnds;
      break;
    case PredatorState::kAttack:
      if (senses.enemy_distance > tuning.leave_attack) input = PredatorInput::kEnemyOutOfReach;
      if (LifeEnds(senses)) input = PredatorInput::kLifeEnds;
      break;
    case PredatorState::kDie:
      break;
  }
  fsm->StateTransition(input);
  return input;
}

void DecoupledPredator::Update(const PredatorSenses& senses, PredatorContext& world) {
  const PredatorState before = fsm_.GetStateID();
  last_input_ = RunStates(&fsm_, senses, world.tuning);
  if (before != PredatorState::kDie && fsm_.GetStateID() == PredatorState::kDie)
    SendDestroyLater(world);
}

bool DecoupledPredator::Deliver(const Message& m, PredatorContext&) {
  if (m.name != MessageName::kDestroy) return false;
  destroyed_ = true;
  return true;
}

}  // namespace partlab::ai
