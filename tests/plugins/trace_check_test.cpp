// engine/plugins/trace_check.h: a trace replayed through a broad phase and compared with brute
// force frame by frame. The broken grid plugin is caught at the frame its bug statement and brute
// force say, with those missing pairs; the right grid never; seeking back and forth gives the
// same answers as the straight replay; the game's own pairs are checked too; the exported cut of
// a wrong frame is small and still wrong.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/plugins/broad_phase_plugin.h"
#include "engine/plugins/trace_check.h"
#include "tests/plugins/crossing_trace.h"

namespace partlab {
namespace {

void LoadOnce(const std::string& path) {
  static std::set<std::string> loaded;
  if (loaded.insert(path).second) {
    ASSERT_EQ(LoadBroadPhasePlugin(path), "");
  }
}

// Brute force's pairs of every frame, sorted: the independent answer.
std::vector<std::vector<BoxPair>> TruePairs(const AabbTrace& trace) {
  std::vector<std::vector<BoxPair>> all;
  for (size_t f = 0; f < trace.FrameCount(); ++f) {
    std::vector<BoxPair> pairs;
    const auto boxes = trace.Frame(f);
    for (BoxId a = 0; a < trace.box_count; ++a)
      for (BoxId b = a + 1; b < trace.box_count; ++b)
        if (!boxes[a].IsEmpty() && !boxes[b].IsEmpty() && Overlaps(boxes[a], boxes[b]))
          pairs.push_back({a, b});
    all.push_back(pairs);
  }
  return all;
}

TEST(TraceCheck, DiffCountsMissingExtraAndRepeatedPairs) {
  const std::vector<BoxPair> want{{0, 1}, {0, 2}, {3, 4}};
  const std::vector<BoxPair> got{{0, 1}, {0, 1}, {1, 2}, {3, 4}};
  PairDiff d;
  DiffSortedPairs(want, got, d);
  EXPECT_EQ(d.missing, (std::vector<BoxPair>{{0, 2}}));
  EXPECT_EQ(d.extra, (std::vector<BoxPair>{{0, 1}, {1, 2}}));  // the repeat counts as extra
}

TEST(TraceCheck, BrokenGridIsWrongWhereItsBugAndBruteForceSay) {
  LoadOnce(PARTLAB_GRID_BROKEN_PLUGIN);
  const AabbTrace trace = CrossingTrace();
  const auto truth = TruePairs(trace);
  TraceCheck check;
  ASSERT_EQ(check.Open(trace, {}, "grid_broken"), "");
  long first = -1;
  uint32_t wrong = 0;
  for (uint32_t f = 0; f < trace.FrameCount(); ++f) {
    const auto lost = PairsWithASpanningBox(trace.Frame(f), 2.0f, truth[f]);
    if (!lost.empty() && first < 0) first = f;
    wrong += !lost.empty();
    EXPECT_EQ(check.verdicts()[f].missing, lost.size()) << "frame " << f;
    EXPECT_EQ(check.verdicts()[f].extra, 0u) << "frame " << f;
  }
  ASSERT_GT(first, 0);  // the trace starts right: the bug shows only once a box straddles
  EXPECT_EQ(check.wrong_frames(), wrong);
  EXPECT_EQ(check.NextWrongFrame(-1), first);
  check.Seek(uint32_t(first));
  EXPECT_EQ(check.diff().missing, PairsWithASpanningBox(trace.Frame(first), 2.0f, truth[first]));
  // Forward to the last frame, back to the first wrong one: the same pairs (history replayed).
  check.Seek(check.frame_count() - 1);
  check.Seek(uint32_t(first));
  EXPECT_EQ(check.diff().missing, PairsWithASpanningBox(trace.Frame(first), 2.0f, truth[first]));
  // Wrapping round: after the last wrong frame comes the first again.
  long last = -1;
  for (uint32_t f = 0; f < trace.FrameCount(); ++f)
    if (check.verdicts()[f].algorithm_wrong()) last = f;
  EXPECT_EQ(check.NextWrongFrame(last), first);
}

TEST(TraceCheck, RightGridAndOurBroadPhasesHaveNoWrongFrame) {
  LoadOnce(PARTLAB_GRID_PLUGIN);
  TraceCheck check;
  ASSERT_EQ(check.Open(CrossingTrace(), {}, "grid"), "");
  EXPECT_EQ(check.wrong_frames(), 0u);
  EXPECT_EQ(check.NextWrongFrame(-1), -1);
  for (const char* ours : {"sap", "sabsp", "box_pruning"}) {
    ASSERT_EQ(check.SetAlgorithm(ours), "");
    EXPECT_EQ(check.wrong_frames(), 0u) << ours;
  }
  EXPECT_NE(check.SetAlgorithm("no_such_thing"), "");
  // A trace of boxes but no frames has nothing to show: refused, not opened.
  AabbTrace empty;
  empty.box_count = 5;
  TraceCheck none;
  EXPECT_EQ(none.Open(empty, {}, "sap"), "the trace has no frames: nothing to check");
  EXPECT_FALSE(none.is_open());
}

TEST(TraceCheck, GamesOwnPairsAreComparedWithBruteForce) {
  const AabbTrace trace = CrossingTrace();
  RecordedPairs game;
  game.box_count = trace.box_count;
  game.frames = TruePairs(trace);
  ASSERT_FALSE(game.frames[7].empty());
  const BoxPair dropped = game.frames[7].front();
  game.frames[7].erase(game.frames[7].begin());      // the game lost one pair at frame 7
  game.frames[9].push_back(game.frames[9].front());  // and reported one twice at frame 9
  TraceCheck check;
  ASSERT_EQ(check.Open(trace, game, "sap"), "");
  EXPECT_EQ(check.game_wrong_frames(), 2u);
  EXPECT_EQ(check.verdicts()[7].game_missing, 1u);
  EXPECT_EQ(check.verdicts()[9].game_extra, 1u);
  check.Seek(7);
  EXPECT_EQ(check.game_diff().missing, std::vector<BoxPair>{dropped});
  // Pairs recorded for another trace are refused, in one line.
  game.box_count = 99;
  TraceCheck other;
  const std::string error = other.Open(trace, game, "sap");
  EXPECT_NE(error.find("recorded for 99 boxes"), std::string::npos) << error;
}

TEST(TraceCheck, ExportedCutIsSmallAndStillWrong) {
  LoadOnce(PARTLAB_GRID_BROKEN_PLUGIN);
  LoadOnce(PARTLAB_GRID_PLUGIN);
  const AabbTrace trace = CrossingTrace();
  TraceCheck check;
  ASSERT_EQ(check.Open(trace, {}, "grid_broken"), "");
  check.Seek(uint32_t(check.NextWrongFrame(-1)));
  ReproTrace repro;
  ASSERT_EQ(MinimalRepro(trace, check.frame(), check.diff(), "grid_broken", {}, repro), "");
  EXPECT_EQ(repro.trace.FrameCount(), 1u) << repro.what;
  std::set<BoxId> involved;
  for (BoxPair p : check.diff().missing) involved.insert({p.a, p.b});
  EXPECT_EQ(std::set<BoxId>(repro.ids.begin(), repro.ids.end()), involved);
  for (size_t i = 0; i < repro.ids.size(); ++i)
    EXPECT_EQ(repro.trace.Frame(0)[i].min, trace.Frame(check.frame())[repro.ids[i]].min);
  EXPECT_TRUE(LastFrameWrong(repro.trace, "grid_broken"));
  EXPECT_FALSE(LastFrameWrong(repro.trace, "grid"));  // the cut shows the bug, not a bad trace
  // A right frame has nothing to cut.
  check.Seek(0);
  EXPECT_NE(MinimalRepro(trace, 0, check.diff(), "grid_broken", {}, repro), "");
}

}  // namespace
}  // namespace partlab
