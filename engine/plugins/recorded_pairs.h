// The pairs a game's own broad phase reported, frame by frame, as partlab/record.h writes them
// beside a trace (PAIRS001: "PAIRS001", uint32 N, uint32 F, then per frame a uint32 count and
// count x (uint32 a, uint32 b)). Read so a replay can say where the game's answer differed from
// brute force's.
#pragma once

#include <string>
#include <vector>

#include "engine/broadphase/broad_phase.h"
#include "engine/io/load_result.h"

namespace partlab {

struct RecordedPairs {
  uint32_t box_count = 0;
  // Per frame, the pairs as (min, max), in the order the game reported them (duplicates kept).
  std::vector<std::vector<BoxPair>> frames;
};

// Reads a PAIRS001 file, or one line naming it: bad magic, truncated, trailing bytes, or
// "frame 4 pair 2: id 900 >= 160 boxes", "frame 4 pair 2: box 7 with itself".
LoadResult<RecordedPairs> ReadRecordedPairs(const std::string& path);

}  // namespace partlab
