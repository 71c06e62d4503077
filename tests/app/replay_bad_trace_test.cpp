// Opening a bad trace in the replay viewer leaves the trace that was open as it
// was (same file, frame, boxes and pairs) and returns one line naming the bad file.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "app/views/simulation/sim_replay.h"
#include "engine/io/aabb_trace.h"
#include "tests/temp_path.h"

namespace partlab {
namespace {

// Two overlapping boxes and one apart, over three frames.
AabbTrace GoodTrace() {
  AabbTrace trace;
  trace.box_count = 3;
  for (int f = 0; f < 3; ++f) {
    const float x = float(f);
    trace.boxes.push_back(Aabb{{x, 0, 0}, {x + 2, 2, 2}});
    trace.boxes.push_back(Aabb{{x + 1, 1, 1}, {x + 3, 3, 3}});
    trace.boxes.push_back(Aabb{{50, 0, 0}, {51, 1, 1}});
  }
  return trace;
}

void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string Header(uint32_t boxes, uint32_t frames) {
  std::string h = "AABBTRC1";
  h.append(reinterpret_cast<const char*>(&boxes), 4);
  h.append(reinterpret_cast<const char*>(&frames), 4);
  return h;
}

class ReplayBadTrace : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(WriteAabbTrace(good_, GoodTrace()), "");
    ASSERT_EQ(replay_.Open(good_, "sabsp"), "");
    ASSERT_EQ(replay_.Seek(1), "");
    ASSERT_EQ(replay_.pairs().size(), 1u);
  }
  void TearDown() override {
    std::remove(good_.c_str());
    std::remove(bad_.c_str());
  }
  // Opens `bytes` as a trace: the error names the file, and the good trace is still positioned.
  void ExpectRejectedAndKept(const std::string& bytes, const std::string& problem) {
    WriteBytes(bad_, bytes);
    const std::string error = replay_.Open(bad_, "sabsp");
    EXPECT_EQ(error.rfind(bad_ + ": ", 0), 0u) << error;
    EXPECT_NE(error.find(problem), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos);
    ASSERT_TRUE(replay_.is_open());
    EXPECT_EQ(replay_.path(), good_);
    EXPECT_EQ(replay_.frame(), 1u);
    EXPECT_EQ(replay_.frame_count(), 3u);
    EXPECT_EQ(replay_.pairs().size(), 1u);
    EXPECT_EQ(replay_.Seek(2), "");  // and it still reads from the good file
    EXPECT_EQ(replay_.boxes()[0].min.x, 2.0f);
    EXPECT_EQ(replay_.Seek(1), "");
  }

  std::string good_ = TempPath("good.aabbtrc"), bad_ = TempPath("bad.aabbtrc");
  ReplayScrubber replay_;
};

TEST_F(ReplayBadTrace, TruncatedTrace) {
  ExpectRejectedAndKept(Header(3, 4) + std::string(3 * 4 * 24 - 5, '\0'), "does not match");
}

TEST_F(ReplayBadTrace, SizeWrappingAround64Bits) {
  // 631,832,658 x 3,649,452,082 x 24 + 16 = 112 modulo 2^64: the file is 112 bytes.
  ExpectRejectedAndKept(Header(631832658u, 3649452082u) + std::string(96, '\0'), "does not match");
}

TEST_F(ReplayBadTrace, BinaryGarbage) {
  ExpectRejectedAndKept(
      "\x7f"
      "ELF garbage that is no trace at all",
      "not an AABBTRC1 trace");
}

TEST_F(ReplayBadTrace, NanInTheFirstFrame) {
  std::string bytes = Header(1, 1);
  const float box[6] = {0, 0, 0, NAN, 1, 1};
  bytes.append(reinterpret_cast<const char*>(box), sizeof box);
  ExpectRejectedAndKept(bytes, "NaN or infinite");
}

TEST_F(ReplayBadTrace, MissingFile) {
  const std::string error = replay_.Open(TempPath("missing.aabbtrc"), "sabsp");
  EXPECT_EQ(error.rfind(TempPath("missing.aabbtrc") + ": cannot open", 0), 0u) << error;
  EXPECT_EQ(replay_.path(), good_);
  EXPECT_EQ(replay_.pairs().size(), 1u);
}

}  // namespace
}  // namespace partlab
