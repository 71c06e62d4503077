// The predator NPC of figure 3.15 (section 3.4.2): it waits, chases the enemy it detects, attacks
// it within reach, and dies when its life ends. A Moore machine (the one games prefer): the output,
// what the NPC does each tick, is a function of the state alone.
//
// The book names "os três modos mais usuais de se implementar uma FSM": "(1) modo direto com
// código contendo uma longa seqüência de if e case; (2) linguagem assistida por macros; (3)
// linguagem script customizada (usando a linguagem Lua [...], por exemplo)", and an improved
// direct mode with decoupled transition logic. All four are here, behind PredatorBrain:
//   predator_direct.cpp     (1) the direct mode: one switch with ifs, RunStates(int* state);
//   predator_decoupled.cpp  (1) improved: the states compute an input symbol and
//                           fsm->StateTransition(input) looks up T(s, i);
//   predator_macros.cpp     (2) Rabin's macro language (state_machine_macros.h: BeginStateMachine,
//                           State, OnEnter, OnUpdate, OnExit, OnMsg, SetState, EndStateMachine);
//   predator_script.cpp     (3) the same language's handlers in a Lua script.
#pragma once

#include <array>
#include <cstdint>
#include <limits>

#include "engine/ai/message_queue.h"

namespace partlab::ai {

enum class PredatorState : std::uint8_t { kWait, kChase, kAttack, kDie };  // espera, persegue,
inline constexpr int kPredatorStates = 4;                                  // ataque, morre
const char* PredatorStateName(PredatorState s);  // "wait", "chase", "attack", "die"

// The input alphabet I of FSM = <S, s0, I, T(s, i)>.
enum class PredatorInput : std::uint8_t {
  kNone,
  kEnemyDetected,    // detecta_inimigo
  kEnemyInReach,     // distancia_inimigo < dist_min
  kEnemyOutOfReach,  // beyond leave_attack while attacking
  kEnemyLost,        // distancia_inimigo > dist_ataque
  kLifeEnds,         // vida_acaba
};
inline constexpr int kPredatorInputs = 6;
const char* PredatorInputName(PredatorInput i);

// What the NPC perceives this tick.
struct PredatorSenses {
  double enemy_distance = std::numeric_limits<double>::infinity();
  double health = 1.0;
};

// The distances of figure 3.15's conditions, in grid cells.
struct PredatorTuning {
  double detect_radius = 7.0;  // detecta_inimigo
  double dist_min = 1.6;       // close enough to attack
  double leave_attack = 2.6;   // the attack stops beyond this (a margin, so it does not flicker)
  double dist_attack = 10.0;   // farther than this, the chase is given up
  double destroy_delay = 2.0;  // seconds from dying to the delayed "destroy" message
};

// The book's sensing functions, shared by the three implementations.
inline bool DetectsEnemy(const PredatorSenses& s, const PredatorTuning& t) {
  return s.enemy_distance <= t.detect_radius;
}
inline bool LifeEnds(const PredatorSenses& s) {
  return !(s.health > 0.0);
}  // NaN: dead too

// The Moore output function: what a state does each tick.
enum class PredatorAction : std::uint8_t { kStand, kWalkToEnemy, kStrike, kLieDown };
PredatorAction ActionOf(PredatorState s);

// What a brain may touch while it runs: the clock, its own id and the message system.
struct PredatorContext {
  int self = 0;
  double now = 0.0;
  MessageQueue* messages = nullptr;
  PredatorTuning tuning;
};

class PredatorBrain {
 public:
  virtual ~PredatorBrain() = default;
  virtual const char* Implementation() const = 0;
  // One game tick: "code runs every game tick inside a state" (section 3.4.2).
  virtual void Update(const PredatorSenses& senses, PredatorContext& world) = 0;
  // A message delivered to this NPC. Returns true when the machine handled it.
  virtual bool Deliver(const Message& m, PredatorContext& world) { return false; }
  virtual PredatorState state() const = 0;
  // Puts the machine in a state without running any code (for probing the transition table).
  virtual void Reset(PredatorState s) = 0;
  // True once the "destroy" message reached the NPC.
  virtual bool destroyed() const = 0;
};

// The arrows of figure 3.15. The figure is an image the text does not reproduce; the text's
// listings state four transitions, and the other three are our reading of the figure's story.
struct PredatorArrow {
  PredatorState from, to;
  PredatorInput input;
  bool stated_in_text;  // false: inferred by us
  const char* source;   // the chapter's words, or why we infer it
};
inline constexpr int kPredatorArrows = 7;
const std::array<PredatorArrow, kPredatorArrows>& PredatorFigureArrows();

// Entering kDie sends the NPC the delayed "destroy" message (SendDelayedMsg of section 3.4.2).
void SendDestroyLater(PredatorContext& world);

}  // namespace partlab::ai
