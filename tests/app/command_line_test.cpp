// partlab's flags: defaults, the headless set, and one clear line for every mistake.
#include "app/command_line.h"

#include <gtest/gtest.h>

#include <vector>

namespace partlab {
namespace {

LoadResult<Options> Parse(std::vector<const char*> args) {
  args.insert(args.begin(), "partlab");
  return ParseCommandLine(int(args.size()), const_cast<char**>(args.data()));
}

TEST(CommandLine, InteractiveByDefaultRunningUntilClosed) {
  auto r = Parse({});
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.value().screenshot.empty());
  EXPECT_EQ(r.value().frames, 0);
  EXPECT_EQ(r.value().msaa, -1);
}

TEST(CommandLine, HeadlessScreenshotDefaultsToFiveFrames) {
  auto r = Parse({"--screenshot", "out.png", "--size", "1920x1080", "--model", "bunny"});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value().screenshot, "out.png");
  EXPECT_EQ(r.value().frames, 5);
  EXPECT_EQ(r.value().width, 1920);
  EXPECT_EQ(r.value().height, 1080);
  EXPECT_EQ(r.value().model, "bunny");
}

TEST(CommandLine, ExplicitFramesAndMsaa) {
  auto r = Parse({"--frames", "60", "--msaa", "0", "--shader", "blinn_phong"});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value().frames, 60);
  EXPECT_EQ(r.value().msaa, 0);
  EXPECT_EQ(r.value().shader, "blinn_phong");
}

TEST(CommandLine, MistakesAreOneLineNamingTheFlag) {
  EXPECT_EQ(Parse({"--size", "big"}).error(),
            "partlab: --size expects WxH (e.g. 1280x720), got 'big'");
  EXPECT_EQ(Parse({"--size", "0x10"}).error(),
            "partlab: --size expects WxH (e.g. 1280x720), got '0x10'");
  EXPECT_EQ(Parse({"--frames", "-3"}).error(),
            "partlab: --frames expects a positive integer, got '-3'");
  EXPECT_EQ(Parse({"--msaa", "64"}).error(), "partlab: --msaa expects 0..16 samples, got '64'");
  EXPECT_EQ(Parse({"--screenshot"}).error(), "partlab: --screenshot expects a value (see --help)");
  EXPECT_EQ(Parse({"--bogus", "1"}).error(), "partlab: unknown flag '--bogus' (see --help)");
}

TEST(CommandLine, HelpNeedsNoValue) {
  auto r = Parse({"--help"});
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.value().show_help);
}

}  // namespace
}  // namespace partlab
