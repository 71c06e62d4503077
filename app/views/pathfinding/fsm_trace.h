// What a predator lesson checks the state machines against (section 3.4.2, figure 3.15): every
// predator's states recorded tick by tick, one life at a time (a predator that dies and respawns
// at its den starts a new life), and the transitions the figure draws, written here from the
// chapter's text rather than taken from the machines under test:
//   wait -> chase   detecta_inimigo
//   chase -> attack distancia_inimigo < dist_min
//   chase -> wait   distancia_inimigo > dist_ataque
//   attack -> chase the enemy steps out of reach
//   wait, chase, attack -> die   vida_acaba
// GL-free; tests/app/fsm_trace_test.cpp checks it.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "app/views/pathfinding/predator_world.h"
#include "engine/ai/predator_fsm.h"

namespace partlab {

bool FigureAllowsTransition(ai::PredatorState from, ai::PredatorState to);

struct FsmLife {
  int predator = 0;
  std::vector<ai::PredatorState> states;  // the first, then each one it changed to
};

class FsmTrace {
 public:
  // One tick of every predator: its state now, and `life` (anything that is the same object for
  // the whole of one life, e.g. its brain) to tell a respawned predator from the one it replaced.
  void Observe(int predator, const void* life, ai::PredatorState state);
  void Record(std::span<const Predator> predators);
  const std::vector<FsmLife>& lives() const { return lives_; }
  void Clear();

  // "" when every life starts waiting and moves only along the figure's arrows; else one line
  // naming the predator and the first transition the figure does not draw.
  std::string FirstDepartureFromFigure() const;
  // True when some life passes through the states of `sequence` in that order (other states may
  // come between them: the arrows taken are FirstDepartureFromFigure's business).
  bool HasSequence(std::span<const ai::PredatorState> sequence) const;

 private:
  std::vector<FsmLife> lives_;
  std::vector<const void*> life_of_;  // per predator: the life seen last
  std::vector<int> current_;          // per predator: its life's index in lives_
};

}  // namespace partlab
