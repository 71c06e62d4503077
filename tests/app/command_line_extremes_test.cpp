// Absurd numbers on the command line. A number outside its documented range is clamped
// with one note line naming the flag, the value and the reason; a value that is not a number, or a
// negative count, exits 2 with one line (main prints the error; ParseCommandLine returns it).
#include <gtest/gtest.h>

#include <vector>

#include "app/command_line.h"
#include "app/views/octree/octree_flags.h"
#include "app/views/simulation/sim_flags.h"

namespace partlab {
namespace {

// The views whose flags these tests parse, declared by the views themselves.
const ViewFlagGroup kViews[] = {{"Octree", &octree_view::AddOctreeFlags},
                                {"Simulation", &simulation_view::AddSimulationFlags}};

LoadResult<Options> Parse(std::vector<const char*> args) {
  args.insert(args.begin(), "partlab");
  return ParseCommandLine(int(args.size()), const_cast<char**>(args.data()), kViews);
}

TEST(CommandLineExtremes, AbsurdNumbersAreClampedWithOneNoteEach) {
  struct Case {
    std::vector<const char*> args;
    const char* note;
  };
  const Case cases[] = {
      {{"--size", "1x1"},
       "partlab: --size 1x1 clamped to 64x64 (the smallest window the panels fit in)"},
      {{"--size", "100000x50"},
       "partlab: --size 100000x50 clamped to 8192x64 (the largest window partlab opens)"},
      {{"--octree-depth", "99"},
       "partlab: --octree-depth 99 clamped to 12 (the octree view's maximum)"},
      {{"--octree-depth", "0"},
       "partlab: --octree-depth 0 clamped to 1 (the root alone is depth 1)"},
      {{"--steps", "5000000"},
       "partlab: --steps 5000000 clamped to 100000 (the most steps run before the first frame)"},
      {{"--bodies", "250000"},
       "partlab: --bodies 250000 clamped to 100000 (the simulation view's maximum)"},
      {{"--bodies", "0"}, "partlab: --bodies 0 clamped to 1 (a scene needs one body)"},
  };
  for (const Case& c : cases) {
    auto r = Parse(c.args);
    ASSERT_TRUE(r.ok()) << r.error();
    ASSERT_EQ(r.value().notes.size(), 1u) << c.note;
    EXPECT_EQ(r.value().notes[0], c.note);
  }
}

TEST(CommandLineExtremes, ClampedValuesAreTheOnesInForce) {
  auto r = Parse({"--size", "1x1", "--octree-depth", "99", "--bodies", "100000"});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value().width, 64);
  EXPECT_EQ(r.value().height, 64);
  EXPECT_EQ(r.value().view_flags.Int("--octree-depth"), 12);
  EXPECT_EQ(r.value().view_flags.Int("--bodies"), 100000);
  EXPECT_EQ(r.value().notes.size(), 2u);  // 100,000 bodies is in range: no note for it
  // What the Simulation view reads when it is built.
  EXPECT_EQ(simulation_view::ReadSimFlags(ViewStartOf(r.value()).flags).bodies, 100000);
}

TEST(CommandLineExtremes, NumbersInRangeGiveNoNote) {
  auto r = Parse({"--size", "64x8192", "--octree-depth", "12", "--steps", "0", "--bodies", "1"});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_TRUE(r.value().notes.empty());
  EXPECT_EQ(r.value().view_flags.Int("--steps", -1), 0);
  EXPECT_EQ(r.value().view_flags.Int("--bodies"), 1);
}

TEST(CommandLineExtremes, GarbageAndNegativeCountsAreOneErrorLine) {
  EXPECT_EQ(Parse({"--steps", "-5"}).error(),
            "partlab: --steps expects a count of physics steps (0..100000), got '-5'");
  EXPECT_EQ(Parse({"--steps", "many"}).error(),
            "partlab: --steps expects a count of physics steps (0..100000), got 'many'");
  EXPECT_EQ(Parse({"--bodies", "1e5"}).error(),
            "partlab: --bodies expects a number of bodies (1..100000), got '1e5'");
  EXPECT_EQ(Parse({"--size", "-1x5"}).error(),
            "partlab: --size expects WxH (e.g. 1280x720), got '-1x5'");
  EXPECT_EQ(Parse({"--size", "0x10"}).error(),
            "partlab: --size expects WxH (e.g. 1280x720), got '0x10'");
  // Too large even for an int: not a number we can clamp honestly.
  EXPECT_EQ(Parse({"--octree-depth", "99999999999"}).error(),
            "partlab: --octree-depth expects 1..12, got '99999999999'");
}

}  // namespace
}  // namespace partlab
