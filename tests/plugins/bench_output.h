// Runs `partlab-bench` and returns what it printed (standard output and error), with its exit
// status in `status`: the plugin and recorder tests read the bench's verdicts.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/temp_path.h"

namespace partlab {

// `partlab-bench SUBCOMMAND_AND_ARGS`, what it printed, and its exit status in `status`.
inline std::string RunBench(const std::string& subcommand_and_args, int& status) {
  const std::string out = TempPath("bench.out");
  status = std::system(
      (std::string(PARTLAB_BENCH) + " " + subcommand_and_args + " > " + out + " 2>&1").c_str());
  std::ifstream in(out);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(out.c_str());
  return text;
}

inline std::string RunBroadPhaseBench(const std::string& args, int& status) {
  return RunBench("broadphase " + args, status);
}

}  // namespace partlab
