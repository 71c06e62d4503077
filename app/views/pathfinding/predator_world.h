// The predators of figure 3.15 (section 3.4.2) let loose on the path-finding grid: each NPC runs
// its finite state machine every tick (in whichever of the book's implementations is
// chosen) and, while it chases, walks the path A* finds to the player (section 3.4.1, with the
// practices switched on in the panel). GL-free, so tests drive it without a window.
#pragma once

#include <array>
#include <glm/vec2.hpp>
#include <memory>
#include <string>
#include <vector>

#include "engine/ai/pathfinder.h"
#include "engine/ai/predator_fsm.h"
#include "engine/ai/predator_script.h"
#include "engine/text/translatable.h"

namespace partlab {

// Section 3.4.2's ways to write the machine: (1) direct, and its decoupled variant; (2) C++ macros;
// (3) a Lua script.
enum class FsmImplementation { kDirect, kDecoupled, kMacros, kScripted };
inline constexpr int kFsmImplementations = 4;
inline constexpr const char* kFsmImplementationNames[kFsmImplementations] = {
    N_("(1) Direct switch (RunStates)"), N_("(1) Decoupled transitions (T(s, i))"),
    N_("(2) C++ macros (BeginStateMachine ...)"), N_("(3) Lua script")};

struct TransitionRecord {
  double time = 0;
  ai::PredatorState from = ai::PredatorState::kWait;
  ai::PredatorState to = ai::PredatorState::kWait;
};

struct Predator {
  int id = 0;
  glm::vec2 position{0.0f};  // cell coordinates, continuous (cell centres at integers)
  ai::Cell home;
  double health = 1.0;
  bool alive = true;
  double respawn_in = 0.0;
  std::unique_ptr<ai::PredatorBrain> brain;
  ai::PredatorState shown_state = ai::PredatorState::kWait;
  std::vector<ai::Cell> path;
  size_t next = 0;         // index of the path cell walked towards
  double replan_in = 0.0;  // seconds to the next A* call while chasing
  ai::PathOutcome last_outcome = ai::PathOutcome::kNoPath;
  std::array<TransitionRecord, 16> log;  // a ring: the state machine's transitions, newest last
  int log_count = 0;
};

class PredatorWorld {
 public:
  explicit PredatorWorld(std::string script_path);

  // Places the player and `count` predators on walkable cells of `map` (seeded: same every time).
  void Reset(const ai::GridMap* map, int count);
  void Step(double dt);
  void SetImplementation(FsmImplementation impl);
  FsmImplementation implementation() const { return implementation_; }
  void SetPractices(const ai::PracticeOptions& options) { finder_.SetOptions(options); }
  void MovePlayerTo(ai::Cell goal);  // the player walks there along its own A* path
  // The map changed under the NPCs (obstacle painter): the failed-path cache is cleared.
  void ObstaclesMoved();

  const std::vector<Predator>& predators() const { return predators_; }
  glm::vec2 player() const { return player_; }
  const std::vector<ai::Cell>& player_path() const { return player_path_; }
  double now() const { return now_; }
  const ai::PredatorTuning& tuning() const { return tuning_; }
  ai::PredatorTuning& tuning() { return tuning_; }
  float sight_radius = 16.0f;  // practice (10): cells the player sees around itself
  float npc_speed = 3.2f;      // cells per second: a little faster than the player
  float player_speed = 2.6f;
  bool player_wanders = true;  // walks to random places when it has nowhere to go
  const ai::PredatorScriptFile& script() const { return script_; }
  bool ReloadScript();  // now, whatever the file's time stamp says
  int searches() const { return searches_; }

 private:
  std::unique_ptr<ai::PredatorBrain> MakeBrain() const;
  void PollScript();
  void Wander();
  void DeliverMessages();
  void UpdatePredator(Predator& p, double dt);
  void Chase(Predator& p, double dt);
  bool Walk(glm::vec2& position, const std::vector<ai::Cell>& path, size_t& next, double step);
  bool Seen(ai::Cell c) const;
  static void Log(Predator& p, double now, ai::PredatorState from, ai::PredatorState to);

  const ai::GridMap* map_ = nullptr;
  ai::Pathfinder finder_;
  ai::Pathfinder player_finder_;
  ai::PathResult result_;
  ai::MessageQueue messages_;
  std::vector<ai::Message> due_;
  ai::PredatorScriptFile script_;
  double script_poll_in_ = 0.0;
  FsmImplementation implementation_ = FsmImplementation::kDirect;
  ai::PredatorTuning tuning_;
  std::vector<Predator> predators_;
  glm::vec2 player_{0.0f};
  std::vector<ai::Cell> player_path_;
  size_t player_next_ = 0;
  double now_ = 0.0;
  int searches_ = 0;
  unsigned wander_seed_ = 11;
};

}  // namespace partlab
