// The replay viewer's scrubbing: whatever order the frames are visited in
// (forward steps, jumps back, jumps ahead), the pairs on a frame equal those of a straight replay
// of the trace through the same broad phase; bad traces give one error line naming the file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>

#include "app/views/simulation/sim_replay.h"
#include "engine/broadphase/broad_phase_registry.h"
#include "engine/io/aabb_trace.h"
#include "engine/scenes/trace_recording.h"
#include "tests/temp_path.h"

namespace partlab {
namespace {

// Boxes drifting through a 60 m cube; some appear late and some vanish.
AabbTrace MakeTrace(uint32_t boxes, uint32_t frames) {
  AabbTrace trace;
  trace.box_count = boxes;
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> pos(-30.0f, 30.0f), vel(-0.4f, 0.4f), size(0.3f, 1.5f);
  std::vector<glm::vec3> p(boxes), v(boxes), h(boxes);
  for (uint32_t i = 0; i < boxes; ++i) {
    p[i] = {pos(rng), pos(rng), pos(rng)};
    v[i] = {vel(rng), vel(rng), vel(rng)};
    h[i] = {size(rng), size(rng), size(rng)};
  }
  for (uint32_t f = 0; f < frames; ++f) {
    for (uint32_t i = 0; i < boxes; ++i) {
      p[i] += v[i];
      const bool absent = (i % 7 == 0 && f < frames / 2) || (i % 11 == 0 && f > frames / 3);
      trace.boxes.push_back(absent ? AbsentTraceBox() : Aabb{p[i] - h[i], p[i] + h[i]});
    }
  }
  return trace;
}

std::vector<BoxPair> Sorted(std::vector<BoxPair> pairs) {
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

class SimReplay : public ::testing::TestWithParam<std::string> {};

TEST_P(SimReplay, ScrubbingInAnyOrderEqualsAStraightReplay) {
  const std::string path = TempPath("scrub_" + GetParam() + ".aabbtrc");
  const AabbTrace trace = MakeTrace(1500, 40);
  ASSERT_EQ(WriteAabbTrace(path, trace), "");
  // The straight replay, through the engine's own streaming replayer.
  std::vector<std::vector<BoxPair>> expected;
  std::unique_ptr<BroadPhase> direct = MakeBroadPhase(GetParam());
  ASSERT_NE(direct, nullptr);
  ASSERT_EQ(ReplayTrace(path, *direct,
                        [&](uint32_t, std::span<const BoxPair> pairs, const StepTimings&) {
                          expected.push_back(Sorted({pairs.begin(), pairs.end()}));
                        }),
            "");
  ASSERT_EQ(expected.size(), 40u);

  ReplayScrubber scrubber;
  ASSERT_EQ(scrubber.Open(path, GetParam()), "");
  EXPECT_EQ(scrubber.frame_count(), 40u);
  // Forward steps, a jump back, forward again, a jump ahead, stepping back one at a time, random.
  std::vector<uint32_t> visits;
  for (uint32_t f = 0; f < 12; ++f) visits.push_back(f);
  visits.insert(visits.end(), {3, 4, 5, 30, 29, 28, 27, 39, 0, 39});
  std::mt19937 rng(9);
  for (int i = 0; i < 25; ++i) visits.push_back(rng() % 40);
  for (uint32_t f : visits) {
    ASSERT_EQ(scrubber.Seek(f), "");
    ASSERT_EQ(scrubber.frame(), f);
    ASSERT_EQ(Sorted(scrubber.pairs()), expected[f]) << GetParam() << " at frame " << f;
    // The frame's boxes are the trace's.
    for (uint32_t b = 0; b < trace.box_count; b += 97)
      ASSERT_EQ(scrubber.boxes()[b].min, trace.Frame(f)[b].min);
  }
  // A seek past the end lands on the last frame; switching algorithms keeps the frame.
  ASSERT_EQ(scrubber.Seek(1000), "");
  EXPECT_EQ(scrubber.frame(), 39u);
  ASSERT_EQ(scrubber.SetAlgorithm("brute"), "");
  EXPECT_EQ(scrubber.frame(), 39u);
  EXPECT_EQ(Sorted(scrubber.pairs()), expected[39]);
  std::filesystem::remove(path);
}

INSTANTIATE_TEST_SUITE_P(BroadPhases, SimReplay, ::testing::Values("sabsp", "sap", "brute"));

TEST(SimReplayErrors, BadTracesGiveOneLineNamingTheFile) {
  ReplayScrubber scrubber;
  const std::string missing = TempPath("missing.aabbtrc");
  std::string error = scrubber.Open(missing, "sabsp");
  EXPECT_EQ(error.rfind(missing + ":", 0), 0u) << error;
  EXPECT_FALSE(scrubber.is_open());

  const std::string bad_magic = TempPath("magic.aabbtrc");
  std::ofstream(bad_magic, std::ios::binary) << "NOTATRACE-------";
  error = scrubber.Open(bad_magic, "sabsp");
  EXPECT_NE(error.find(bad_magic + ": not an AABBTRC1"), std::string::npos) << error;

  const std::string truncated = TempPath("truncated.aabbtrc");
  ASSERT_EQ(WriteAabbTrace(truncated, MakeTrace(10, 3)), "");
  std::filesystem::resize_file(truncated, std::filesystem::file_size(truncated) - 5);
  error = scrubber.Open(truncated, "sabsp");
  EXPECT_NE(error.find(truncated + ": size"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos);

  const std::string good = TempPath("good.aabbtrc");
  ASSERT_EQ(WriteAabbTrace(good, MakeTrace(10, 3)), "");
  EXPECT_NE(scrubber.Open(good, "no_such_algorithm"), "");
  for (const auto& p : {bad_magic, truncated, good}) std::filesystem::remove(p);
}

}  // namespace
}  // namespace partlab
