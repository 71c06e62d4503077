// The four- and eight-wide Möller–Trumbore (engine/octree/packed_moller_trumbore.h) on blocks of
// lanes (triangle_lanes.h) against the scalar test they must reproduce: for every record the same
// hit or miss and, on a hit, the same t, u, v to the bit.
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

// A block whose lanes [at, at + count) hold records[first, first + count) and whose other lanes
// hold other records (the ones before `first`, wrapping), so a lane the count leaves out is a real
// triangle the result must still mask out, not a zero one that could never hit.
TriangleLanes8 BlockOf(const std::vector<PackedTriangle>& records, size_t first, int at,
                       int count) {
  TriangleLanes8 block;
  for (int lane = 0; lane < kLanesPerBlock; ++lane) {
    const bool own = lane >= at && lane < at + count;
    const size_t i = own ? first + size_t(lane - at)
                         : (first + records.size() - 1 - size_t(lane)) % records.size();
    block.Set(lane, records[i]);
  }
  return block;
}

// The lanes' answers against IntersectMollerTrumbore on the same records: the same hit or miss
// and, on a hit, the same t, u, v to the bit; no bit set beyond count.
template <class Hits>
void ExpectLanesMatchScalar(const Ray& ray, const std::vector<PackedTriangle>& records,
                            size_t first, int count, unsigned mask, const Hits& lanes,
                            const RayTriangleOptions& opt, int* hits) {
  EXPECT_EQ(mask >> count, 0u);
  for (int k = 0; k < count; ++k) {
    const PackedTriangle& p = records[first + size_t(k)];
    RayTriangleHit h;
    const bool scalar =
        IntersectMollerTrumbore(ray.origin, ray.direction, p.v0, p.e1, p.e2, opt, &h);
    ASSERT_EQ(scalar, bool(mask >> k & 1)) << "record " << first + size_t(k);
    if (!scalar) continue;
    ++*hits;
    EXPECT_TRUE(SameBits(h.t, lanes.t[k]) && SameBits(h.u, lanes.u[k]) && SameBits(h.v, lanes.v[k]))
        << "record " << first + size_t(k);
  }
}

// 60 rays: some parallel to the flat records, some culling back faces, some with a short t_max.
template <class TestGroups>
void ForRandomRays(std::mt19937& rng, TestGroups test_groups) {
  std::uniform_real_distribution<float> pos(-10, 10), dir(-1, 1);
  for (int r = 0; r < 60; ++r) {
    Ray ray{{pos(rng), pos(rng), pos(rng)}, {dir(rng), dir(rng), dir(rng)}};
    if (r % 6 == 0) ray.direction = {0, 0, 1};  // parallel to the z = const triangles
    RayTriangleOptions opt;
    if (r % 3 == 1) opt.cull_backfaces = true;
    if (r % 4 == 2) opt.t_max = 5.0f;
    test_groups(r, ray, opt);
  }
}

// Four lanes (SSE where built, else the scalar loop), in either half of a block, groups of 1 to 4.
TEST(PackedMollerTrumbore, FourLanesEqualTheScalarTestBitForBit) {
  std::mt19937 rng(5);
  const std::vector<PackedTriangle> records = RandomRecords(rng);
  int hits = 0;
  ForRandomRays(rng, [&](int r, const Ray& ray, const RayTriangleOptions& opt) {
    const int group = 1 + r % 4, half = r % 2;
    for (size_t first = 0; first < records.size(); first += size_t(group)) {
      const int count = int(std::min<size_t>(size_t(group), records.size() - first));
      const TriangleLanes8 block = BlockOf(records, first, 4 * half, count);
      FourHits four;
      const unsigned mask =
          IntersectFourLanes(ray.origin, ray.direction, block, half, count, opt, &four);
      ExpectLanesMatchScalar(ray, records, first, count, mask, four, opt, &hits);
    }
  });
  EXPECT_GT(hits, 500);  // the comparison covered many hits, not only misses
}

// The scalar fallback itself (what runs without SSE2), lanes anywhere in the block.
TEST(PackedMollerTrumbore, LaneByLaneFallbackEqualsTheScalarTest) {
  std::mt19937 rng(7);
  const std::vector<PackedTriangle> records = RandomRecords(rng);
  int hits = 0;
  ForRandomRays(rng, [&](int r, const Ray& ray, const RayTriangleOptions& opt) {
    const int group = 1 + r % 8;
    for (size_t first = 0; first < records.size(); first += size_t(group)) {
      const int count = int(std::min<size_t>(size_t(group), records.size() - first));
      const int at = (r / 8) % (9 - count);
      const TriangleLanes8 block = BlockOf(records, first, at, count);
      EightHits lanes;
      const unsigned mask =
          IntersectLanesOneByOne(ray.origin, ray.direction, block, at, count, opt, &lanes);
      ExpectLanesMatchScalar(ray, records, first, count, mask, lanes, opt, &hits);
    }
  });
  EXPECT_GT(hits, 500);
}

#if defined(PARTLAB_HAVE_EIGHT_WIDE_MT)
// The eight-wide test (AVX2, where the CPU has it) against the scalar test, bit for bit, on blocks
// holding 1 to 8 of the records (the other lanes hold other triangles and must be masked out).
TEST(PackedMollerTrumbore, EightWideEqualsTheScalarTestBitForBit) {
  if (!HaveEightWideLanes()) GTEST_SKIP() << "this CPU has no AVX2";
  std::mt19937 rng(9);
  const std::vector<PackedTriangle> records = RandomRecords(rng);
  int hits = 0;
  ForRandomRays(rng, [&](int r, const Ray& ray, const RayTriangleOptions& opt) {
    const int group = 1 + r % 8;
    for (size_t first = 0; first < records.size(); first += size_t(group)) {
      const int count = int(std::min<size_t>(size_t(group), records.size() - first));
      const TriangleLanes8 block = BlockOf(records, first, 0, count);
      EightHits eight;
      const unsigned mask =
          IntersectEightLanes(ray.origin, ray.direction, block, count, opt, &eight);
      ExpectLanesMatchScalar(ray, records, first, count, mask, eight, opt, &hits);
    }
  });
  EXPECT_GT(hits, 500);
}
#endif

// A block's lanes give back the records they were set from, field for field.
TEST(TriangleLanes, BlocksGiveBackTheirRecords) {
  std::mt19937 rng(3);
  const std::vector<PackedTriangle> records = RandomRecords(rng);
  std::vector<TriangleLanes8> blocks(BlocksFor(records.size()));
  for (size_t i = 0; i < records.size(); ++i) blocks[i / 8].Set(int(i % 8), records[i]);
  const TriangleLanesRange range(blocks.data(), records.size());
  ASSERT_EQ(range.size(), records.size());
  size_t i = 0;
  for (const PackedTriangle& p : range) {
    const PackedTriangle& want = records[i++];
    EXPECT_TRUE(p.v0 == want.v0 && p.e1 == want.e1 && p.e2 == want.e2 && p.id == want.id);
  }
  EXPECT_EQ(i, records.size());
  EXPECT_EQ(blocks[2].v0[1][3], records[19].v0.y);  // lane 3 of block 2 is record 8 * 2 + 3
  EXPECT_EQ(blocks[2].e2[2][3], records[19].e2.z);
}

}  // namespace
}  // namespace partlab
