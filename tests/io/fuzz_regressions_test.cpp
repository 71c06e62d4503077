// Regression tests for what fuzzing found in the loaders (tests/fuzz). Each
// crashing input is also kept in tests/fuzz/corpus/<target>/crash-*, replayed by ctest.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/io/aabb_trace.h"
#include "engine/io/obj_loader.h"

namespace partlab {
namespace {

// The error for `text`, checked to be one line naming the file and a line number.
std::string ObjError(const std::string& text) {
  const LoadResult<Mesh> r = ParseObj(text, "m.obj");
  EXPECT_FALSE(r.ok());
  if (r.ok()) return {};
  EXPECT_EQ(r.error().find('\n'), std::string::npos) << r.error();
  return r.error();
}

// fuzz_obj, crash-normal-index-after-trailing-slash.obj: a corner "2/2/" (texture coordinate, then
// an empty normal index) passed validation; tinyobjloader then took the next corner's number as
// its normal index, past the end of the normals, and building the mesh read out of bounds.
TEST(ObjFuzzRegression, CornerEndingInSlashIsAnErrorWithItsLine) {
  const std::string quad =
      "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nvn 0 0 1\n";
  EXPECT_EQ(ObjError(quad + "f 1/1/1 2/2/ 3/3/1 4/4/1\n"),
            "m.obj:10: face corner '2/2/' ends with '/'");
  EXPECT_EQ(ObjError(quad + "f 1/1/1 2/ 3/3/1\n"), "m.obj:10: face corner '2/' ends with '/'");
  // The well-formed spellings still load, with the file's normals.
  const LoadResult<Mesh> ok = ParseObj(quad + "f 1/1/1 2/2/1 3/3/1 4//1\n", "m.obj");
  ASSERT_TRUE(ok.ok()) << ok.error();
  EXPECT_EQ(ok.value().indices.size(), 6u);
  for (const glm::vec3& n : ok.value().normals) EXPECT_EQ(n, glm::vec3(0, 0, 1));
}

// crash-long-min-index.obj (seen while writing fuzz_obj, not found by it): the relative-index
// check negated the index, which overflows for the most negative long (undefined behaviour).
TEST(ObjFuzzRegression, MostNegativeIndexIsOutOfRangeNotOverflow) {
  EXPECT_EQ(ObjError("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 -9223372036854775808\n"),
            "m.obj:4: face vertex index -9223372036854775808 out of range (3 vertices so far)");
}

// fuzz_aabb_trace, slow-no-boxes-many-frames.trc: a header of 0 boxes x 1.3 billion frames is
// exactly 16 bytes, so the size check passes; the reader then walked every empty frame (74 s under
// the sanitizers, where this test's ctest timeout catches it). Now: an empty trace, at once.
TEST(TraceFuzzRegression, NoBoxesAndBillionsOfFramesIsAnEmptyTrace) {
  const std::string path =
      (std::filesystem::temp_directory_path() / "partlab_no_boxes_many_frames.trc").string();
  char header[16];
  std::memcpy(header, "AABBTRC1", 8);
  const uint32_t boxes = 0, frames = 0xFFFFFFFFu;
  std::memcpy(header + 8, &boxes, 4);
  std::memcpy(header + 12, &frames, 4);
  std::ofstream(path, std::ios::binary).write(header, sizeof header);
  const LoadResult<AabbTrace> r = ReadAabbTrace(path);
  std::filesystem::remove(path);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value().box_count, 0u);
  EXPECT_EQ(r.value().FrameCount(), 0u);
  EXPECT_TRUE(r.value().boxes.empty());
}

}  // namespace
}  // namespace partlab
