// The exact cut of a node's projected intervals (ChooseCut over both ends of every interval,
// sorted: 3.3 and 3.6), found by sorting only the intervals that reach the bins where a passing
// cut may lie (open_interval_bound.h).
//
// Every cut that passes the balance and redundancy limits lies in a passing bin. For an offset c
// in those bins, an interval whose high end is binned before the first passing bin lies wholly
// left of c, and one whose low end is binned after the last wholly right: they only count, on
// their side (CutCriteria::extra_left, extra_right). So the sweep over the intervals left,
// restricted to the passing bins' ends, sees at every offset the counts of the sweep over all,
// and chooses the same cut at the same place. Where the bound rules most of a node out, that
// sorts a fraction of its intervals instead of all of them.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "engine/broadphase/radix_sort.h"
#include "engine/broadphase/sabsp/cut_selection.h"
#include "engine/broadphase/sabsp/open_interval_bound.h"

namespace partlab {

struct ExactCutScratch {
  std::vector<float> lo, hi;
  FloatSortScratch sort;
};

// ChooseCut over the n intervals (`lo`, `hi` in any order), every end sorted; offsets are skipped
// where fewer than `min_side` low ends lie at or below, or fewer than `min_side` high ends at or
// above (no cut there leaves min_side boxes a side).
CutChoice ExactCutOfAll(std::span<const float> lo, std::span<const float> hi, CutCriteria criteria,
                        size_t min_side, ExactCutScratch& scratch);

// The same cut, sorting only the intervals reaching `bins`' passing bins. `bins` must come from
// FindPassingCutBins over these intervals with at most min_side a side and at least the criteria's
// redundancy limit, and be binned.
CutChoice ExactCutInBins(std::span<const float> lo, std::span<const float> hi, CutCriteria criteria,
                         size_t min_side, const PassingCutBins& bins, ExactCutScratch& scratch);

}  // namespace partlab
