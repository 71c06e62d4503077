// Fuzz target: Moving AI .map and .scen text (section 3.4.1's grid maps) through both parsers.
// Property: one error line "fuzz.map:LINE: problem", or a value that writes out and parses back
// to the same thing.
#include <string>

#include "engine/ai/moving_ai_format.h"
#include "tests/fuzz/fuzz_input.h"

namespace {

void CheckError(const std::string& e, const std::string& name) {
  if (e.rfind(name + ":", 0) != 0 || e.find('\n') != std::string::npos)
    partlab::fuzz::Fail("error is not one line naming the file: " + e);
  size_t i = name.size() + 1;
  const size_t digits = i;
  while (i < e.size() && e[i] >= '0' && e[i] <= '9') ++i;
  if (i == digits || e.compare(i, 2, ": ") != 0) partlab::fuzz::Fail("no line number: " + e);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace partlab::ai;
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto map = ParseMovingAiMap(text, "fuzz.map");
  if (!map.ok()) {
    CheckError(map.error(), "fuzz.map");
  } else {
    auto again = ParseMovingAiMap(FormatMovingAiMap(map.value()), "again.map");
    if (!again.ok() || FormatMovingAiMap(again.value()) != FormatMovingAiMap(map.value()))
      partlab::fuzz::Fail("map does not round-trip");
  }
  auto scen = ParseScenarios(text, "fuzz.scen");
  if (!scen.ok()) {
    CheckError(scen.error(), "fuzz.scen");
  } else {
    auto again = ParseScenarios(FormatScenarios(scen.value()), "again.scen");
    if (!again.ok() || again.value().size() != scen.value().size())
      partlab::fuzz::Fail("scenarios do not round-trip");
  }
  return 0;
}
