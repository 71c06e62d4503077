// The predator script's sandbox (engine/ai/lua_sandbox.h) against scripts a hostile or careless
// author could share: an endless loop, a memory-hungry table, and every way out to files,
// processes or bytecode. Each limit is checked by what it must prevent (the call returns, the
// process stays small, the function is not there), and a good script still runs as the direct
// code of section 3.4.2 does. Its own executable: the peak resident size is the process's.
#include <gtest/gtest.h>
#include "test_paths.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
}

#include "engine/ai/message_queue.h"
#include "engine/ai/predator_direct.h"
#include "engine/ai/predator_script.h"
#include "engine/thread_cpu_clock.h"

namespace partlab::ai {
namespace {

// A machine whose "wait" state runs `update` (Lua statements) as its OnUpdate.
std::string MachineWithUpdate(const std::string& update, const std::string& top = "") {
  return top +
         "\nBeginStateMachine { OnEnter = function(npc) SetState('wait') end }\n"
         "State 'wait' { OnUpdate = function(npc)\n" +
         update +
         "\nend }\n"
         "State 'chase' {} State 'attack' {} State 'die' {}\n";
}

std::shared_ptr<PredatorScript> Loaded(const std::string& text, const std::string& name) {
  auto r = PredatorScript::FromText(text, name);
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? r.value() : nullptr;
}

std::shared_ptr<PredatorScript> Shipped() {
  auto r = PredatorScript::Load(std::string(PARTLAB_ASSET_DIR) + "/scripts/predator.lua");
  EXPECT_TRUE(r.ok()) << r.error();
  return r.value();
}

// The thread's CPU time since `since`: the tests run on a shared machine, where wall time also
// counts other processes' time slices.
double Seconds(ThreadCpuClock::time_point since) {
  return std::chrono::duration<double>(ThreadCpuClock::now() - since).count();
}

// The process's peak resident set (VmHWM), in MiB.
double PeakResidentMiB() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  return -1.0;
}

struct World {
  MessageQueue messages;
  PredatorContext context;
  World() { context.messages = &messages; }
};

// The inputs of figure 3.15's walk: far, near, close, far again, dying.
const std::vector<PredatorSenses> kWalk = {{20, 1}, {5, 1},  {1, 1}, {1, 1}, {3, 1},
                                           {8, 1},  {12, 1}, {5, 1}, {5, 0}, {5, 0}};

// First in the file: the peak resident size it reads is the process's since it started.
TEST(ScriptLimits, MemoryHungryScriptIsStoppedAtTheCapAndTheProcessStaysSmall) {
  World w;
  const double before = PeakResidentMiB();
  // A table of big strings (16 MiB here, so that the cap is reached well within the time budget),
  // as the hostile corpus's script builds with 1 MB ones: without a cap it grows until the kernel
  // kills the process. pcall is no way around the cap either.
  auto script = Loaded(MachineWithUpdate("for i = 1, 100000 do\n"
                                         "  pcall(function() t[#t + 1] = ('x'):rep(65536):rep(256) "
                                         ".. i end)\n"
                                         "end",
                                         "t = {}"),
                       "hungry.lua");
  ScriptedPredator npc(script);
  npc.Update(kWalk[0], w.context);
  const double after = PeakResidentMiB();
  std::printf("peak resident: %.0f MiB before, %.0f MiB after the script\n", before, after);
  EXPECT_EQ(npc.last_error(),
            "hungry.lua:5: OnUpdate of state 'wait' stopped: needs more than the 64 MiB a script "
            "may use");
  EXPECT_LE(script->sandbox().memory_in_use(), kScriptMemoryBytes);
  // The cap, plus the copy a string.rep result is built in, plus the allocator's slack (and, under
  // AddressSanitizer, its quarantine of freed blocks: 256 MiB by default).
  double slack_mib = 0.0;
#if defined(__SANITIZE_ADDRESS__)
  slack_mib = 256.0;
#endif
  EXPECT_LT(after - before, 3.0 * (kScriptMemoryBytes >> 20) + slack_mib);
  EXPECT_TRUE(script->stopped());
}

TEST(ScriptLimits, EndlessLoopIsStoppedWithOneLineAndTheNpcKeepsItsLastGoodScript) {
  World w;
  ScriptedPredator npc(Shipped());
  DirectPredator direct;  // the independent answer: the same machine written in C++
  npc.Update(kWalk[0], w.context);
  direct.Update(kWalk[0], w.context);
  npc.UseScript(Loaded(MachineWithUpdate("local n = 0\nwhile true do n = n + 1 end"), "loop.lua"));
  const auto start = ThreadCpuClock::now();
  npc.Update(kWalk[1], w.context);
  const double stopped_after = Seconds(start);
  std::printf("an endless loop is stopped after %.1f ms of CPU time\n", stopped_after * 1e3);
  EXPECT_LT(stopped_after, 2.0);
  EXPECT_EQ(npc.last_error(),
            "loop.lua:5: OnUpdate of state 'wait' stopped: more than 200000 Lua instructions in "
            "one call");
  // Back on the shipped script: from here it must behave as the direct code does.
  direct.Update(kWalk[1], w.context);
  direct.Reset(npc.state());
  for (size_t i = 2; i < kWalk.size(); ++i) {
    npc.Update(kWalk[i], w.context);
    direct.Update(kWalk[i], w.context);
    EXPECT_EQ(npc.state(), direct.state()) << "input " << i;
  }
  EXPECT_EQ(npc.errors(), 1);
}

TEST(ScriptLimits, AStoppedScriptIsNotCalledAgainSoLaterFramesCostNothing) {
  World w;
  ScriptedPredator npc(Loaded(MachineWithUpdate("while true do end"), "loop.lua"));
  npc.Update(kWalk[0], w.context);
  ASSERT_EQ(npc.errors(), 1);
  const auto start = ThreadCpuClock::now();
  for (int frame = 0; frame < 1000; ++frame) npc.Update(kWalk[0], w.context);
  EXPECT_LT(Seconds(start), 0.05);  // a thousand frames, no budget spent again
  EXPECT_EQ(npc.errors(), 1);
}

TEST(ScriptLimits, PcallCannotCatchTheBudget) {
  World w;
  ScriptedPredator npc(Loaded(
      MachineWithUpdate("while true do pcall(function() while true do end end) end"), "p.lua"));
  npc.Update(kWalk[0], w.context);
  EXPECT_NE(npc.last_error().find("stopped: more than 200000 Lua instructions"), std::string::npos)
      << npc.last_error();
}

// One instruction can compare megabytes: within the instruction budget such a loop would run for
// minutes; the time budget stops it.
TEST(ScriptLimits, CostlyInstructionsAreStoppedByTheTimeBudget) {
  World w;
  ScriptedPredator npc(Loaded(MachineWithUpdate("local a = ('x'):rep(65536):rep(256)\n"
                                                "local b = ('x'):rep(65536):rep(256)\n"
                                                "while true do if a == b then end end"),
                              "compare.lua"));
  const auto start = ThreadCpuClock::now();
  npc.Update(kWalk[0], w.context);
  const double stopped_after = Seconds(start);
  std::printf("16 MB string comparisons in a loop are stopped after %.0f ms of CPU time\n",
              stopped_after * 1e3);
  EXPECT_LT(stopped_after, 1.0);
  EXPECT_EQ(npc.last_error(),
            "compare.lua:6: OnUpdate of state 'wait' stopped: more than 250 ms in one call");
}

TEST(ScriptLimits, EndlessTopLevelFailsTheLoad) {
  auto r = PredatorScript::FromText("local x = 0\nwhile true do x = x + 1 end\n", "top.lua");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(),
            "top.lua:2: the script's top level stopped: more than 200000 Lua instructions in one "
            "call");
}

