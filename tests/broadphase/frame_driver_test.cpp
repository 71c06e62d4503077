#include "engine/broadphase/frame_driver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
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

// Records the calls it receives, to check what the driver asks of a broad phase.
class CallLog : public BroadPhase {
 public:
  std::string_view Name() const override { return "call_log"; }
  void Add(BoxId id, const Aabb& box) override { Log("add", id, box); }
  void Remove(BoxId id) override { calls.push_back("remove " + std::to_string(id)); }
  void Move(BoxId id, const Aabb& box) override { Log("move", id, box); }
  void Update() override { calls.push_back("update"); }
  void FindPairs(std::vector<BoxPair>&) override { calls.push_back("pairs"); }
  size_t MemoryBytes() const override { return 0; }
  std::vector<std::string> calls;

 private:
  void Log(const char* what, BoxId id, const Aabb& box) {
    calls.push_back(std::string(what) + " " + std::to_string(id) + " " +
                    std::to_string(int(box.min.x)) + ".." + std::to_string(int(box.max.x)));
  }
};

TEST(FrameDriver, IssuesOnlyTheEditsAFrameNeedsBeforeUpdate) {
  CallLog log;
  FrameDriver driver(log);
  std::vector<BoxPair> pairs;
  std::vector<Aabb> frame = {Box(0, 1), Aabb{}, Box(4, 5)};
  driver.Step(frame, pairs);
  EXPECT_EQ(log.calls, (std::vector<std::string>{"add 0 0..1", "add 2 4..5", "update", "pairs"}));

  log.calls.clear();
  frame = {Box(0, 1), Box(7, 8), Aabb{}, Box(9, 10)};  // 0 still, 1 appears, 2 goes, 3 is new
  driver.Step(frame, pairs);
  EXPECT_EQ(log.calls,
            (std::vector<std::string>{"add 1 7..8", "remove 2", "add 3 9..10", "update", "pairs"}));

  log.calls.clear();
  frame[0] = Box(2, 3);  // moves; the others stay
  driver.Step(frame, pairs);
  EXPECT_EQ(log.calls, (std::vector<std::string>{"move 0 2..3", "update", "pairs"}));

  log.calls.clear();
  frame.resize(1);  // a shorter frame: the missing ids are absent
  driver.Step(frame, pairs);
  EXPECT_EQ(log.calls, (std::vector<std::string>{"remove 1", "remove 3", "update", "pairs"}));
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
