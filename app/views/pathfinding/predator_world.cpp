#include "app/views/pathfinding/predator_world.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <random>

#include "engine/ai/predator_decoupled.h"
#include "engine/ai/predator_direct.h"
#include "engine/ai/predator_macros.h"

namespace partlab {

namespace {
ai::Cell CellAt(glm::vec2 p) {
  return {static_cast<int>(std::lround(p.x)), static_cast<int>(std::lround(p.y))};
}
glm::vec2 Centre(ai::Cell c) {
  return {float(c.x), float(c.y)};
}
}  // namespace

PredatorWorld::PredatorWorld(std::string script_path) : script_(std::move(script_path)) {
  script_.Poll();
}

bool PredatorWorld::ReloadScript() {
  const bool loaded = script_.Reload();
  if (loaded)
    for (Predator& p : predators_)
      if (auto* s = dynamic_cast<ai::ScriptedPredator*>(p.brain.get()))
        s->UseScript(script_.script());
  return loaded;
}

void PredatorWorld::PollScript() {
  // Like the shaders: the file's time stamp is looked at about once a second (from Step).
  if (!script_.Poll()) return;
  for (Predator& p : predators_)
    if (auto* s = dynamic_cast<ai::ScriptedPredator*>(p.brain.get()))
      s->UseScript(script_.script());
}

std::unique_ptr<ai::PredatorBrain> PredatorWorld::MakeBrain() const {
  switch (implementation_) {
    case FsmImplementation::kDirect:
      return std::make_unique<ai::DirectPredator>();
    case FsmImplementation::kDecoupled:
      return std::make_unique<ai::DecoupledPredator>();
    case FsmImplementation::kMacros:
      return std::make_unique<ai::MacroPredator>();
    case FsmImplementation::kScripted:
      return std::make_unique<ai::ScriptedPredator>(script_.script());
  }
  return std::make_unique<ai::DirectPredator>();
}

void PredatorWorld::Reset(const ai::GridMap* map, int count) {
  map_ = map;
  predators_.clear();
  messages_.Clear();
  now_ = 0;
  player_path_.clear();
  if (!map_ || map_->CellCount() == 0) return;
  std::mt19937 rng(7);
  auto walkable = [&]() {
    for (int tries = 0; tries < 100000; ++tries) {
      const ai::Cell c{static_cast<int>(rng() % map_->width()),
                       static_cast<int>(rng() % map_->height())};
      if (map_->TerrainAt(c.x, c.y) == ai::Terrain::kGround) return c;
    }
    return ai::Cell{0, 0};
  };
  player_ = Centre(walkable());
  for (int i = 0; i < count; ++i) {
    Predator p;
    p.id = i;
    p.home = walkable();
    p.position = Centre(p.home);
    p.brain = MakeBrain();
    predators_.push_back(std::move(p));
  }
}

void PredatorWorld::SetImplementation(FsmImplementation impl) {
  implementation_ = impl;
  for (Predator& p : predators_) {  // the same machine state, run by other code
    const ai::PredatorState s = p.brain->state();
    p.brain = MakeBrain();
    p.brain->Reset(s);
  }
}

void PredatorWorld::ObstaclesMoved() {
  finder_.ClearFailedPaths();
  player_finder_.ClearFailedPaths();
  for (Predator& p : predators_) p.replan_in = 0;
}

void PredatorWorld::MovePlayerTo(ai::Cell goal) {
  if (!map_) return;
  ai::PathResult r;
  player_finder_.Plan(*map_, {CellAt(player_), goal}, r);
  if (!ai::HasPath(r.outcome)) return;
  player_path_ = r.path;
  player_next_ = 0;
  if (player_path_.size() < 2) player_path_.clear();
}

bool PredatorWorld::Seen(ai::Cell c) const {
  return glm::length(Centre(c) - player_) <= sight_radius;
}

void PredatorWorld::Log(Predator& p, double now, ai::PredatorState from, ai::PredatorState to) {
  p.log[p.log_count % p.log.size()] = {now, from, to};
  ++p.log_count;
}

// Moves `position` along `path` by `step` cells; true when the end is reached.
bool PredatorWorld::Walk(glm::vec2& position, const std::vector<ai::Cell>& path, size_t& next,
                         double step) {
  while (next < path.size() && step > 0) {
    const glm::vec2 target = Centre(path[next]);
    const glm::vec2 d = target - position;
    const float len = glm::length(d);
    if (len <= step) {
      position = target;
      step -= len;
      ++next;
    } else {
      position += d * float(step / len);
      step = 0;
    }
  }
  return next >= path.size();
}

// Somewhere walkable up to 30 cells away (a linear congruential step: the same walk every run).
void PredatorWorld::Wander() {
  for (int tries = 0; tries < 20; ++tries) {
    wander_seed_ = wander_seed_ * 1103515245u + 12345u;
    const int dx = static_cast<int>((wander_seed_ >> 8) % 61) - 30;
    const int dy = static_cast<int>((wander_seed_ >> 20) % 61) - 30;
    const ai::Cell c{CellAt(player_).x + dx, CellAt(player_).y + dy};
    if (!map_->Inside(c.x, c.y) || map_->TerrainAt(c.x, c.y) != ai::Terrain::kGround) continue;
    MovePlayerTo(c);
    if (!player_path_.empty()) return;
  }
}

void PredatorWorld::DeliverMessages() {
  messages_.TakeDue(now_, due_);
  for (const ai::Message& m : due_)
    for (Predator& p : predators_)
      if (p.id == m.to && p.alive) {
        ai::PredatorContext w{p.id, now_, &messages_, tuning_};
        p.brain->Deliver(m, w);
      }
}

// The chase of figure 3.15: walk the A* path to the player, asking again twice a second (or at
// once when the path ran out); the practices decide how each request is answered.
void PredatorWorld::Chase(Predator& p, double dt) {
  p.replan_in -= dt;
  if (p.replan_in <= 0 || p.next >= p.path.size()) {
    p.replan_in = 0.5;
    const ai::Cell from = CellAt(p.position), to = CellAt(player_);
    finder_.Plan(*map_, {from, to, now_, Seen(from) || Seen(to)}, result_);
    ++searches_;
    p.last_outcome = result_.outcome;
    if (result_.outcome == ai::PathOutcome::kTeleport) {  // (10): nobody sees, it is just there
      p.position = Centre(result_.path.back());
      p.path.clear();
      return;
    }
    if (ai::HasPath(result_.outcome)) {
      p.path = result_.path;
      p.next = 1;
    }
  }
  Walk(p.position, p.path, p.next, npc_speed * dt);
}

void PredatorWorld::UpdatePredator(Predator& p, double dt) {
  if (!p.alive) {
    if ((p.respawn_in -= dt) > 0) return;
    Predator fresh;  // a new predator at the old den
    fresh.id = p.id;
    fresh.home = p.home;
    fresh.position = Centre(p.home);
    fresh.brain = MakeBrain();
    p = std::move(fresh);
    return;
  }
  if (p.brain->destroyed()) {  // the delayed "destroy" message arrived
    p.alive = false;
    p.respawn_in = 4.0;
    return;
  }
  ai::PredatorSenses senses;
  senses.enemy_distance = glm::length(player_ - p.position);
  senses.health = p.health;
  ai::PredatorContext w{p.id, now_, &messages_, tuning_};
  const ai::PredatorState before = p.brain->state();
  p.brain->Update(senses, w);
  const ai::PredatorState after = p.brain->state();
  if (after != before) Log(p, now_, before, after);
  p.shown_state = after;
  switch (ai::ActionOf(after)) {
    case ai::PredatorAction::kWalkToEnemy:
      Chase(p, dt);
      break;
    case ai::PredatorAction::kStrike:
      p.health = std::max(0.0, p.health - 0.35 * dt);
      break;
    default:
      p.path.clear();
      break;  // the player fights back
  }
}

void PredatorWorld::Step(double dt) {
  if (!map_ || !(dt > 0)) return;
  now_ += dt;
  script_poll_in_ -= dt;
  if (script_poll_in_ <= 0) {
    script_poll_in_ = 1.0;
    PollScript();
  }
  if (Walk(player_, player_path_, player_next_, player_speed * dt) && player_wanders) Wander();
  DeliverMessages();
  for (Predator& p : predators_) UpdatePredator(p, dt);
}

}  // namespace partlab
