// The Simulation view's lesson verbs (app/views/simulation/sim_lesson_verbs.h), driven on the
// scripted figures through a subject that plays them as the view does: each claim holds where the
// figure's geometry says it must and fails, with one line, where it must not (a tampered pair
// set, a wrong count, a depth too small).
#include "app/views/simulation/sim_lesson_verbs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "app/views/simulation/sim_lesson_answers.h"
#include "app/views/simulation/sim_op_stepper.h"
#include "engine/broadphase/sabsp/bsp_figures.h"

namespace partlab {
namespace {

// What the view lends the verbs, for a figure: its run, operation stepping, a highlight.
class FigureSubject final : public SimLessonSubject {
 public:
  explicit FigureSubject(std::string_view key) : run_(*FindBspFigure(key), /*thesis=*/true) {}

  SemiAdjustingBsp* ShownBsp() override { return &run_.bsp(); }
  std::span<const Aabb> ShownBoxes() const override { return run_.boxes(); }
  std::span<const BoxPair> ShownPairs() const override {
    return tampered_ ? std::span<const BoxPair>(pairs_) : std::span<const BoxPair>(run_.pairs());
  }
  void StepOnce() override {
    run_.Step();
    stepper_.Reset();
  }
  void SetOperationStepping(bool on) override { run_.bsp().SetOperationStepping(on); }
  std::string AdvanceOperation() override { return stepper_.Advance(run_.bsp()); }
  void HighlightNode(NodeId node) override { highlighted = node; }
  std::string SwitchBroadPhase(const std::string& name) override { return "not in this test"; }

  // The run's pairs with the first one left out.
  void DropAPair() {
    pairs_.assign(run_.pairs().begin() + 1, run_.pairs().end());
    tampered_ = true;
  }

  NodeId highlighted = kNoNode;

