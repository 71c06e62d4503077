// The limits of the readers of files a user may be given by someone else (docs/hostile-inputs.md,
// "Shared files"): dynamics scenes, indoor levels, lessons, Moving AI maps and predator scripts.
// Each input sits one step past a limit (and, where cheap, one step inside it), and the expected
// line is the limit's own description: which file, which line, which limit.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/ai/moving_ai_format.h"
#include "engine/ai/predator_script.h"
#include "engine/dynamics/scene_file.h"
#include "engine/lessons/lesson_file.h"
#include "engine/visibility/level_parser.h"
#include "tests/temp_path.h"

namespace partlab {
namespace {

// A file of `bytes` zeros (sparse: nothing is written), for the size limits.
std::string SparseFile(const std::string& name, uintmax_t bytes) {
  const std::string path = TempPath(name);
  std::ofstream(path).close();
  std::filesystem::resize_file(path, bytes);
  return path;
}

std::string Repeat(const std::string& line, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += line;
  return s;
}

// --- dynamics scenes ---------------------------------------------------------------------------

TEST(SharedFileLimits, SceneBodyCountIsBoundedOverAllLines) {
  const std::string grid = "grid 10,10,10 2,2,2 sphere radius=0.5 mass=1 pos=0,0,0\n";
  dynamics::SceneFile scene;
  std::string error;
  EXPECT_TRUE(dynamics::ParseScene(Repeat(grid, 5), "pile.scene", scene, error)) << error;
  EXPECT_EQ(scene.bodies.size(), dynamics::kMaxSceneBodies);
  EXPECT_FALSE(dynamics::ParseScene(Repeat(grid, 6), "pile.scene", scene, error));
  EXPECT_EQ(error, "pile.scene:6: more than 5000 bodies in the scene");
  EXPECT_FALSE(dynamics::ParseScene(Repeat(grid, 5) + "floor\n", "pile.scene", scene, error));
  EXPECT_EQ(error, "pile.scene:6: more than 5000 bodies in the scene");
}

TEST(SharedFileLimits, SceneLcpSizeAndLineLengthAreBounded) {
  dynamics::SceneFile scene;
  std::string error;
  EXPECT_TRUE(dynamics::ParseScene("lcp-max 384\n", "s.scene", scene, error)) << error;
  EXPECT_FALSE(dynamics::ParseScene("\nlcp-max 385\n", "s.scene", scene, error));
  EXPECT_EQ(error.rfind("s.scene:2: lcp-max must be in [0", 0), 0u) << error;
  EXPECT_FALSE(
      dynamics::ParseScene("title " + std::string(5000, 'a') + "\n", "s.scene", scene, error));
  EXPECT_EQ(error, "s.scene:1: line longer than 4096 bytes");
}

TEST(SharedFileLimits, SceneFileSizeIsBoundedAndDevicesAreRefused) {
  dynamics::SceneFile scene;
  std::string error;
  const std::string big = SparseFile("big.scene", dynamics::kMaxSceneBytes + 1);
  EXPECT_FALSE(dynamics::LoadSceneFile(big, scene, error));
  EXPECT_EQ(error, big + ": 4194305 bytes, more than the 4194304 this reader accepts");
  std::filesystem::remove(big);
  EXPECT_FALSE(dynamics::LoadSceneFile("/dev/zero", scene, error));
  EXPECT_EQ(error, "/dev/zero: not a regular file (a device, a pipe or a socket)");
}

// --- indoor levels -----------------------------------------------------------------------------

TEST(SharedFileLimits, LevelCornersCellsAndLinesAreBounded) {
  std::string outline;
  for (int i = 0; i < 65; ++i)
    outline +=
        " " + std::to_string(std::cos(i * 0.0966)) + " " + std::to_string(std::sin(i * 0.0966));
  LevelLoad load = ParseLevel("cell round 0 3" + outline + "\n", "c.level");
  ASSERT_FALSE(load.ok());
  EXPECT_EQ(load.errors[0], "c.level:1: cell 'round' has more than 64 corners");

  std::string cells;
  for (size_t i = 0; i <= kMaxLevelCells; ++i) {
    const std::string x = std::to_string(2 * i);
    cells +=
        "cell c" + std::to_string(i) + " 0 3 " + x + " 0 " + x + ".5 0 " + x + ".5 1 " + x + " 1\n";
  }
  load = ParseLevel(cells, "many.level");
  ASSERT_EQ(load.errors.size(), 1u);
  EXPECT_EQ(load.errors[0], "many.level:10001: more than 10000 cells");

  load = ParseLevel("# " + std::string(5000, 'x') + "\n", "long.level");
  ASSERT_EQ(load.errors.size(), 1u);
  EXPECT_EQ(load.errors[0], "long.level:1: line longer than 4096 bytes");
}

// 20,001 valid portals (side by side along the edges two long cells share, eleven such pairs), so
// the last is refused by the count alone; prints what the pairwise overlap check costs at the
// limit.
TEST(SharedFileLimits, LevelPortalCountIsBounded) {
  std::string text;
  for (int p = 0; p < 11; ++p) {
    const std::string z = std::to_string(10 * p), up = std::to_string(10 * p + 1),
                      down = std::to_string(10 * p - 1), n = std::to_string(p);
    text += "cell a" + n + " 0 3 0 " + z + " 2100 " + z + " 2100 " + up + " 0 " + up + "\n";
    text += "cell b" + n + " 0 3 0 " + down + " 2100 " + down + " 2100 " + z + " 0 " + z + "\n";
  }
  int portals = 0, line = 22;
  for (int p = 0; p < 11; ++p)
    for (int i = 0; i < 2001 && portals <= int(kMaxLevelPortals); ++i, ++portals, ++line)
      text += "portal a" + std::to_string(p) + " b" + std::to_string(p) + " " + std::to_string(i) +
              " " + std::to_string(10 * p) + " " + std::to_string(i) + ".5 " +
              std::to_string(10 * p) + " 0 2\n";
  const auto start = std::chrono::steady_clock::now();
  const LevelLoad load = ParseLevel(text, "portals.level");
  std::printf("20,000 portals read in %.2f s\n",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  ASSERT_EQ(load.errors.size(), 1u) << load.errors[0];
  EXPECT_EQ(load.errors[0], "portals.level:" + std::to_string(line) + ": more than 20000 portals");
}

TEST(SharedFileLimits, LevelErrorsStopAfterAHundred) {
  const LevelLoad load = ParseLevel(Repeat("wall 1 2 3\n", 1000), "bad.level");
  ASSERT_EQ(load.errors.size(), kMaxLevelErrors + 1);
  EXPECT_EQ(load.errors.back(), "bad.level:100: more than 100 errors, reading stops here");
}

TEST(SharedFileLimits, LevelFileSizeIsBounded) {
  const std::string big = SparseFile("big.level", kMaxLevelBytes + 1);
  const LevelLoad load = LoadLevelFile(big);
  ASSERT_EQ(load.errors.size(), 1u);
  EXPECT_EQ(load.errors[0], big + ": 16777217 bytes, more than the 16777216 this reader accepts");
  std::filesystem::remove(big);
}

// --- lessons -----------------------------------------------------------------------------------

TEST(SharedFileLimits, LessonStepsAndCommandsAreBounded) {
  const std::string step = "[[step]]\ntitle = \"s\"\nview = \"Octree\"\ncaption = \"c\"\n";
  auto many = ParseLessonText("title = \"t\"\n" + Repeat(step, 101), "many.toml");
  ASSERT_FALSE(many.ok());
  EXPECT_EQ(many.error(), "many.toml:402: more than 100 steps");
  EXPECT_TRUE(ParseLessonText("title = \"t\"\n" + Repeat(step, 100), "ok.toml").ok());

  std::string actions = "actions = [\n";
  for (int i = 0; i < 65; ++i) actions += "  \"steps 1\",\n";
  auto busy = ParseLessonText("title = \"t\"\n" + step + actions + "]\n", "busy.toml");
  ASSERT_FALSE(busy.ok());
  EXPECT_EQ(busy.error(), "busy.toml:71: more than 64 commands in actions");
}

// --- Moving AI maps and predator scripts -------------------------------------------------------

TEST(SharedFileLimits, MovingAiReaderTakesRegularFilesOnly) {
  const auto map = ai::LoadMovingAiMap("/dev/zero");
  ASSERT_FALSE(map.ok());
  EXPECT_EQ(map.error(), "/dev/zero: not a regular file (a device, a pipe or a socket)");
  const std::string big = SparseFile("big.map", (uintmax_t(80) << 20) + 1);
  const auto too_big = ai::LoadMovingAiMap(big);
  ASSERT_FALSE(too_big.ok());
  EXPECT_EQ(too_big.error(), big + ": 83886081 bytes, more than the 83886080 this reader accepts");
  std::filesystem::remove(big);
}

TEST(SharedFileLimits, ScriptFileSizeIsBounded) {
  const std::string big = SparseFile("big.lua", ai::kMaxScriptBytes + 1);
  const auto script = ai::PredatorScript::Load(big);
  ASSERT_FALSE(script.ok());
  EXPECT_EQ(script.error(), big + ": 1048577 bytes, more than the 1048576 this reader accepts");
  std::filesystem::remove(big);
}

}  // namespace
}  // namespace partlab
