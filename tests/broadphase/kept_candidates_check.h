// What the tests of the broad phases that keep candidates between steps (CachedBoxPruning,
// EpochBoxPruning) share: a kept candidate must still be tested on the exact boxes, and boxes whose
// fat boxes overflow.
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

// `bp` holds nothing yet and grows fat boxes by its largest side on every side (margin 1, no
// stretch). Two boxes touching, then apart while both stay inside their fat boxes: the pair goes,
// its candidate stays. `renewed()` is the broad phase's count of boxes renewed in the last step.
template <typename Renewed>
void ExpectKeptCandidatesTestedOnTheExactBoxes(BroadPhase& bp, Renewed&& renewed) {
  bp.Add(0, {{0, 0, 0}, {1, 1, 1}});
  bp.Add(1, {{1, 0, 0}, {2, 1, 1}});  // touching
  std::vector<BoxPair> pairs;
  bp.FindPairs(pairs);
  EXPECT_EQ(pairs, (std::vector<BoxPair>{{0, 1}}));
  bp.Move(1, {{1.2f, 0, 0}, {2.2f, 1, 1}});  // apart, inside its fat box [0, 3]
  pairs.clear();
  bp.FindPairs(pairs);
  EXPECT_EQ(renewed(), 0u);
  EXPECT_TRUE(pairs.empty());
  EXPECT_EQ(bp.LastCandidateCount(), 1u);
}

// Boxes whose fat boxes overflow (spanning nearly all of float's range, or at its edge), a point
// and two ordinary boxes, one of them touching the point.
inline std::vector<Aabb> OverflowingAndPointBoxes() {
  const float big = 3e38f;
  return {
      {{-big, -big, -big}, {big, big, big}},
      {{0, 0, 0}, {0, 0, 0}},
      {{0, 0, 0}, {1, 1, 1}},
      {{5, 5, 5}, {6, 6, 6}},
      {{big, big, big}, {big, big, big}},
  };
}

}  // namespace partlab
