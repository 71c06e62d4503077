// The predator of figure 3.15 written the book's three ways (section 3.4.2: direct, also with
// decoupled transitions; C++ macros; Lua): the same transition table, the same state sequence from
// the same inputs, checked against a reference written here from the figure; the figure's arrows
// split into those the text states (parsed from the chapter's own listing) and those we infer; and
// the Lua version's errors reported in one line while the NPC keeps going.
#include <gtest/gtest.h>
#include "test_paths.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <vector>

#include "engine/ai/predator_decoupled.h"
#include "engine/ai/predator_direct.h"
#include "engine/ai/predator_macros.h"
#include "engine/ai/predator_script.h"

namespace partlab::ai {
namespace {

using S = PredatorState;

std::shared_ptr<PredatorScript> ShippedScript() {
  auto s = PredatorScript::Load(std::string(PARTLAB_ASSET_DIR) + "/scripts/predator.lua");
  EXPECT_TRUE(s.ok()) << s.error();
  return s.ok() ? s.value() : nullptr;
}

std::vector<std::unique_ptr<PredatorBrain>> AllImplementations() {
  std::vector<std::unique_ptr<PredatorBrain>> out;
  out.push_back(std::make_unique<DirectPredator>());
  out.push_back(std::make_unique<DecoupledPredator>());
  out.push_back(std::make_unique<MacroPredator>());
  out.push_back(std::make_unique<ScriptedPredator>(ShippedScript()));
  return out;
}

// Situations the NPC can be in (the tuning: detect 7, attack reach 1.6, attack left past 2.6,
// chase given up past 10).
struct Situation {
  const char* name;
  PredatorSenses senses;
};
const Situation kSituations[] = {{"nobody near", {20.0, 1.0}},
                                 {"enemy seen", {5.0, 1.0}},
                                 {"enemy in reach", {1.0, 1.0}},
                                 {"enemy unseen, not lost", {8.5, 1.0}},
                                 {"enemy just out of reach", {2.0, 1.0}},
                                 {"enemy lost", {12.0, 1.0}},
                                 {"dead", {20.0, 0.0}},
                                 {"dead with enemy in reach", {1.0, 0.0}},
                                 {"health NaN", {5.0, std::nan("")}}};

// Figure 3.15 read by hand: wait -seen-> chase -in reach-> attack -out of reach-> chase -lost->
// wait; any -life ends-> die; die is final.
S Expected(S s, const Situation& x) {
  const bool dead = !(x.senses.health > 0);
  if (dead || s == S::kDie) return S::kDie;
  const double d = x.senses.enemy_distance;
  switch (s) {
    case S::kWait:
      return d <= 7.0 ? S::kChase : S::kWait;
    case S::kChase:
      return d < 1.6 ? S::kAttack : d > 10.0 ? S::kWait : S::kChase;
    case S::kAttack:
      return d > 2.6 ? S::kChase : S::kAttack;
    default:
      return S::kDie;
  }
}

TEST(PredatorFsm, TransitionTablesOfEveryImplementationAreFigure315) {
  for (auto& brain : AllImplementations()) {
    for (int s = 0; s < kPredatorStates; ++s)
      for (const Situation& x : kSituations) {
        MessageQueue messages;
        PredatorContext world{0, 0.0, &messages, {}};
        brain->Reset(static_cast<S>(s));
        brain->Update(x.senses, world);
        EXPECT_EQ(brain->state(), Expected(static_cast<S>(s), x))
            << brain->Implementation() << ": from " << PredatorStateName(static_cast<S>(s))
            << " when " << x.name;
      }
  }
}

TEST(PredatorFsm, DecoupledTableIsTheFiguresTransitionFunction) {
  using I = PredatorInput;
  const auto& t = PredatorTransitions();
  EXPECT_EQ(t[int(S::kWait)][int(I::kEnemyDetected)], S::kChase);
  EXPECT_EQ(t[int(S::kChase)][int(I::kEnemyInReach)], S::kAttack);
  EXPECT_EQ(t[int(S::kChase)][int(I::kEnemyLost)], S::kWait);
  EXPECT_EQ(t[int(S::kAttack)][int(I::kEnemyOutOfReach)], S::kChase);
  int changes = 0;
  for (int s = 0; s < kPredatorStates; ++s)
    for (int i = 0; i < kPredatorInputs; ++i) {
      if (i == int(I::kLifeEnds)) {
        EXPECT_EQ(t[s][i], S::kDie);
      } else if (s == int(S::kDie) || i == int(I::kNone)) {
        EXPECT_EQ(t[s][i], static_cast<S>(s));  // self-transitions T(s, i) = s
      }
      changes += t[s][i] != static_cast<S>(s);
    }
  EXPECT_EQ(changes, kPredatorArrows);
  for (const PredatorArrow& a : PredatorFigureArrows())
    EXPECT_EQ(t[int(a.from)][int(a.input)], a.to) << a.source;
}

// The chapter's macro listing of the predator, verbatim (section 3.4.2; the text's lines, joined as
// printed). The arrows the text states are the SetState calls inside each State block.
const char* kChapterListing = R"(BeginStateMachine
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
// calcula direção p/onde gameObj deve mover
// movimenta gameObj um passo na direção calculada
// executa animação de "caminha"
if (distancia_inimigo(gameObj) < dist_min)
SetState(STATE_ataque)
if (distancia_inimigo(gameObj) > dist_ataque)
SetState(STATE_espera)
State ...
...
EndStateMachine)";

S FromPortuguese(const std::string& name) {
  if (name == "STATE_espera") return S::kWait;
  if (name == "STATE_persegue") return S::kChase;
  if (name == "STATE_ataque") return S::kAttack;
  EXPECT_EQ(name, "STATE_morre");
  return S::kDie;
}

std::string Inside(const std::string& line, const std::string& head) {
  return line.substr(head.size(), line.size() - head.size() - 1);  // head(NAME)
}

TEST(PredatorFsm, ArrowsStatedInTheTextAreTheListingsAndTheRestAreMarkedInferred) {
  std::set<std::pair<S, S>> stated;
  std::istringstream text(kChapterListing);
  std::string line;
  bool in_state = false;
  S from = S::kWait;
  while (std::getline(text, line)) {
    if (line.rfind("State(", 0) == 0) {
      in_state = true;
      from = FromPortuguese(Inside(line, "State("));
    } else if (in_state && line.rfind("SetState(", 0) == 0) {
      stated.insert({from, FromPortuguese(Inside(line, "SetState("))});
    }
  }
  // The four the text states: wait -> chase, wait -> die, chase -> attack, chase -> wait.
  ASSERT_EQ(stated.size(), 4u);
  std::set<std::pair<S, S>> ours_stated, ours_inferred;
  for (const PredatorArrow& a : PredatorFigureArrows())
    (a.stated_in_text ? ours_stated : ours_inferred).insert({a.from, a.to});
  EXPECT_EQ(ours_stated, stated);
  // Ours: a chasing or attacking predator can die, and an enemy out of reach is chased again.
  const std::set<std::pair<S, S>> inferred = {
      {S::kChase, S::kDie}, {S::kAttack, S::kChase}, {S::kAttack, S::kDie}};
  EXPECT_EQ(ours_inferred, inferred);
  for (const PredatorArrow& a : PredatorFigureArrows())
    EXPECT_EQ(std::string(a.source).rfind("inferred", 0) == 0, !a.stated_in_text) << a.source;
}

// An enemy walking up, fighting, stepping back, running off, coming back; then the NPC dies.
std::vector<PredatorSenses> ScriptedInputs() {
  std::vector<PredatorSenses> in;
  for (double d = 20; d >= 1; d -= 1.5) in.push_back({d, 1.0});
  for (double d : {1.0, 1.0, 2.0, 1.0, 4.0, 9.0, 11.0, 12.0, 8.0, 6.0, 3.0, 1.2, 2.2, 1.2})
    in.push_back({d, 1.0});
  for (double h : {0.6, 0.3, 0.0, 0.0}) in.push_back({1.2, h});
  for (int i = 0; i < 5; ++i) in.push_back({1.2, 0.0});
  return in;
}

TEST(PredatorFsm, SameInputsGiveTheSameStatesAndMessagesInEveryImplementation) {
  const auto inputs = ScriptedInputs();
  std::vector<std::vector<S>> sequences;
  std::vector<int> destroyed_at;
  for (auto& brain : AllImplementations()) {
    MessageQueue messages;
    std::vector<Message> due;
    PredatorContext world{7, 0.0, &messages, {}};
    std::vector<S> states;
    int destroyed_tick = -1;
    for (size_t k = 0; k < inputs.size(); ++k) {
      world.now = 0.5 * k;
      messages.TakeDue(world.now, due);
      for (const Message& m : due) EXPECT_TRUE(brain->Deliver(m, world));
      if (brain->destroyed() && destroyed_tick < 0) destroyed_tick = static_cast<int>(k);
      brain->Update(inputs[k], world);
      states.push_back(brain->state());
    }
    ASSERT_EQ(messages.log().size(), 1u) << brain->Implementation();
    EXPECT_EQ(messages.log()[0].name, MessageName::kDestroy);
    EXPECT_EQ(messages.log()[0].to, 7);
    sequences.push_back(states);
    destroyed_at.push_back(destroyed_tick);
  }
  // The reference: the hand-read figure applied tick by tick.
  std::vector<S> reference;
  S s = S::kWait;
  for (const PredatorSenses& in : inputs) {
    s = Expected(s, {"", in});
    reference.push_back(s);
  }
  EXPECT_EQ(sequences[0], reference);
  EXPECT_EQ(sequences[1], reference);
  EXPECT_EQ(sequences[2], reference);
  EXPECT_EQ(sequences[3], reference);
  // Every state of the figure is visited, and the sequence goes back and forth.
  for (S want : {S::kWait, S::kChase, S::kAttack, S::kDie})
    EXPECT_NE(std::find(reference.begin(), reference.end(), want), reference.end());
  // Died at tick k, destroyed by the delayed message 2 s (4 ticks) later, in every one.
  const int died =
      static_cast<int>(std::find(reference.begin(), reference.end(), S::kDie) - reference.begin());
  for (int t : destroyed_at) EXPECT_EQ(t, died + 4);
}

std::string LoadError(const std::string& text, const std::string& name) {
  auto r = PredatorScript::FromText(text, name);
  return r.ok() ? "" : r.error();
}

const char* kGood =
    "BeginStateMachine { OnEnter = function(npc) SetState('wait') end }\n"
    "State 'wait' { OnUpdate = function(npc) if npc.detects_enemy then SetState('chase') end end "
    "}\n"
    "State 'chase' {}\nState 'attack' {}\nState 'die' {}\n";

TEST(PredatorScript, LoadErrorsAreOneLineWithFileAndLine) {
  EXPECT_EQ(LoadError(kGood, "good.lua"), "");
  EXPECT_EQ(LoadError("BeginStateMachine {}\nState 'wait' {\n OnUpdate = function(npc) if then end "
                      "end }\n",
                      "syntax.lua"),
            "syntax.lua:3: unexpected symbol near 'then'");
  EXPECT_EQ(LoadError("BeginStateMachine {}\nState 'wait' {}\nState 'chase' {}\n"
                      "State 'attack' {}\n",
                      "missing.lua"),
            "missing.lua:1: the machine has no State \"die\"");
  EXPECT_EQ(LoadError("BeginStateMachine {}\n\nState 'sleep' {}\n", "unknown.lua"),
            "unknown.lua:3: unknown state 'sleep' (figure 3.15 has wait, chase, attack, die)");
  EXPECT_EQ(LoadError("State 'wait' {}\n", "nomachine.lua"),
            "nomachine.lua:1: the script never calls BeginStateMachine");
  EXPECT_EQ(LoadError("BeginStateMachine {}\nSetState('wait')\n", "outside.lua"),
            "outside.lua:2: SetState called outside a state handler");
  auto missing = PredatorScript::Load("/nonexistent/predator.lua");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error(), "/nonexistent/predator.lua: cannot open (No such file or directory)");
}

