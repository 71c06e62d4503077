// Parses a command line with CLI11 as a program would, for the parameter-flag tests.
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <string>
#include <vector>

namespace partlab {

// Parses `args` after the program name; returns the error line, or "" when it parsed.
inline std::string Parse(CLI::App& app, std::vector<std::string> args) {
  std::reverse(args.begin(), args.end());  // CLI11 takes them last to first
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return e.what();
  }
  return "";
}

}  // namespace partlab
