#include "engine/ai/predator_script.h"

#include <cmath>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <vector>

#include "engine/io/bounded_file.h"
#include "engine/text/translatable.h"

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
}

namespace partlab::ai {
namespace {

constexpr const char* kMachineKey = "partlab.machine";
constexpr const char* kStatesKey = "partlab.states";
constexpr const char* kBeginLineKey = "partlab.begin_line";

bool StateFromName(const char* name, PredatorState& out) {
  for (int s = 0; s < kPredatorStates; ++s)
    if (std::strcmp(name, PredatorStateName(static_cast<PredatorState>(s))) == 0) {
      out = static_cast<PredatorState>(s);
      return true;
    }
  return false;
}

// "NAME:LINE: ..." — the form every message about the script takes.
bool NamesFileAndLine(const std::string& message, const std::string& name) {
  if (message.compare(0, name.size(), name) != 0 || message.size() <= name.size() ||
      message[name.size()] != ':')
    return false;
  size_t i = name.size() + 1;
  const size_t digits = i;
  while (i < message.size() && message[i] >= '0' && message[i] <= '9') ++i;
  return i > digits && message.compare(i, 2, ": ") == 0;
}

std::string OneLine(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

// The predator whose handler is running, or an error when the script calls outside a handler.
ScriptedPredator* Current(lua_State* L, const char* function) {
  auto* p = static_cast<ScriptedPredator*>(LuaSandbox::Of(L).user);
  // Our sentences raised as Lua errors are worded in the user's language here; a message Lua
  // words itself (a syntax error, "attempt to call a nil value") stays as Lua wrote it. luaL_error
  // reads %s and %d in order only, so a translation keeps the English order.
  if (!p) luaL_error(L, LookUpText(N_("%s called outside a state handler")), function);
  return p;
}

// BeginStateMachine { OnEnter = ..., OnMsg = { name = function(npc, msg) ... end } }
int LuaBeginStateMachine(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_Debug ar;
  int line = 1;
  if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar)) line = ar.currentline;
  lua_pushinteger(L, line);
  lua_setfield(L, LUA_REGISTRYINDEX, kBeginLineKey);
  lua_pushvalue(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, kMachineKey);
  return 0;
}

int LuaDefineState(lua_State* L) {  // the function State(name) returns: takes the state's table
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_getfield(L, LUA_REGISTRYINDEX, kStatesKey);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_settable(L, -3);
  return 0;
}

// State "wait" { OnEnter = ..., OnUpdate = ..., OnExit = ..., OnMsg = {...} }
int LuaState(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  PredatorState s;
  if (!StateFromName(name, s))
    return luaL_error(
        L, LookUpText(N_("unknown state '%s' (figure 3.15 has wait, chase, attack, die)")), name);
  lua_pushvalue(L, 1);
  lua_pushcclosure(L, LuaDefineState, 1);
  return 1;
}

int LuaSetState(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  PredatorState s;
  if (!StateFromName(name, s))
    return luaL_error(L, LookUpText(N_("SetState: unknown state '%s'")), name);
  Current(L, "SetState")->RequestState(s);
  return 0;
}

bool MessageFromName(const char* name, MessageName& out) {
  for (MessageName n : {MessageName::kDamage, MessageName::kDestroy})
    if (std::strcmp(name, MessageNameText(n)) == 0) {
      out = n;
      return true;
    }
  return false;
}

// SendDelayedMsg(name, delay [, data]): a message to this NPC, delivered `delay` seconds from now.
int SendToSelf(lua_State* L, double delay, int data_index) {
  const char* name = luaL_checkstring(L, 1);
  MessageName n;
  if (!MessageFromName(name, n)) return luaL_error(L, LookUpText(N_("unknown message '%s'")), name);
  if (!(delay >= 0.0) || !std::isfinite(delay))
    return luaL_error(L, "%s", LookUpText(N_("message delay must be a finite number >= 0")));
  const double data = luaL_optnumber(L, data_index, 0.0);
  ScriptedPredator* p = Current(L, "SendMsg");
  PredatorContext* w = p->world();
  if (w && w->messages) w->messages->Send({n, w->self, w->self, w->now + delay, data});
  return 0;
}
int LuaSendMsg(lua_State* L) {
  return SendToSelf(L, 0.0, 2);
}
int LuaSendDelayedMsg(lua_State* L) {
  return SendToSelf(L, luaL_checknumber(L, 2), 3);
}

int LuaDestroy(lua_State* L) {  // the book's destruir(gameObj)
  Current(L, "Destroy")->RequestDestroy();
  return 0;
}

int LuaEndStateMachine(lua_State*) {
  return 0;
}

// Registers the macro language; run protected (PredatorScript::Call), as everything that
// allocates in the script's state is.
int RegisterLanguage(lua_State* L) {
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, kStatesKey);
  const luaL_Reg functions[] = {{"BeginStateMachine", LuaBeginStateMachine},
                                {"State", LuaState},
                                {"SetState", LuaSetState},
                                {"SendMsg", LuaSendMsg},
                                {"SendDelayedMsg", LuaSendDelayedMsg},
                                {"Destroy", LuaDestroy},
                                {"EndStateMachine", LuaEndStateMachine},
                                {nullptr, nullptr}};
  lua_pushglobaltable(L);
  luaL_setfuncs(L, functions, 0);
  return 0;
}

