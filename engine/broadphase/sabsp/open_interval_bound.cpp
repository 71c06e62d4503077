#include "engine/broadphase/sabsp/open_interval_bound.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace partlab {

PassingCutBins FindPassingCutBins(std::span<const float> lo, std::span<const float> hi,
                                  float min_lo, float max_hi, uint32_t min_side, float max_open,
                                  int bin_count) {
  const int count = std::clamp(bin_count, 1, kMaxOpenIntervalBins);
  const size_t used = size_t(count);
  PassingCutBins bins;
  bins.count = count;
  const size_t n = lo.size();
  if (n == 0) return bins;  // nothing to bin: no bound
  bins.fewest_open = 0;     // until the span is binned: no bound either
  if (!(max_hi > min_lo)) return bins;
  // Bin of a value v >= min_lo: trunc((v - min_lo) * scale), at most count - 1. Every step is
  // monotone in v (and v - min_lo >= 0 rounds to >= 0), so each bin is a range of values.
  bins.min_lo = min_lo;
  bins.scale = float(count) / (max_hi - min_lo);
  if (!(bins.scale > 0) || !std::isfinite(bins.scale)) return bins;  // too thin or too wide
  bins.binned = true;
  bins.fewest_open = UINT32_MAX;
  // Only the bins in use are cleared: the arrays are sized for the most bins.
  std::array<int32_t, kMaxOpenIntervalBins + 1> cover_change;
  std::array<uint32_t, kMaxOpenIntervalBins> lows, highs;
  std::fill_n(cover_change.begin(), used + 1, 0);
  std::fill_n(lows.begin(), used, 0u);
  std::fill_n(highs.begin(), used, 0u);
  for (size_t i = 0; i < n; ++i) {
    if (!(lo[i] <= hi[i])) continue;  // a NaN end never straddles a cut: left out
    const int a = bins.Bin(lo[i]), b = bins.Bin(hi[i]);
    ++lows[size_t(a)];
    ++highs[size_t(b)];
    // Covers the bins a + 1 to b - 1 whole, if any: added as 0 or 1, without a branch (whether an
    // interval spans two bin edges is as unpredictable as its length).
    const int32_t covers = b - a >= 2;
    cover_change[size_t(a + 1)] += covers;
    cover_change[size_t(b)] -= covers;
  }
  // highs_from[j]: high ends in bins >= j, walked down; lows_to: low ends in bins <= j, walked up.
  std::array<uint32_t, kMaxOpenIntervalBins + 1> highs_from;
  highs_from[used] = 0;
  for (int j = count - 1; j >= 0; --j)
    highs_from[size_t(j)] = highs_from[size_t(j + 1)] + highs[size_t(j)];
  uint32_t lows_to = 0;
  int32_t covering = 0;
  bins.first = count;
  for (int j = 0; j < count; ++j) {
    lows_to += lows[size_t(j)];
    covering += cover_change[size_t(j)];
    if (lows_to < min_side || highs_from[size_t(j)] < min_side) continue;  // not balanced
    bins.fewest_open = std::min(bins.fewest_open, uint32_t(covering));
    if (float(covering) <= max_open) {
      bins.first = std::min(bins.first, j);
      bins.last = j;
    }
  }
  return bins;
}

uint32_t MinOpenIntervalsBound(std::span<const float> lo, std::span<const float> hi, float min_lo,
                               float max_hi, uint32_t min_side, int bin_count) {
  return FindPassingCutBins(lo, hi, min_lo, max_hi, min_side, 0.0f, bin_count).fewest_open;
}

}  // namespace partlab
