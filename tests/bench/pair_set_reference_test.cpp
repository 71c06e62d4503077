// The benches' frame check (bench/pair_set_reference.h) against deliberately wrong broad phases:
// a comparison that passed them would mean nothing. The reference pairs come from an overlap test
// written here, independently of the engine's brute force.
#include "bench/pair_set_reference.h"

#include <gtest/gtest.h>

#include <vector>

#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/broadphase/synthetic_motion.h"

namespace partlab::bench {
namespace {

// Closed intervals on all three axes: touching boxes overlap.
bool Overlap(const Aabb& a, const Aabb& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
         a.min.z <= b.max.z && b.min.z <= a.max.z;
}

std::vector<BoxPair> AllOverlaps(std::span<const Aabb> boxes) {
  std::vector<BoxPair> out;
  for (BoxId i = 0; i < boxes.size(); ++i)
    for (BoxId j = i + 1; j < boxes.size(); ++j)
      if (!boxes[i].IsEmpty() && !boxes[j].IsEmpty() && Overlap(boxes[i], boxes[j]))
        out.push_back({i, j});
  return out;
}

// Brute force that goes wrong on one call of FindPairs: drops its last pair, or reports its first
// one twice.
class WrongOnOneFrame final : public BroadPhase {
 public:
  enum class Fault { kDropsAPair, kDuplicatesAPair };
  WrongOnOneFrame(size_t wrong_call, Fault fault) : wrong_call_(wrong_call), fault_(fault) {}
  std::string_view Name() const override { return "wrong_on_one_frame"; }
  void Add(BoxId id, const Aabb& box) override { inner_.Add(id, box); }
  void Remove(BoxId id) override { inner_.Remove(id); }
  void Move(BoxId id, const Aabb& box) override { inner_.Move(id, box); }
  void FindPairs(std::vector<BoxPair>& out) override {
    inner_.FindPairs(out);
    if (calls_++ != wrong_call_ || out.empty()) return;
    if (fault_ == Fault::kDropsAPair)
      out.pop_back();
    else
      out.back() = out.front();  // same count, one pair lost, another twice
  }
  size_t MemoryBytes() const override { return 0; }

 private:
  BruteForce inner_;
  size_t calls_ = 0, wrong_call_;
  Fault fault_;
};

constexpr size_t kFrames = 8, kWrongFrame = 5;

// Drives `bp` over a generated scene and returns the first frame the reference rejects, with the
// difference; kFrames when every frame passed.
size_t FirstRejectedFrame(BroadPhase& bp, size_t budget_bytes, std::string& difference) {
  SyntheticMotion motion({SyntheticKind::kMoving, 300, 7});
  PairSetReference reference(budget_bytes);
  std::vector<std::vector<Aabb>> frames;
  for (size_t f = 0; f < kFrames; ++f, motion.Advance()) {
    frames.emplace_back(motion.frame().begin(), motion.frame().end());
    std::vector<BoxPair> want = AllOverlaps(frames.back());
    reference.Record(want);
  }
  FrameDriver driver(bp);
  std::vector<BoxPair> got;
  for (size_t f = 0; f < kFrames; ++f) {
    driver.Step(frames[f], got);
    difference = reference.Compare(f, got);
    if (!difference.empty()) return f;
  }
  return kFrames;
}

TEST(PairSetReference, BruteForcePassesEveryFrame) {
  BruteForce brute;
  std::string difference;
  EXPECT_EQ(FirstRejectedFrame(brute, size_t(1) << 30, difference), kFrames) << difference;
}

TEST(PairSetReference, ADroppedPairFailsOnItsFrame) {
  WrongOnOneFrame wrong(kWrongFrame, WrongOnOneFrame::Fault::kDropsAPair);
  std::string difference;
  EXPECT_EQ(FirstRejectedFrame(wrong, size_t(1) << 30, difference), kWrongFrame);
  EXPECT_NE(difference.find("1 missing"), std::string::npos) << difference;
}

// The same count and a pair twice: a check by count alone would pass it.
TEST(PairSetReference, ADuplicatedPairInPlaceOfAnotherFails) {
  WrongOnOneFrame wrong(kWrongFrame, WrongOnOneFrame::Fault::kDuplicatesAPair);
  std::string difference;
  EXPECT_EQ(FirstRejectedFrame(wrong, size_t(1) << 30, difference), kWrongFrame);
  EXPECT_NE(difference.find("1 missing"), std::string::npos) << difference;
  EXPECT_NE(difference.find("reported twice"), std::string::npos) << difference;
}

// Past the memory budget frames keep a checksum: still a failure, and the description says the
// comparison was not exact there.
TEST(PairSetReference, FramesPastTheBudgetStillFail) {
  WrongOnOneFrame wrong(kWrongFrame, WrongOnOneFrame::Fault::kDropsAPair);
  std::string difference;
  EXPECT_EQ(FirstRejectedFrame(wrong, 0, difference), kWrongFrame);
  EXPECT_NE(difference.find("checksum"), std::string::npos) << difference;
}

TEST(PairSetReference, StoresExactSetsUpToTheBudgetThenSaysSo) {
  PairSetReference reference(3 * sizeof(BoxPair));
  std::vector<BoxPair> two{{1, 2}, {0, 5}}, one{{3, 4}};
  reference.Record(two);
  reference.Record(one);  // 3 pairs: still fits
  reference.Record(one);  // 4: past the budget
  EXPECT_TRUE(reference.exact(0));
  EXPECT_TRUE(reference.exact(1));
  EXPECT_FALSE(reference.exact(2));
  EXPECT_EQ(reference.Describe(),
            "exact pair sets for frames 0-1, checksums and counts after "
            "(memory budget)");
  std::vector<BoxPair> reordered{{1, 2}, {0, 5}}, wrong{{3, 5}};
  EXPECT_EQ(reference.Compare(0, reordered), "");  // any order
  EXPECT_EQ(reference.Compare(1, wrong), "1 missing, first (3, 4); 1 extra, first (3, 5)");
}

TEST(PairSetReference, MismatchLineNamesAlgorithmSceneAndFrame) {
  EXPECT_EQ(MismatchLine("broadphase", "sabsp", "generated 'moving' (seed 1)", 17, "1 missing"),
            "broadphase: WRONG PAIRS: sabsp on generated 'moving' (seed 1), frame 17: 1 missing");
}

}  // namespace
}  // namespace partlab::bench