TEST(PredatorScript, RuntimeErrorIsReportedAndTheNpcKeepsItsLastGoodScript) {
  auto good = PredatorScript::FromText(kGood, "good.lua");
  ASSERT_TRUE(good.ok());
  // Loads fine, fails when the wait state first updates (line 3 indexes a missing field).
  auto broken = PredatorScript::FromText(
      "BeginStateMachine {}\nState 'wait' { OnUpdate = function(npc)\n"
      "  if npc.eyes.open then SetState('chase') end end }\n"
      "State 'chase' {}\nState 'attack' {}\nState 'die' {}\n",
      "broken.lua");
  ASSERT_TRUE(broken.ok()) << broken.error();
  ScriptedPredator npc(good.value());
  MessageQueue messages;
  PredatorContext world{0, 0.0, &messages, {}};
  npc.Update({20.0, 1.0}, world);
  EXPECT_EQ(npc.state(), S::kWait);
  npc.UseScript(broken.value());
  npc.Update({5.0, 1.0}, world);  // would chase, but the handler fails
  EXPECT_EQ(npc.errors(), 1);
  EXPECT_EQ(npc.last_error(), "broken.lua:3: attempt to index a nil value (field 'eyes')");
  EXPECT_EQ(npc.state(), S::kWait);
  npc.Update({5.0, 1.0}, world);  // back on the good script: it chases
  EXPECT_EQ(npc.state(), S::kChase);
  EXPECT_EQ(npc.errors(), 1);
}

