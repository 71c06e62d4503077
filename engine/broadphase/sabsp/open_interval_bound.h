// A lower bound, from counts alone, on the fewest intervals a balanced cut can leave open (the
// boxes straddling the plane, 3.3 and 3.6): the bulk build uses it to drop a node whose exact
// cut search (sorting the node's projections) could not pass the redundancy limit.
//
// The span of the intervals is cut into bins (at most kMaxOpenIntervalBins) by one monotone index
// function, so that each bin is a range of offsets. For a cut c in bin j (side rule of
// cut_selection.h):
//   - an interval whose low end is in bin a and high end in bin b, a < j < b, has lo <= c < hi:
//     it stays open, so the intervals covering bin j so are at most the cut's open intervals;
//   - left(c) <= the low ends in bins <= j, right(c) <= the high ends in bins >= j: where either
//     is below the balance's minimum side, no cut in the bin is balanced.
// The smallest covering count over the bins where a balanced cut may lie is therefore at most
// the open intervals of every balanced cut. One pass over the intervals, one over the bins.
#pragma once

#include <cstdint>
#include <span>

namespace partlab {

inline constexpr int kMaxOpenIntervalBins = 1024;

// `lo` and `hi` are the n intervals' ends (in any order, lo <= hi), all within [min_lo, max_hi];
// `min_side` the fewest boxes a balanced cut leaves on each side. The result is <= the number of
// intervals with lo <= c < hi for every c with left(c) >= min_side and right(c) >= min_side
// (UINT32_MAX when there is no such c). `bin_count` (clamped to 1..kMaxOpenIntervalBins) trades
// the pass over the bins against the bound's tightness: more bins, fewer intervals in a bin.
uint32_t MinOpenIntervalsBound(std::span<const float> lo, std::span<const float> hi, float min_lo,
                               float max_hi, uint32_t min_side, int bin_count);

// The same pass, kept: the bin function and the bins where a balanced cut leaving at most
// `max_open` intervals open may lie. By the two facts above, every such cut c has
// first <= Bin(c) <= last, so an exact search need only look at the intervals reaching those
// bins (windowed_cut.h).
struct PassingCutBins {
  uint32_t fewest_open = UINT32_MAX;  // MinOpenIntervalsBound's result
  bool binned = false;       // false: the span could not be binned, and any offset may pass
  int first = 0, last = -1;  // the passing bins, none when first > last
  int count = 1;             // the number of bins
  float min_lo = 0, scale = 0;
  // Monotone in v; compared before the conversion, so that no value converts out of int's range.
  int Bin(float v) const {
    const float x = (v - min_lo) * scale;
    return x < float(count) ? int(x) : count - 1;
  }
};
PassingCutBins FindPassingCutBins(std::span<const float> lo, std::span<const float> hi,
                                  float min_lo, float max_hi, uint32_t min_side, float max_open,
                                  int bin_count);

}  // namespace partlab
