// partlab: the Partition Lab testbed. main() is the chapter's (section 3.2.2): initialise the
// engine over a new window, run the main loop, release the engine.
#include <cstdio>

#include "app/command_line.h"
#include "app/engine_loop.h"

int main(int argc, char** argv) {
  using namespace partlab;
  auto options = ParseCommandLine(argc, argv);
  if (!options.ok()) {
    std::fprintf(stderr, "%s\n", options.error().c_str());
    return kExitBadInput;
  }
  if (options.value().show_help) {
    std::fputs(CommandLineHelp().c_str(), stdout);
    return kExitOk;
  }
  for (const std::string& note : options.value().notes) std::fprintf(stderr, "%s\n", note.c_str());
  Engine engine;
  engine.options = options.value();
  engine.headless = !engine.options.screenshot.empty();
  if (const int code = InitEngine(engine); code != kExitOk) {
    ReleaseEngine(engine);
    return code;
  }
  const int code = MainLoop(engine);
  ReleaseEngine(engine);
  return code;
}
