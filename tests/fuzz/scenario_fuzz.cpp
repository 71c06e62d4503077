// Fuzz target: Moving AI scenarios (section 3.4.1's benchmark problems) read and then checked
// against a map, as partlab-bench astar does with a .scen and its .map. Property: every error is
// one line naming the scenario file the reader was given, "fuzz.scen:LINE: problem" — never the
// map name written inside the scenario.
#include <string>
#include <string_view>

#include "engine/ai/moving_ai_format.h"
#include "tests/fuzz/error_line.h"

namespace {

// A 16 x 12 map with walls, trees and water, so that blocked starts and goals occur.
const partlab::ai::GridMap& Map() {
  static const partlab::ai::GridMap map = [] {
    std::string text = "type octile\nheight 12\nwidth 16\nmap\n";
    for (int y = 0; y < 12; ++y) {
      for (int x = 0; x < 16; ++x) text += (x * 7 + y * 3) % 11 == 0 ? "@T.W"[(x + y) % 4] : '.';
      text += '\n';
    }
    return partlab::ai::ParseMovingAiMap(text, "fixed.map").value();
  }();
  return map;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace partlab;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto scen = ai::ParseScenarios(text, "fuzz.scen");
  if (!scen.ok()) {
    fuzz::CheckErrorLine(scen.error(), "fuzz.scen");
    return 0;
  }
  const std::string check = ai::CheckScenariosAgainstMap(scen.value(), Map(), "fuzz.scen");
  if (!check.empty()) fuzz::CheckErrorLine(check, "fuzz.scen");
  return 0;
}
