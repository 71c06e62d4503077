// The lane types' PackIndices (float_lanes.h): for every mask of its width, each type writes the
// positions of the set lanes, lowest first, offset by `first`, and returns how many; the expected
// list is built here bit by bit. StoreSplat writes its value to every lane and no further.
#include <gtest/gtest.h>

#include <vector>

#include "engine/broadphase/box_pruning.h"
#include "engine/broadphase/float_lanes.h"

namespace partlab {
namespace {

std::vector<uint32_t> SetLanes(unsigned mask, unsigned width, uint32_t first) {
  std::vector<uint32_t> lanes;
  for (unsigned k = 0; k < width; ++k)
    if ((mask >> k) & 1u) lanes.push_back(first + k);
  return lanes;
}

template <typename Lanes>
void ExpectPacksEveryMask() {
  constexpr unsigned kWidth = Lanes::kWidth;
  for (unsigned mask = 0; mask < (1u << kWidth); ++mask) {
    const uint32_t first = 1000 + 17 * mask;
    std::vector<uint32_t> out(kWidth + 1, 0xdeadbeef);
    const unsigned count = Lanes::PackIndices(mask, first, out.data());
    const std::vector<uint32_t> expected = SetLanes(mask, kWidth, first);
    ASSERT_EQ(count, expected.size()) << "mask " << mask;
    EXPECT_EQ(std::vector<uint32_t>(out.begin(), out.begin() + count), expected) << "mask " << mask;
    EXPECT_EQ(out[kWidth], 0xdeadbeefu) << "wrote past the lanes, mask " << mask;
  }
  std::vector<uint32_t> out(kWidth + 1, 0xdeadbeef);
  Lanes::StoreSplat(42, out.data());
  EXPECT_EQ(std::vector<uint32_t>(out.begin(), out.begin() + kWidth),
            std::vector<uint32_t>(kWidth, 42));
  EXPECT_EQ(out[kWidth], 0xdeadbeefu) << "StoreSplat wrote past the lanes";
}

TEST(FloatLanes, ScalarPacksTheSetLanesInOrder) {
  ExpectPacksEveryMask<ScalarLanes4>();
}

TEST(FloatLanes, Sse2PacksTheSetLanesInOrder) {
  ExpectPacksEveryMask<FloatLanes4>();
}

#if defined(PARTLAB_HAS_AVX2_LANES)
[[gnu::target("avx2")]] void ExpectAvx2PacksEveryMask() {
  ExpectPacksEveryMask<FloatLanes8>();
}

TEST(FloatLanes, Avx2PacksTheSetLanesInOrder) {
  if (!SimdPathAvailable(SimdPath::kAvx2)) GTEST_SKIP() << "no AVX2 on this processor";
  ExpectAvx2PacksEveryMask();
}
#endif

}  // namespace
}  // namespace partlab
