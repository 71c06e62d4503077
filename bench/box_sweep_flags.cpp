#include "bench/box_sweep_flags.h"

#include <cstdio>

#include "engine/broadphase/broad_phase_registry.h"

namespace partlab::bench {

void AddKindAndSizesFlags(CLI::App& app, std::string& kind, std::vector<uint32_t>& sizes) {
  app.add_option("--kind", kind, "Synthetic motion")
      ->check(CLI::IsMember({"uniform", "clustered", "moving"}));
  app.add_option("--sizes", sizes, "Box counts, comma-separated")
      ->delimiter(',')
      ->check(CLI::Range(2u, 1000000u));
}

void AddAlgorithmsFlag(CLI::App& app, std::vector<std::string>& algos) {
  app.add_option("--algo", algos, "Algorithms, comma-separated (default: all)")->delimiter(',');
}

int ResolveAlgorithms(std::vector<std::string>& algos, const char* subcommand) {
  if (algos.empty())
    for (auto name : BroadPhaseNames()) algos.emplace_back(name);
  for (const std::string& a : algos)
    if (!MakeBroadPhase(a)) {
      std::fprintf(stderr, "%s: unknown or unbuilt algorithm '%s'\n", subcommand, a.c_str());
      return 2;
    }
  return -1;
}

}  // namespace partlab::bench
