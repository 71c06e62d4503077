// The parameter table against a real settings file: a hand-edited file with a value out of range,
// a NaN, an infinity or text of the wrong type loads as the row says (clamped, or the default)
// with one note naming the key, and what is written back never holds a NaN.
#include "app/param_settings.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "app/app_params.h"

namespace partlab {
namespace {

constexpr Param<int> kDepth{"octree.max_depth",
                            "--octree-depth",
                            "Max depth",
                            8,
                            {1, 12, "the root alone is depth 1", "the maximum"},
                            "levels",
                            ""};
constexpr Param<float> kAlpha{"sim.alpha", "", "Alpha", 0.5f, {0.05f, 0.95f, "faint", "opaque"},
                              "",          ""};
constexpr ChoiceParam kSource{"octree.source", "", "Scene", 0, {"model", "soup"}, ""};
constexpr BoolParam kCells{"octree.cells", "", "Cells", true, ""};

class ParamSettingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("partlab_param_settings_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  void Write(const std::string& text) { std::ofstream(dir_ / "settings.ini") << text; }
  std::string Read() {
    std::ifstream in(dir_ / "settings.ini");
    std::stringstream all;
    all << in.rdbuf();
    return all.str();
  }
  std::filesystem::path dir_;
};

TEST_F(ParamSettingsTest, AbsentKeysLeaveTheValuesAsTheyAre) {
  Settings s;
  s.Load(dir_.string());
  int depth = 5;
  std::string notes;
  LoadParam(s, kDepth, depth, notes);
  EXPECT_EQ(depth, 5);
  EXPECT_EQ(notes, "");
}

TEST_F(ParamSettingsTest, OutOfRangeIsClampedWithANoteNamingTheKey) {
  Write("octree.max_depth=40\nsim.alpha=0.01\n");
  Settings s;
  s.Load(dir_.string());
  int depth = 8;
  float alpha = 0.5f;
  std::string notes;
  LoadParam(s, kDepth, depth, notes);
  LoadParam(s, kAlpha, alpha, notes);
  EXPECT_EQ(depth, 12);
  EXPECT_EQ(alpha, 0.05f);
  EXPECT_EQ(notes,
            "octree.max_depth 40 clamped to 12 (the maximum); sim.alpha 0.01 clamped to "
            "0.05 (faint)");
}

TEST_F(ParamSettingsTest, WrongTypesFallBackToTheDefaults) {
  Write("octree.max_depth=deep\nsim.alpha=half\noctree.source=cloud\noctree.cells=yes\n");
  Settings s;
  s.Load(dir_.string());
  int depth = 3, source = 1;
  float alpha = 0.2f;
  bool cells = false;
  std::string notes;
  LoadParam(s, kDepth, depth, notes);
  LoadParam(s, kAlpha, alpha, notes);
  LoadParam(s, kSource, source, notes);
  LoadParam(s, kCells, cells, notes);
  EXPECT_EQ(depth, 8);
  EXPECT_EQ(alpha, 0.5f);
  EXPECT_EQ(source, 0);
  EXPECT_TRUE(cells);
  for (const char* key : {"octree.max_depth 'deep'", "sim.alpha 'half'", "octree.source 'cloud'",
                          "octree.cells 'yes'"})
    EXPECT_NE(notes.find(key), std::string::npos) << key << " in " << notes;
}

TEST_F(ParamSettingsTest, NaNInTheFileBecomesTheDefaultAndIsNeverWrittenBack) {
  Write("sim.alpha=nan\n");
  Settings s;
  s.Load(dir_.string());
  float alpha = 0.3f;
  std::string notes;
  LoadParam(s, kAlpha, alpha, notes);
  EXPECT_EQ(alpha, 0.5f);
  EXPECT_EQ(notes, "sim.alpha nan is not a finite number; the default 0.5 is used");
  SaveParam(s, kAlpha, alpha);
  ASSERT_EQ(s.Save(), "");
  EXPECT_EQ(Read().find("nan"), std::string::npos) << Read();
  EXPECT_NE(Read().find("sim.alpha=0.5\n"), std::string::npos) << Read();
}

TEST_F(ParamSettingsTest, SavingANonFiniteValueLeavesTheKeyOut) {
  Settings s;
  s.Load(dir_.string());
  SaveParam(s, kAlpha, std::numeric_limits<float>::infinity());
  SaveParam(s, kAlpha, std::numeric_limits<float>::quiet_NaN());
  ASSERT_EQ(s.Save(), "");
  EXPECT_EQ(Read().find("sim.alpha"), std::string::npos) << Read();
}

TEST_F(ParamSettingsTest, ChoicesAndBoolsRoundTripByName) {
  Settings s;
  s.Load(dir_.string());
  SaveParam(s, kSource, 1);
  SaveParam(s, kCells, false);
  ASSERT_EQ(s.Save(), "");
  EXPECT_NE(Read().find("octree.source=soup\n"), std::string::npos);
  EXPECT_NE(Read().find("octree.cells=0\n"), std::string::npos);
  Settings again;
  again.Load(dir_.string());
  int source = 0;
  bool cells = true;
  std::string notes;
  LoadParam(again, kSource, source, notes);
  LoadParam(again, kCells, cells, notes);
  EXPECT_EQ(source, 1);
  EXPECT_FALSE(cells);
  EXPECT_EQ(notes, "");
}

// The app's own rows: a window far out of range in the file is clamped with a note too.
TEST_F(ParamSettingsTest, AWindowSizeFarOutOfRangeIsClampedWithANote) {
  Write("window.width=1\nwindow.height=99999\n");
  Settings s;
  s.Load(dir_.string());
  int width = 0, height = 0;
  std::string notes;
  LoadParam(s, app_params::kWindowWidth, width, notes);
  LoadParam(s, app_params::kWindowHeight, height, notes);
  EXPECT_EQ(width, 64);
  EXPECT_EQ(height, 8192);
  EXPECT_NE(notes.find("window.width 1 clamped to 64"), std::string::npos) << notes;
  EXPECT_NE(notes.find("window.height 99999 clamped to 8192"), std::string::npos) << notes;
}

}  // namespace
}  // namespace partlab
