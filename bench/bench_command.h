// partlab-bench is one executable with subcommands (octree, broadphase, sim). Each subcommand lives
// in its own file and registers itself with one line, as a Box2D sample does.
#pragma once

#include <span>
#include <string_view>

namespace partlab::bench {

using BenchMain = int (*)(std::span<char*> args);  // args excludes the subcommand name

struct BenchCommand {
  std::string_view name;
  std::string_view summary;
  BenchMain run;
};

bool RegisterBenchCommand(const BenchCommand& command);
std::span<const BenchCommand> BenchCommands();

}  // namespace partlab::bench