 private:
  BspFigureRun run_;
  OpStepper stepper_;
  std::vector<BoxPair> pairs_;
  bool tampered_ = false;
};

// "verb a b c" as the lesson loader splits it.
LessonCommand Command(const std::string& text) {
  std::istringstream in(text);
  LessonCommand c;
  in >> c.verb;
  for (std::string word; in >> word;) c.args.push_back(word);
  return c;
}

std::string Act(SimLessonSubject& s, const std::string& text) {
  return RunSimLessonAction(s, Command(text));
}
std::string Check(SimLessonSubject& s, const std::string& text) {
  return CheckSimLessonClaim(s, Command(text));
}

// The answers worked by hand: touching boxes pair, separated ones do not; a unit box's ends on
// the diagonal (1, 1, 0) / sqrt(2) are its min and max corners' x + y over sqrt(2); the thesis
// counts 13 directions.
TEST(SimLessonAnswers, PairsProjectionsAndDirectionsByHand) {
  const std::vector<Aabb> boxes = {{{0, 0, 0}, {1, 1, 1}},
                                   {{1, 0, 0}, {2, 1, 1}},  // touches box 0
                                   {{3, 0, 0}, {4, 1, 1}},
                                   {{1, 1, 1}, {0, 0, 0}},  // absent
                                   {{3.5f, 0.5f, 0.5f}, {5, 2, 2}}};
  EXPECT_EQ(AllOverlappingPairs(boxes), (std::vector<BoxPair>{{0, 1}, {2, 4}}));
  const glm::vec3 diagonal = glm::vec3(1, 1, 0) / std::sqrt(2.0f);
  const auto [lo, hi] = Project({{1, 2, 0}, {2, 4, 1}}, diagonal);
  EXPECT_NEAR(lo, 3.0f / std::sqrt(2.0f), 1e-5f);
  EXPECT_NEAR(hi, 6.0f / std::sqrt(2.0f), 1e-5f);
  const auto [nlo, nhi] = Project({{1, 2, 0}, {2, 4, 1}}, -diagonal);
  EXPECT_NEAR(nlo, -6.0f / std::sqrt(2.0f), 1e-5f);
  EXPECT_NEAR(nhi, -3.0f / std::sqrt(2.0f), 1e-5f);
  EXPECT_EQ(SignCombinationCount(), 13);
  EXPECT_LT(ThesisPriority(BspOp::kBalance), ThesisPriority(BspOp::kShiftSplit));
  EXPECT_LT(ThesisPriority(BspOp::kSplit), ThesisPriority(BspOp::kSwap));
  EXPECT_LT(ThesisPriority(BspOp::kSwap), ThesisPriority(BspOp::kMerge));
}

TEST(SimLessonVerbs, EveryVerbIsListedOnceWithItsUsage) {
  std::vector<std::string> seen;
  for (const auto& row : SimLessonVerbTable()) {
    const LessonVerbSpec& v = row.spec;
    EXPECT_EQ(std::string(v.usage).rfind(v.verb, 0), 0u) << v.usage;
    EXPECT_EQ(std::count(seen.begin(), seen.end(), v.verb), 0) << v.verb;
    seen.push_back(v.verb);
  }
}

TEST(SimLessonVerbs, ShiftSplitClaimsHoldAndWrongOnesFail) {
  FigureSubject s("shift-split");
  s.StepOnce();
  EXPECT_EQ(Check(s, "op-logged shift-split applied split: 8 > t = 4"), "");
  EXPECT_NE(Check(s, "op-logged split applied"), "");
  EXPECT_NE(Check(s, "op-logged shift-split applied merge"), "");
  EXPECT_EQ(Check(s, "op-not-logged split applied"), "");
  // The plane in the row's middle gap: 4 | 4, nothing straddling, counted from the boxes.
  EXPECT_EQ(Check(s, "cut-quality root 1.0 0"), "");
  EXPECT_EQ(Check(s, "straddlers root 0"), "");
  EXPECT_NE(Check(s, "straddlers root 1"), "");
  EXPECT_EQ(Check(s, "normal root 1 0 0"), "");
  EXPECT_NE(Check(s, "normal root 0 1 0"), "");
  EXPECT_EQ(Check(s, "leaves-at-most 4"), "");
  EXPECT_NE(Check(s, "leaves-at-most 3"), "");
  EXPECT_EQ(Check(s, "depth-at-most 1"), "");
  EXPECT_NE(Check(s, "depth-at-most 0"), "");
  EXPECT_EQ(Check(s, "invariants-hold"), "");
}

TEST(SimLessonVerbs, OperationSteppingShowsThenApplies) {
  FigureSubject s("shift-split");
  EXPECT_EQ(Act(s, "op-stepping on"), "");
  s.StepOnce();  // verification queues the shift-split, nothing is applied
  EXPECT_EQ(Act(s, "highlight-node next-op"), "");
  EXPECT_EQ(s.highlighted, s.ShownBsp()->root());
  EXPECT_EQ(Act(s, "next-op"), "");  // shown
  EXPECT_NE(Check(s, "op-logged shift-split applied"), "");
  EXPECT_EQ(Act(s, "next-op"), "");  // applied
  EXPECT_EQ(Check(s, "op-logged shift-split applied"), "");
}

TEST(SimLessonVerbs, PairsAreCheckedAgainstAllPairs) {
  FigureSubject s("directions");  // each box half over the next: many pairs
  s.StepOnce();
  ASSERT_GT(s.ShownPairs().size(), 1u);
  EXPECT_EQ(Check(s, "pairs-equal-brute-force"), "");
  s.DropAPair();
  const std::string line = Check(s, "pairs-equal-brute-force");
  EXPECT_NE(line.find("1 missing"), std::string::npos) << line;
}

TEST(SimLessonVerbs, ThirteenDirectionsAndTheDiagonalCut) {
  FigureSubject s("directions");
  EXPECT_EQ(Check(s, "cut-directions 13"), "");
  EXPECT_NE(Check(s, "cut-directions 12"), "");
  EXPECT_EQ(Act(s, "run-until-op split"), "");
  EXPECT_EQ(Check(s, "normal root 1 1 0"), "");
  EXPECT_EQ(Check(s, "cut-quality root 1.0 0"), "");
}

TEST(SimLessonVerbs, UnbalancedThenBalanced) {
  FigureSubject s("balance");
  for (int f = 0; f < 4; ++f) s.StepOnce();  // 6 | 2 under the old plane
  EXPECT_EQ(Check(s, "balance-below root 0.5"), "");
  EXPECT_NE(Check(s, "cut-quality root 0.5 0"), "");
  EXPECT_EQ(Act(s, "run-until-op balance"), "");
  EXPECT_EQ(Check(s, "op-logged balance applied balance: unbalanced"), "");
  EXPECT_EQ(Check(s, "cut-quality root 1.0 0"), "");
}

TEST(SimLessonVerbs, MergeAndTheStaleEvent) {
  FigureSubject merge("merge");
  EXPECT_EQ(Act(merge, "run-until-op merge applied 100"), "");
  EXPECT_EQ(Check(merge, "op-logged merge applied merge: 2 < 4"), "");
  FigureSubject stale("stale");
  EXPECT_NE(Check(stale, "stale-dropped merge"), "");
  EXPECT_EQ(Act(stale, "run-until-op merge dropped 100"), "");
  EXPECT_EQ(Check(stale, "stale-dropped merge"), "");
  EXPECT_EQ(Check(stale, "ops-in-priority-order"), "");
}

TEST(SimLessonVerbs, BadCommandsGetOneLine) {
  FigureSubject s("split");
  for (const char* bad : {"no-such-verb", "run-until-op", "run-until-op teleport",
                          "highlight-node 9999", "op-stepping maybe"})
    EXPECT_NE(Act(s, bad), "") << bad;
  for (const char* bad : {"no-such-check", "op-logged split", "cut-quality root x 0",
                          "depth-at-most", "normal root 0 0 0"})
    EXPECT_NE(Check(s, bad), "") << bad;
  EXPECT_NE(Act(s, "run-until-op swap applied 5"), "");  // never within 5 steps here
}

}  // namespace
}  // namespace partlab
