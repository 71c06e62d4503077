// The four-wide Möller–Trumbore (engine/octree/packed_moller_trumbore.h) against the scalar test it
// must reproduce: for every record the same hit or miss and, on a hit, the same t, u, v to the bit.
#include "engine/octree/packed_moller_trumbore.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

namespace partlab {
namespace {

bool SameBits(float a, float b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// Checks every record of `records` against IntersectMollerTrumbore, in groups of `group` records.
void ExpectSameAsScalar(const Ray& ray, const std::vector<PackedTriangle>& records, int group,
                        const RayTriangleOptions& opt, int* hits) {
  for (size_t first = 0; first < records.size(); first += size_t(group)) {
    const int count = int(std::min<size_t>(size_t(group), records.size() - first));
    FourHits four;
    const unsigned mask =
        IntersectFour(ray.origin, ray.direction, &records[first], count, opt, &four);
    EXPECT_EQ(mask >> count, 0u);
    for (int k = 0; k < count; ++k) {
      const PackedTriangle& p = records[first + size_t(k)];
      RayTriangleHit h;
      const bool scalar =
          IntersectMollerTrumbore(ray.origin, ray.direction, p.v0, p.e1, p.e2, opt, &h);
      ASSERT_EQ(scalar, bool(mask >> k & 1)) << "record " << first + size_t(k);
      if (!scalar) continue;
      ++*hits;
      EXPECT_TRUE(SameBits(h.t, four.t[k]) && SameBits(h.u, four.u[k]) && SameBits(h.v, four.v[k]))
          << "record " << first + size_t(k);
    }
  }
}

// 4,000 records from rng: small and large triangles, some degenerate (parallel edges) and some
// axis-aligned.
std::vector<PackedTriangle> RandomRecords(std::mt19937& rng) {
  std::uniform_real_distribution<float> pos(-10, 10), small(-0.5f, 0.5f);
  std::vector<PackedTriangle> records;
  for (uint32_t i = 0; i < 4000; ++i) {
    const glm::vec3 v0{pos(rng), pos(rng), pos(rng)};
    glm::vec3 e1{pos(rng), pos(rng), pos(rng)}, e2{pos(rng), pos(rng), pos(rng)};
    if (i % 5 == 0) e1 = {small(rng), small(rng), small(rng)};
    if (i % 11 == 0) e2 = 2.0f * e1;
    if (i % 7 == 0) e1.z = e2.z = 0.0f;
    records.push_back({v0, e1, e2, i});
  }
  return records;
}

TEST(PackedMollerTrumbore, EqualsTheScalarTestBitForBit) {
  std::mt19937 rng(5);
  std::vector<PackedTriangle> records = RandomRecords(rng);
  std::uniform_real_distribution<float> pos(-10, 10), dir(-1, 1);
  int hits = 0;
  for (int r = 0; r < 60; ++r) {
    Ray ray{{pos(rng), pos(rng), pos(rng)}, {dir(rng), dir(rng), dir(rng)}};
    if (r % 6 == 0) ray.direction = {0, 0, 1};  // parallel to the z = const triangles
    RayTriangleOptions opt;
    if (r % 3 == 1) opt.cull_backfaces = true;
    if (r % 4 == 2) opt.t_max = 5.0f;
    ExpectSameAsScalar(ray, records, 1 + r % 4, opt, &hits);  // groups of 1 to 4 records
  }
  EXPECT_GT(hits, 500);  // the comparison covered many hits, not only misses
}

#if defined(PARTLAB_HAVE_EIGHT_WIDE_MT)
// The eight-wide test (AVX2, where the CPU has it) against the scalar test, bit for bit, reading
// eight records at a time as the ordered traversal does (the lanes beyond `count` read the next
// records and must be masked out).
TEST(PackedMollerTrumbore, EightWideEqualsTheScalarTestBitForBit) {
  if (!HaveEightWideLanes()) GTEST_SKIP() << "this CPU has no AVX2";
  std::mt19937 rng(9);
  std::vector<PackedTriangle> records = RandomRecords(rng);
  std::uniform_real_distribution<float> pos(-10, 10), dir(-1, 1);
  const size_t usable = records.size();
  records.resize(usable + 7, PackedTriangle{glm::vec3(0.0f), glm::vec3(0.0f), glm::vec3(0.0f), 0});
  int hits = 0;
  for (int r = 0; r < 60; ++r) {
    Ray ray{{pos(rng), pos(rng), pos(rng)}, {dir(rng), dir(rng), dir(rng)}};
    if (r % 6 == 0) ray.direction = {0, 0, 1};
    RayTriangleOptions opt;
    if (r % 3 == 1) opt.cull_backfaces = true;
    if (r % 4 == 2) opt.t_max = 5.0f;
    const int group = 1 + r % 8;
    for (size_t first = 0; first < usable; first += size_t(group)) {
      const int count = int(std::min<size_t>(size_t(group), usable - first));
      EightHits eight;
      const unsigned mask = IntersectEightReadingEight(ray.origin, ray.direction, &records[first],
                                                       count, opt, &eight);
      EXPECT_EQ(mask >> count, 0u);
      for (int k = 0; k < count; ++k) {
        const PackedTriangle& p = records[first + size_t(k)];
        RayTriangleHit h;
        const bool scalar =
            IntersectMollerTrumbore(ray.origin, ray.direction, p.v0, p.e1, p.e2, opt, &h);
        ASSERT_EQ(scalar, bool(mask >> k & 1)) << "record " << first + size_t(k);
        if (!scalar) continue;
        ++hits;
        EXPECT_TRUE(SameBits(h.t, eight.t[k]) && SameBits(h.u, eight.u[k]) &&
                    SameBits(h.v, eight.v[k]))
            << "record " << first + size_t(k);
      }
    }
  }
  EXPECT_GT(hits, 500);
}
#endif

}  // namespace
}  // namespace partlab
