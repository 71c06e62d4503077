#include "engine/ai/predator_fsm.h"

#include "engine/text/translatable.h"

namespace partlab::ai {

const char* PredatorStateName(PredatorState s) {
  switch (s) {
    case PredatorState::kWait:
      return N_("wait");
    case PredatorState::kChase:
      return N_("chase");
    case PredatorState::kAttack:
      return N_("attack");
    case PredatorState::kDie:
      return N_("die");
  }
  return "?";
}

const char* PredatorInputName(PredatorInput i) {
  switch (i) {
    case PredatorInput::kNone:
      return N_("none");
    case PredatorInput::kEnemyDetected:
      return N_("enemy detected");
    case PredatorInput::kEnemyInReach:
      return N_("enemy in reach");
    case PredatorInput::kEnemyOutOfReach:
      return N_("enemy out of reach");
    case PredatorInput::kEnemyLost:
      return N_("enemy lost");
    case PredatorInput::kLifeEnds:
      return N_("life ends");
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

const std::array<PredatorArrow, kPredatorArrows>& PredatorFigureArrows() {
  using S = PredatorState;
  using I = PredatorInput;
  // Quoted from the listings of section 3.4.2 (the direct mode and the macro language).
  static const std::array<PredatorArrow, kPredatorArrows> arrows = {{
      {S::kWait, S::kChase, I::kEnemyDetected, true,
       "State(STATE_espera) ... if (detecta_inimigo(gameObj)) SetState(STATE_persegue)"},
      {S::kWait, S::kDie, I::kLifeEnds, true,
       "State(STATE_espera) ... if (vida_acaba(gameObj)) SetState(STATE_morre)"},
      {S::kChase, S::kAttack, I::kEnemyInReach, true,
       "State(STATE_persegue) ... if (distancia_inimigo(gameObj) < dist_min) "
       "SetState(STATE_ataque)"},
      {S::kChase, S::kWait, I::kEnemyLost, true,
       "State(STATE_persegue) ... if (distancia_inimigo(gameObj) > dist_ataque) "
       "SetState(STATE_espera)"},
      {S::kChase, S::kDie, I::kLifeEnds, false,
       "inferred: a chasing predator can die too (the listing stops at \"State ...\")"},
      {S::kAttack, S::kChase, I::kEnemyOutOfReach, false,
       "inferred: the text never lists STATE_ataque; an enemy that steps away is chased again"},
      {S::kAttack, S::kDie, I::kLifeEnds, false,
       "inferred: the text never lists STATE_ataque; an attacking predator can die"},
  }};
  return arrows;
}

void SendDestroyLater(PredatorContext& world) {
  if (!world.messages) return;
  world.messages->Send(
      {MessageName::kDestroy, world.self, world.self, world.now + world.tuning.destroy_delay, 0.0});
}

}  // namespace partlab::ai