TEST(PredatorScript, UnknownStateInSetStateIsOneLine) {
  auto s = PredatorScript::FromText(
      "BeginStateMachine {}\nState 'wait' { OnUpdate = function(npc)\n  SetState('sleep') end }\n"
      "State 'chase' {}\nState 'attack' {}\nState 'die' {}\n",
      "typo.lua");
  ASSERT_TRUE(s.ok());
  ScriptedPredator npc(s.value());
  PredatorContext world;
  npc.Update({20.0, 1.0}, world);
  EXPECT_EQ(npc.last_error(), "typo.lua:3: SetState: unknown state 'sleep'");
  EXPECT_EQ(npc.state(), S::kWait);
}

TEST(PredatorScript, FileIsReloadedWhenItChangesAndABadSaveKeepsTheOldScript) {
  const auto dir = std::filesystem::temp_directory_path() / "partlab_predator_reload";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "predator.lua").string();
  std::ofstream(path) << kGood;
  PredatorScriptFile file(path);
  EXPECT_TRUE(file.Poll());
  EXPECT_EQ(file.generation(), 1);
  EXPECT_FALSE(file.Poll());  // unchanged
  const auto first = file.script();
  std::ofstream(path) << "BeginStateMachine {\n";
  std::filesystem::last_write_time(
      path, std::filesystem::last_write_time(path) + std::chrono::seconds(2));
  EXPECT_FALSE(file.Poll());
  EXPECT_EQ(file.error(), path + ":2: unexpected symbol near <eof>");
  EXPECT_EQ(file.script(), first);  // the last good script stays
  ScriptedPredator npc(file.script());
  PredatorContext world;
  npc.Update({5.0, 1.0}, world);
  EXPECT_EQ(npc.state(), S::kChase);
  std::ofstream(path) << kGood;
  std::filesystem::last_write_time(
      path, std::filesystem::last_write_time(path) + std::chrono::seconds(4));
  EXPECT_TRUE(file.Poll());
  EXPECT_EQ(file.error(), "");
  EXPECT_EQ(file.generation(), 2);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace partlab::ai
