// Choosing where to cut a sorted list of projected intervals (semi-adjusting-bsp.txt, 3.3 and 3.6).
//
// For a plane at offset c, with the side rule of projection.h:
//   left(c)      = boxes with lo <= c            (the negative subspace)
//   right(c)     = boxes with hi >  c            (the positive subspace)
//   redundancy   = left + right - n              (the intervals still open at c)
//   balance      = min(left, right) / max(left, right)
// The sweep walks the interval ends in order, counting opened and closed intervals, and keeps the
// best acceptable cut (balance and redundancy within the limits) by the criteria's rule:
//   redundancy first (3.3, 3.6, the thesis): fewest open intervals, then best balance;
//   balance first (ours): best balance, then fewest open intervals.
// Past the median left >= right, so balance can only fall from there on: the sweep stops once it
// drops below the minimum acceptable balance, or when no later cut can win (balance first: below
// the best found; redundancy first: the best found already has no open interval and a better
// balance), without visiting the rest of the list (3.6).
#pragma once

#include <cstdint>
#include <limits>
#include <span>

namespace partlab {

struct CutCriteria {
  bool redundancy_first = false;  // the thesis's rule (CutRule::kRedundancyFirst, bsp_params.h)
  float min_balance = 0.5f;       // cuts below this balance are rejected (6.1: 0.5)
  float max_redundancy = 0.025f;  // straddling boxes / population allowed (6.1: 2.5 %)
  // Boxes that are not in the lists but always count on one side (the balance operation only
  // re-sorts the heavy subtree; the light side's exclusive boxes are just a count, 4.4).
  uint32_t extra_left = 0, extra_right = 0;
  // Where in the gap between two events the plane goes, from its low end (0) to its high end (1);
  // any offset in the gap gives the same sides (BspParams::gap_offset; 0.5: mid-gap).
  float gap_offset = 0.5f;
  // Candidate offsets are limited to [min_offset, max_offset].
  float min_offset = -3.0e38f, max_offset = 3.0e38f;
  // The smallest low and high ends of the intervals counted in extra_right, when they are known:
  // where the gap after the last listed end stops (a plane goes mid-gap). Infinite: none known.
  float unlisted_lo = std::numeric_limits<float>::infinity();
  float unlisted_hi = std::numeric_limits<float>::infinity();
};

struct CutChoice {
  bool found = false;
  float offset = 0;  // the plane offset along the normal
  uint32_t left = 0, right = 0, redundancy = 0;
  float balance = 0;
  uint32_t evaluated = 0;  // candidate cuts looked at before the sweep stopped
};

// `lo` and `hi` are the lower and upper ends of the same n intervals, each sorted ascending
// (independently). Plane offsets are placed in the middle of the gap after the chosen event, so
// that small motions do not immediately move boxes across the new plane.
CutChoice ChooseCut(std::span<const float> lo, std::span<const float> hi,
                    const CutCriteria& criteria);

// True when `a` is a better cut than `b`: higher balance, then less redundancy.
bool BetterCut(const CutChoice& a, const CutChoice& b);
// True when `a` is a better cut than `b`: less redundancy, then higher balance (3.3, 3.6).
bool BetterCutRedundancyFirst(const CutChoice& a, const CutChoice& b);
bool BetterCut(const CutChoice& a, const CutChoice& b, bool redundancy_first);

}  // namespace partlab
