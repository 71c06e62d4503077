// A Lua state for a script someone else wrote: the predator script of section 3.4.2 is a file a
// teacher may download and open, so it runs with limits it cannot lift (docs/hostile-inputs.md):
//  - an instruction budget and a time budget per call, checked by a lua_sethook count hook every
//    few instructions: a script over either is stopped there, so `while true do end` costs one
//    budget, not the app. Instructions alone are not enough: one instruction can copy or compare
//    megabytes (`a == b` on two long strings, `s .. s`), and the fuzzer found a loop of such
//    instructions within the count that ran for minutes;
//  - a memory cap through the state's own allocator: a request past it fails as Lua's "not enough
//    memory", and nothing outside this state is touched;
//  - only what a state machine needs: the base functions without dofile, loadfile, load, xpcall
//    (pcall cannot catch the two limits above), collectgarbage reduced to "collect", "count" and
//    "step"; math; table (sort and move bounded); string without dump and without the pattern
//    functions (find, match, gmatch, gsub: their backtracking runs in C, where the count hook never
//    fires, and takes exponential time: ("a*"):rep(n) .. "b" on n letters a costs about 14 times
//    more for each 2 added to n, 0.14 s at n = 12), rep at most 65,536 copies (it
//    copies once per count in C). No io, os,
//    package, debug, coroutine or utf8. Chunks are loaded as text only: binary chunks skip the
//    parser, and Lua 5.4 does not verify bytecode.
// A call that went over a limit marks the state stopped: its owner stops calling it (a full state
// is not safe to keep using), and reloading the file gives a fresh one.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/thread_cpu_clock.h"

struct lua_State;
struct lua_Debug;
typedef int (*lua_CFunction)(lua_State* L);

namespace partlab::ai {

// 64 MiB: the shipped predator script runs in under 100 KB (tests/ai/lua_sandbox_test.cpp prints
// the figure), so this is hundreds of times what a state machine needs, while a few such states
// (the running script and the last good one) stay far below what the app's models take.
inline constexpr size_t kScriptMemoryBytes = size_t(64) << 20;
// Lua instructions one call may run: the shipped handlers take under a hundred, so this is
// thousands of times that, while one budget spent costs milliseconds (the test prints it); a
// script stopped by it is not called again, so it costs one frame's hitch, once.
inline constexpr long kScriptInstructionBudget = 200000;
// CPU time one call may take (the thread's, so a busy machine that deschedules the app does not
// stop a good script): far above what a handler needs (microseconds); a script stopped by it costs
// a quarter of a second, once. Checked every kScriptHookEvery instructions, so the overshoot is
// at most that many instructions (each at worst a copy of the memory cap).
inline constexpr double kScriptTimeBudgetSeconds = 0.25;
inline constexpr int kScriptHookEvery = 10;
// A script file: the shipped one is 2 KB.
inline constexpr uint64_t kMaxScriptBytes = uint64_t(1) << 20;

class LuaSandbox {
 public:
  enum class Limit { kNone, kInstructions, kTime, kMemory };

  explicit LuaSandbox(size_t memory_cap = kScriptMemoryBytes,
                      long instruction_budget = kScriptInstructionBudget);
  ~LuaSandbox();
  LuaSandbox(const LuaSandbox&) = delete;
  LuaSandbox& operator=(const LuaSandbox&) = delete;

  // Null only when the state could not be created at all.
  lua_State* lua() const { return lua_; }
  static LuaSandbox& Of(lua_State* L);

  // Compiles `text` (never a binary chunk) as the function on top of the stack. LUA_OK, or an
  // error status with the message on top, as luaL_loadbufferx.
  int LoadText(std::string_view text, const std::string& chunk_name);

  // Calls f(L) with `data` as its one light-userdata argument, protected, with a fresh
  // instruction budget. Returns "" or the error as one line; when a limit stopped the call,
  // stopped() says which and stop_line() where.
  std::string Call(lua_CFunction f, void* data);
  // The same for the function on top of the stack (a loaded chunk), called with no arguments.
  std::string CallTop();

  Limit stopped() const { return stopped_; }
  int stop_line() const { return stop_line_; }  // 0 when unknown
  std::string StopReason() const;               // "more than 200000 Lua instructions in one call"
  size_t memory_in_use() const { return used_; }
  size_t memory_cap() const { return cap_; }

  // What the script's C functions act on during a call (the predator whose handler runs).
  void* user = nullptr;

  // The script's pcall: catches the script's own errors, never a limit (caught, the loop around
  // the pcall would go on).
  static int ScriptPcall(lua_State* L);

 private:
  static void* Allocate(void* ud, void* ptr, size_t old_size, size_t new_size);
  static void CountHook(lua_State* L, lua_Debug* ar);
  void StartCall();
  std::string Finish(int status);
  void Stop(Limit limit, int line);
  int CurrentLine() const;
  void OpenLibraries();

  lua_State* lua_ = nullptr;
  size_t used_ = 0;
  size_t cap_;
  long budget_ticks_;  // hook calls a call may take
  long ticks_ = 0;
  ThreadCpuClock::time_point call_start_;
  Limit stopped_ = Limit::kNone;
  int stop_line_ = 0;
  int refused_line_ = 0;  // where the allocator last refused a request
};

}  // namespace partlab::ai
