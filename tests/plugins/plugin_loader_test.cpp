// Loading plugins (engine/plugins) built from examples/ and bad_plugins.c: the grid plugin gives
// brute force's pairs, its planted-bug variant is caught at the right frame with the right
// missing pairs, and every kind of bad library is one line naming the file.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/synthetic_motion.h"
#include "engine/io/aabb_trace.h"
#include "engine/plugins/broad_phase_plugin.h"
#include "engine/plugins/ray_structure_plugin.h"
#include "tests/plugins/bench_output.h"
#include "tests/temp_path.h"

namespace partlab {
namespace {

// Loads a broad-phase plugin once per process (a name registers once).
void LoadOnce(const std::string& path) {
  static std::set<std::string> loaded;
  if (loaded.insert(path).second) {
    ASSERT_EQ(LoadBroadPhasePlugin(path), "");
  }
}

std::vector<BoxPair> Sorted(std::vector<BoxPair> v) {
  std::sort(v.begin(), v.end());
  return v;
}

TEST(PluginLoader, GridPluginIsListedAndMatchesBruteForce) {
  LoadOnce(PARTLAB_GRID_PLUGIN);
  const auto names = BroadPhaseNames();
  ASSERT_NE(std::find(names.begin(), names.end(), "grid"), names.end());
  EXPECT_NE(BroadPhaseDescription("grid").find(PARTLAB_GRID_PLUGIN), std::string_view::npos);
  for (SyntheticKind kind : {SyntheticKind::kMoving, SyntheticKind::kUniform}) {
    SyntheticMotion motion({kind, 800, 3});
    auto grid = MakeBroadPhase("grid");
    ASSERT_TRUE(grid);
    BruteForce brute;
    FrameDriver a(*grid), b(brute);
    std::vector<BoxPair> got, want;
    for (int f = 0; f < 20; ++f, motion.Advance()) {
      a.Step(motion.frame(), got);
      b.Step(motion.frame(), want);
      ASSERT_EQ(Sorted(got), Sorted(want)) << "frame " << f;
      EXPECT_EQ(grid->LastContractViolation(), "");
    }
  }
}

// Unit cubes, so the grid's automatic cell is 2 (twice the mean extent): boxes 0 and 1 overlap
// inside cell [0, 2) on every frame; boxes 2 and 3 overlap inside [4, 6) until frame 3, where box
// 3 moves to straddle x = 6 while still touching box 2.
AabbTrace BoundaryTrace() {
  AabbTrace t;
  t.box_count = 4;
  const auto cube = [](float x) { return Aabb{{x, 0.25f, 0.25f}, {x + 1, 1.25f, 1.25f}}; };
  for (int f = 0; f < 6; ++f)
    for (Aabb b : {cube(0.25f), cube(0.5f), cube(4.25f), cube(f < 3 ? 4.75f : 5.25f)})
      t.boxes.push_back(b);
  return t;
}

// What the planted bug must miss, derived from the bug's statement (a box spanning a cell
// boundary is never listed) and brute force: the true pairs with a spanning box in them.
std::vector<BoxPair> SpanningPairs(std::span<const Aabb> frame, float cell,
                                   std::span<const BoxPair> truth) {
  const auto spans = [&](const Aabb& b) {
    for (int k = 0; k < 3; ++k)
      if (std::floor(b.min[k] / cell) != std::floor(b.max[k] / cell)) return true;
    return false;
  };
  std::vector<BoxPair> missing;
  for (BoxPair p : truth)
    if (spans(frame[p.a]) || spans(frame[p.b])) missing.push_back(p);
  return missing;
}

TEST(PluginLoader, BrokenGridIsWrongAtTheFrameABoxSpansACell) {
  LoadOnce(PARTLAB_GRID_BROKEN_PLUGIN);
  auto broken = MakeBroadPhase("grid_broken");
  ASSERT_TRUE(broken);
  const AabbTrace trace = BoundaryTrace();
  BruteForce brute;
  FrameDriver a(*broken), b(brute);
  std::vector<BoxPair> got, want;
  int first_wrong = -1;
  for (int f = 0; f < 6; ++f) {
    a.Step(trace.Frame(f), got);
    b.Step(trace.Frame(f), want);
    got = Sorted(got);
    want = Sorted(want);
    std::vector<BoxPair> missing;
    std::set_difference(want.begin(), want.end(), got.begin(), got.end(),
                        std::back_inserter(missing));
    EXPECT_EQ(missing, SpanningPairs(trace.Frame(f), 2.0f, want)) << "frame " << f;
    if (got != want && first_wrong < 0) first_wrong = f;
  }
  EXPECT_EQ(first_wrong, 3);
  EXPECT_EQ(Sorted(got), (std::vector<BoxPair>{{0, 1}}));  // (2, 3) lost once 3 straddles x = 6
}

// The bench on that trace: the grid is ok and timed, the broken grid fails naming frame 3 and the
// missing pair (2, 3).

TEST(PluginLoader, BenchTimesTheGridAndCatchesTheBrokenOneAtItsFrame) {
  const std::string trace = TempPath("boundary.aabbtrc");
  ASSERT_EQ(WriteAabbTrace(trace, BoundaryTrace()), "");
  int status = 0;
  std::string text = RunBroadPhaseBench(
      "--trace " + trace + " --algo brute,sap --plugin " + PARTLAB_GRID_PLUGIN, status);
  EXPECT_EQ(status, 0) << text;
  EXPECT_NE(text.find("\ngrid "), std::string::npos) << text;  // its row in the summary
  text = RunBroadPhaseBench(
      "--trace " + trace + " --algo brute --plugin " + PARTLAB_GRID_BROKEN_PLUGIN, status);
  EXPECT_NE(status, 0) << text;
  EXPECT_NE(text.find("grid_broken on trace " + trace + ", frame 3: 1 missing, first (2, 3)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("MISMATCH (3 frames, first 3)"), std::string::npos) << text;
  // A plugin naming a box that does not exist is wrong from the first frame, said so.
  text = RunBroadPhaseBench(
      "--trace " + trace + " --algo brute --plugin " + PARTLAB_BAD_PAIRS_PLUGIN, status);
  EXPECT_NE(status, 0) << text;
  EXPECT_NE(
      text.find("bad_pairs on trace " + trace +
                ", frame 0: bad_pairs reported pair (0, 999): an id that is not a present box"),
      std::string::npos)
      << text;
  std::remove(trace.c_str());
}

// One line, starting with the file's name, containing `problem`.
void ExpectOneLine(const std::string& error, const std::string& path, const std::string& problem) {
  EXPECT_EQ(error.rfind(path + ": ", 0), 0u) << error;
  EXPECT_NE(error.find(problem), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

TEST(PluginLoader, BadLibrariesAreOneLineNamingTheFile) {
  ExpectOneLine(LoadBroadPhasePlugin(PARTLAB_WRONG_ABI_PLUGIN), PARTLAB_WRONG_ABI_PLUGIN,
                "plugin ABI version 99, this Partition Lab speaks 2");
  ExpectOneLine(LoadBroadPhasePlugin(PARTLAB_SMALL_TABLE_PLUGIN), PARTLAB_SMALL_TABLE_PLUGIN,
                "plugin table of 16 bytes");
  ExpectOneLine(LoadBroadPhasePlugin(PARTLAB_NULL_FIND_PAIRS_PLUGIN),
                PARTLAB_NULL_FIND_PAIRS_PLUGIN, "required function 'find_pairs' is null");
  ExpectOneLine(LoadBroadPhasePlugin(PARTLAB_NULL_CREATE_PLUGIN), PARTLAB_NULL_CREATE_PLUGIN,
                "create returned null");
  ExpectOneLine(LoadBroadPhasePlugin(PARTLAB_NO_ENTRY_PLUGIN), PARTLAB_NO_ENTRY_PLUGIN,
                "no symbol 'partlab_get_broad_phase_plugin'");
  const std::string text_file = TempPath("not_a_library.so");
  std::ofstream(text_file) << "not an ELF file\n";
  ExpectOneLine(LoadBroadPhasePlugin(text_file), text_file, "cannot load");
  std::remove(text_file.c_str());
  ExpectOneLine(LoadBroadPhasePlugin("/nonexistent/libnothing.so"), "/nonexistent/libnothing.so",
                "cannot load");
  // None of them was registered.
  const auto names = BroadPhaseNames();
  EXPECT_EQ(std::find(names.begin(), names.end(), "bad_pairs"), names.end());
  // A ray-structure loader given a broad phase says what it lacks.
  auto rays = LoadRayStructurePlugin(PARTLAB_GRID_PLUGIN);
  ASSERT_FALSE(rays);
  ExpectOneLine(rays.error(), PARTLAB_GRID_PLUGIN, "no symbol 'partlab_get_ray_structure_plugin'");
}

TEST(PluginLoader, ASecondPluginOfTheSameNameIsRefused) {
  LoadOnce(PARTLAB_GRID_PLUGIN);
  ExpectOneLine(LoadBroadPhasePlugin(PARTLAB_GRID_PLUGIN), PARTLAB_GRID_PLUGIN,
                "'grid' is already taken");
}

TEST(PluginGuards, BadPairsAreKeptOutAndReported) {
  LoadOnce(PARTLAB_BAD_PAIRS_PLUGIN);
  auto bad = MakeBroadPhase("bad_pairs");
  ASSERT_TRUE(bad);
  bad->Add(0, {{0, 0, 0}, {1, 1, 1}});
  bad->Add(1, {{0, 0, 0}, {1, 1, 1}});
  std::vector<BoxPair> out;
  bad->FindPairs(out);
  // Only valid ids get through: the duplicate (0, 1) stays, for the comparison to call extra.
  EXPECT_EQ(out, (std::vector<BoxPair>{{0, 1}, {0, 1}}));
  EXPECT_EQ(bad->LastContractViolation(),
            "bad_pairs reported pair (0, 999): an id that is not a present box");
}

TEST(PluginGuards, NanDistanceIsAMissAndReported) {
  auto rays = LoadRayStructurePlugin(PARTLAB_NAN_RAYS_PLUGIN);
  ASSERT_TRUE(rays) << rays.error();
  PluginRayStructure& r = *rays.value();
  EXPECT_EQ(r.Build({}), "");
  EXPECT_EQ(r.Intersect(Ray{{0, 0, 0}, {1, 0, 0}}), std::numeric_limits<float>::infinity());
  EXPECT_EQ(r.LastContractViolation(), "nan_rays: ray 0: t is NaN");
}

TEST(PluginGuards, HitOnATriangleThatDoesNotExistIsAMissAndReported) {
  auto rays = LoadRayStructurePlugin(PARTLAB_NAN_RAYS_PLUGIN);
  ASSERT_TRUE(rays) << rays.error();
  PluginRayStructure& r = *rays.value();
  const Triangle one{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  EXPECT_EQ(r.Build(std::span<const Triangle>(&one, 1)), "");
  const PluginHit hit = r.Traced(Ray{{0, 0, 1}, {0, 0, -1}});
  EXPECT_TRUE(hit.bad);
  EXPECT_EQ(hit.t, std::numeric_limits<float>::infinity());
  EXPECT_EQ(r.LastContractViolation(), "nan_rays: hit triangle 999999 of 1");
}

}  // namespace
}  // namespace partlab
