#include "engine/broadphase/sabsp/cut_selection.h"

#include <algorithm>

namespace partlab {

bool BetterCut(const CutChoice& a, const CutChoice& b) {
  if (!a.found) return false;
  if (!b.found) return true;
  if (a.balance != b.balance) return a.balance > b.balance;
  return a.redundancy < b.redundancy;
}

bool BetterCutRedundancyFirst(const CutChoice& a, const CutChoice& b) {
  if (!a.found) return false;
  if (!b.found) return true;
  if (a.redundancy != b.redundancy) return a.redundancy < b.redundancy;
  return a.balance > b.balance;
}

bool BetterCut(const CutChoice& a, const CutChoice& b, bool redundancy_first) {
  return redundancy_first ? BetterCutRedundancyFirst(a, b) : BetterCut(a, b);
}

CutChoice ChooseCut(std::span<const float> lo, std::span<const float> hi,
                    const CutCriteria& criteria) {
  constexpr float kNoEnd = std::numeric_limits<float>::infinity();
  CutChoice best;
  const size_t m = lo.size();
  const uint32_t n = static_cast<uint32_t>(m) + criteria.extra_left + criteria.extra_right;
  const float max_redundant = criteria.max_redundancy * static_cast<float>(n);
  // Events below min_offset only count (the loop below would skip them one by one): start after
  // them, with the same counts.
  size_t opened = size_t(std::lower_bound(lo.begin(), lo.end(), criteria.min_offset) - lo.begin());
  size_t closed = size_t(std::lower_bound(hi.begin(), hi.end(), criteria.min_offset) - hi.begin());
  // opened: intervals with lo <= c; closed: with hi <= c.
  while (opened < m || closed < m) {
    // The next event position: every interval end equal to it is processed together.
    const float next_lo = opened < m ? lo[opened] : 3.4e38f;
    const float next_hi = closed < m ? hi[closed] : 3.4e38f;
    const float c = std::min(next_lo, next_hi);
    while (opened < m && lo[opened] <= c) ++opened;
    while (closed < m && hi[closed] <= c) ++closed;
    if (c > criteria.max_offset) break;
    if (c < criteria.min_offset) continue;

    CutChoice cut;
    cut.left = criteria.extra_left + static_cast<uint32_t>(opened);
    cut.right = criteria.extra_right + static_cast<uint32_t>(m - closed);
    cut.redundancy = static_cast<uint32_t>(opened - closed);
    const uint32_t small = std::min(cut.left, cut.right), large = std::max(cut.left, cut.right);
    cut.balance = large == 0 ? 0.0f : static_cast<float>(small) / static_cast<float>(large);
    ++best.evaluated;
    // A useful cut leaves at least one box exclusively on each side.
    const bool separates = cut.left < n && cut.right < n;
    if (separates && cut.balance >= criteria.min_balance &&
        static_cast<float>(cut.redundancy) <= max_redundant) {
      // Counts stay the same until the next event: the plane goes at gap_offset in the gap
      // (mid-gap by default, for stability).
      // (An end list exhausted, listed and unlisted, ends the gap at c.)
      const float lo_next = std::min(opened < m ? lo[opened] : kNoEnd, criteria.unlisted_lo);
      const float hi_next = std::min(closed < m ? hi[closed] : kNoEnd, criteria.unlisted_hi);
      const float gap_end =
          std::min(lo_next < kNoEnd ? lo_next : c, hi_next < kNoEnd ? hi_next : c);
      const float mid = c + (gap_end - c) * criteria.gap_offset;
      cut.offset = (mid > c && mid < gap_end && mid <= criteria.max_offset) ? mid : c;
      cut.found = true;
      const uint32_t evaluated = best.evaluated;
      if (BetterCut(cut, best, criteria.redundancy_first)) best = cut;
      best.evaluated = evaluated;
    }
    // Past the median, balance only falls: stop once it is below what we can accept, or once no
    // later cut can beat the best (3.6: "the end of the list only holds worse or equal values").
    if (cut.left >= cut.right) {
      const bool cannot_win = best.found && cut.balance < best.balance &&
                              (!criteria.redundancy_first || best.redundancy == 0);
      if (cut.balance < criteria.min_balance || cannot_win) break;
    }
  }
  return best;
}

}  // namespace partlab
