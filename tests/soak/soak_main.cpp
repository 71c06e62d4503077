// partlab-soak: a long run of one of the thesis's simulations (semi-adjusting-bsp.txt, 6.2) with
// the semi-adjusting BSP as the broad phase. A live class must not see a crash,
// a drift into wrong pairs, or memory that creeps up over minutes, so the run checks:
//  - the BSP's invariant checker every --check-every steps (default 100);
//  - the pair set of the step against brute force on the same frame every --brute-every steps
//    (default 500);
//  - resident memory (/proc/self/statm) at --rss-step (default 2,000, when every body of the
//    spawning scenes is in) and at the end: the end may be at most --rss-tolerance (10 %) above.
// One scene per process, so that one scene's freed memory does not hide another's growth.
// Exit status 0 when every check passed, 1 on the first failure (named on stderr), 2 on bad usage.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/scenes/scene_registry.h"

namespace partlab {
namespace {

struct SoakOptions {
  std::string scene = "1";
  int steps = 20000;
  int check_every = 100;
  int brute_every = 500;
  int rss_step = 2000;
  double rss_tolerance = 0.10;
  long bodies = -1;  // -1: the scene's default (4,250)
  uint64_t seed = 1;
};

void PrintUsage() {
  std::fprintf(
      stderr,
      "usage: partlab-soak [--scene 1..4|KEY] [--steps N] [--bodies N] [--seed S]\n"
      "         [--check-every N] [--brute-every N] [--rss-step N] [--rss-tolerance F]\n"
      "  Runs one scene with the semi-adjusting BSP: invariant checker every\n"
      "  --check-every steps, pairs vs brute force every --brute-every steps, resident\n"
      "  memory at --rss-step and at the end (end <= (1 + F) x that). Exits 1 on failure.\n");
}

bool ParseOptions(int argc, char** argv, SoakOptions& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return false;
    const char* v = argv[++i];
    char* end = nullptr;
    if (a == "--scene") {
      o.scene = v;
      continue;
    }
    const double x = std::strtod(v, &end);
    if (end == v || *end != '\0' || x < 0) return false;
    if (a == "--steps")
      o.steps = int(x);
    else if (a == "--bodies")
      o.bodies = long(x);
    else if (a == "--seed")
      o.seed = uint64_t(x);
    else if (a == "--check-every")
      o.check_every = std::max(1, int(x));
    else if (a == "--brute-every")
      o.brute_every = std::max(1, int(x));
    else if (a == "--rss-step")
      o.rss_step = int(x);
    else if (a == "--rss-tolerance")
      o.rss_tolerance = x;
    else
      return false;
  }
  return true;
}

// Resident set size in bytes: the second field of /proc/self/statm, in pages.
long ResidentBytes() {
  long pages_total = 0, pages_resident = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%ld %ld", &pages_total, &pages_resident) != 2) pages_resident = 0;
    std::fclose(f);
  }
  return pages_resident * sysconf(_SC_PAGESIZE);
}