TEST(ScriptLimits, EveryWayOutIsGone) {
  // Each name must be nil; each call must fail. The script reports what it found as its error.
  const std::string probe =
      "local open = {}\n"
      "for _, name in ipairs({'dofile', 'loadfile', 'load', 'loadstring', 'require', 'xpcall',\n"
      "    'io', 'os', 'package', 'debug', 'coroutine', 'utf8'}) do\n"
      "  if _G[name] ~= nil then open[#open + 1] = name end\n"
      "end\n"
      "for _, name in ipairs({'dump', 'find', 'match', 'gmatch', 'gsub'}) do\n"
      "  if string[name] ~= nil then open[#open + 1] = 'string.' .. name end\n"
      "end\n"
      "for _, option in ipairs({'stop', 'restart', 'incremental', 'generational', 'setpause'}) do\n"
      "  if pcall(collectgarbage, option) then open[#open + 1] = 'collectgarbage ' .. option end\n"
      "end\n"
      "if pcall(string.rep, '', 1 << 40) then open[#open + 1] = 'string.rep unbounded' end\n"
      "if not pcall(string.rep, 'ab', 65536) then open[#open + 1] = 'string.rep too tight' end\n"
      "if pcall(table.move, {}, 1, 1 << 40, 2) then open[#open + 1] = 'table.move unbounded' end\n"
      "if type(collectgarbage('count')) ~= 'number' then open[#open + 1] = 'no count' end\n"
      "if #open > 0 then error('open: ' .. table.concat(open, ' '), 0) end\n";
  auto r = PredatorScript::FromText(MachineWithUpdate("", probe), "probe.lua");
  EXPECT_TRUE(r.ok()) << r.error();
}

TEST(ScriptLimits, BinaryChunksAreRefused) {
  // A valid precompiled chunk, made by a plain Lua state (string.dump is gone in the sandbox).
  lua_State* L = luaL_newstate();
  ASSERT_EQ(luaL_loadstring(L, "BeginStateMachine {}"), LUA_OK);
  std::string bytes;
  lua_dump(
      L,
      [](lua_State*, const void* p, size_t n, void* out) {
        static_cast<std::string*>(out)->append(static_cast<const char*>(p), n);
        return 0;
      },
      &bytes, 0);
  lua_close(L);
  auto r = PredatorScript::FromText(bytes, "compiled.lua");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "compiled.lua:1: attempt to load a binary chunk (mode is 't')");
}

TEST(ScriptLimits, ErrorsWithoutAPositionStillNameTheFileAndTheHandler) {
  World w;
  ScriptedPredator npc(Loaded(MachineWithUpdate("error({})"), "table_error.lua"));
  npc.Update(kWalk[0], w.context);
  EXPECT_EQ(npc.last_error(),
            "table_error.lua:0: OnUpdate of state 'wait': error object is not a string");
}

TEST(ScriptLimits, TheShippedScriptFitsItsLimitsWithRoomToSpare) {
  World w;
  auto script = Shipped();
  ScriptedPredator npc(script);
  for (const PredatorSenses& s : kWalk) npc.Update(s, w.context);
  EXPECT_EQ(npc.errors(), 0) << npc.last_error();
  const size_t used = script->sandbox().memory_in_use();
  std::printf("the shipped script's state holds %zu bytes\n", used);
  EXPECT_LT(used, size_t(100) << 10);
}

}  // namespace
}  // namespace partlab::ai
