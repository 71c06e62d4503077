// A pair list sorted, so that two broad phases' answers compare as sets (and a pair reported twice
// shows as a difference).
#pragma once

#include <algorithm>
#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

inline std::vector<BoxPair> Sorted(std::vector<BoxPair> pairs) {
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace partlab
