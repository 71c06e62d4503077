// Building the PVS in slices (pvs_build.h): the table built one unit per slice equals the one
// built in one go, for both the point-sampled and the conservative PVS, and Cancel stops a build
// of the 3,000-cell corridor where it is.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string>

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

// AdvanceFor(0) runs exactly one step: the slices are as small as they get, and a unit (a pair, a
// source cell) takes one or more of them.
template <class Build>
PotentiallyVisibleSet OneStepPerSlice(Build& build) {
  size_t slices = 0;
  for (size_t before = 0; !build.AdvanceFor(0.0); before = build.done_units()) {
    ++slices;
    EXPECT_LE(build.done_units(), before + 1);
  }
  EXPECT_GE(slices + 1, build.total_units());
  EXPECT_EQ(build.done_units(), build.total_units());
  return build.Take();
}

// The chapter's definition straight from the sample points and the segment walk, no build:
// "Caso alguma reta possua uma interseção vazia com os polígonos da cena, então a célula A pode
// enxergar a célula i."
bool SampledReference(const IndoorLevel& level, const PvsOptions& options, size_t a, size_t b) {
  std::vector<glm::vec3> pa, pb;
  SampleCellPoints(level, uint32_t(a), SampleCount(level, uint32_t(a), options), options.seed, &pa);
  SampleCellPoints(level, uint32_t(b), SampleCount(level, uint32_t(b), options), options.seed, &pb);
  for (const glm::vec3& p : pa)
    for (const glm::vec3& q : pb)
      if (SegmentClear(level, uint32_t(a), p, q)) return true;
  return a == b;
}

// Every chain of portals out of `cell` that one line still stabs (StabbingLineExists on the whole
// chain each time, not the build's incremental candidates).
void ConservativeReference(const IndoorLevel& level, uint32_t cell, std::vector<glm::dvec2>* left,
                           std::vector<glm::dvec2>* right, std::vector<uint8_t>* on_path,
                           std::vector<uint8_t>* row) {
  (*row)[cell] = 1;
  (*on_path)[cell] = 1;
  for (const PortalLink& link : level.LinksOf(cell)) {
    if ((*on_path)[link.neighbour]) continue;
    const LevelPortal& p = level.portals[link.portal];
    const glm::dvec2 a(p.a), b(p.b), into(link.outward.n.x, link.outward.n.z), m = 0.5 * (a + b);
    const bool a_left = into.x * (a - m).y - into.y * (a - m).x > 0.0;
    left->push_back(a_left ? a : b);
    right->push_back(a_left ? b : a);
    if (StabbingLineExists(*left, *right))
      ConservativeReference(level, link.neighbour, left, right, on_path, row);
    left->pop_back();
    right->pop_back();
  }
  (*on_path)[cell] = 0;
}

TEST(PvsBuild, SlicedPointSamplingEqualsOneShot) {
  const IndoorLevel level = test::CorridorLevel(300);
  PvsOptions options;
  options.points_per_area = 0.7f;
  const PotentiallyVisibleSet one_shot(level, options);
  PointSamplingBuild build(level, options);
  EXPECT_EQ(build.total_units(), 300u * 299u / 2u);  // every pair once
  const PotentiallyVisibleSet sliced = OneStepPerSlice(build);
  ExpectSameTable(one_shot, sliced);
  for (size_t a = 0; a < 300; a += 7)  // and both are the chapter's table
    for (size_t b = 0; b < 300; ++b)
      ASSERT_EQ(sliced.Visible(a, b), SampledReference(level, options, a, b)) << a << " " << b;
  size_t visible = 0;
  for (size_t a = 0; a < 300; ++a) visible += one_shot.VisibleCount(a);
  EXPECT_GT(visible, 300u);       // it sees beyond itself
  EXPECT_LT(visible, 300u * 30);  // and not everywhere
}

TEST(PvsBuild, SlicedConservativeEqualsOneShot) {
  const IndoorLevel level = test::GridLevel(10, 10, 4);
  const PotentiallyVisibleSet one_shot = PortalSequencePvs(level);
  PortalSequenceBuild build(level);
  const PotentiallyVisibleSet sliced = OneStepPerSlice(build);
  ExpectSameTable(one_shot, sliced);
  std::vector<glm::dvec2> left, right;
  std::vector<uint8_t> on_path(level.cells.size(), 0), row(level.cells.size());
  for (uint32_t a = 0; a < level.cells.size(); ++a) {  // and both are the chains' closure
    std::fill(row.begin(), row.end(), 0);
    ConservativeReference(level, a, &left, &right, &on_path, &row);
    for (size_t b = 0; b < level.cells.size(); ++b) ASSERT_EQ(sliced.Visible(a, b), bool(row[b]));
  }
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

// A hostile level: one straight corridor of 300 cells whose doors all line up, so every cell sees
// every other through chains of up to 299 portals. Past kMaxChain portals the conservative build
// stops testing and lets the source's row hold every cell: the table is still right (here every
// pair is visible) and the build stays short.
TEST(PvsBuild, LongAlignedCorridorStaysConservativeAndBounded) {
  IndoorLevel level;
  const int n = 300;
  for (int k = 0; k < n; ++k) {
    LevelCell cell;
    cell.name = "c" + std::to_string(k);
    cell.ceiling = 3.0f;
    cell.outline = {{float(k), 0.0f}, {float(k + 1), 0.0f}, {float(k + 1), 2.0f}, {float(k), 2.0f}};
    level.cells.push_back(cell);
    if (k == 0) continue;
    LevelPortal p;
    p.cells = {uint32_t(k - 1), uint32_t(k)};
    p.a = {float(k), 0.5f};
    p.b = {float(k), 1.5f};
    p.top = 2.2f;
    level.portals.push_back(p);
  }
  LevelLoad load = ParseLevel(WriteLevel(level), "aligned");
  ASSERT_TRUE(load.ok()) << load.errors[0];
  PortalSequenceBuild build(load.level);
  const auto start = std::chrono::steady_clock::now();
  build.RunToEnd();
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 20.0);
  EXPECT_GT(build.chains_cut(), 0u);
  const PotentiallyVisibleSet table = build.Take();
  for (size_t a = 0; a < size_t(n); ++a) EXPECT_EQ(table.VisibleCount(a), size_t(n)) << a;
}

}  // namespace
}  // namespace partlab
