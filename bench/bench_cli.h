// CLI11 for partlab-bench subcommands: each subcommand declares its flags on a CLI::App inside its
// own BenchMain, then calls ParseBenchArgs. --help prints the flags with their ranges and defaults;
// a bad value is one line naming the flag and its range ("partlab-bench octree: --rays expects
// 1..10000000, got 'many'"), and the run stops with exit code 2.
#pragma once

#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace partlab::bench {

// Parses `args` (the words after the subcommand's name). Returns -1 when the run should go on,
// else the exit code: 0 after --help, 2 after a mistake (its line already printed on stderr).
int ParseBenchArgs(CLI::App& app, std::string_view subcommand, std::span<char*> args);

// "1000", "0.5": a number as a flag's range and default print it.
template <typename T>
std::string NumberText(T v) {
  if constexpr (std::is_floating_point_v<T>) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", double(v));
    return text;
  } else {
    return std::to_string(v);
  }
}

// A number flag that must lie in [lo, hi]: anything else is one error line naming the range.
// Works for every integer type and for double.
template <typename T>
CLI::Option* AddNumber(CLI::App& app, const std::string& flag, T& value, T lo, T hi,
                       const std::string& help) {
  static_assert(std::is_arithmetic_v<T>);
  const std::string range = NumberText(lo) + ".." + NumberText(hi);
  auto set = [&value, lo, hi, flag, range](const std::string& text) {
    T parsed{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    const bool number = ec == std::errc() && end == text.data() + text.size() && !text.empty();
    if (!number || !(parsed >= lo && parsed <= hi))  // the negated form rejects NaN too
      throw CLI::ValidationError(flag + " expects " + range + ", got '" + text + "'");
    value = parsed;
  };
  const std::string shown = help + " (" + range + ", default " + NumberText(value) + ")";
  return app.add_option_function<std::string>(flag, set, shown)
      ->type_name(std::is_floating_point_v<T> ? "NUMBER" : "N");
}

// The --results DIR flag every subcommand offers (bench/results_writer.h writes the tables).
CLI::Option* AddResultsFlag(CLI::App& app, std::string& dir);

// "a,b,c" into its non-empty items.
std::vector<std::string> SplitList(const std::string& list);

}  // namespace partlab::bench
