// The bulk build's exact cut sorting only the intervals that reach the bins where a passing cut
// may lie (windowed_cut.h): the same cut, at the same offset, as ChooseCut over every interval
// sorted; and a cut whenever a brute-force scan of every offset finds one that passes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "engine/broadphase/sabsp/windowed_cut.h"

namespace partlab {
namespace {

struct Intervals {
  std::vector<float> lo, hi;
};

// Dense piles, sparse rows and long boxes; ends on a coarse grid half the time (ties, ends on bin
// edges), a few intervals spanning nearly everything.
Intervals RandomIntervals(std::mt19937& rng, int trial) {
  const size_t n = 2 + rng() % 600;
  const float span = float(1 + rng() % 1000), width = span * float(rng() % 60) / 100.0f;
  const bool grid = trial % 2 == 0;
  std::uniform_real_distribution<float> start(-span, span), extent(0.0f, width);
  Intervals in;
  for (size_t i = 0; i < n; ++i) {
    float lo = grid ? std::round(start(rng)) : start(rng);
    float hi = lo + (grid ? std::round(extent(rng)) : extent(rng));
    if (rng() % 50 == 0) lo = -span, hi = span;  // spans every bin
    in.lo.push_back(lo);
    in.hi.push_back(hi);
  }
  return in;
}

// The bulk build's criteria and the bound's inputs for them (BspBulkBuilder::BinPassingCuts).
size_t MinSide(float balance, size_t n) {
  return std::clamp<size_t>(size_t(std::ceil(double(balance) * double(n) / (1.0 + balance))), 1, n);
}

PassingCutBins Bins(const Intervals& in, const CutCriteria& criteria, int bin_count) {
  const size_t n = in.lo.size();
  const float min_lo = *std::min_element(in.lo.begin(), in.lo.end());
  const float max_hi = *std::max_element(in.hi.begin(), in.hi.end());
  const uint32_t min_side = uint32_t(std::max<size_t>(MinSide(criteria.min_balance, n), 2) - 1);
  return FindPassingCutBins(in.lo, in.hi, min_lo, max_hi, min_side,
                            criteria.max_redundancy * float(n), bin_count);
}

// Whether some interval end, as a plane offset with at least min_side low ends at or below it and
// min_side high ends at or above it, passes the limits.
bool SomeCutPassesByBruteForce(const Intervals& in, const CutCriteria& criteria, size_t min_side) {
  const size_t n = in.lo.size();
  std::vector<float> offsets = in.lo;
  offsets.insert(offsets.end(), in.hi.begin(), in.hi.end());
  for (float c : offsets) {
    uint32_t left = 0, right = 0, reaching = 0;
    for (size_t i = 0; i < n; ++i) {
      left += in.lo[i] <= c;
      right += in.hi[i] > c;
      reaching += in.hi[i] >= c;
    }
    if (left < min_side || reaching < min_side) continue;
    const uint32_t small = std::min(left, right), large = std::max(left, right);
    const bool balanced = float(small) / float(large) >= criteria.min_balance;
    const bool few_open = float(left + right - n) <= criteria.max_redundancy * float(n);
    if (left < n && right < n && balanced && few_open) return true;
  }
  return false;
}

// From one bin to the most the bulk build uses, powers of two or not (it takes a bin per four
// boxes), and more bins than intervals (empty bins).
constexpr int kBinCounts[] = {1, 8, 128, 300, 531, kMaxOpenIntervalBins};

TEST(WindowedCut, SameCutAsTheSearchOverEveryIntervalSorted) {
  std::mt19937 rng(5);
  ExactCutScratch all_scratch, window_scratch;
  int found = 0, narrowed = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    const Intervals in = RandomIntervals(rng, trial);
    CutCriteria criteria;
    criteria.min_balance = trial % 3 == 0 ? 0.5f : 0.3f;
    criteria.max_redundancy = float(rng() % 30) / 100.0f;
    criteria.redundancy_first = trial % 4 == 0;
    const size_t k = MinSide(criteria.min_balance, in.lo.size());
    const int bin_count = kBinCounts[(trial / 4) % std::size(kBinCounts)];
    const PassingCutBins bins = Bins(in, criteria, bin_count);
    ASSERT_EQ(bins.count, bin_count);
    if (!bins.binned) continue;
    const CutChoice all = ExactCutOfAll(in.lo, in.hi, criteria, k, all_scratch);
    const CutChoice window = ExactCutInBins(in.lo, in.hi, criteria, k, bins, window_scratch);
    ASSERT_EQ(window.found, all.found) << "trial " << trial << ", " << bin_count << " bins";
    EXPECT_EQ(all.found, SomeCutPassesByBruteForce(in, criteria, k)) << "trial " << trial;
    found += all.found;
    narrowed += window_scratch.lo.size() < in.lo.size();
    if (!all.found) continue;
    EXPECT_EQ(window.offset, all.offset) << "trial " << trial;
    EXPECT_EQ(window.left, all.left) << "trial " << trial;
    EXPECT_EQ(window.right, all.right) << "trial " << trial;
    EXPECT_EQ(window.redundancy, all.redundancy) << "trial " << trial;
  }
  // Both outcomes occur, and the window does leave intervals out.
  EXPECT_GT(found, 150);
  EXPECT_LT(found, 900);
  EXPECT_GT(narrowed, 150);
}

}  // namespace
}  // namespace partlab
