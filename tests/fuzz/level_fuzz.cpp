// Fuzz target: the indoor level text (docs/visibility.md) through ParseLevel. Property: every
// error is one line "fuzz.level:LINE: problem"; a level that loads is within the reader's limits
// and writes out to text that reads back to the same level.
#include <string>
#include <string_view>

#include "engine/visibility/level_parser.h"
#include "tests/fuzz/error_line.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace partlab;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const LevelLoad load = ParseLevel(text, "fuzz.level");
  if (!load.ok()) {
    for (const std::string& e : load.errors) fuzz::CheckErrorLine(e, "fuzz.level");
    return 0;
  }
  if (load.level.cells.size() > kMaxLevelCells || load.level.portals.size() > kMaxLevelPortals)
    fuzz::Fail("level beyond the reader's limits");
  const std::string written = WriteLevel(load.level);
  const LevelLoad again = ParseLevel(written, "again.level");
  if (!again.ok()) fuzz::Fail("written level does not read back: " + again.errors[0]);
  if (again.level.cells.size() != load.level.cells.size() ||
      again.level.portals.size() != load.level.portals.size() || WriteLevel(again.level) != written)
    fuzz::Fail("level does not round-trip");
  return 0;
}
