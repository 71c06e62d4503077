#include "engine/ai/predator_macros.h"

#include "engine/ai/state_machine_macros.h"

namespace partlab::ai {
namespace {

// The names of the book's listing: states and messages are enumerated types ("nomes de estados e
// de mensagens são tipos enumerados"). The states' values are PredatorState's.
enum StateName { STATE_Global = -1, STATE_espera, STATE_persegue, STATE_ataque, STATE_morre };
enum MsgName { MSG_RESERVED_Enter, MSG_RESERVED_Exit, MSG_RESERVED_Update, MSG_morto };

using GameObject = PredatorGameObject;
using MsgObject = PredatorMsgObject;

bool vida_acaba(const GameObject* g) {
  return LifeEnds(g->senses);
}
bool detecta_inimigo(const GameObject* g) {
  return DetectsEnemy(g->senses, g->world->tuning);
}
double distancia_inimigo(const GameObject* g) {
  return g->senses.enemy_distance;
}
void destruir(GameObject* g) {
  g->destroyed = true;
}
// SendDelayedMsg of the book, for the one delayed message the predator sends itself: MSG_morto,
// delivered as the "destroy" message destroy_delay seconds later.
void SendDelayedMsg(GameObject* g) {
  SendDestroyLater(*g->world);
}

// SetState: the FIRST request of a handler wins. The book's macro listing tests vida_acaba before
// detecta_inimigo in STATE_espera, so a dying predator must die even if it also sees the enemy;
// its direct listing (RunStates) writes the test last and lets the last assignment win. Both read
// "dying wins", and so do the three implementations here.
void SetStateInGameObject(GameObject* g, int state) {
  if (g->state_change) return;
  g->state_change = true;
  g->next_state = state;
}

// Figure 3.15 in the book's macro language. The global part, wait and chase follow the book's
// listing (its order of tests); chase's death test, attack and die complete the figure as the
// direct mode does (the arrows the text does not state: see PredatorFigureArrows).
bool ProcessStateMachine(GameObject* gameObj, int state, MsgObject* msg) {
  const PredatorTuning& tuning = gameObj->world->tuning;
  const double dist_min = tuning.dist_min, dist_ataque = tuning.dist_attack;
  // clang-format off
  BeginStateMachine
    OnEnter
      SetState(STATE_espera)
    OnMsg(MSG_morto)
      destruir(gameObj);

  State(STATE_espera)
    OnEnter
      // Inicialização
    OnUpdate
      if (vida_acaba(gameObj))
        SetState(STATE_morre)
      if (detecta_inimigo(gameObj))
        SetState(STATE_persegue)
    OnExit
      // Finalização

  State(STATE_persegue)
    OnUpdate
      // (the view moves the predator one step along its A* path while it chases)
      if (vida_acaba(gameObj))
        SetState(STATE_morre)
      if (distancia_inimigo(gameObj) < dist_min)
        SetState(STATE_ataque)
      if (distancia_inimigo(gameObj) > dist_ataque)
        SetState(STATE_espera)

  State(STATE_ataque)
    OnUpdate
      if (vida_acaba(gameObj))
        SetState(STATE_morre)
      if (distancia_inimigo(gameObj) > tuning.leave_attack)
        SetState(STATE_persegue)

  State(STATE_morre)
    OnEnter
      SendDelayedMsg(gameObj);

  EndStateMachine
  // clang-format on
}

}  // namespace

bool MacroPredator::Send(int name) {
  MsgObject msg{name};
  if (ProcessStateMachine(&obj_, obj_.state, &msg)) return true;
  // Entering and leaving belong to the state alone; anything else it does not handle goes to the
  // machine's global handlers (Rabin's engine does the same with its STATE_Global).
  if (name == MSG_RESERVED_Enter || name == MSG_RESERVED_Exit) return false;
  return ProcessStateMachine(&obj_, STATE_Global, &msg);
}

void MacroPredator::ApplyStateChanges() {
  // OnEnter may SetState again; four states cannot need more than four changes in a row.
  for (int i = 0; i < kPredatorStates && obj_.state_change; ++i) {
    obj_.state_change = false;
    Send(MSG_RESERVED_Exit);
    obj_.state = obj_.next_state;
    Send(MSG_RESERVED_Enter);
  }
  obj_.state_change = false;
}

void MacroPredator::Update(const PredatorSenses& senses, PredatorContext& world) {
  obj_.senses = senses;
  obj_.world = &world;
  if (!started_) {  // the machine's own OnEnter picks the first state
    started_ = true;
    MsgObject enter{MSG_RESERVED_Enter};
    ProcessStateMachine(&obj_, STATE_Global, &enter);
    obj_.state = obj_.next_state;
    obj_.state_change = false;
    Send(MSG_RESERVED_Enter);
    ApplyStateChanges();
  }
  Send(MSG_RESERVED_Update);
  ApplyStateChanges();
}

bool MacroPredator::Deliver(const Message& m, PredatorContext& world) {
  if (m.name != MessageName::kDestroy) return false;
  obj_.world = &world;
  return Send(MSG_morto);
}

void MacroPredator::Reset(PredatorState s) {
  obj_.state = static_cast<int>(s);
  obj_.state_change = false;
  started_ = true;  // put in a state without running any code
}

}  // namespace partlab::ai
