// The View base's saved settings (app/view/saved_params.h) on the Dynamics view's own rows
// (dynamics_params.h): what a file holds is read into the values the rows are bound to, clamped
// to each row's range with a note naming the key, written back so that reading it again gives the
// same values, and keys no row names survive a save. The answers are the rows' own ranges and
// defaults, and the values written by hand below.
#include "app/view/saved_params.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "app/views/dynamics/dynamics_params.h"
#include "tests/temp_path.h"

namespace partlab {
namespace {

namespace dp = dynamics_params;

// What a view holds: a speed, an overlay struct whose fields are bound rows, a plain bool.
struct Held {
  float speed = dp::kSpeed.fallback;
  ContactOverlayOptions overlay;
  bool plots = dp::kShowPlots.fallback;
  void Visit(ParamVisitor& visit) {
    visit(dp::kSpeed, speed);
    dp::ForEachOverlayRow([&](const auto& row) { visit(row, overlay); });
    visit(dp::kShowPlots, plots);
  }
};

Settings FileWith(const std::string& dir, const std::string& text) {
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/settings.ini") << text;
  Settings s;
  s.Load(dir);
  return s;
}

TEST(SavedParams, ReadsEachRowIntoItsValueAndClampsWithANote) {
  const std::string dir = TempPath("saved_params_read");
  const Settings file = FileWith(dir,
                                 "dynamics.speed=9\n"
                                 "dynamics.overlay.points=0\n"
                                 "dynamics.overlay.force_scale=0.1\n"
                                 "dynamics.window.plots=0\n");
  Held held;
  const std::string notes = ReadParams(file, [&](ParamVisitor& v) { held.Visit(v); });
  EXPECT_EQ(held.speed, dp::kSpeed.range.hi);  // 9 is above the range: its top
  EXPECT_NE(notes.find("dynamics.speed 9 clamped to 2"), std::string::npos) << notes;
  EXPECT_FALSE(held.overlay.points);
  EXPECT_TRUE(held.overlay.normals);  // not in the file: left as it was
  EXPECT_EQ(held.overlay.force_scale, 0.1f);
  EXPECT_FALSE(held.plots);
}

TEST(SavedParams, AWrittenFileReadsBackTheSameValuesAndKeepsOtherKeys) {
  const std::string dir = TempPath("saved_params_round_trip");
  Settings file = FileWith(dir, "someone.else=7\n");
  Held held;
  held.speed = 0.37f;
  held.overlay.impulses = false;
  held.overlay.impulse_scale = 1.25f;
  held.plots = false;
  WriteParams(file, [&](ParamVisitor& v) { held.Visit(v); });
  ASSERT_EQ(file.Save(), "");
  Settings again;
  again.Load(dir);
  EXPECT_EQ(again.Get("someone.else", ""), "7");
  Held read;
  EXPECT_EQ(ReadParams(again, [&](ParamVisitor& v) { read.Visit(v); }), "");
  EXPECT_EQ(read.speed, 0.37f);
  EXPECT_FALSE(read.overlay.impulses);
  EXPECT_EQ(read.overlay.impulse_scale, 1.25f);
  EXPECT_FALSE(read.plots);
}

TEST(SavedParams, ARuleAcrossRowsAddsItsNoteWhenReadingOnly) {
  const std::string dir = TempPath("saved_params_rule");
  Settings file = FileWith(dir, "");
  auto rows = [](ParamVisitor& v) { v.Note("depth 9 clamped to 4"); };
  EXPECT_EQ(ReadParams(file, rows), "depth 9 clamped to 4");
  WriteParams(file, rows);  // nothing to say when writing
  EXPECT_FALSE(file.Has("depth"));
}

// A row naming one entry of a list known at run time (a broad phase): a known name is read as it
// is, an unknown one falls back to the row's default with a note naming the key and the name, and
// what is written reads back the same.
bool IsColour(std::string_view name) {
  return name == "red" || name == "green" || name == "blue";
}
constexpr NameParam kColourName{"test.colour", "", "Colour", "green", &IsColour, "A colour."};

TEST(SavedParams, ANameRowReadsAKnownNameAndFallsBackWithANoteOnAnUnknownOne) {
  const std::string dir = TempPath("saved_params_name");
  std::string colour = "blue";
  auto rows = [&](ParamVisitor& v) { v(kColourName, colour); };
  EXPECT_EQ(ReadParams(FileWith(dir, "test.colour=red\n"), rows), "");
  EXPECT_EQ(colour, "red");
  const std::string notes = ReadParams(FileWith(dir, "test.colour=purple\n"), rows);
  EXPECT_EQ(colour, "green");
  EXPECT_NE(notes.find("test.colour 'purple' is not known here; the default green is used"),
            std::string::npos)
      << notes;
  colour = "blue";
  Settings file = FileWith(dir, "");
  WriteParams(file, rows);
  ASSERT_EQ(file.Save(), "");
  Settings again;
  again.Load(dir);
  EXPECT_EQ(again.Get("test.colour", ""), "blue");
  colour = "red";
  EXPECT_EQ(ReadParams(again, rows), "");
  EXPECT_EQ(colour, "blue");
}

}  // namespace
}  // namespace partlab
