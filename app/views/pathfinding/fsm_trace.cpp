#include "app/views/pathfinding/fsm_trace.h"

#include <algorithm>

#include "app/i18n/translate.h"

namespace partlab {

bool FigureAllowsTransition(ai::PredatorState from, ai::PredatorState to) {
  using S = ai::PredatorState;
  if (to == S::kDie) return from != S::kDie;  // vida_acaba, from any living state
  return (from == S::kWait && to == S::kChase) || (from == S::kChase && to == S::kAttack) ||
         (from == S::kChase && to == S::kWait) || (from == S::kAttack && to == S::kChase);
}

void FsmTrace::Observe(int predator, const void* life, ai::PredatorState state) {
  if (predator < 0) return;
  if (size_t(predator) >= life_of_.size()) {
    life_of_.resize(size_t(predator) + 1, nullptr);
    current_.resize(size_t(predator) + 1, -1);
  }
  const size_t p = size_t(predator);
  if (current_[p] < 0 || life_of_[p] != life) {
    life_of_[p] = life;
    current_[p] = int(lives_.size());
    lives_.push_back({predator, {state}});
    return;
  }
  std::vector<ai::PredatorState>& states = lives_[size_t(current_[p])].states;
  if (states.back() != state) states.push_back(state);
}

void FsmTrace::Record(std::span<const Predator> predators) {
  for (const Predator& p : predators) Observe(p.id, p.brain.get(), p.shown_state);
}

void FsmTrace::Clear() {
  lives_.clear();
  life_of_.clear();
  current_.clear();
}

std::string FsmTrace::FirstDepartureFromFigure() const {
  for (const FsmLife& life : lives_) {
    if (life.states.front() != ai::PredatorState::kWait)
      return Formatted(_("predator %d began its life in %s, not wait"), life.predator,
                       _(ai::PredatorStateName(life.states.front())));
    for (size_t i = 1; i < life.states.size(); ++i)
      if (!FigureAllowsTransition(life.states[i - 1], life.states[i]))
        return Formatted(_("predator %d went from %s to %s, which figure 3.15 does not draw"),
                         life.predator, _(ai::PredatorStateName(life.states[i - 1])),
                         _(ai::PredatorStateName(life.states[i])));
  }
  return {};
}

bool FsmTrace::HasSequence(std::span<const ai::PredatorState> sequence) const {
  return std::any_of(lives_.begin(), lives_.end(), [&](const FsmLife& life) {
    size_t matched = 0;  // a subsequence: each state found after the one before it
    for (ai::PredatorState s : life.states)
      if (matched < sequence.size() && s == sequence[matched]) ++matched;
    return matched == sequence.size();
  });
}

}  // namespace partlab
