// Building the PVS in slices (pvs_build.h): the table built one unit per slice equals the one
// built in one go, for both the point-sampled and the conservative PVS, and Cancel stops a build
// of the 3,000-cell corridor where it is.
#include <gtest/gtest.h>

#include "engine/visibility/point_sampling_build.h"
#include "engine/visibility/portal_sequence_pvs.h"
#include "tests/visibility/level_test_support.h"

namespace partlab {
namespace {

void ExpectSameTable(const PotentiallyVisibleSet& a, const PotentiallyVisibleSet& b) {
  ASSERT_EQ(a.cells(), b.cells());
  size_t differ = 0;
  for (size_t i = 0; i < a.cells(); ++i)
    for (size_t j = 0; j < a.cells(); ++j) differ += a.Visible(i, j) != b.Visible(i, j);
  EXPECT_EQ(differ, 0u);
  EXPECT_EQ(a.points(), b.points());
  EXPECT_EQ(a.segments(), b.segments());
}

// AdvanceFor(0) runs exactly one unit: the slices are as small as they get.
template <class Build>
PotentiallyVisibleSet OneUnitPerSlice(Build& build) {
  size_t slices = 0;
  while (!build.AdvanceFor(0.0)) {
    ++slices;
    EXPECT_EQ(build.done_units(), slices);
  }
  EXPECT_EQ(build.done_units(), build.total_units());
  return build.Take();
}

TEST(PvsBuild, SlicedPointSamplingEqualsOneShot) {
  const IndoorLevel level = test::CorridorLevel(300);
  PvsOptions options;
  options.points_per_area = 0.7f;
  const PotentiallyVisibleSet one_shot(level, options);
  PointSamplingBuild build(level, options);
  EXPECT_EQ(build.total_units(), 300u * 299u / 2u);  // every pair once
  const PotentiallyVisibleSet sliced = OneUnitPerSlice(build);
  ExpectSameTable(one_shot, sliced);
  size_t visible = 0;
  for (size_t a = 0; a < 300; ++a) visible += one_shot.VisibleCount(a);
  EXPECT_GT(visible, 300u);       // it sees beyond itself
  EXPECT_LT(visible, 300u * 30);  // and not everywhere
}

TEST(PvsBuild, SlicedConservativeEqualsOneShot) {
  const IndoorLevel level = test::GridLevel(10, 10, 4);
  const PotentiallyVisibleSet one_shot = PortalSequencePvs(level);
  PortalSequenceBuild build(level);
  ExpectSameTable(one_shot, OneUnitPerSlice(build));
}

// The 3,000-cell corridor: a slice of 50 ms does part of the point sampling; Cancel stops it
// (no unit runs after it, however long the next slice), and an unfinished table is not handed out.
TEST(PvsBuild, CancelStopsTheCorridorsBuild) {
  const IndoorLevel level = test::CorridorLevel(3000);
  ASSERT_EQ(level.cells.size(), 3000u);
  PointSamplingBuild build(level, PvsOptions{});
  EXPECT_FALSE(build.AdvanceFor(0.05));
  const size_t done = build.done_units();
  EXPECT_GT(done, 0u);
  EXPECT_LT(build.progress(), 0.5);
  build.Cancel();
  EXPECT_TRUE(build.cancelled());
  EXPECT_FALSE(build.AdvanceFor(1.0));
  build.RunToEnd();
  EXPECT_EQ(build.done_units(), done);
  EXPECT_FALSE(build.done());
  EXPECT_EQ(build.Take().cells(), 0u);
}

}  // namespace
}  // namespace partlab
