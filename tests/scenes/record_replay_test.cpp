// A run recorded as AABBTRC1, read back and replayed through a broad phase
// without physics gives, frame by frame, exactly the pairs the live run's broad phase found.
#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "engine/io/aabb_trace.h"
#include "engine/scenes/trace_recording.h"
#include "tests/scenes/scene_test_util.h"
#include "tests/temp_path.h"

namespace partlab {
namespace {

class RecordReplay : public ::testing::TestWithParam<int> {};

TEST_P(RecordReplay, ReplayedPairsEqualLivePairsEveryFrame) {
  const int number = GetParam();
  const std::string path = TempPath("scene" + std::to_string(number) + ".aabbtrc");
  auto scene = testing::MakeSmallScene(number, "sap", 150);
  TraceRecorder recorder;
  ASSERT_EQ(recorder.Open(path, scene->MaxIds()), "");
  std::vector<std::vector<BoxPair>> live;
  scene->world().SetFrameObserver([&](std::span<const Aabb> frame, std::span<const BoxPair> pairs) {
    ASSERT_EQ(recorder.Record(frame), "");
    live.emplace_back(pairs.begin(), pairs.end());
  });
  const int steps = testing::StepsToSee(number);
  for (int s = 0; s < steps; ++s) scene->Step();
  ASSERT_EQ(recorder.Close(), "");

  // The whole-file reader of engine/io agrees with the recording...
  const auto trace = ReadAabbTrace(path);
  ASSERT_TRUE(trace.ok()) << trace.error();
  EXPECT_EQ(trace.value().box_count, scene->MaxIds());
  EXPECT_EQ(trace.value().FrameCount(), size_t(steps));

  // ...and replaying it through other broad phases finds the live pairs, frame by frame.
  for (const char* algo : {"brute", "sap", "sabsp"}) {
    auto bp = MakeBroadPhase(algo);
    if (!bp) continue;
    size_t frames = 0;
    const std::string err =
        ReplayTrace(path, *bp, [&](uint32_t f, std::span<const BoxPair> pairs, const StepTimings&) {
          std::vector<BoxPair> got(pairs.begin(), pairs.end());
          std::sort(got.begin(), got.end());
          ASSERT_LT(f, live.size());
          EXPECT_EQ(got, live[f]) << algo << " frame " << f;
          ++frames;
        });
    EXPECT_EQ(err, "");
    EXPECT_EQ(frames, size_t(steps)) << algo;
  }
  // Something actually happened: pairs in some frames, and the last frame differs from the first.
  size_t total = 0;
  for (const auto& f : live) total += f.size();
  EXPECT_GT(total, 0u);
  EXPECT_NE(std::memcmp(trace.value().Frame(0).data(), trace.value().Frame(steps - 1).data(),
                        trace.value().box_count * sizeof(Aabb)),
            0);
  std::filesystem::remove(path);
}

INSTANTIATE_TEST_SUITE_P(AllScenes, RecordReplay, ::testing::Values(1, 2, 3, 4));

TEST(TraceFrameStream, RejectsTruncatedAndForeignFilesWithOneLine) {
  const std::string path = TempPath("bad.aabbtrc");
  {
    std::ofstream f(path, std::ios::binary);
    f << "NOTATRACE_________";
  }
  TraceFrameStream s;
  EXPECT_EQ(s.Open(path), path + ": bad magic (not an AABBTRC1 trace)");
  {
    AabbTrace t;
    t.box_count = 2;
    t.boxes = {Aabb{{0, 0, 0}, {1, 1, 1}}, Aabb{}, Aabb{{0, 0, 0}, {2, 2, 2}}, Aabb{}};
    ASSERT_EQ(WriteAabbTrace(path, t), "");
  }
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 4);
  const std::string e = s.Open(path);
  EXPECT_NE(e.find(path + ": truncated: header says 2 boxes x 2 frames"), std::string::npos) << e;
  EXPECT_EQ(s.Open(path + ".missing").rfind(path + ".missing: cannot open", 0), 0u);
  std::filesystem::remove(path);
}

TEST(TraceFrameStream, ReadsBackWhatWasWrittenWithAbsentBoxesEmpty) {
  const std::string path = TempPath("ok.aabbtrc");
  AabbTrace t;
  t.box_count = 2;
  t.boxes = {Aabb{{0, 0, 0}, {1, 1, 1}}, Aabb{}, Aabb{{0, 0, 0}, {2, 2, 2}},
             Aabb{{1, 1, 1}, {3, 3, 3}}};
  ASSERT_EQ(WriteAabbTrace(path, t), "");
  TraceFrameStream s;
  ASSERT_EQ(s.Open(path), "");
  EXPECT_EQ(s.frame_count(), 2u);
  std::vector<Aabb> frame;
  ASSERT_TRUE(s.Next(frame));
  EXPECT_EQ(frame[0].max, glm::vec3(1));
  EXPECT_TRUE(frame[1].IsEmpty());
  ASSERT_TRUE(s.Next(frame));
  EXPECT_EQ(frame[1].min, glm::vec3(1));
  EXPECT_FALSE(s.Next(frame));
  EXPECT_EQ(s.error(), "");
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace partlab
