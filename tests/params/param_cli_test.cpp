// The parameter table on a CLI11 command line: a flag overrides what the settings file said, a
// number out of range is clamped with a note, text that is not a number is one error line naming
// the flag's range, and --help shows the row's range and default.
#include "engine/params/param_cli.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "app/param_settings.h"
#include "tests/params/cli_parse.h"

namespace partlab {
namespace {

constexpr Param<int> kDepth{"octree.max_depth",
                            "--octree-depth",
                            "Max depth",
                            8,
                            {1, 12, "the root alone is depth 1", "the maximum"},
                            "levels",
                            "The deepest level (1.2 Octree)."};
constexpr Param<float> kAlpha{
    "sim.alpha", "--alpha", "Alpha", 0.5f, {0.05f, 0.95f, "faint", "opaque"}, "", ""};
constexpr ChoiceParam kPlacement{
    "octree.placement", "--placement", "Placement", 0, {"paper", "leaf"}, ""};

TEST(ParamCli, AFlagOverridesTheSettingsFile) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("partlab_param_cli_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "settings.ini") << "octree.max_depth=5\n";
  Settings s;
  s.Load(dir.string());
  std::filesystem::remove_all(dir);

  int depth = kDepth.fallback;
  std::string settings_notes;
  LoadParam(s, kDepth, depth, settings_notes);  // the file first, as the views do
  ASSERT_EQ(depth, 5);
  CLI::App app;
  std::vector<std::string> notes;
  AddParamFlag(app, kDepth, depth, notes);
  EXPECT_EQ(Parse(app, {"--octree-depth", "7"}), "");
  EXPECT_EQ(depth, 7);
  EXPECT_TRUE(notes.empty());
}

TEST(ParamCli, OutOfRangeIsClampedWithANoteNamingTheFlag) {
  CLI::App app;
  int depth = 8;
  float alpha = 0.5f;
  std::vector<std::string> notes;
  AddParamFlag(app, kDepth, depth, notes, "partlab: ");
  AddParamFlag(app, kAlpha, alpha, notes, "partlab: ");
  EXPECT_EQ(Parse(app, {"--octree-depth", "99", "--alpha", "nan"}), "");
  EXPECT_EQ(depth, 12);
  EXPECT_EQ(alpha, 0.5f);
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_EQ(notes[0], "partlab: --octree-depth 99 clamped to 12 (the maximum)");
  EXPECT_EQ(notes[1], "partlab: --alpha nan is not a finite number; the default 0.5 is used");
}

TEST(ParamCli, NotANumberIsOneErrorLineWithTheRange) {
  CLI::App app;
  int depth = 8;
  std::vector<std::string> notes;
  AddParamFlag(app, kDepth, depth, notes);
  EXPECT_EQ(Parse(app, {"--octree-depth", "x"}), "--octree-depth expects 1..12, got 'x'");
  CLI::App counted;
  AddParamFlag(counted, kDepth, depth, notes, "", {"a depth", true});
  EXPECT_EQ(Parse(counted, {"--octree-depth", "-2"}),
            "--octree-depth expects a depth (1..12), got '-2'");
}

TEST(ParamCli, ChoicesListTheirNames) {
  CLI::App app;
  std::string placement;
  AddChoiceFlag(app, kPlacement, placement);
  EXPECT_EQ(Parse(app, {"--placement", "middle"}),
            "--placement expects paper or leaf, got 'middle'");
  EXPECT_EQ(Parse(app, {"--placement", "leaf"}), "");
  EXPECT_EQ(placement, "leaf");
}

TEST(ParamCli, HelpShowsRangeUnitDefaultAndTip) {
  CLI::App app;
  int depth = 8;
  std::vector<std::string> notes;
  AddParamFlag(app, kDepth, depth, notes);
  const std::string help = app.help();
  EXPECT_NE(help.find("--octree-depth"), std::string::npos) << help;
  EXPECT_NE(help.find("1..12 levels (default 8)"), std::string::npos) << help;
  EXPECT_NE(help.find("(1.2 Octree)"), std::string::npos) << help;
}

}  // namespace
}  // namespace partlab
