#include "engine/broadphase/frame_driver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/broadphase/brute_force.h"

namespace partlab {
namespace {

Aabb Box(float x0, float x1) {
  return {{x0, 0, 0}, {x1, 1, 1}};
}

TEST(BruteForce, TouchingBoxesOverlapAndEachPairOnce) {
  BruteForce bf;
  FrameDriver driver(bf);
  std::vector<Aabb> frame = {Box(0, 1), Box(1, 2), Box(2.5f, 3), Box(0.5f, 0.7f)};
  std::vector<BoxPair> pairs;
  driver.Step(frame, pairs);
  std::sort(pairs.begin(), pairs.end());
  EXPECT_EQ(pairs, (std::vector<BoxPair>{{0, 1}, {0, 3}}));
}

TEST(FrameDriver, AbsentBoxesAreRemovedAndReadded) {
  BruteForce bf;
  FrameDriver driver(bf);
  std::vector<BoxPair> pairs;
  std::vector<Aabb> frame = {Box(0, 1), Box(0.5f, 2)};
  driver.Step(frame, pairs);
  EXPECT_EQ(pairs.size(), 1u);
  frame[1] = Aabb{};  // absent
  driver.Step(frame, pairs);
  EXPECT_TRUE(pairs.empty());
  frame[1] = Box(0.9f, 1.5f);
  driver.Step(frame, pairs);
  EXPECT_EQ(pairs, (std::vector<BoxPair>{{0, 1}}));
}

TEST(PairSetChecksum, IgnoresOrderButNotContent) {
  std::vector<BoxPair> a = {{0, 1}, {2, 3}, {4, 9}};
  std::vector<BoxPair> b = {{4, 9}, {0, 1}, {2, 3}};
  std::vector<BoxPair> c = {{0, 1}, {2, 3}, {4, 8}};
  EXPECT_EQ(PairSetChecksum(a), PairSetChecksum(b));
  EXPECT_NE(PairSetChecksum(a), PairSetChecksum(c));
  EXPECT_NE(PairSetChecksum(a), PairSetChecksum(std::span(a).first(2)));
}

}  // namespace
}  // namespace partlab
