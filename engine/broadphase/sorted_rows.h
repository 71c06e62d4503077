// Boxes sorted by minimum X as structure-of-arrays (one column per bound and one of ids), the form
// box pruning's lane sweep reads (lane_sweep.h): rows appended in sorted order, then sentinel rows
// whose minimum X is +infinity, so that the widest lanes may load past the last box and every
// box's sweep stops there.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/lane_sweep.h"

namespace partlab {

struct SortedRows {
  static constexpr size_t kSentinelRows = 8;  // the widest lanes may read this far past the end
  std::vector<float> min_x, max_x, min_y, max_y, min_z, max_z;
  std::vector<BoxId> ids;

  size_t size() const { return ids.size(); }  // the sentinels included once Pad() ran
  void Clear();
  void Append(BoxId id, const Aabb& box);
  void AppendRow(const SortedRows& from, size_t row);
  void Pad();  // the sentinels: minimum X +infinity, never overlapping anything
  SweepColumns Columns() const;
  size_t MemoryBytes() const;
};

}  // namespace partlab
