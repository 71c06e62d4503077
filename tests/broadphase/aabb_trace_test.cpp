#include "engine/io/aabb_trace.h"
#include "tests/temp_path.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

namespace partlab {
namespace {

void WriteBytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

std::vector<uint8_t> ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

AabbTrace SampleTrace() {
  AabbTrace t;
  t.box_count = 3;
  for (int f = 0; f < 4; ++f) {
    t.boxes.push_back({{float(f), 0, 0}, {float(f) + 1, 1, 1}});
    t.boxes.push_back(f == 2 ? Aabb{} : Aabb{{-1, -2, -3}, {0.5f, 0.25f, float(f)}});
    t.boxes.push_back({{0, 0, 0}, {0, 0, 0}});  // zero-size but present
  }
  return t;
}

TEST(AabbTrace, RoundTripKeepsEveryBoxAndWritesAbsentCanonically) {
  const std::string path = TempPath("roundtrip.trc");
  const AabbTrace t = SampleTrace();
  ASSERT_EQ(WriteAabbTrace(path, t), "");
  EXPECT_EQ(ReadBytes(path).size(), 16u + 4 * 3 * 24);
  auto r = ReadAabbTrace(path);
  ASSERT_TRUE(r.ok()) << r.error();
  const AabbTrace& u = r.value();
  ASSERT_EQ(u.box_count, 3u);
  ASSERT_EQ(u.FrameCount(), 4u);
  for (size_t f = 0; f < 4; ++f) {
    for (size_t b = 0; b < 3; ++b) {
      const Aabb& want = t.Frame(f)[b];
      const Aabb& got = u.Frame(f)[b];
      if (want.IsEmpty()) {
        EXPECT_EQ(got.min, glm::vec3(0, 0, 0));
        EXPECT_EQ(got.max, glm::vec3(-1, -1, -1));
        EXPECT_TRUE(got.IsEmpty());
      } else {
        EXPECT_EQ(got.min, want.min);
        EXPECT_EQ(got.max, want.max);
        EXPECT_FALSE(got.IsEmpty());
      }
    }
  }
  std::remove(path.c_str());
}

TEST(AabbTrace, StreamingWriterPatchesFrameCount) {
  const std::string path = TempPath("stream.trc");
  const AabbTrace t = SampleTrace();
  {
    AabbTraceWriter w;
    ASSERT_EQ(w.Open(path, 3), "");
    for (size_t f = 0; f < t.FrameCount(); ++f) ASSERT_EQ(w.AppendFrame(t.Frame(f)), "");
    EXPECT_NE(w.AppendFrame(t.Frame(0).first(2)), "");  // wrong box count is an error
  }
  // The failed append closed the file; the valid frames are on disk, but F was never patched, so
  // the reader must reject the file rather than read a partial trace.
  auto bad = ReadAabbTrace(path);
  EXPECT_FALSE(bad.ok());

  {
    AabbTraceWriter w;
    ASSERT_EQ(w.Open(path, 3), "");
    for (size_t f = 0; f < t.FrameCount(); ++f) ASSERT_EQ(w.AppendFrame(t.Frame(f)), "");
    EXPECT_EQ(w.frames_written(), 4u);
    ASSERT_EQ(w.Close(), "");
  }
  EXPECT_EQ(ReadBytes(path), [&] {
    const std::string whole = TempPath("whole.trc");
    EXPECT_EQ(WriteAabbTrace(whole, t), "");
    auto b = ReadBytes(whole);
    std::remove(whole.c_str());
    return b;
  }());
  auto r = ReadAabbTrace(path);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value().FrameCount(), 4u);
  std::remove(path.c_str());
}

class AabbTraceErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = TempPath("bad.trc");
    ASSERT_EQ(WriteAabbTrace(path_, SampleTrace()), "");
    bytes_ = ReadBytes(path_);
  }
  void TearDown() override { std::remove(path_.c_str()); }
  std::string ErrorFor(const std::vector<uint8_t>& bytes) {
    WriteBytes(path_, bytes);
    auto r = ReadAabbTrace(path_);
    EXPECT_FALSE(r.ok());
    return r.ok() ? std::string() : r.error();
  }
  void SetFloat(size_t frame, size_t box, size_t coord, float v) {
    std::memcpy(&bytes_[16 + (frame * 3 + box) * 24 + coord * 4], &v, 4);
  }
  std::string path_;
  std::vector<uint8_t> bytes_;
};

TEST_F(AabbTraceErrors, TruncatedFileNamesFileAndSizes) {
  bytes_.resize(bytes_.size() - 5);
  const std::string e = ErrorFor(bytes_);
  EXPECT_EQ(e.rfind(path_ + ": truncated", 0), 0u) << e;
  EXPECT_NE(e.find("3 boxes x 4 frames"), std::string::npos) << e;
}

TEST_F(AabbTraceErrors, TruncatedHeader) {
  bytes_.resize(10);
  EXPECT_EQ(ErrorFor(bytes_).rfind(path_ + ": truncated header", 0), 0u);
}

TEST_F(AabbTraceErrors, TrailingBytesAreASizeMismatch) {
  bytes_.push_back(0);
  const std::string e = ErrorFor(bytes_);
  EXPECT_EQ(e.rfind(path_ + ": trailing bytes", 0), 0u) << e;
}

TEST_F(AabbTraceErrors, FrameCountNotMatchingSize) {
  bytes_[12] = 9;  // F = 9 but 4 frames present
  EXPECT_EQ(ErrorFor(bytes_).rfind(path_ + ": truncated", 0), 0u);
}

TEST_F(AabbTraceErrors, BadMagic) {
  bytes_[7] = '2';
  EXPECT_EQ(ErrorFor(bytes_), path_ + ": bad magic (not an AABBTRC1 trace)");
}

TEST_F(AabbTraceErrors, NaNNamesFrameAndBox) {
  SetFloat(2, 1, 4, std::nanf(""));
  EXPECT_EQ(ErrorFor(bytes_), path_ + ": frame 2 box 1: coordinate is NaN or infinite");
}

TEST_F(AabbTraceErrors, InfinityNamesFrameAndBox) {
  SetFloat(3, 0, 0, -std::numeric_limits<float>::infinity());
  EXPECT_EQ(ErrorFor(bytes_), path_ + ": frame 3 box 0: coordinate is NaN or infinite");
}

TEST(AabbTrace, MissingFileNamesFile) {
  auto r = ReadAabbTrace("/nonexistent/dir/x.trc");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rfind("/nonexistent/dir/x.trc: cannot open", 0), 0u);
}

TEST(AabbTrace, EmptyTraceWithZeroFramesIsValid) {
  const std::string path = TempPath("empty.trc");
  AabbTrace t;
  t.box_count = 7;
  ASSERT_EQ(WriteAabbTrace(path, t), "");
  auto r = ReadAabbTrace(path);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value().box_count, 7u);
  EXPECT_EQ(r.value().FrameCount(), 0u);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace partlab
