// Settings persist by name through an atomic key=value file; the config directory is chosen by
// environment so tests (and users) can isolate it.
#include "app/settings.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace partlab {
namespace {

class SettingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("partlab_settings_test_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(SettingsTest, MissingFileIsAFirstRunWithDefaults) {
  Settings s;
  s.Load(dir_.string());
  EXPECT_TRUE(s.first_run());
  EXPECT_EQ(s.Get("shader", "chapter_vertex_lighting"), "chapter_vertex_lighting");
  EXPECT_EQ(s.GetInt("window.width", 1600), 1600);
}

TEST_F(SettingsTest, RoundTripsByNameAndCreatesTheDirectory) {
  Settings s;
  s.Load(dir_.string());
  s.Set("model", "/models/dragon res2.obj");  // spaces survive: the value is the rest of the line
  s.Set("view", "Mesh viewer");
  s.SetFloat("camera.yaw", -2.125f);
  s.SetInt("window.width", 1280);
  ASSERT_EQ(s.Save(), "");
  EXPECT_FALSE(std::filesystem::exists(dir_ / "settings.ini.tmp"));

  Settings again;
  again.Load(dir_.string());
  EXPECT_FALSE(again.first_run());
  EXPECT_EQ(again.Get("model", ""), "/models/dragon res2.obj");
  EXPECT_EQ(again.Get("view", ""), "Mesh viewer");
  EXPECT_FLOAT_EQ(again.GetFloat("camera.yaw", 0), -2.125f);
  EXPECT_EQ(again.GetInt("window.width", 0), 1280);
}

TEST_F(SettingsTest, GarbageValuesFallBackInsteadOfFailing) {
  std::filesystem::create_directories(dir_);
  std::ofstream(dir_ / "settings.ini") << "window.width=wide\ncamera.yaw=1.5x\nno equals sign\n";
  Settings s;
  s.Load(dir_.string());
  EXPECT_EQ(s.GetInt("window.width", 800), 800);
  EXPECT_FLOAT_EQ(s.GetFloat("camera.yaw", 0.25f), 0.25f);
}

TEST(ConfigDirectory, HonoursPartlabConfigDirThenXdg) {
  ::setenv("PARTLAB_CONFIG_DIR", "/tmp/partlab-a", 1);
  EXPECT_EQ(ConfigDirectory(), "/tmp/partlab-a");
  ::unsetenv("PARTLAB_CONFIG_DIR");
  ::setenv("XDG_CONFIG_HOME", "/tmp/xdg", 1);
  EXPECT_EQ(ConfigDirectory(), "/tmp/xdg/partlab");
  ::unsetenv("XDG_CONFIG_HOME");
  ::setenv("HOME", "/home/student", 1);
  EXPECT_EQ(ConfigDirectory(), "/home/student/.config/partlab");
}

}  // namespace
}  // namespace partlab
