// The octree view's start-up flags: --preset, --octree-depth, --placement and --ray parse into
// Options (and ParsedCommandLine, where the view reads them); every mistake is one clear line.
#include <gtest/gtest.h>

#include <vector>

#include "app/command_line.h"

namespace partlab {
namespace {

LoadResult<Options> Parse(std::vector<const char*> args) {
  args.insert(args.begin(), "partlab");
  return ParseCommandLine(int(args.size()), const_cast<char**>(args.data()));
}

TEST(OctreeFlags, ParseIntoOptionsAndTheLastParsedCommandLine) {
  auto r = Parse({"--view", "Octree", "--preset", "ray", "--octree-depth", "12", "--placement",
                  "leaf", "--ray", "-1.5,2,3e-1,0,-1,0.25"});
  ASSERT_TRUE(r.ok()) << r.error();
  const Options& o = r.value();
  EXPECT_EQ(o.preset, "ray");
  EXPECT_EQ(o.octree_depth, 12);
  EXPECT_EQ(o.placement, "leaf");
  ASSERT_TRUE(o.has_ray);
  const float expected[6] = {-1.5f, 2.0f, 0.3f, 0.0f, -1.0f, 0.25f};
  for (int k = 0; k < 6; ++k) EXPECT_FLOAT_EQ(o.ray[k], expected[k]) << k;
  EXPECT_EQ(ParsedCommandLine().preset, "ray");
  EXPECT_TRUE(ParsedCommandLine().has_ray);
  // A later parse replaces it; a failed one leaves it alone.
  ASSERT_TRUE(Parse({"--preset", "cells"}).ok());
  EXPECT_EQ(ParsedCommandLine().preset, "cells");
  EXPECT_FALSE(ParsedCommandLine().has_ray);
  EXPECT_FALSE(Parse({"--octree-depth", "x"}).ok());
  EXPECT_EQ(ParsedCommandLine().preset, "cells");
}

TEST(OctreeFlags, DefaultsLeaveTheViewItsOwnChoices) {
  auto r = Parse({});
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.value().preset.empty());
  EXPECT_EQ(r.value().octree_depth, 0);
  EXPECT_TRUE(r.value().placement.empty());
  EXPECT_FALSE(r.value().has_ray);
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
