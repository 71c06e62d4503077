// The predator of figure 3.15 in the macro language of section 3.4.2 (Rabin 2000), the second of
// the "três modos mais usuais de se implementar uma FSM": the states are written with
// BeginStateMachine, State, OnEnter, OnUpdate, OnExit, OnMsg, SetState and EndStateMachine, the
// #defines of engine/ai/state_machine_macros.h, in ProcessStateMachine (predator_macros.cpp).
#pragma once

#include "engine/ai/predator_fsm.h"
#include "engine/text/translatable.h"

namespace partlab::ai {

// The object the book's functions take: detecta_inimigo(gameObj), vida_acaba(gameObj),
// distancia_inimigo(gameObj), destruir(gameObj), SetStateInGameObject(gameObj, state).
struct PredatorGameObject {
  PredatorSenses senses;
  PredatorContext* world = nullptr;
  int state = 0;              // STATE_espera .. STATE_morre (the PredatorState values)
  bool state_change = false;  // a SetState is pending
  int next_state = 0;         // ... to this state
  bool destroyed = false;
};

struct PredatorMsgObject {
  int name = 0;  // MSG_RESERVED_Enter, MSG_RESERVED_Exit, MSG_RESERVED_Update, MSG_morto
};

class MacroPredator final : public PredatorBrain {
 public:
  const char* Implementation() const override { return N_("C++ macro language"); }
  void Update(const PredatorSenses& senses, PredatorContext& world) override;
  bool Deliver(const Message& m, PredatorContext& world) override;
  PredatorState state() const override { return static_cast<PredatorState>(obj_.state); }
  void Reset(PredatorState s) override;
  bool destroyed() const override { return obj_.destroyed; }

 private:
  // Sends one message to the machine: the current state's handlers, then the global ones.
  bool Send(int name);
  // Runs OnExit of the old state and OnEnter of the new one for every pending SetState.
  void ApplyStateChanges();

  PredatorGameObject obj_;
  bool started_ = false;
};

}  // namespace partlab::ai