// What the script defined, checked after its top level ran: "" or the problem with its line.
struct MachineCheck {
  const std::string* name;
  std::string problem;
};

int CheckMachine(lua_State* L) {
  auto* c = static_cast<MachineCheck*>(lua_touserdata(L, 1));
  lua_getfield(L, LUA_REGISTRYINDEX, kMachineKey);
  if (!lua_istable(L, -1)) {
    c->problem = *c->name + ":1: " + LookUpText(N_("the script never calls BeginStateMachine"));
    return 0;
  }
  lua_getfield(L, LUA_REGISTRYINDEX, kBeginLineKey);
  const long long line = lua_tointeger(L, -1);
  lua_getfield(L, LUA_REGISTRYINDEX, kStatesKey);
  for (int i = 0; i < kPredatorStates; ++i) {
    const char* state = PredatorStateName(static_cast<PredatorState>(i));
    lua_getfield(L, -1, state);
    const bool defined = lua_istable(L, -1);
    lua_pop(L, 1);
    if (!defined) {
      c->problem = *c->name + ":" + std::to_string(line) + ": " +
                   FormatText(N_("the machine has no State \"%s\""), state);
      return 0;
    }
  }
  return 0;
}

}  // namespace

std::string PredatorScript::Call(lua_CFunction f, void* data, const std::string& what) {
  if (!lua()) return name_ + ":0: " + FormatText(N_("%s cannot run: no Lua state"), what.c_str());
  return Explain(sandbox_.Call(f, data), what);
}

std::string PredatorScript::Explain(std::string error, const std::string& what) {
  if (sandbox_.stopped() != LuaSandbox::Limit::kNone) {
    stopped_ = true;
    return name_ + ":" + std::to_string(sandbox_.stop_line()) + ": " +
           FormatText(N_("%s stopped: %s"), what.c_str(), sandbox_.StopReason().c_str());
  }
  // error("text", 0) or error({}) carry no position: the handler then says where it happened.
  if (!error.empty() && !NamesFileAndLine(error, name_))
    return name_ + ":0: " + what + ": " + error;
  return error;
}

LoadResult<std::shared_ptr<PredatorScript>> PredatorScript::Load(const std::string& path) {
  const auto bytes = ReadBoundedFile(path, kMaxScriptBytes);
  if (!bytes) return LoadResult<std::shared_ptr<PredatorScript>>::Fail(bytes.error());
  const std::vector<uint8_t>& b = bytes.value();
  return FromText(std::string(reinterpret_cast<const char*>(b.data()), b.size()), path);
}

LoadResult<std::shared_ptr<PredatorScript>> PredatorScript::FromText(const std::string& text,
                                                                     const std::string& name) {
  using R = LoadResult<std::shared_ptr<PredatorScript>>;
  std::shared_ptr<PredatorScript> s(new PredatorScript());
  s->name_ = name;
  lua_State* L = s->lua();
  if (!L) return R::Fail(name + ":0: " + LookUpText(N_("cannot create a Lua state")));
  if (std::string e = s->Call(RegisterLanguage, nullptr, LookUpText(N_("the language set-up")));
      !e.empty())
    return R::Fail(e);
  const std::string chunk = "@" + name;  // messages then read "name:line: ..."
  if (s->sandbox_.LoadText(text, chunk) != LUA_OK) {
    std::string m =
        lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : LookUpText(N_("cannot load"));
    if (s->sandbox_.stopped() != LuaSandbox::Limit::kNone)
      m = name + ":0: " +
          FormatText(N_("the script stopped loading: %s"), s->sandbox_.StopReason().c_str());
    else if (!NamesFileAndLine(m, name))  // "attempt to load a binary chunk" names no file
      m = name + ":1: " + m;
    for (char& c : m)
      if (c == '\n' || c == '\r') c = ' ';
    return R::Fail(m);
  }
  // The script's top level, which defines the machine, under the same limits as a handler.
  if (std::string e = s->Explain(s->sandbox_.CallTop(), LookUpText(N_("the script's top level")));
      !e.empty())
    return R::Fail(e);
  MachineCheck check{&s->name_, {}};
  if (std::string e2 = s->Call(CheckMachine, &check, LookUpText(N_("the machine check")));
      !e2.empty())
    return R::Fail(e2);
  if (!check.problem.empty()) return R::Fail(check.problem);
  return R::Ok(std::move(s));
}

