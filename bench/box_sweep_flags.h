// The flags the broad-phase sweeps over box counts share (`partlab-bench construction` and
// `scaling`): which synthetic motion, which box counts, which algorithms. Declared once here so the
// two subcommands accept the same words and print the same error lines.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace partlab::bench {

// --kind uniform|clustered|moving and --sizes N,N,... (each 2..1,000,000).
void AddKindAndSizesFlags(CLI::App& app, std::string& kind, std::vector<uint32_t>& sizes);

// --algo a,b,... (default: every registered broad phase).
void AddAlgorithmsFlag(CLI::App& app, std::vector<std::string>& algos);

// After parsing: fills `algos` with every registered broad phase when none was named. Returns -1
// when every name is a broad phase built into this binary, else 2 after one line on stderr
// ("scaling: unknown or unbuilt algorithm 'x'").
int ResolveAlgorithms(std::vector<std::string>& algos, const char* subcommand);

}  // namespace partlab::bench
