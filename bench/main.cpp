// partlab-bench SUBCOMMAND [options]: the benchmarks behind the published tables. Each subcommand
// parses its own flags with CLI11 (bench/bench_cli.h); this dispatcher only picks the subcommand,
// and answers --help (or no subcommand) with the list.
#include <algorithm>
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

void PrintCommands(std::FILE* out) {
  std::fprintf(out,
               "usage: partlab-bench SUBCOMMAND [options]   (partlab-bench SUBCOMMAND --help for "
               "its options)\nsubcommands:\n");
  int width = 0;  // the longest name's, so that the summaries line up
  for (const BenchCommand& c : BenchCommands()) width = std::max(width, int(c.name.size()));
  for (const BenchCommand& c : BenchCommands())
    std::fprintf(out, "  %-*s %s\n", width, std::string(c.name).c_str(),
                 std::string(c.summary).c_str());
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
  if (argc < 2) {
    PrintCommands(stderr);
    return 2;
  }
  const std::string_view name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    PrintCommands(stdout);
    return 0;
  }
  for (const BenchCommand& c : BenchCommands())
    if (c.name == name) return c.run(std::span<char*>(argv + 2, argc - 2));
  std::fprintf(stderr, "partlab-bench: unknown subcommand '%s' (see partlab-bench --help)\n",
               argv[1]);
  return 2;
}