bool PredatorScriptFile::Poll() {
  std::error_code ec;
  const auto t = std::filesystem::last_write_time(path_, ec);
  const long long stamp = ec ? -2 : static_cast<long long>(t.time_since_epoch().count());
  if (stamp == stamp_) return false;
  stamp_ = stamp;
  return Reload();
}

bool PredatorScriptFile::Reload() {
  auto loaded = PredatorScript::Load(path_);
  if (!loaded) {
    error_ = loaded.error();
    return false;
  }
  script_ = std::move(loaded).value();
  error_.clear();
  ++generation_;
  return true;
}

ScriptedPredator::ScriptedPredator(std::shared_ptr<PredatorScript> script)
    : script_(std::move(script)) {}

// A stopped script's state may be full: its npc reference is left there rather than released.
void ScriptedPredator::ReleaseNpc() {
  if (script_ && npc_ref_ >= 0 && !script_->stopped())
    luaL_unref(script_->lua(), LUA_REGISTRYINDEX, npc_ref_);
  npc_ref_ = -1;
}

ScriptedPredator::~ScriptedPredator() {
  ReleaseNpc();
}

void ScriptedPredator::UseScript(std::shared_ptr<PredatorScript> script) {
  if (!script || script == script_) return;
  ReleaseNpc();
  if (script_ && !script_->stopped()) fallback_ = std::move(script_);
  script_ = std::move(script);
}

void ScriptedPredator::Reset(PredatorState s) {
  state_ = pending_ = s;
  started_ = true;
  destroyed_ = false;
}

bool ScriptedPredator::Fail(const std::string& error) {
  last_error_ = OneLine(error);
  ++errors_;
  pending_ = state_;  // the failed handler's transitions do not happen
  if (fallback_) {    // the NPC goes on with the last good script
    ReleaseNpc();
    script_ = std::move(fallback_);
    fallback_.reset();
  }
  return false;
}

// A script a limit stopped is never called again: the NPC takes its last good script if it has
// one, and otherwise stands still (the error stays on the panel).
bool ScriptedPredator::UsableScript() {
  if (script_ && script_->stopped() && fallback_ && !fallback_->stopped()) {
    ReleaseNpc();
    script_ = std::move(fallback_);
    fallback_.reset();
  }
  return script_ && !script_->stopped() && script_->lua();
}

namespace {

// The npc table the handlers receive: what the NPC senses and the distances of figure 3.15.
// Filled in a protected call, as everything that allocates in the script's state is.
struct NpcFill {
  int* npc_ref;
  const PredatorSenses* senses;
  const PredatorTuning* tuning;
};

int FillNpc(lua_State* L) {
  auto* f = static_cast<NpcFill*>(lua_touserdata(L, 1));
  if (*f->npc_ref < 0) {
    lua_newtable(L);
    *f->npc_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, *f->npc_ref);
  const PredatorSenses& senses = *f->senses;
  const PredatorTuning& t = *f->tuning;
  auto number = [&](const char* k, double v) {
    lua_pushnumber(L, v);
    lua_setfield(L, -2, k);
  };
  auto boolean = [&](const char* k, bool v) {
    lua_pushboolean(L, v);
    lua_setfield(L, -2, k);
  };
  number("enemy_distance", senses.enemy_distance);
  number("health", senses.health);
  boolean("detects_enemy", DetectsEnemy(senses, t));
  boolean("life_ends", LifeEnds(senses));
  number("dist_min", t.dist_min);
  number("dist_attack", t.dist_attack);
  number("leave_attack", t.leave_attack);
  number("destroy_delay", t.destroy_delay);
  return 0;
}

// Pushes table[handler] (or table.OnMsg[msg name]) if it is a function; false otherwise.
bool PushHandler(lua_State* L, const char* handler, const Message* msg) {
  lua_getfield(L, -1, handler);
  if (msg) {
    if (!lua_istable(L, -1)) {
      lua_pop(L, 1);
      return false;
    }
    lua_getfield(L, -1, MessageNameText(msg->name));
    lua_remove(L, -2);
  }
  if (lua_isfunction(L, -1)) return true;
  lua_pop(L, 1);
  return false;
}

// One handler: looked up in the state's table (or the machine's when `state` is null) and called
// with the npc table (and the message). Run protected by PredatorScript::Call.
struct HandlerCall {
  const char* state;
  const char* handler;
  const Message* msg;
  int npc_ref;
  bool found;
};

int RunHandler(lua_State* L) {
  auto* c = static_cast<HandlerCall*>(lua_touserdata(L, 1));
  lua_getfield(L, LUA_REGISTRYINDEX, c->state ? kStatesKey : kMachineKey);
  if (c->state) lua_getfield(L, -1, c->state);
  if (!lua_istable(L, -1) || !PushHandler(L, c->handler, c->msg)) return 0;
  c->found = true;
  lua_rawgeti(L, LUA_REGISTRYINDEX, c->npc_ref);
  int args = 1;
  if (c->msg) {
    lua_createtable(L, 0, 4);
    lua_pushstring(L, MessageNameText(c->msg->name));
    lua_setfield(L, -2, "name");
    lua_pushnumber(L, c->msg->data);
    lua_setfield(L, -2, "data");
    lua_pushinteger(L, c->msg->from);
    lua_setfield(L, -2, "from");
    lua_pushnumber(L, c->msg->delivery_time);
    lua_setfield(L, -2, "delivery_time");
    ++args;
  }
  lua_call(L, args, 0);
  return 0;
}

// "OnUpdate of state 'chase'", "OnMsg 'destroy' of the machine": what a limit stopped.
std::string Describe(const char* state, const char* handler, const Message* msg) {
  // The handler's name (OnUpdate), the state's and the message's are the script's words.
  if (msg && state)
    return FormatText(N_("%s '%s' of state '%s'"), handler, MessageNameText(msg->name), state);
  if (msg) return FormatText(N_("%s '%s' of the machine"), handler, MessageNameText(msg->name));
  return state ? FormatText(N_("%s of state '%s'"), handler, state)
               : FormatText(N_("%s of the machine"), handler);
}

}  // namespace

