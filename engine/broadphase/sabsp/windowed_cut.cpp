#include "engine/broadphase/sabsp/windowed_cut.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>

namespace partlab {
namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();

// `a` when `pick` is 1, `b` when 0, by masking the bits: no branch for the compiler to keep.
float Select(uint32_t pick, float a, float b) {
  const uint32_t mask = 0u - pick;
  return std::bit_cast<float>((std::bit_cast<uint32_t>(a) & mask) |
                              (std::bit_cast<uint32_t>(b) & ~mask));
}

// Narrows [criteria.min_offset, criteria.max_offset] to the offsets with at least min_side low
// ends at or below and min_side high ends at or above, given the sorted ends of the listed
// intervals and how many unlisted ones lie wholly left and wholly right of every offset in it
// (extra_left, extra_right). False when no offset is left.
bool LimitToBalancedOffsets(std::span<const float> lo, std::span<const float> hi, size_t min_side,
                            CutCriteria& criteria) {
  const size_t m = lo.size();
  const size_t need_left = min_side > criteria.extra_left ? min_side - criteria.extra_left : 0;
  const size_t need_right = min_side > criteria.extra_right ? min_side - criteria.extra_right : 0;
  if (need_left > m || need_right > m) return false;
  if (need_left > 0) criteria.min_offset = std::max(criteria.min_offset, lo[need_left - 1]);
  if (need_right > 0) criteria.max_offset = std::min(criteria.max_offset, hi[m - need_right]);
  return criteria.min_offset <= criteria.max_offset;
}

}  // namespace

CutChoice ExactCutOfAll(std::span<const float> lo, std::span<const float> hi, CutCriteria criteria,
                        size_t min_side, ExactCutScratch& scratch) {
  scratch.lo.assign(lo.begin(), lo.end());
  scratch.hi.assign(hi.begin(), hi.end());
  SortFloats(scratch.lo, scratch.sort);
  SortFloats(scratch.hi, scratch.sort);
  if (!LimitToBalancedOffsets(scratch.lo, scratch.hi, min_side, criteria)) return {};
  return ChooseCut(scratch.lo, scratch.hi, criteria);
}

CutChoice ExactCutInBins(std::span<const float> lo, std::span<const float> hi, CutCriteria criteria,
                         size_t min_side, const PassingCutBins& bins, ExactCutScratch& scratch) {
  if (bins.first > bins.last) return {};
  // Only the intervals reaching the passing bins are listed; the others are counted on their side.
  // Without branches on the side (as unpredictable as the boxes): every interval is written at the
  // next list position, which only advances when the interval is listed.
  const size_t n = lo.size();
  scratch.lo.resize(n + 1);
  scratch.hi.resize(n + 1);
  float* out_lo = scratch.lo.data();
  float* out_hi = scratch.hi.data();
  size_t listed = 0;
  uint32_t left_only = 0, right_only = 0;
  float right_lo = kInfinity, right_hi = kInfinity;
  for (size_t i = 0; i < n; ++i) {
    // lo <= hi: a box binned wholly left cannot be binned wholly right too.
    const uint32_t left = bins.Bin(hi[i])<bins.first, right = bins.Bin(lo[i])> bins.last;
    out_lo[listed] = lo[i];
    out_hi[listed] = hi[i];
    listed += 1 - left - right;
    left_only += left;
    right_only += right;
    right_lo = std::min(right_lo, Select(right, lo[i], kInfinity));
    right_hi = std::min(right_hi, Select(right, hi[i], kInfinity));
  }
  scratch.lo.resize(listed);
  scratch.hi.resize(listed);
  criteria.extra_left += left_only;
  criteria.extra_right += right_only;
  criteria.unlisted_lo = std::min(criteria.unlisted_lo, right_lo);
  criteria.unlisted_hi = std::min(criteria.unlisted_hi, right_hi);
  if (scratch.lo.empty()) return {};
  SortFloats(scratch.lo, scratch.sort);
  SortFloats(scratch.hi, scratch.sort);
  // The listed ends within the passing bins: a run of each sorted list (the bins are monotone).
  const std::span<const float> l(scratch.lo), h(scratch.hi);
  const auto before = [&](float v) { return bins.Bin(v) < bins.first; };
  const auto within = [&](float v) { return bins.Bin(v) <= bins.last; };
  const auto l_begin = std::partition_point(l.begin(), l.end(), before);
  const auto l_end = std::partition_point(l_begin, l.end(), within);
  const auto h_begin = std::partition_point(h.begin(), h.end(), before);
  const auto h_end = std::partition_point(h_begin, h.end(), within);
  float first_end = kInfinity, last_end = -kInfinity;
  if (l_begin != l_end) {
    first_end = *l_begin;
    last_end = *(l_end - 1);
  }
  if (h_begin != h_end) {
    first_end = std::min(first_end, *h_begin);
    last_end = std::max(last_end, *(h_end - 1));
  }
  if (first_end > last_end) return {};  // no end in the passing bins: no offset to try
  criteria.min_offset = std::max(criteria.min_offset, first_end);
  criteria.max_offset = std::min(criteria.max_offset, last_end);
  if (!LimitToBalancedOffsets(l, h, min_side, criteria)) return {};
  return ChooseCut(l, h, criteria);
}

}  // namespace partlab
