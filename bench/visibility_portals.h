// partlab-bench visibility, the indoor part (section 3.2.3.4): the culling techniques frame by
// frame along a scripted walk through a level. Called by the visibility subcommand.
#pragma once

#include <string>
#include <vector>

namespace partlab::bench {

struct PortalBenchOptions {
  std::string level_path;
  int frames = 300;
  int pixels = 64;                 // sampled per frame for the nearest-wall check
  int repeat = 5;                  // timings per frame and technique: the median is kept
  float pvs_density = 0.5f;        // sample points per square unit of floor
  float pvs_dense_density = 0.0f;  // > 0: also a denser table, to count the first one's misses
  // Densities whose sampled tables are compared with the conservative one (the misses table).
  std::vector<float> miss_densities = {0.1f, 0.5f, 2.0f};
  int corridor_cells = 0;   // > 0: the generated corridor of that many cells instead of a file
  std::string results_dir;  // empty: print only
  std::string command_line;
};

// Returns 0, or 1 when a portal renderer culled a wall the brute force sees or the portal
// recursion reached a cell the conservative PVS left out.
int RunPortalBench(const PortalBenchOptions& options);

}  // namespace partlab::bench