bool ScriptedPredator::PushNpc(const PredatorSenses& senses) {
  if (!UsableScript()) return false;
  NpcFill fill{&npc_ref_, &senses, &world_->tuning};
  const std::string error = script_->sandbox().Call(FillNpc, &fill);
  if (!error.empty()) return Fail(script_->Explain(error, LookUpText(N_("filling the npc table"))));
  return true;
}

bool ScriptedPredator::CallStateHandler(PredatorState s, const char* handler, const Message* msg) {
  return CallHandler(PredatorStateName(s), handler, msg);
}

bool ScriptedPredator::CallMachineHandler(const char* handler, const Message* msg) {
  return CallHandler(nullptr, handler, msg);
}

// The state's and the machine's handlers are called alike, protected and within the script's
// limits. A script error is recorded (Fail), never thrown into the game loop.
bool ScriptedPredator::CallHandler(const char* state, const char* handler, const Message* msg) {
  if (!UsableScript() || npc_ref_ < 0) return false;
  HandlerCall call{state, handler, msg, npc_ref_, false};
  LuaSandbox& sandbox = script_->sandbox();
  sandbox.user = this;
  const std::string error = sandbox.Call(RunHandler, &call);
  sandbox.user = nullptr;
  if (!error.empty()) return Fail(script_->Explain(error, Describe(state, handler, msg)));
  return call.found;
}

// SetState's effect: OnExit of the old state, then OnEnter of the new one, which may set another.
bool ScriptedPredator::ApplyPendingTransitions() {
  for (int i = 0; i < 8 && pending_ != state_; ++i) {
    const int errors = errors_;
    CallStateHandler(state_, "OnExit", nullptr);
    if (errors_ != errors) return false;
    state_ = pending_;
    CallStateHandler(state_, "OnEnter", nullptr);
    if (errors_ != errors) return false;
  }
  return true;
}

void ScriptedPredator::Start() {
  started_ = true;
  pending_ = PredatorState::kWait;
  CallMachineHandler("OnEnter", nullptr);  // the machine's OnEnter chooses the first state
  state_ = pending_;
  CallStateHandler(state_, "OnEnter", nullptr);
  ApplyPendingTransitions();
}

void ScriptedPredator::Update(const PredatorSenses& senses, PredatorContext& world) {
  world_ = &world;
  if (!PushNpc(senses)) {
    world_ = nullptr;
    return;
  }
  if (!started_) Start();
  pending_ = state_;
  const int errors = errors_;
  CallStateHandler(state_, "OnUpdate", nullptr);
  if (errors_ == errors) ApplyPendingTransitions();
  world_ = nullptr;
}

bool ScriptedPredator::Deliver(const Message& m, PredatorContext& world) {
  world_ = &world;
  if (npc_ref_ < 0 && !PushNpc(senses_)) {
    world_ = nullptr;
    return false;
  }
  pending_ = state_;
  bool handled = CallStateHandler(state_, "OnMsg", &m);
  if (!handled) handled = CallMachineHandler("OnMsg", &m);
  ApplyPendingTransitions();
  world_ = nullptr;
  return handled;
}

}  // namespace partlab::ai
