// The third way of section 3.4.2: the macro language of Rabin (2000) — BeginStateMachine,
// State(name), OnEnter, OnExit, OnUpdate, OnMsg(name), SetState(name), SendMsg, SendDelayedMsg,
// EndStateMachine — with the machine written in a script language, Lua as the book suggests
// (Ierusalimschy 2006). The script (assets/scripts/predator.lua) reads:
//   BeginStateMachine { OnEnter = function(npc) SetState("wait") end,
//                       OnMsg = { destroy = function(npc, msg) Destroy() end } }
//   State "wait" { OnUpdate = function(npc) ... SetState("chase") ... end }
// SetState takes effect when the handler returns (OnExit of the old state, then OnEnter of the new
// one); the last SetState of a handler wins, as the last assignment does in the direct mode.
//
// Errors, at load or at run time, are one line "file:line: message". A script that fails to load
// never replaces the running one; a script that fails while running is dropped for the last good
// one, so the NPC keeps going.
#pragma once

#include <memory>
#include <string>

#include "engine/ai/predator_fsm.h"
#include "engine/io/load_result.h"

struct lua_State;

namespace partlab::ai {

class PredatorScript {
 public:
  static LoadResult<std::shared_ptr<PredatorScript>> Load(const std::string& path);
  static LoadResult<std::shared_ptr<PredatorScript>> FromText(const std::string& text,
                                                              const std::string& name);
  ~PredatorScript();
  PredatorScript(const PredatorScript&) = delete;
  PredatorScript& operator=(const PredatorScript&) = delete;

  lua_State* lua() const { return lua_; }
  const std::string& name() const { return name_; }

 private:
  PredatorScript() = default;
  static LoadResult<std::shared_ptr<PredatorScript>> Finish(std::shared_ptr<PredatorScript> s,
                                                            int load_status);
  lua_State* lua_ = nullptr;
  std::string name_;
};

// The script file watched for changes, as the app reloads shaders: Poll() loads it again when its
// modification time changed; a failed load leaves the last good script in place.
class PredatorScriptFile {
 public:
  explicit PredatorScriptFile(std::string path) : path_(std::move(path)) {}
  // Returns true when a new script was loaded.
  bool Poll();
  bool Reload();  // loads now, whatever the time stamp says
  const std::shared_ptr<PredatorScript>& script() const { return script_; }
  int generation() const { return generation_; }
  const std::string& error() const { return error_; }  // the last load's error, or ""
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::shared_ptr<PredatorScript> script_;
  std::string error_;
  int generation_ = 0;
  long long stamp_ = -1;
};

class ScriptedPredator final : public PredatorBrain {
 public:
  explicit ScriptedPredator(std::shared_ptr<PredatorScript> script);
  ~ScriptedPredator() override;

  const char* Implementation() const override { return "Lua macro language"; }
  void Update(const PredatorSenses& senses, PredatorContext& world) override;
  bool Deliver(const Message& m, PredatorContext& world) override;
  PredatorState state() const override { return state_; }
  void Reset(PredatorState s) override;
  bool destroyed() const override { return destroyed_; }

  // A newer script: kept as the running one; the current one becomes the fallback.
  void UseScript(std::shared_ptr<PredatorScript> script);
  const std::string& last_error() const { return last_error_; }
  int errors() const { return errors_; }

  // Called from the script's global functions.
  void RequestState(PredatorState s) { pending_ = s; }
  void RequestDestroy() { destroyed_ = true; }
  PredatorContext* world() { return world_; }

 private:
  bool CallStateHandler(PredatorState s, const char* handler, const Message* msg);
  bool CallMachineHandler(const char* handler, const Message* msg);
  bool CallHandlerOfTableOnTop(int top, const char* handler, const Message* msg);
  bool ApplyPendingTransitions();
  void PushNpc(const PredatorSenses& senses);
  bool Fail(const std::string& error);
  void Start();

  std::shared_ptr<PredatorScript> script_;
  std::shared_ptr<PredatorScript> fallback_;
  int npc_ref_ = -1;  // the npc table in script_'s Lua state
  PredatorState state_ = PredatorState::kWait;
  PredatorState pending_ = PredatorState::kWait;
  bool started_ = false;
  bool destroyed_ = false;
  PredatorSenses senses_;
  PredatorContext* world_ = nullptr;
  std::string last_error_;
  int errors_ = 0;
};

}  // namespace partlab::ai
