#include "engine/ai/predator_script.h"

#include <cmath>
#include <cstring>
#include <filesystem>
#include <system_error>

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
}

namespace partlab::ai {
namespace {

constexpr const char* kMachineKey = "partlab.machine";
constexpr const char* kStatesKey = "partlab.states";
constexpr const char* kCurrentKey = "partlab.current";
constexpr const char* kBeginLineKey = "partlab.begin_line";

enum class Call { kAbsent, kHandled, kFailed };

bool StateFromName(const char* name, PredatorState& out) {
  for (int s = 0; s < kPredatorStates; ++s)
    if (std::strcmp(name, PredatorStateName(static_cast<PredatorState>(s))) == 0) {
      out = static_cast<PredatorState>(s);
      return true;
    }
  return false;
}

std::string OneLine(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

// The predator whose handler is running, or an error when the script calls outside a handler.
ScriptedPredator* Current(lua_State* L, const char* function) {
  lua_getfield(L, LUA_REGISTRYINDEX, kCurrentKey);
  auto* p = static_cast<ScriptedPredator*>(lua_touserdata(L, -1));
  lua_pop(L, 1);
  if (!p) luaL_error(L, "%s called outside a state handler", function);
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
    return luaL_error(L, "unknown state '%s' (figure 3.15 has wait, chase, attack, die)", name);
  lua_pushvalue(L, 1);
  lua_pushcclosure(L, LuaDefineState, 1);
  return 1;
}

int LuaSetState(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  PredatorState s;
  if (!StateFromName(name, s)) return luaL_error(L, "SetState: unknown state '%s'", name);
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
  if (!MessageFromName(name, n)) return luaL_error(L, "unknown message '%s'", name);
  if (!(delay >= 0.0) || !std::isfinite(delay))
    return luaL_error(L, "message delay must be a finite number >= 0");
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

void OpenSafeLibraries(lua_State* L) {
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  lua_pop(L, 4);
}

void RegisterLanguage(lua_State* L) {
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
  lua_pop(L, 1);
}

}  // namespace

PredatorScript::~PredatorScript() {
  if (lua_) lua_close(lua_);
}

LoadResult<std::shared_ptr<PredatorScript>> PredatorScript::Load(const std::string& path) {
  std::shared_ptr<PredatorScript> s(new PredatorScript());
  s->lua_ = luaL_newstate();
  s->name_ = path;
  OpenSafeLibraries(s->lua_);
  RegisterLanguage(s->lua_);
  if (!std::filesystem::exists(path))
    return LoadResult<std::shared_ptr<PredatorScript>>::Fail(path + ":0: cannot open file");
  return Finish(s, luaL_loadfile(s->lua_, path.c_str()));
}

LoadResult<std::shared_ptr<PredatorScript>> PredatorScript::FromText(const std::string& text,
                                                                     const std::string& name) {
  std::shared_ptr<PredatorScript> s(new PredatorScript());
  s->lua_ = luaL_newstate();
  s->name_ = name;
  OpenSafeLibraries(s->lua_);
  RegisterLanguage(s->lua_);
  const std::string chunk = "@" + name;  // messages then read "name:line: ..."
  return Finish(s, luaL_loadbuffer(s->lua_, text.data(), text.size(), chunk.c_str()));
}

LoadResult<std::shared_ptr<PredatorScript>> PredatorScript::Finish(
    std::shared_ptr<PredatorScript> s, int load_status) {
  using R = LoadResult<std::shared_ptr<PredatorScript>>;
  lua_State* L = s->lua_;
  if (load_status != LUA_OK || lua_pcall(L, 0, 0, 0) != LUA_OK) {
    const char* m = lua_tostring(L, -1);
    return R::Fail(OneLine(m ? m : s->name_ + ":0: error object is not a string"));
  }
  lua_getfield(L, LUA_REGISTRYINDEX, kMachineKey);
  const bool has_machine = lua_istable(L, -1);
  lua_pop(L, 1);
  if (!has_machine) return R::Fail(s->name_ + ":1: the script never calls BeginStateMachine");
  lua_getfield(L, LUA_REGISTRYINDEX, kBeginLineKey);
  const long long line = lua_tointeger(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, LUA_REGISTRYINDEX, kStatesKey);
  for (int i = 0; i < kPredatorStates; ++i) {
    const char* name = PredatorStateName(static_cast<PredatorState>(i));
    lua_getfield(L, -1, name);
    const bool defined = lua_istable(L, -1);
    lua_pop(L, 1);
    if (!defined)
      return R::Fail(s->name_ + ":" + std::to_string(line) + ": the machine has no State \"" +
                     name + "\"");
  }
  lua_pop(L, 1);
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

ScriptedPredator::~ScriptedPredator() {
  if (script_ && npc_ref_ >= 0) luaL_unref(script_->lua(), LUA_REGISTRYINDEX, npc_ref_);
}

void ScriptedPredator::UseScript(std::shared_ptr<PredatorScript> script) {
  if (!script || script == script_) return;
  if (script_ && npc_ref_ >= 0) luaL_unref(script_->lua(), LUA_REGISTRYINDEX, npc_ref_);
  npc_ref_ = -1;
  fallback_ = std::move(script_);
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
    if (npc_ref_ >= 0) luaL_unref(script_->lua(), LUA_REGISTRYINDEX, npc_ref_);
    npc_ref_ = -1;
    script_ = std::move(fallback_);
    fallback_.reset();
  }
  return false;
}

// The npc table the handlers receive: what the NPC senses and the distances of figure 3.15.
void ScriptedPredator::PushNpc(const PredatorSenses& senses) {
  lua_State* L = script_->lua();
  if (npc_ref_ < 0) {
    lua_newtable(L);
    npc_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, npc_ref_);
  const PredatorTuning& t = world_->tuning;
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
}

namespace {

// Calls the function on top of the stack with the npc table (and the message), this predator
// marked as the one the language functions act on.
Call CallTop(lua_State* L, int npc_ref, const Message* msg, ScriptedPredator* self,
             std::string& error) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, npc_ref);
  int args = 1;
  if (msg) {
    lua_createtable(L, 0, 4);
    lua_pushstring(L, MessageNameText(msg->name));
    lua_setfield(L, -2, "name");
    lua_pushnumber(L, msg->data);
    lua_setfield(L, -2, "data");
    lua_pushinteger(L, msg->from);
    lua_setfield(L, -2, "from");
    lua_pushnumber(L, msg->delivery_time);
    lua_setfield(L, -2, "delivery_time");
    ++args;
  }
  lua_pushlightuserdata(L, self);
  lua_setfield(L, LUA_REGISTRYINDEX, kCurrentKey);
  const int status = lua_pcall(L, args, 0, 0);
  lua_pushnil(L);
  lua_setfield(L, LUA_REGISTRYINDEX, kCurrentKey);
  if (status == LUA_OK) return Call::kHandled;
  const char* m = lua_tostring(L, -1);
  error = m ? m : "error object is not a string";
  lua_pop(L, 1);
  return Call::kFailed;
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

}  // namespace

bool ScriptedPredator::CallStateHandler(PredatorState s, const char* handler, const Message* msg) {
  lua_State* L = script_->lua();
  const int top = lua_gettop(L);
  lua_getfield(L, LUA_REGISTRYINDEX, kStatesKey);
  lua_getfield(L, -1, PredatorStateName(s));
  return CallHandlerOfTableOnTop(top, handler, msg);
}

bool ScriptedPredator::CallMachineHandler(const char* handler, const Message* msg) {
  lua_State* L = script_->lua();
  const int top = lua_gettop(L);
  lua_getfield(L, LUA_REGISTRYINDEX, kMachineKey);
  return CallHandlerOfTableOnTop(top, handler, msg);
}

// The state's and the machine's handlers are called alike: look the handler up in the table on
// top of the stack, call it with the NPC (and the message), then put the stack back to `top`
// whatever happened. A script error is recorded (Fail), never thrown into the game loop.
bool ScriptedPredator::CallHandlerOfTableOnTop(int top, const char* handler, const Message* msg) {
  lua_State* L = script_->lua();
  if (!lua_istable(L, -1) || !PushHandler(L, handler, msg)) {
    lua_settop(L, top);
    return false;
  }
  std::string error;
  const Call c = CallTop(L, npc_ref_, msg, this, error);
  lua_settop(L, top);
  if (c == Call::kFailed) Fail(error);
  return c == Call::kHandled;
}

// SetState's effect: OnExit of the old state, OnEnter of the new one, which may set another.
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
  if (!script_) return;
  world_ = &world;
  PushNpc(senses);
  lua_pop(script_->lua(), 1);
  if (!started_) Start();
  pending_ = state_;
  const int errors = errors_;
  CallStateHandler(state_, "OnUpdate", nullptr);
  if (errors_ == errors) ApplyPendingTransitions();
  world_ = nullptr;
}

bool ScriptedPredator::Deliver(const Message& m, PredatorContext& world) {
  if (!script_) return false;
  world_ = &world;
  if (npc_ref_ < 0) {
    PushNpc(senses_);
    lua_pop(script_->lua(), 1);
  }
  pending_ = state_;
  bool handled = CallStateHandler(state_, "OnMsg", &m);
  if (!handled) handled = CallMachineHandler("OnMsg", &m);
  ApplyPendingTransitions();
  world_ = nullptr;
  return handled;
}

}  // namespace partlab::ai
