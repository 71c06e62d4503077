#include "engine/ai/lua_sandbox.h"

#include <cstdio>
#include <cstdlib>

#include "engine/text/translatable.h"

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
}

namespace partlab::ai {
namespace {

constexpr lua_Integer kMaxRepCount = lua_Integer(1) << 16;
constexpr lua_Unsigned kMaxMoveCount = lua_Unsigned(1) << 20;   // table.move loops in C
constexpr lua_Unsigned kMaxSortLength = lua_Unsigned(1) << 17;  // table.sort: n log n in C

// The library function a bounded wrapper checks its arguments for, then calls.
int CallOriginal(lua_State* L, int results) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, results);
  return results < 0 ? lua_gettop(L) : results;
}

// string.rep copies its argument once per count in C, where the count hook never fires: a count
// of a million one-byte copies takes tens of milliseconds under AddressSanitizer (the fuzzer found
// its time going there). At most 65,536 copies; the result's size is the memory cap's business.
int BoundedRep(lua_State* L) {
  if (luaL_checkinteger(L, 2) > kMaxRepCount)
    return luaL_error(L, LookUpText(N_("string.rep: count above %d")), int(kMaxRepCount));
  return CallOriginal(L, 1);
}

int BoundedMove(lua_State* L) {
  const lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
  if (e >= f && lua_Unsigned(e) - lua_Unsigned(f) >= kMaxMoveCount)
    return luaL_error(L, LookUpText(N_("table.move: more than %d elements")), int(kMaxMoveCount));
  return CallOriginal(L, 1);
}

int BoundedSort(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  if (lua_rawlen(L, 1) > kMaxSortLength)
    return luaL_error(L, LookUpText(N_("table.sort: more than %d elements")), int(kMaxSortLength));
  return CallOriginal(L, 0);
}

// collectgarbage("collect" | "count" | "step"): what a script may want to know or ask; stopping,
// restarting or tuning the collector is the host's business.
int LimitedCollectGarbage(lua_State* L) {
  static const char* const kOptions[] = {"collect", "count", "step", nullptr};
  switch (luaL_checkoption(L, 1, "collect", kOptions)) {
    case 0:
      lua_gc(L, LUA_GCCOLLECT);
      lua_pushinteger(L, 0);
      return 1;
    case 1:
      lua_pushnumber(L, lua_gc(L, LUA_GCCOUNT) + lua_gc(L, LUA_GCCOUNTB) / 1024.0);
      return 1;
    default:
      lua_pushboolean(L, lua_gc(L, LUA_GCSTEP, 0));
      return 1;
  }
}

// Replaces table[name] by a C closure holding the original as its upvalue.
void Wrap(lua_State* L, const char* name, lua_CFunction wrapper) {
  lua_getfield(L, -1, name);
  lua_pushcclosure(L, wrapper, 1);
  lua_setfield(L, -2, name);
}

void Remove(lua_State* L, const char* name) {
  lua_pushnil(L);
  lua_setfield(L, -2, name);
}

int OpenLibrariesProtected(lua_State* L) {
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  for (const char* name : {"dofile", "loadfile", "load", "xpcall"}) Remove(L, name);
  lua_pushcfunction(L, LimitedCollectGarbage);
  lua_setfield(L, -2, "collectgarbage");
  lua_pushcfunction(L, LuaSandbox::ScriptPcall);
  lua_setfield(L, -2, "pcall");
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  for (const char* name : {"dump", "find", "match", "gmatch", "gsub"}) Remove(L, name);
  Wrap(L, "rep", BoundedRep);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  Wrap(L, "move", BoundedMove);
  Wrap(L, "sort", BoundedSort);
  return 0;
}

int Panic(lua_State* L) {  // an error outside any protected call: a bug of ours, not the script's
  std::fprintf(stderr, "partlab: Lua panic: %s\n", lua_tostring(L, -1));
  std::abort();
}

}  // namespace

LuaSandbox::LuaSandbox(size_t memory_cap, long instruction_budget)
    : cap_(memory_cap), budget_ticks_(instruction_budget / kScriptHookEvery) {
  lua_ = lua_newstate(&LuaSandbox::Allocate, this);
  if (!lua_) return;
  *static_cast<LuaSandbox**>(lua_getextraspace(lua_)) = this;
  lua_atpanic(lua_, Panic);
  lua_sethook(lua_, &LuaSandbox::CountHook, LUA_MASKCOUNT, kScriptHookEvery);
  OpenLibraries();
}

LuaSandbox::~LuaSandbox() {
  if (lua_) lua_close(lua_);  // finalizers run under the same hook and cap
}

LuaSandbox& LuaSandbox::Of(lua_State* L) {
  return **static_cast<LuaSandbox**>(lua_getextraspace(L));
}

void LuaSandbox::OpenLibraries() {
  const std::string error = Call(OpenLibrariesProtected, nullptr);
  if (!error.empty()) {  // cannot happen under any sane cap; leave no half-opened state
    lua_close(lua_);
    lua_ = nullptr;
  }
}

