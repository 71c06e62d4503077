// partlab-bench SUBCOMMAND [options]: the benchmarks behind the README's tables.
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "bench/bench_command.h"

namespace partlab::bench {
namespace {
std::vector<BenchCommand>& Registry() {
  static std::vector<BenchCommand> commands;
  return commands;
}
}  // namespace

bool RegisterBenchCommand(const BenchCommand& command) {
  Registry().push_back(command);
  return true;
}
std::span<const BenchCommand> BenchCommands() {
  return Registry();
}

}  // namespace partlab::bench

int main(int argc, char** argv) {
  using namespace partlab::bench;
  if (argc >= 2) {
    const std::string_view name = argv[1];
    for (const BenchCommand& c : BenchCommands())
      if (c.name == name) return c.run(std::span<char*>(argv + 2, argc - 2));
    std::fprintf(stderr, "partlab-bench: unknown subcommand '%s'\n", argv[1]);
  }
  std::fprintf(stderr,
               "usage: partlab-bench SUBCOMMAND [options]   (SUBCOMMAND --help for more)\n");
  for (const BenchCommand& c : BenchCommands())
    std::fprintf(stderr, "  %-12s %s\n", std::string(c.name).c_str(),
                 std::string(c.summary).c_str());
  return 2;
}
