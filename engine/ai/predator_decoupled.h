// The improved direct mode of section 3.4.2: the states compute an input symbol, and the transition
// logic, "an input that performs the transition" (close to a Mealy machine), is a table T(s, i)
// apart from the state actions.
#pragma once

#include <array>

#include "engine/ai/predator_fsm.h"
#include "engine/text/translatable.h"

namespace partlab::ai {

using PredatorTransitionTable =
    std::array<std::array<PredatorState, kPredatorInputs>, kPredatorStates>;

// T(s, i) of figure 3.15; a missing entry is the self-transition T(s, i) = s.
const PredatorTransitionTable& PredatorTransitions();

class PredatorFsm {
 public:
  PredatorState GetStateID() const { return state_; }
  // Returns true when the state changed.
  bool StateTransition(PredatorInput input);
  void Set(PredatorState s) { state_ = s; }

 private:
  PredatorState state_ = PredatorState::kWait;
};

// The book's RunStates(FSM* fsm) with the decoupled transition logic; returns the input computed.
PredatorInput RunStates(PredatorFsm* fsm, const PredatorSenses& senses,
                        const PredatorTuning& tuning);

class DecoupledPredator final : public PredatorBrain {
 public:
  const char* Implementation() const override { return N_("decoupled transitions"); }
  void Update(const PredatorSenses& senses, PredatorContext& world) override;
  bool Deliver(const Message& m, PredatorContext& world) override;
  PredatorState state() const override { return fsm_.GetStateID(); }
  void Reset(PredatorState s) override { fsm_.Set(s); }
  bool destroyed() const override { return destroyed_; }
  PredatorInput last_input() const { return last_input_; }

 private:
  PredatorFsm fsm_;
  PredatorInput last_input_ = PredatorInput::kNone;
  bool destroyed_ = false;
};

}  // namespace partlab::ai
