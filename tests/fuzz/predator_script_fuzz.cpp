// Fuzz target: a predator script (section 3.4.2's machine in Lua) loaded and run in its sandbox
// (engine/ai/lua_sandbox.h): the top level, then the handlers through a few updates and a
// message. Property: every error, at load or at run time, is one line "fuzz.lua:LINE: problem";
// whatever the script does, the limits hold (the state never uses more than its cap) and the
// harness returns (an endless loop would time the fuzzer out).
#include <cmath>
#include <string>

#include "engine/ai/message_queue.h"
#include "engine/ai/predator_script.h"
#include "tests/fuzz/error_line.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace partlab::ai;
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto loaded = PredatorScript::FromText(text, "fuzz.lua");
  if (!loaded.ok()) {
    partlab::fuzz::CheckErrorLine(loaded.error(), "fuzz.lua");
    return 0;
  }
  std::shared_ptr<PredatorScript> script = loaded.value();
  ScriptedPredator npc(script);
  MessageQueue messages;
  PredatorContext world;
  world.messages = &messages;
  // Far, near, close, dying: every transition of figure 3.15 is on offer.
  const PredatorSenses senses[] = {{20.0, 1.0}, {5.0, 1.0}, {1.0, 1.0}, {1.0, 0.0}};
  int errors = 0;
  for (const PredatorSenses& s : senses) {
    npc.Update(s, world);
    world.now += 0.5;
    if (npc.errors() != errors) {
      errors = npc.errors();
      partlab::fuzz::CheckErrorLine(npc.last_error(), "fuzz.lua");
    }
  }
  npc.Deliver({MessageName::kDestroy, 0, 0, world.now, 0.0}, world);
  if (npc.errors() != errors) partlab::fuzz::CheckErrorLine(npc.last_error(), "fuzz.lua");
  if (script->sandbox().memory_in_use() > script->sandbox().memory_cap())
    partlab::fuzz::Fail("the script's state is above its memory cap");
  return 0;
}
