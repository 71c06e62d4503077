// Box pruning in each cell of a uniform grid: the floor of a broad phase that partitions space
// but keeps nothing between steps. Each step every box is classified into the cells its Y and Z
// intervals reach, the boxes are sorted by minimum X once (as box_pruning.h does), copied cell by
// cell in that order, and each cell is swept on its own. A cell's sweep window holds only the
// boxes of its cell, so the sweep tests fewer candidates than one sweep over the whole world; the
// classification and the copy per cell are what that costs. Partitioning the world into regions
// swept by box pruning is what PhysX's "multi box pruning" does (Pierre Terdiman); this one is
// rebuilt from scratch every step and uses a regular grid.
//
// It is not one of the registered broad phases: it answers a question about the semi-adjusting
// BSP (semi-adjusting-bsp.txt, 6.1, the attractor clouds): how far below box pruning could any
// partition of space go on a scene where every box moves every step, if its own upkeep per box
// cost no more than classifying the box? `partlab-bench partition-floor` measures it.
//
// A pair that several cells hold (a box reaching more than one cell) is reported only by the cell
// holding the lowest corner (on Y and Z) of the two boxes' intersection: that corner lies inside
// both boxes, and the cell of a coordinate never decreases as the coordinate grows, so both boxes
// reach that cell and exactly one cell reports the pair.
#pragma once

#include <string_view>
#include <vector>

#include "engine/broadphase/box_pruning.h"
#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/present_boxes.h"
#include "engine/broadphase/radix_sort.h"

namespace partlab {

class GridBoxPruning final : public BroadPhase {
 public:
  static constexpr int kMostCellsPerAxis = 64;
  // `cells_per_axis` cells along Y and along Z (clamped to 1..kMostCellsPerAxis); 1 is box
  // pruning itself plus the classification's cost.
  explicit GridBoxPruning(int cells_per_axis = 4);
  bool SetSimdPath(SimdPath path) { return path_.Set(path); }  // as BoxPruning::SetSimdPath
  int cells_per_axis() const { return cells_; }

  std::string_view Name() const override { return "grid_box_pruning"; }
  void Add(BoxId id, const Aabb& box) override;
  void Remove(BoxId id) override;
  void Move(BoxId id, const Aabb& box) override;
  void FindPairs(std::vector<BoxPair>& out) override;
  size_t MemoryBytes() const override;
  uint64_t LastCandidateCount() const override { return last_candidates_; }

 private:
  // The cells a box reaches along Y (first, last) and along Z.
  struct CellRange {
    uint8_t y0, y1, z0, z1;
    bool Single() const { return y0 == y1 && z0 == z1; }
  };
  // The grid the cells are read in: this step classifies in the grid of the boxes' extent at the
  // last step (any grid gives the right pairs: cells outside it are clamped to its border cells).
  struct Grid {
    float origin_y = 0, origin_z = 0, scale_y = 0, scale_z = 0;
    int Cell(float v, float origin, float scale, int cells) const;
  };

  void ClassifyAndKey();
  void CopyByCell();
  void Sweep(std::vector<BoxPair>& out);
  template <typename Lanes>
  void SweepWith(std::vector<BoxPair>& out);
  bool ReportedHere(size_t i, size_t k, int cell_y, int cell_z) const;
  void NextGrid(float low_y, float high_y, float low_z, float high_z);

  int cells_;
  SimdPathChoice path_;
  Grid grid_, next_grid_;  // this step's, and the one this step's boxes span

  PresentBoxes held_;

  // Per-step scratch, kept so that a warm step allocates nothing.
  std::vector<KeyedIndex> keys_, key_scratch_;
  std::vector<CellRange> range_;    // by box id
  std::vector<uint32_t> count_;     // by cell: the boxes it holds
  std::vector<uint32_t> first_;     // by cell: its first row in the columns
  std::vector<uint32_t> next_row_;  // by cell: the copy's next row
  // Every cell's boxes in sorted order as structure-of-arrays, each cell followed by sentinels.
  std::vector<float> min_x_, max_x_, min_y_, max_y_, min_z_, max_z_;
  std::vector<BoxId> ids_;
  std::vector<uint8_t> shared_;  // the row's box reaches more than one cell
  uint64_t last_candidates_ = 0;
};

}  // namespace partlab
