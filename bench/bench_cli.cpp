#include "bench/bench_cli.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "engine/params/param_cli.h"

namespace partlab::bench {

int ParseBenchArgs(CLI::App& app, std::string_view subcommand, std::span<char*> args) {
  app.name("partlab-bench " + std::string(subcommand));
  std::string error;
  try {
    error = ParseToOneLine(app, std::vector<std::string>(args.begin(), args.end()));
  } catch (const CLI::CallForHelp&) {
    std::fputs(app.help().c_str(), stdout);
    return 0;
  }
  if (error.empty()) return -1;
  std::fprintf(stderr, "partlab-bench %s: %s\n", std::string(subcommand).c_str(), error.c_str());
  return 2;
}

std::vector<std::string> SplitList(const std::string& list) {
  std::vector<std::string> items;
  for (size_t start = 0; start <= list.size();) {
    const size_t comma = std::min(list.find(',', start), list.size());
    if (comma > start) items.push_back(list.substr(start, comma - start));
    start = comma + 1;
  }
  return items;
}

CLI::Option* AddResultsFlag(CLI::App& app, std::string& dir) {
  return app
      .add_option("--results", dir,
                  "write the tables into DIR/<subcommand>[_<what>].csv and .md, with the machine, "
                  "date and command line (scripts/results.sh: docs/results)")
      ->type_name("DIR");
}

}  // namespace partlab::bench
