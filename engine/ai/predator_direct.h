// The direct mode of section 3.4.2: "code with a long sequence of if and case", the state an int.
// Kept as the book writes it, problems included: no way to know a state was just entered (the
// caller compares before and after to send the delayed "destroy"), no log, no structure.
#pragma once

#include "engine/ai/predator_fsm.h"
#include "engine/text/translatable.h"

namespace partlab::ai {

// The book's RunStates(int* state): 0 wait, 1 chase, 2 attack, 3 die.
void RunStates(int* state, const PredatorSenses& senses, const PredatorTuning& tuning);

class DirectPredator final : public PredatorBrain {
 public:
  const char* Implementation() const override { return N_("direct switch"); }
  void Update(const PredatorSenses& senses, PredatorContext& world) override;
  bool Deliver(const Message& m, PredatorContext& world) override;
  PredatorState state() const override { return static_cast<PredatorState>(state_); }
  void Reset(PredatorState s) override { state_ = static_cast<int>(s); }
  bool destroyed() const override { return destroyed_; }

 private:
  int state_ = 0;
  bool destroyed_ = false;
};

}  // namespace partlab::ai
