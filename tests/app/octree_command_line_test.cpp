// The octree view's start-up flags, declared by the view (octree_flags.cpp): --preset,
// --octree-depth, --placement and --ray parse into the views' store of Options, which the view
// reads when it is built (ViewStartOf); every mistake is one clear line.
#include <gtest/gtest.h>

#include <vector>

#include "app/command_line.h"
#include "app/view/view_flags_cli.h"
#include "app/views/octree/octree_flags.h"

namespace partlab {
namespace {

// The views whose flags this test parses, declared by the view itself.
const ViewFlagGroup kViews[] = {{"Octree", &octree_view::AddOctreeFlags}};

LoadResult<Options> Parse(std::vector<const char*> args) {
  args.insert(args.begin(), "partlab");
  return ParseCommandLine(int(args.size()), const_cast<char**>(args.data()), kViews);
}

TEST(OctreeFlags, ParseIntoTheViewsStore) {
  auto r = Parse({"--view", "Octree", "--preset", "ray", "--octree-depth", "12", "--placement",
                  "leaf", "--ray", "-1.5,2,3e-1,0,-1,0.25"});
  ASSERT_TRUE(r.ok()) << r.error();
  const ViewStart start = ViewStartOf(r.value());  // what the view is handed
  const ViewFlagValues& flags = start.flags;
  EXPECT_EQ(flags.Text("--preset"), "ray");
  EXPECT_EQ(flags.Int("--octree-depth"), 12);
  EXPECT_EQ(flags.Text("--placement"), "leaf");
  float ray[6];
  ASSERT_TRUE(octree_view::ParseRay(flags.Text("--ray"), ray));
  const float expected[6] = {-1.5f, 2.0f, 0.3f, 0.0f, -1.0f, 0.25f};
  for (int k = 0; k < 6; ++k) EXPECT_FLOAT_EQ(ray[k], expected[k]) << k;
  // Each parse has its own store.
  auto later = Parse({"--preset", "cells"});
  ASSERT_TRUE(later.ok());
  EXPECT_EQ(later.value().view_flags.Text("--preset"), "cells");
  EXPECT_FALSE(later.value().view_flags.Has("--ray"));
}

TEST(OctreeFlags, DefaultsLeaveTheViewItsOwnChoices) {
  auto r = Parse({});
  ASSERT_TRUE(r.ok());
  for (const char* flag : {"--preset", "--octree-depth", "--placement", "--ray"})
    EXPECT_FALSE(r.value().view_flags.Has(flag)) << flag;
}

// --help lists the view's flags under the view's name, from its declarations.
TEST(OctreeFlags, HelpListsThemUnderTheViewsName) {
  const std::string help = CommandLineHelp("Octree", kViews);
  const size_t group = help.find("\nOctree:\n");
  ASSERT_NE(group, std::string::npos) << help;
  for (const char* flag : {"--octree-depth INT", "--placement paper|leaf", "--ray ox,oy,oz"})
    EXPECT_GT(help.find(flag), group) << flag;
  EXPECT_NE(help.find("1..12 levels (default 8)"), std::string::npos);
}

// A second view that reads --preset too: the flag is declared once, listed once among the flags
// several views read, its help made of both views' parts.
void AddTwinFlags(ViewFlagDefs& defs) {
  AddViewTextFlag(defs, "--preset", "NAME", "Twin: left, right", kPresetLead);
}

TEST(OctreeFlags, AFlagTwoViewsReadIsListedOnceWithBothParts) {
  const ViewFlagGroup views[] = {{"Octree", &octree_view::AddOctreeFlags}, {"Twin", &AddTwinFlags}};
  const std::string help = CommandLineHelp("Octree, Twin", views);
  const size_t first = help.find("--preset NAME");
  ASSERT_NE(first, std::string::npos) << help;
  EXPECT_EQ(help.find("--preset NAME", first + 1), std::string::npos) << help;
  EXPECT_LT(help.find(kSharedFlagGroup), first);
  const size_t octree = help.find("Octree: cells", first);
  const size_t twin = help.find("Twin: left, right", first);
  EXPECT_NE(octree, std::string::npos);
  EXPECT_NE(twin, std::string::npos);
  EXPECT_EQ(help.find("\nTwin:\n"), std::string::npos);  // the twin has no flag of its own
  const char* args[] = {"partlab", "--preset", "right"};
  auto r = ParseCommandLine(3, const_cast<char**>(args), views);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value().view_flags.Text("--preset"), "right");
}

TEST(OctreeFlags, MistakesAreOneLineNamingTheFlag) {
  struct Case {
    std::vector<const char*> args;
    const char* message;
  };
  const Case cases[] = {
      {{"--octree-depth", "x"}, "partlab: --octree-depth expects 1..12, got 'x'"},
      {{"--placement", "middle"}, "partlab: --placement expects paper or leaf, got 'middle'"},
      {{"--ray", "1,2,3,0,0,0"}, "partlab: --ray expects ox,oy,oz,dx,dy,dz"},
      {{"--ray", "1,2,3,4,5"}, "partlab: --ray expects ox,oy,oz,dx,dy,dz"},
      {{"--ray", "1,2,3,4,5,6,7"}, "partlab: --ray expects ox,oy,oz,dx,dy,dz"},
      {{"--ray", "1,2,nan,4,5,6"}, "partlab: --ray expects ox,oy,oz,dx,dy,dz"},
      {{"--ray", "1,2,3,4,5,6x"}, "partlab: --ray expects ox,oy,oz,dx,dy,dz"},
      {{"--ray"}, "partlab: --ray expects a value"},
  };
  for (const Case& c : cases) {
    auto r = Parse(c.args);
    ASSERT_FALSE(r.ok()) << c.message;
    EXPECT_EQ(r.error().rfind(c.message, 0), 0u) << r.error();
    EXPECT_EQ(r.error().find('\n'), std::string::npos);
  }
}

}  // namespace
}  // namespace partlab
