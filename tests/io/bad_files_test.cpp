// Every kind of bad file the app can be handed, read from disk the way the app
// reads it, gives exactly one line that names the file (and the line, for text) and the problem,
// and never crashes. One test per kind; the loaders' finer cases live in their own tests.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/io/aabb_trace.h"
#include "engine/io/obj_loader.h"
#include "engine/io/rayset.h"

namespace partlab {
namespace {

class BadFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() /
        ("partlab_bad_files_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string Write(const std::string& name, const std::string& bytes) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
  // The OBJ error for `text`, checked to be one line starting with the path.
  std::string ObjError(const std::string& text) {
    const std::string path = Write("model.obj", text);
    const LoadResult<Mesh> r = LoadObj(path);
    EXPECT_FALSE(r.ok());
    if (r.ok()) return {};
    EXPECT_EQ(r.error().rfind(path + ":", 0), 0u) << r.error();
    EXPECT_EQ(r.error().find('\n'), std::string::npos) << r.error();
    return r.error().substr(path.size());
  }
  std::string TraceError(const std::string& bytes) {
    const std::string path = Write("run.aabbtrc", bytes);
    const auto r = ReadAabbTrace(path);
    EXPECT_FALSE(r.ok());
    if (r.ok()) return {};
    EXPECT_EQ(r.error().rfind(path + ": ", 0), 0u) << r.error();
    EXPECT_EQ(r.error().find('\n'), std::string::npos) << r.error();
    return r.error().substr(path.size());
  }
  std::string RaySetError(const std::string& bytes) {
    const std::string path = Write("rays.bin", bytes);
    const auto r = ReadRaySet(path);
    EXPECT_FALSE(r.ok());
    if (r.ok()) return {};
    EXPECT_EQ(r.error().rfind(path + ": ", 0), 0u) << r.error();
    EXPECT_EQ(r.error().find('\n'), std::string::npos) << r.error();
    return r.error().substr(path.size());
  }

  std::filesystem::path dir_;
};

std::string U32(uint32_t v) {
  std::string s(4, '\0');
  std::memcpy(s.data(), &v, 4);  // little-endian, as formats.md and x86
  return s;
}

std::string Floats(std::initializer_list<float> values) {
  std::string s;
  for (float v : values) {
    char b[4];
    std::memcpy(b, &v, 4);
    s.append(b, 4);
  }
  return s;
}

const std::string kTriangle = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";

TEST_F(BadFile, ObjTruncatedInsideAVertexLine) {
  // A download cut off mid-file: the last vertex has two of its three coordinates.
  EXPECT_EQ(ObjError(kTriangle + "v 1 1"), ":5: vertex needs 3 coordinates, found 2");
}

TEST_F(BadFile, ObjTruncatedInsideAFaceLine) {
  EXPECT_EQ(ObjError(kTriangle + "f 1 2"), ":5: face has 2 vertices (needs at least 3)");
}

TEST_F(BadFile, ObjMalformedNumber) {
  EXPECT_EQ(ObjError("v 0 0 0\nv 1,5 0 0\nv 0 1 0\nf 1 2 3\n"),
            ":2: vertex coordinate '1,5' is not a number");
}

TEST_F(BadFile, BinaryGarbageNamedAsObj) {
  std::string garbage;
  for (int i = 0; i < 4096; ++i) garbage.push_back(char((i * 2654435761u) >> 24));
  const std::string e = ObjError(garbage);
  EXPECT_NE(e.find("binary data, not a text OBJ file"), std::string::npos) << e;
}

TEST_F(BadFile, ObjNanCoordinate) {
  EXPECT_EQ(ObjError("v 0 0 0\nv nan 0 0\nv 0 1 0\nf 1 2 3\n"),
            ":2: vertex coordinate 'nan' is not finite");
}

TEST_F(BadFile, ObjInfiniteCoordinate) {
  EXPECT_EQ(ObjError("v 0 0 0\nv 1 0 0\nv 0 -inf 0\nf 1 2 3\n"),
            ":3: vertex coordinate '-inf' is not finite");
}

TEST_F(BadFile, ObjCoordinateBeyondFloatRange) {
  // Finite as text and as a double, infinite once stored as the mesh's float.
  EXPECT_EQ(ObjError("v 0 0 0\nv 1e39 0 0\nv 0 1 0\nf 1 2 3\n"),
            ":2: vertex coordinate '1e39' does not fit a 32-bit float");
}

TEST_F(BadFile, ObjFaceIndexOutOfRange) {
  EXPECT_EQ(ObjError("v 0 0 0\nv 1 0 0\nf 1 2 7\n"),
            ":3: face vertex index 7 out of range (2 vertices)");
  EXPECT_EQ(ObjError("v 0 0 0\nv 1 0 0\nf 1 2 -3\n"),
            ":3: face vertex index -3 out of range (2 vertices so far)");
  EXPECT_EQ(ObjError("v 0 0 0\nv 1 0 0\nf 1 2 99999999999999999999\n"),
            ":3: face vertex index '99999999999999999999' is not an integer");
}

TEST_F(BadFile, EmptyObjAndObjWithoutFaces) {
  EXPECT_EQ(ObjError(""), ": empty file");
  EXPECT_EQ(ObjError(" \n\t\n"), ": empty file");
  EXPECT_EQ(ObjError("# only a comment\nv 0 0 0\n"), ": no faces (not a mesh)");
}

TEST_F(BadFile, ObjWithByteOrderMarkIsNotMisread) {
  // Some Windows editors start text with a UTF-8 byte order mark: the first vertex must count.
  const std::string path = Write("bom.obj", "\xEF\xBB\xBF" + kTriangle);
  const LoadResult<Mesh> r = LoadObj(path);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value().TriangleCount(), 1u);
  EXPECT_EQ(r.value().positions[1], glm::vec3(1, 0, 0));
}

TEST_F(BadFile, TraceShorterThanItsHeaderSays) {
  const std::string one_box = Floats({0, 0, 0, 1, 1, 1});
  EXPECT_EQ(TraceError("AABBTRC1" + U32(1) + U32(2) + one_box),
            ": truncated: header says 1 boxes x 2 frames = 64 bytes, file has 40");
}

TEST_F(BadFile, TraceLongerThanItsHeaderSays) {
  const std::string one_box = Floats({0, 0, 0, 1, 1, 1});
  EXPECT_EQ(TraceError("AABBTRC1" + U32(1) + U32(1) + one_box + one_box),
            ": trailing bytes: header says 1 boxes x 1 frames = 40 bytes, file has 64");
}

TEST_F(BadFile, TraceHeaderWhoseSizeWrapsAround64Bits) {
  // 631,832,658 boxes x 3,649,452,082 frames x 24 bytes + 16 = 112 modulo 2^64: before the fix
  // this 112-byte file passed the size check and asked for 2.3e18 boxes (std::bad_alloc).
  const std::string e =
      TraceError("AABBTRC1" + U32(631832658u) + U32(3649452082u) +
                 Floats({0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(e.rfind(": truncated: header says 631832658 boxes x 3649452082 frames", 0), 0u) << e;
}

TEST_F(BadFile, TraceWithNanAndTruncatedHeaderAndBadMagic) {
  EXPECT_EQ(TraceError("AABBTRC1" + U32(1) + U32(1) + Floats({0, 0, 0, 1, NAN, 1})),
            ": frame 0 box 0: coordinate is NaN or infinite");
  EXPECT_EQ(TraceError("AABBTRC1" + U32(1)),
            ": truncated header (12 bytes, AABBTRC1 needs at least 16)");
  EXPECT_EQ(TraceError("RAYSET01" + U32(0) + U32(0)), ": bad magic (not an AABBTRC1 trace)");
}

TEST_F(BadFile, RaySetOfTheWrongSize) {
  const std::string ray = Floats({0, 0, 0, 0, 0, 1});
  EXPECT_EQ(RaySetError("RAYSET01" + U32(2) + ray),
            ": truncated (2 rays need 60 bytes, file has 36)");
  EXPECT_EQ(RaySetError("RAYSET01" + U32(1) + ray + "x"),
            ": trailing bytes (1 rays need 36 bytes, file has 37)");
  EXPECT_EQ(RaySetError("RAYSET01" + U32(1) + Floats({0, 0, 0, 0, INFINITY, 1})),
            ": ray 0: non-finite direction");
  EXPECT_EQ(RaySetError("AABBTRC1" + U32(0)), ": bad magic (not a RAYSET01 file)");
}

TEST_F(BadFile, MissingFilesAndDirectories) {
  const std::string missing = (dir_ / "nope.obj").string();
  EXPECT_EQ(LoadObj(missing).error(), missing + ": cannot open (No such file or directory)");
  EXPECT_EQ(LoadObj(dir_.string()).error(), dir_.string() + ": is a directory, not a file");
  const auto trace = ReadAabbTrace(missing);
  ASSERT_FALSE(trace.ok());
  EXPECT_EQ(trace.error().rfind(missing + ": ", 0), 0u) << trace.error();
}

}  // namespace
}  // namespace partlab
