// Inputs that pass our readers (every number finite) but reach outside what a library accepts.
// Every broad phase, ours and the adapters, is run on boxes near the ends of the float range and
// compared with a brute-force pair set written here; the adapters' stated limits are checked to
// refuse exactly the inputs beyond them. Before the checks, ODE's quadtree aborted the process on
// the first of these scenes (dIASSERT in Block::Create).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/coordinate_limit.h"
#include "engine/broadphase/frame_driver.h"

namespace partlab {
namespace {

// Random boxes whose coordinates reach about `reach`, sized so that some overlap.
std::vector<Aabb> BoxesReaching(float reach, uint32_t seed, int count = 60) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> pos(-reach, reach * 0.9f), size(0.0f, reach * 0.15f);
  std::vector<Aabb> boxes;
  for (int i = 0; i < count; ++i) {
    const glm::vec3 lo(pos(rng), pos(rng), pos(rng));
    const glm::vec3 hi =
        glm::min(lo + glm::vec3(size(rng), size(rng), size(rng)), glm::vec3(reach));
    boxes.push_back({lo, hi});
  }
  boxes.push_back({glm::vec3(-reach), glm::vec3(reach)});  // one box spanning everything
  return boxes;
}

// The reference: every pair tested, closed intervals (touching counts), as formats.md defines.
std::vector<BoxPair> PairsByHand(const std::vector<Aabb>& boxes) {
  std::vector<BoxPair> out;
  for (BoxId a = 0; a < boxes.size(); ++a)
    for (BoxId b = a + 1; b < boxes.size(); ++b) {
      bool overlap = true;
      for (int k = 0; k < 3; ++k)
        overlap =
            overlap && boxes[a].min[k] <= boxes[b].max[k] && boxes[b].min[k] <= boxes[a].max[k];
      if (overlap) out.push_back({a, b});
    }
  return out;
}

std::vector<BoxPair> PairsOf(std::string_view algorithm, const std::vector<Aabb>& boxes) {
  std::unique_ptr<BroadPhase> bp = MakeBroadPhase(algorithm);
  FrameDriver driver(*bp);
  std::vector<BoxPair> pairs;
  driver.Step(boxes, pairs);
  driver.Step(boxes, pairs);  // a second, incremental step over the same frame
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

bool IsAdapter(std::string_view name) {
  return name.rfind("ode_", 0) == 0 || name.rfind("bullet_", 0) == 0;
}

// Frame 0 near the origin, frame 1 at `reach`: the incremental step moves every box far away.
std::vector<BoxPair> PairsAfterAJump(std::string_view algorithm, const std::vector<Aabb>& near,
                                     const std::vector<Aabb>& far) {
  std::unique_ptr<BroadPhase> bp = MakeBroadPhase(algorithm);
  FrameDriver driver(*bp);
  std::vector<BoxPair> pairs;
  driver.Step(near, pairs);
  driver.Step(far, pairs);
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

TEST(LibraryLimits, EveryBroadPhaseFindsTheExactPairsWithinItsLimit) {
  // Within its stated limit every algorithm must be exact, built at once or moved there; beyond
  // it the adapters clamp (a last defence) and must still be exact. Nothing may abort.
  const std::vector<Aabb> near = BoxesReaching(10.0f, 1);
  for (float reach : {1e3f, 1e9f, 1e30f, 4e37f, 3e38f, 3.4028e38f}) {
    const std::vector<Aabb> boxes = BoxesReaching(reach, uint32_t(reach > 1e10f ? 7 : 3));
    const std::vector<BoxPair> expected = PairsByHand(boxes);
    for (std::string_view name : BroadPhaseNames()) {
      SCOPED_TRACE(std::string(name) + " at " + std::to_string(reach));
      const std::vector<BoxPair> built = PairsOf(name, boxes);
      const std::vector<BoxPair> moved = PairsAfterAJump(name, near, boxes);
      if (LargestCoordinate(boxes) > MakeBroadPhase(name)->AcceptedCoordinates().largest &&
          !IsAdapter(name))
        continue;  // refused by every caller (bench, replay); ran above without aborting
      EXPECT_EQ(built, expected);
      EXPECT_EQ(moved, expected);
    }
  }
}

TEST(LibraryLimits, EachStatedLimitRefusesExactlyWhatLiesBeyondIt) {
  for (std::string_view name : BroadPhaseNames()) {
    const CoordinateLimit limit = MakeBroadPhase(name)->AcceptedCoordinates();
    SCOPED_TRACE(std::string(name));
    EXPECT_EQ(CoordinateLimitProblem(name, limit, limit.largest), "");
    if (limit.largest < std::numeric_limits<float>::max()) {
      EXPECT_FALSE(limit.why.empty());  // every limit says where it comes from
      const std::string problem =
          CoordinateLimitProblem(name, limit, std::nextafter(limit.largest, INFINITY));
      EXPECT_EQ(problem.rfind(std::string(name) + " accepts coordinates within", 0), 0u) << problem;
    }
  }
}

TEST(LibraryLimits, TheLargestCoordinateIgnoresAbsentBoxes) {
  const std::vector<Aabb> frame = {{{1, 2, 3}, {4, 5, -6e30f}},  // absent: min > max on z
                                   {{-7, 0, 0}, {1, 1, 1}},
                                   {{0, 0, 0}, {2, 2, 2}}};
  EXPECT_EQ(LargestCoordinate(frame), 7.0f);
  EXPECT_EQ(LargestCoordinate({}), 0.0f);
}

TEST(LibraryLimits, ClampingKeepsEveryOverlap) {
  // Clamping is monotone per coordinate, so overlapping boxes still overlap once clamped.
  const std::vector<Aabb> boxes = BoxesReaching(3e38f, 5, 200);
  for (float limit : {1.0f, 1e8f, 1e37f}) {
    std::vector<Aabb> clamped;
    for (const Aabb& b : boxes) clamped.push_back(ClampedToLimit(b, limit));
    const std::vector<BoxPair> before = PairsByHand(boxes), after = PairsByHand(clamped);
    EXPECT_TRUE(std::includes(after.begin(), after.end(), before.begin(), before.end()));
  }
}

}  // namespace
}  // namespace partlab