// The pairs brute force finds on `frame` (index = id, empty = absent), sorted.
std::vector<BoxPair> BrutePairs(std::span<const Aabb> frame) {
  BruteForce brute;
  for (BoxId id = 0; id < frame.size(); ++id)
    if (!frame[id].IsEmpty()) brute.Add(id, frame[id]);
  std::vector<BoxPair> pairs;
  brute.FindPairs(pairs);
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

// Names the first pair in one set and not the other ("" when the sets are equal).
std::string FirstDifference(const std::vector<BoxPair>& bsp, const std::vector<BoxPair>& brute) {
  std::vector<BoxPair> missing, extra;
  std::set_difference(brute.begin(), brute.end(), bsp.begin(), bsp.end(),
                      std::back_inserter(missing));
  std::set_difference(bsp.begin(), bsp.end(), brute.begin(), brute.end(),
                      std::back_inserter(extra));
  char line[200] = "";
  if (!missing.empty())
    std::snprintf(line, sizeof line, "%zu pairs missing (first %u-%u), %zu extra", missing.size(),
                  missing[0].a, missing[0].b, extra.size());
  else if (!extra.empty())
    std::snprintf(line, sizeof line, "%zu extra pairs (first %u-%u)", extra.size(), extra[0].a,
                  extra[0].b);
  return line;
}

int RunSoak(const SoakOptions& o) {
  const SceneInfo* info = FindScene(o.scene);
  if (!info) {
    std::fprintf(stderr, "partlab-soak: unknown scene '%s'\n", o.scene.c_str());
    return 2;
  }
  if (o.rss_step < 1 || o.rss_step >= o.steps) {
    std::fprintf(stderr, "partlab-soak: --rss-step must be within 1..steps-1\n");
    return 2;
  }
  SceneParams params = info->defaults();
  if (o.bodies > 0) params.body_count = uint32_t(o.bodies);
  params.seed = o.seed;
  std::unique_ptr<Scene> scene = info->make();
  auto bsp_owner = std::make_unique<SemiAdjustingBsp>();
  SemiAdjustingBsp* bsp = bsp_owner.get();
  scene->Create(params, std::move(bsp_owner));

  // The broad phase's pairs are only visible inside the step (before the solver moves the boxes):
  // the observer keeps the frame and the pairs of the steps that are compared with brute force.
  bool capture = false;
  std::vector<Aabb> frame;
  std::vector<BoxPair> pairs;
  scene->world().SetFrameObserver([&](std::span<const Aabb> f, std::span<const BoxPair> p) {
    if (!capture) return;
    frame.assign(f.begin(), f.end());
    pairs.assign(p.begin(), p.end());
  });

  const auto start = std::chrono::steady_clock::now();
  int invariant_checks = 0, brute_checks = 0;
  uint64_t brute_pairs = 0;
  long rss_baseline = 0;
  for (int step = 1; step <= o.steps; ++step) {
    capture = step % o.brute_every == 0;
    scene->Step();
    if (step % o.check_every == 0) {
      if (const std::string bad = bsp->CheckInvariants(); !bad.empty()) {
        std::fprintf(stderr, "partlab-soak: scene %d step %d: BSP invariant: %s\n", info->number,
                     step, bad.c_str());
        return 1;
      }
      ++invariant_checks;
    }
    if (capture) {
      const std::vector<BoxPair> expected = BrutePairs(frame);
      if (const std::string diff = FirstDifference(pairs, expected); !diff.empty()) {
        std::fprintf(stderr, "partlab-soak: scene %d step %d: BSP pairs vs brute force: %s\n",
                     info->number, step, diff.c_str());
        return 1;
      }
      ++brute_checks;
      brute_pairs += expected.size();
    }
    if (step == o.rss_step) rss_baseline = ResidentBytes();
    if (step % 1000 == 0)  // progress for long runs, on stderr so the summary stays one line
      std::fprintf(stderr, "scene %d: step %d, RSS %.1f MiB\n", info->number, step,
                   ResidentBytes() / 1048576.0);
  }
  const long rss_end = ResidentBytes();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf(
      "scene %d (%.*s): %d steps, %u bodies + %u static, %d invariant checks passed, %d "
      "brute-force "
      "comparisons passed (%.0f pairs each on average), RSS at step %d %.1f MiB, at end %.1f MiB "
      "(%+.1f %%), %.0f s\n",
      info->number, int(info->key.size()), info->key.data(), o.steps, scene->world().DynamicCount(),
      scene->world().StaticCount(), invariant_checks, brute_checks,
      brute_checks ? double(brute_pairs) / brute_checks : 0.0, o.rss_step, rss_baseline / 1048576.0,
      rss_end / 1048576.0, rss_baseline ? 100.0 * (double(rss_end) / rss_baseline - 1) : 0.0,
      seconds);
  if (rss_baseline > 0 && double(rss_end) > (1 + o.rss_tolerance) * double(rss_baseline)) {
    std::fprintf(stderr, "partlab-soak: scene %d: resident memory grew more than %.0f %%\n",
                 info->number, 100 * o.rss_tolerance);
    return 1;
  }
  return 0;
}

}  // namespace
}  // namespace partlab

int main(int argc, char** argv) {
  partlab::SoakOptions options;
  if (!partlab::ParseOptions(argc, argv, options)) {
    partlab::PrintUsage();
    return 2;
  }
  return partlab::RunSoak(options);
}