int LuaSandbox::LoadText(std::string_view text, const std::string& chunk_name) {
  StartCall();
  const int status = luaL_loadbufferx(lua_, text.data(), text.size(), chunk_name.c_str(), "t");
  if (status == LUA_ERRMEM) Stop(Limit::kMemory, 0);
  return status;
}

void LuaSandbox::StartCall() {
  ticks_ = 0;
  stopped_ = Limit::kNone;
  call_start_ = ThreadCpuClock::now();
}

std::string LuaSandbox::Call(lua_CFunction f, void* data) {
  StartCall();
  lua_pushcfunction(lua_, f);
  lua_pushlightuserdata(lua_, data);
  return Finish(lua_pcall(lua_, 1, 0, 0));
}

std::string LuaSandbox::CallTop() {
  StartCall();
  return Finish(lua_pcall(lua_, 0, 0, 0));
}

std::string LuaSandbox::Finish(int status) {
  if (status == LUA_OK) return {};
  if (status == LUA_ERRMEM) Stop(Limit::kMemory, refused_line_);
  // Only a string is read: lua_tostring would convert a number in place, which allocates.
  std::string message = lua_type(lua_, -1) == LUA_TSTRING
                            ? lua_tostring(lua_, -1)
                            : LookUpText(N_("error object is not a string"));
  lua_pop(lua_, 1);
  for (char& c : message)
    if (c == '\n' || c == '\r') c = ' ';
  return message;
}

std::string LuaSandbox::StopReason() const {
  switch (stopped_) {
    case Limit::kInstructions:
      return FormatText(N_("more than %lld Lua instructions in one call"),
                        static_cast<long long>(budget_ticks_ * kScriptHookEvery));
    case Limit::kTime:
      return FormatText(N_("more than %d ms in one call"),
                        int(kScriptTimeBudgetSeconds * 1000 + 0.5));
    case Limit::kMemory:
      return FormatText(N_("needs more than the %zu MiB a script may use"), size_t(cap_ >> 20));
    case Limit::kNone:
      break;
  }
  return {};
}

void LuaSandbox::Stop(Limit limit, int line) {
  if (stopped_ != Limit::kNone) return;  // the first limit reached is the one reported
  stopped_ = limit;
  stop_line_ = line;
}

// The line of the innermost Lua function running (C functions have none).
int LuaSandbox::CurrentLine() const {
  lua_Debug ar;
  for (int level = 0; lua_getstack(lua_, level, &ar); ++level)
    if (lua_getinfo(lua_, "l", &ar) && ar.currentline > 0) return ar.currentline;
  return 0;
}

void* LuaSandbox::Allocate(void* ud, void* ptr, size_t old_size, size_t new_size) {
  auto* s = static_cast<LuaSandbox*>(ud);
  const size_t old = ptr ? old_size : 0;  // for a new block, old_size is the object's type
  if (new_size == 0) {
    std::free(ptr);
    s->used_ -= old;
    return nullptr;
  }
  if (new_size > old && s->used_ - old + new_size > s->cap_) {
    // Lua collects garbage and asks once more before raising "not enough memory"; whether the
    // call is stopped is decided when that error arrives (Call, Pcall).
    if (s->lua_) s->refused_line_ = s->CurrentLine();
    return nullptr;
  }
  void* p = std::realloc(ptr, new_size);
  if (p) s->used_ = s->used_ - old + new_size;
  return p;
}

void LuaSandbox::CountHook(lua_State* L, lua_Debug* ar) {
  LuaSandbox& s = Of(L);
  Limit over = s.stopped_;
  if (over == Limit::kNone && ++s.ticks_ > s.budget_ticks_) over = Limit::kInstructions;
  if (over == Limit::kNone && ThreadCpuClock::now() - s.call_start_ >
                                  std::chrono::duration<double>(kScriptTimeBudgetSeconds))
    over = Limit::kTime;
  if (over == Limit::kNone) return;
  lua_getinfo(L, "l", ar);
  s.Stop(over, ar->currentline > 0 ? ar->currentline : 0);
  // A literal: lua_error leaves by longjmp, which would skip a std::string's destructor (a leak
  // the fuzzer found). The caller words the message from stopped() and stop_line().
  luaL_error(L, "over the budget");
}

int LuaSandbox::ScriptPcall(lua_State* L) {
  luaL_checkany(L, 1);
  const int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  LuaSandbox& s = Of(L);
  if (status == LUA_ERRMEM) s.Stop(Limit::kMemory, s.refused_line_);
  if (s.stopped_ != Limit::kNone) return lua_error(L);
  luaL_checkstack(L, 1, "pcall results");
  lua_pushboolean(L, status == LUA_OK);
  lua_insert(L, 1);
  return lua_gettop(L);
}

}  // namespace partlab::ai
