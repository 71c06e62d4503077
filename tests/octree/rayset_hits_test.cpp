// RAYSET01 and HITS0001 (../shared/formats.md): round trips, and clear errors for bad files.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "engine/io/hits.h"
#include "engine/io/rayset.h"
#include "engine/octree/random_scenes.h"
#include "tests/temp_path.h"

namespace partlab {
namespace {

std::vector<char> Bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}
void Put(const std::string& path, const std::vector<char>& b) {
  std::ofstream(path, std::ios::binary).write(b.data(), std::streamsize(b.size()));
}

TEST(RaySet, RoundTripIsExactAndLayoutIsAsSpecified) {
  const auto rays = MakeRandomRays(100, 1);
  const std::string path = TempPath("rays.bin");
  ASSERT_EQ(WriteRaySet(path, rays), "");
  const auto bytes = Bytes(path);
  ASSERT_EQ(bytes.size(), 12u + 100 * 24);
  EXPECT_EQ(std::string(bytes.data(), 8), "RAYSET01");
  uint32_t count;
  std::memcpy(&count, bytes.data() + 8, 4);
  EXPECT_EQ(count, 100u);
  float dy;
  std::memcpy(&dy, bytes.data() + 12 + 24 + 16, 4);  // second ray, direction y
  EXPECT_EQ(dy, rays[1].direction.y);
  const auto back = ReadRaySet(path);
  ASSERT_TRUE(back.ok()) << back.error();
  ASSERT_EQ(back.value().size(), rays.size());
  for (size_t i = 0; i < rays.size(); ++i) {
    EXPECT_EQ(back.value()[i].origin, rays[i].origin);
    EXPECT_EQ(back.value()[i].direction, rays[i].direction);
  }
  std::remove(path.c_str());
}

TEST(RaySet, RejectsTruncatedTrailingBadMagicAndNaN) {
  const std::string path = TempPath("bad_rays.bin");
  ASSERT_EQ(WriteRaySet(path, MakeRandomRays(3, 2)), "");
  auto good = Bytes(path);

  auto cut = good;
  cut.resize(cut.size() - 5);
  Put(path, cut);
  auto r = ReadRaySet(path);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rfind(path + ": truncated", 0), 0u) << r.error();

  auto longer = good;
  longer.push_back(0);
  Put(path, longer);
  r = ReadRaySet(path);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("trailing bytes"), std::string::npos) << r.error();

  auto magic = good;
  magic[7] = '2';
  Put(path, magic);
  r = ReadRaySet(path);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("bad magic"), std::string::npos);

  auto nan = good;
  const float q = std::numeric_limits<float>::quiet_NaN();
  std::memcpy(nan.data() + 12 + 2 * 24 + 16, &q, 4);  // ray 2, direction y
  Put(path, nan);
  r = ReadRaySet(path);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), path + ": ray 2: non-finite direction");

  Put(path, {'R', 'A', 'Y'});
  EXPECT_NE(ReadRaySet(path).error().find("truncated header"), std::string::npos);
  std::remove(path.c_str());
  EXPECT_NE(ReadRaySet(path).error().find("cannot open"), std::string::npos);
}

TEST(Hits, RoundTripKeepsMissesAsInfinity) {
  const std::vector<float> t = {1.5f, std::numeric_limits<float>::infinity(), 2e-6f, 70.25f};
  const std::string path = TempPath("hits.bin");
  ASSERT_EQ(WriteHits(path, t), "");
  EXPECT_EQ(Bytes(path).size(), 12u + 4 * 4);
  EXPECT_EQ(std::string(Bytes(path).data(), 8), "HITS0001");
  const auto back = ReadHits(path);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back.value(), t);
  std::remove(path.c_str());
}

TEST(Hits, RejectsTruncatedAndNaN) {
  const std::string path = TempPath("bad_hits.bin");
  ASSERT_EQ(WriteHits(path, std::vector<float>{1, 2, 3}), "");
  auto good = Bytes(path);
  auto cut = good;
  cut.pop_back();
  Put(path, cut);
  EXPECT_EQ(ReadHits(path).error().rfind(path + ": truncated", 0), 0u);
  auto nan = good;
  const float q = std::numeric_limits<float>::quiet_NaN();
  std::memcpy(nan.data() + 12 + 4, &q, 4);
  Put(path, nan);
  EXPECT_EQ(ReadHits(path).error(), path + ": ray 1: t is NaN");
  std::remove(path.c_str());
}

}  // namespace
}  // namespace partlab
