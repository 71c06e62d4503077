// The third way of section 3.4.2, "(3) linguagem script customizada (usando a linguagem Lua
// [Ierusalimschy 2006], por exemplo)": the machine written in Lua, in the vocabulary of
// Rabin's (2000) macros that the second way spells as C++ #defines (state_machine_macros.h) —
// BeginStateMachine, State(name), OnEnter, OnExit, OnUpdate, OnMsg(name), SetState(name),
// SendMsg, SendDelayedMsg, EndStateMachine. The script (assets/scripts/predator.lua) reads:
//   BeginStateMachine { OnEnter = function(npc) SetState("wait") end,
//                       OnMsg = { destroy = function(npc, msg) Destroy() end } }
//   State "wait" { OnUpdate = function(npc) ... SetState("chase") ... end }
// SetState takes effect when the handler returns (OnExit of the old state, then OnEnter of the new
// one); the last SetState of a handler wins, as the last assignment does in the direct mode.
//
// Errors, at load or at run time, are one line "file:line: message". A script that fails to load
// never replaces the running one; a script that fails while running is dropped for the last good
// one, so the NPC keeps going.
//
// The script is a file someone may share, so it runs in a LuaSandbox (lua_sandbox.h): an
// instruction budget per handler call, a memory cap, no access to files, processes or bytecode.
// A handler stopped by a limit is one line "file:line: OnUpdate of state 'chase' stopped: ..."; the
// script is then never called again (reload the file for a fresh one).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "engine/ai/lua_sandbox.h"
#include "engine/ai/predator_fsm.h"
#include "engine/io/load_result.h"
#include "engine/text/translatable.h"

namespace partlab::ai {

class PredatorScript {
 public:
  static LoadResult<std::shared_ptr<PredatorScript>> Load(const std::string& path);
  static LoadResult<std::shared_ptr<PredatorScript>> FromText(const std::string& text,
                                                              const std::string& name);
  ~PredatorScript() = default;
  PredatorScript(const PredatorScript&) = delete;
  PredatorScript& operator=(const PredatorScript&) = delete;

  lua_State* lua() const { return sandbox_.lua(); }
  LuaSandbox& sandbox() { return sandbox_; }
  const std::string& name() const { return name_; }
  // A limit stopped one of its calls: its state may be full, so nobody calls it again.
  bool stopped() const { return stopped_; }

  // Runs f protected (LuaSandbox::Call); "" or one line. `what` names the handler for a limit:
  // "NAME:LINE: WHAT stopped: more than 200000 Lua instructions in one call".
  std::string Call(lua_CFunction f, void* data, const std::string& what);
  // An error of sandbox().Call, rewritten as above when a limit stopped the call.
  std::string Explain(std::string error, const std::string& what);

 private:
  PredatorScript() = default;
  LuaSandbox sandbox_;
  std::string name_;
  bool stopped_ = false;
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

  const char* Implementation() const override { return N_("Lua script"); }
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
  bool CallHandler(const char* state, const char* handler, const Message* msg);
  bool ApplyPendingTransitions();
  bool PushNpc(const PredatorSenses& senses);
  bool UsableScript();
  void ReleaseNpc();
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
