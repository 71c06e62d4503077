// Inputs that never end or are far too large: every reader refuses them with one line naming
// the file, before reading them into memory (bounded_file.h, obj_lines.h).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "engine/io/aabb_trace.h"
#include "engine/io/bounded_file.h"
#include "engine/io/hits.h"
#include "engine/io/obj_lines.h"
#include "engine/io/obj_loader.h"
#include "engine/io/rayset.h"

namespace partlab {
namespace {

class BoundedReading : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("partlab_bounded_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  std::filesystem::path dir_;
};

// Every reader's error for `path`: one line, starting with the path, saying `problem`.
void ExpectEveryReaderRefuses(const std::string& path, const std::string& problem) {
  const std::string errors[] = {LoadObj(path).error(), ReadAabbTrace(path).error(),
                                ReadRaySet(path).error(), ReadHits(path).error()};
  for (const std::string& e : errors) {
    EXPECT_EQ(e.rfind(path + ": ", 0), 0u) << e;
    EXPECT_NE(e.find(problem), std::string::npos) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
  }
}

TEST_F(BoundedReading, DevicesThatNeverEndAreRefused) {
  ExpectEveryReaderRefuses("/dev/zero", "not a regular file");
  ExpectEveryReaderRefuses("/dev/urandom", "not a regular file");
}

TEST_F(BoundedReading, APipeIsRefusedWithoutWaitingForAWriter) {
  const std::string fifo = Path("model.obj");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  ExpectEveryReaderRefuses(fifo, "not a regular file");  // would block forever if it waited
}

TEST_F(BoundedReading, AFileLargerThanTheLimitIsNotRead) {
  // A sparse file: 1 GiB + 1 byte on paper, no disk space used, refused from its size alone.
  const std::string big = Path("big.obj");
  { std::ofstream(big) << "v 0 0 0\n"; }
  ASSERT_EQ(truncate(big.c_str(), off_t(kMaxInputFileBytes + 1)), 0);
  ExpectEveryReaderRefuses(big, std::to_string(kMaxInputFileBytes + 1) + " bytes, more than the " +
                                    std::to_string(kMaxInputFileBytes));
  // A smaller limit applies the same way to a file that exists in full.
  const std::string small = Path("small.bin");
  { std::ofstream(small) << std::string(100, 'x'); }
  EXPECT_EQ(ReadBoundedFile(small, 99).error(),
            small + ": 100 bytes, more than the 99 this reader accepts");
  EXPECT_TRUE(ReadBoundedFile(small, 100).ok());
}

TEST_F(BoundedReading, ADirectoryIsNamedAsOne) {
  ExpectEveryReaderRefuses(dir_.string(), "is a directory");
}

TEST_F(BoundedReading, AnOverlongLineIsRefusedAtItsLine) {
  // 17 MiB without a line break after a good triangle: refused at line 4, not parsed.
  std::string text = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf";
  while (text.size() < kMaxObjLineBytes + (1u << 20)) text += " 1 2 3";
  EXPECT_EQ(ParseObj(text, "m.obj").error(),
            "m.obj:4: line longer than 16 MiB (not an OBJ statement)");
  // The same length spread over continued lines is just as long a statement.
  std::string continued = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3";
  const std::string piece = std::string(1 << 16, ' ') + "1 \\\n";
  while (continued.size() < kMaxObjLineBytes + (1u << 20)) continued += piece;
  EXPECT_EQ(ParseObj(continued, "m.obj").error(),
            "m.obj:4: line longer than 16 MiB (not an OBJ statement)");
}

}  // namespace
}  // namespace partlab
