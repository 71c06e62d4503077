#include "engine/broadphase/sabsp/open_interval_bound.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace partlab {

uint32_t MinOpenIntervalsBound(std::span<const float> lo, std::span<const float> hi, float min_lo,
                               float max_hi, uint32_t min_side) {
  constexpr int kBins = kOpenIntervalBins;
  const size_t n = lo.size();
  if (n == 0 || !(max_hi > min_lo)) return n == 0 ? UINT32_MAX : 0;  // nothing to bin: no bound
  // Bin of a value v >= min_lo: trunc((v - min_lo) * scale), at most kBins - 1. Every step is
  // monotone in v (and v - min_lo >= 0 rounds to >= 0), so each bin is a range of values.
  const float scale = float(kBins) / (max_hi - min_lo);
  if (!(scale > 0) || !std::isfinite(scale)) return 0;  // a span too thin or too wide to bin
  // Compared before the conversion, so that no value converts out of int's range.
  auto bin = [&](float v) {
    const float x = (v - min_lo) * scale;
    return x < float(kBins) ? int(x) : kBins - 1;
  };
  std::array<int32_t, kBins + 1> cover_change{};
  std::array<uint32_t, kBins> lows{}, highs{};
  for (size_t i = 0; i < n; ++i) {
    if (!(lo[i] <= hi[i])) continue;  // a NaN end never straddles a cut: left out
    const int a = bin(lo[i]), b = bin(hi[i]);
    ++lows[size_t(a)];
    ++highs[size_t(b)];
    // Covers the bins a + 1 to b - 1 whole, if any: added as 0 or 1, without a branch (whether an
    // interval spans two bin edges is as unpredictable as its length).
    const int32_t covers = b - a >= 2;
    cover_change[size_t(a + 1)] += covers;
    cover_change[size_t(b)] -= covers;
  }
  // highs_from[j]: high ends in bins >= j, walked down; lows_to: low ends in bins <= j, walked up.
  std::array<uint32_t, kBins + 1> highs_from{};
  for (int j = kBins - 1; j >= 0; --j)
    highs_from[size_t(j)] = highs_from[size_t(j + 1)] + highs[size_t(j)];
  uint32_t lows_to = 0, fewest = UINT32_MAX;
  int32_t covering = 0;
  for (int j = 0; j < kBins; ++j) {
    lows_to += lows[size_t(j)];
    covering += cover_change[size_t(j)];
    if (lows_to >= min_side && highs_from[size_t(j)] >= min_side)
      fewest = std::min(fewest, uint32_t(covering));
  }
  return fewest;
}

}  // namespace partlab
